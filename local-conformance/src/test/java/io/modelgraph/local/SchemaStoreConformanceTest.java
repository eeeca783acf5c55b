package io.modelgraph.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import com.networknt.schema.resource.AllowSchemaLoader;
import io.modelgraph.auth.Role;
import io.modelgraph.codec.CorpusVerdicts;
import io.modelgraph.exchange.jsonschema.ExportCheck;
import io.modelgraph.graph.MainSpace;
import io.modelgraph.json.Json;
import java.io.PrintStream;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;

/**
 * The schemastore-train set through the routes, as a new user would run it: each case's schema (with the
 * documents its {@code refs} name) imported with {@code schema/import} into a fresh project, every labelled
 * instance checked with validateJSON on the project's main space. Prints what the corpus README asks for beside
 * ajv's anchor figures, and networknt on the original schema measured in the same run; every instance where the
 * service and networknt-on-the-original disagree is listed with its cause. Then, per case, the export is held to
 * the 2020-12 meta-schema with every {@code $ref} resolving, and re-imported: it must write nothing. ajv with
 * the current ajv-formats runs over the same set in the same run ({@link AjvVerdicts}); the service must agree with
 * the labels at least as often, and every instance where it differs from the ajv-formats 2.1.1 anchor must be
 * named in docs/jsonschema-dialects.md ({@link AnchorDifferences}). Needs node and npm (the npm registry, or
 * packages already in npm's cache).
 * Reads {@code corpus.dir} (its {@code schemastore-train} folder); never copies corpus files.
 */
@Tag("conformance")
@Tag("store") // its corpus imports stay in the in-process DynamoDB Local: a JVM of its own (docs/testing.md "CI")
class SchemaStoreConformanceTest {
    /** ajv's figures from the corpus README (anchor of 2026-11-25). */
    private static final int AJV_VALID = 656;
    private static final int AJV_INVALID = 386;
    /** What the service reaches through the routes (the run is deterministic, so fewer is a regression). */
    private static final int VALID_ACCEPTED_FLOOR = 655;
    private static final int INVALID_REJECTED_FLOOR = 386;
    /** Cases with a labelled instance the service judges otherwise than SchemaStore (ajv): the floors' misses. */
    private static final Set<String> KNOWN_MISSES = Set.of("webjob-publish-settings");

    private static Path corpus() {
        String dir = System.getProperty("corpus.dir", "");
        Path base = Paths.get(dir).resolve("schemastore-train");
        Assumptions.assumeTrue(!dir.isEmpty() && Files.isRegularFile(base.resolve("cases.json")),
                "schemastore-train not found under corpus.dir='" + dir + "'; conformance test skipped");
        return base;
    }

    private record Verdict(int status, Optional<Boolean> valid, String cause) {
    }

    /** What one case gave; the run adds them up. */
    private static final class CaseResult {
        boolean imported;
        int validAccepted;
        int validTotal;
        int invalidRejected;
        int invalidTotal;
        int nnValidAccepted;
        int nnInvalidRejected;
        int serverErrors;
        boolean exported;
        boolean exportClean;
        boolean reimportClean;
        final List<String> disagreements = new ArrayList<>();
        final List<String> wrong = new ArrayList<>();
        final List<String> causes = new ArrayList<>();
        /** The service's verdict per instance path, and what it said when it rejected or could not answer. */
        final Map<String, Optional<Boolean>> verdicts = new LinkedHashMap<>();
        final Map<String, String> verdictCauses = new HashMap<>();
        final List<String> validPaths = new ArrayList<>();
        final List<String> invalidPaths = new ArrayList<>();
        Optional<String> importFailure = Optional.empty();
        Optional<String> exportProblem = Optional.empty();
        Optional<String> roundTripProblem = Optional.empty();
    }

    /**
     * One named test per case (no 5xx, every labelled instance judged as labelled, the export clean, the re-import
     * writing nothing), then the totals against the floors. The cases run once, when the factory runs, which
     * prints the figures; a case in {@link #KNOWN_MISSES} is a passing test named so while it still misses.
     */
    @TestFactory
    Stream<DynamicTest> schemaStoreSchemasImportValidateExportAndRoundTrip() throws Exception {
        Path corpus = corpus();
        JsonNode cases = Json.parse(Files.readString(corpus.resolve("cases.json")));
        List<CaseResult> results = new ArrayList<>();
        // ajv with the current ajv-formats runs in its own process while the service answers
        AjvVerdicts.Running ajvRun = AjvVerdicts.startCurrent(corpus);
        try (LocalServer server = LocalServer.start(new LocalServer.Options(0, true,
                Files.createTempDirectory("modelgraph-schemastore"), false), Map.of(),
                new PrintStream(PrintStream.nullOutputStream()))) {
            java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(
                    Integer.getInteger("schemastore.threads", 3));
            List<java.util.concurrent.Future<CaseResult>> running = new ArrayList<>();
            for (JsonNode c : cases) {
                running.add(pool.submit(() -> runCase(server, corpus, c)));
            }
            for (var f : running) {
                results.add(f.get());
            }
            pool.shutdown();
        }
        int imported = 0;
        int validAccepted = 0;
        int validTotal = 0;
        int invalidRejected = 0;
        int invalidTotal = 0;
        int serverErrors = 0;
        int nnValidAccepted = 0;
        int nnInvalidRejected = 0;
        int exports = 0;
        int exportsClean = 0;
        int reimportsClean = 0;
        List<String> disagreements = new ArrayList<>();
        List<String> wrong = new ArrayList<>();
        List<String> importFailures = new ArrayList<>();
        List<String> exportProblems = new ArrayList<>();
        List<String> roundTripProblems = new ArrayList<>();
        Map<String, Integer> causes = new TreeMap<>();
        for (CaseResult r : results) {
            imported += r.imported ? 1 : 0;
            validAccepted += r.validAccepted;
            validTotal += r.validTotal;
            invalidRejected += r.invalidRejected;
            invalidTotal += r.invalidTotal;
            serverErrors += r.serverErrors;
            nnValidAccepted += r.nnValidAccepted;
            nnInvalidRejected += r.nnInvalidRejected;
            exports += r.exported ? 1 : 0;
            exportsClean += r.exportClean ? 1 : 0;
            reimportsClean += r.reimportClean ? 1 : 0;
            disagreements.addAll(r.disagreements);
            wrong.addAll(r.wrong);
            r.causes.forEach(k -> causes.merge(k, 1, Integer::sum));
            r.importFailure.ifPresent(importFailures::add);
            r.exportProblem.ifPresent(exportProblems::add);
            r.roundTripProblem.ifPresent(roundTripProblems::add);
        }
        PrintStream out = System.out;
        out.println("schemastore-train through the routes (schema/import, validateJSON on the main space):");
        out.printf(Locale.ROOT, "  schemas imported            %4d / %d%n", imported, cases.size());
        out.printf(Locale.ROOT, "  valid instances accepted    %4d / %d   networknt-on-original %4d   ajv %d / 656%n",
                validAccepted, validTotal, nnValidAccepted, AJV_VALID);
        out.printf(Locale.ROOT, "  invalid instances rejected  %4d / %d   networknt-on-original %4d   ajv %d / 386%n",
                invalidRejected, invalidTotal, nnInvalidRejected, AJV_INVALID);
        out.printf(Locale.ROOT, "  5xx answers                 %4d%n", serverErrors);
        out.printf(Locale.ROOT, "  exports valid 2020-12, every $ref resolving  %d / %d%n", exportsClean, exports);
        out.printf(Locale.ROOT, "  re-imports of the export writing nothing     %d / %d%n", reimportsClean, exports);
        out.println("imports refused (" + importFailures.size() + "):");
        importFailures.forEach(s -> out.println("  " + s));
        out.println("disagreements with networknt on the original (" + disagreements.size() + "), by cause:");
        causes.entrySet().stream().sorted((a, b) -> b.getValue() - a.getValue())
                .forEach(e -> out.println("  " + e.getValue() + "  " + e.getKey()));
        disagreements.forEach(s -> out.println("  " + s));
        out.println("instances whose label (SchemaStore's, ajv's verdict) the service misses (" + wrong.size() + "):");
        wrong.forEach(s -> out.println("  " + s));
        out.println("export problems (" + exportProblems.size() + "):");
        exportProblems.forEach(s -> out.println("  " + s));
        out.println("round trips that wrote (" + roundTripProblems.size() + "):");
        roundTripProblems.forEach(s -> out.println("  " + s));
        AjvVerdicts anchor = AjvVerdicts.anchor(corpus);
        AjvVerdicts current = ajvRun.await();
        List<String> validPaths = results.stream().flatMap(r -> r.validPaths.stream()).toList();
        List<String> invalidPaths = results.stream().flatMap(r -> r.invalidPaths.stream()).toList();
        Map<String, Optional<Boolean>> service = new LinkedHashMap<>();
        Map<String, String> serviceCauses = new HashMap<>();
        results.forEach(r -> {
            service.putAll(r.verdicts);
            serviceCauses.putAll(r.verdictCauses);
        });
        out.println("ajv beside the service (format rules: docs/jsonschema-dialects.md \"Format: assertion or "
                + "annotation\"):");
        out.printf(Locale.ROOT, "  %-48s valid accepted %4d / %d   invalid rejected %4d / %d%n", "service",
                validAccepted, validTotal, invalidRejected, invalidTotal);
        for (AjvVerdicts a : List.of(anchor, current)) {
            out.printf(Locale.ROOT, "  %-48s valid accepted %4d / %d   invalid rejected %4d / %d%n", a.label(),
                    a.agreeing(validPaths, true), validTotal, a.agreeing(invalidPaths, false), invalidTotal);
        }
        out.printf(Locale.ROOT, "  %-48s valid accepted %4d / 656   invalid rejected %4d / 386%n",
                "ajv 8 + ajv-formats 2.1.1, the README's figures", AJV_VALID, AJV_INVALID);
        Set<String> documented = AnchorDifferences.documented();
        List<String> undocumented = new ArrayList<>();
        for (AjvVerdicts a : List.of(anchor, current)) {
            List<String> differing = service.keySet().stream()
                    .filter(i -> !service.get(i).equals(a.of(i))).toList();
            out.println("instances where the service differs from " + a.label() + " (" + differing.size() + "):");
            for (String i : differing) {
                out.println("  " + i + " [service " + service.get(i).map(String::valueOf).orElse("no verdict")
                        + ", ajv " + a.of(i).map(String::valueOf).orElse("no verdict") + "]: service: "
                        + clip(serviceCauses.getOrDefault(i, "accepted")) + "; ajv: "
                        + clip(a.error(i).isEmpty() ? "accepted" : a.error(i)));
                if (a == anchor && !documented.contains(i)) {
                    undocumented.add(i);
                }
            }
        }
        CorpusVerdicts perCase = new CorpusVerdicts();
        for (int i = 0; i < results.size(); i++) {
            CaseResult r = results.get(i);
            String name = cases.get(i).get("name").asText();
            perCase.pass(name);
            if (r.serverErrors > 0) {
                perCase.fail(name, r.serverErrors + " 5xx answer(s)");
            }
            r.wrong.forEach(w -> perCase.fail(name, "label missed: " + w));
            if (r.exported && !r.exportClean) {
                perCase.fail(name, "export: " + r.exportProblem.orElse(""));
            }
            if (r.exported && !r.reimportClean) {
                perCase.fail(name, "re-import wrote: " + r.roundTripProblem.orElse(""));
            }
        }
        // the totals are checked here, and their failure reported by a test of its own after the cases' tests
        AssertionError[] totals = new AssertionError[1];
        try {
        assertTrue(validTotal + invalidTotal > 0);
        assertTrue(validAccepted >= current.agreeing(validPaths, true),
                "service accepts at least as many valid instances as " + current.label());
        assertTrue(invalidRejected >= current.agreeing(invalidPaths, false),
                "service rejects at least as many invalid instances as " + current.label());
        assertEquals(List.of(), undocumented, "every difference from the ajv-formats 2.1.1 anchor is documented in "
                + AnchorDifferences.DOC + " (\"" + AnchorDifferences.SECTION + "\")");
        assertEquals(0, serverErrors, "no 5xx for a caller's schema or document");
        assertTrue(validAccepted >= VALID_ACCEPTED_FLOOR, "valid accepted " + validAccepted);
        assertTrue(invalidRejected >= INVALID_REJECTED_FLOOR, "invalid rejected " + invalidRejected);
        assertEquals(exports, exportsClean, "every export passes the 2020-12 meta-schema with its $refs resolving");
        assertEquals(exports, reimportsClean, "every re-import of the export writes nothing");
        } catch (AssertionError e) {
            totals[0] = e;
        }
        return Stream.concat(perCase.tests("schemastore-train case", KNOWN_MISSES, n -> n), Stream.of(
                DynamicTest.dynamicTest("the totals reach the floors", CorpusVerdicts.source("the totals"), () -> {
                    if (totals[0] != null) {
                        throw totals[0];
                    }
                })));
    }

    private static CaseResult runCase(LocalServer server, Path corpus, JsonNode c) throws Exception {
        CaseResult r = new CaseResult();
        String name = c.get("name").asText();
        String schemaText = Files.readString(corpus.resolve(c.get("schema").asText()));
        Map<String, String> refs = new LinkedHashMap<>();
        c.path("refs").forEach(x -> refs.put(x.asText(), read(corpus.resolve(x.asText()))));
        String project = GatewayCalls.project();
        String admin = GatewayCalls.token(server, project, Role.Admin);
        GatewayCalls.Reply imp = importSchema(server, project, admin, c.get("schema").asText(), schemaText, refs);
        if (imp.status() >= 500) {
            r.serverErrors++;
        }
        boolean ok = imp.status() == 200;
        r.imported = ok;
        if (!ok) {
            r.importFailure = Optional.of(name + ": " + imp.status() + " " + clip(imp.body()));
        }
        Optional<JsonSchema> original = networkntOnOriginal(schemaText, refs);
        String space = MainSpace.idFor(project);
        for (String kind : List.of("valid", "invalid")) {
            boolean expected = kind.equals("valid");
            for (JsonNode file : c.path(kind)) {
                String instance = Files.readString(corpus.resolve(file.asText()));
                JsonNode parsed = Json.parse(instance);
                if (expected) {
                    r.validTotal++;
                    r.validPaths.add(file.asText());
                } else {
                    r.invalidTotal++;
                    r.invalidPaths.add(file.asText());
                }
                Verdict ours = ok ? validate(server, project, admin, space, instance)
                        : new Verdict(imp.status(), Optional.empty(), "import answered " + imp.status());
                if (ours.status() >= 500) {
                    r.serverErrors++;
                }
                r.verdicts.put(file.asText(), ours.valid());
                if (!ours.valid().orElse(false)) {
                    r.verdictCauses.put(file.asText(), ours.cause());
                }
                Optional<Set<ValidationMessage>> theirMessages = messages(original, parsed);
                Optional<Boolean> theirs = theirMessages.map(Set::isEmpty);
                String instanceName = file.asText().substring(file.asText().indexOf('/', "tests/".length()) + 1);
                if (ours.valid().equals(Optional.of(expected))) {
                    if (expected) {
                        r.validAccepted++;
                    } else {
                        r.invalidRejected++;
                    }
                } else {
                    r.wrong.add(name + " " + instanceName + " [" + kind + "; service " + ours.valid().map(
                            String::valueOf).orElse(String.valueOf(ours.status())) + "]: " + clip(
                                    ours.valid().orElse(false) ? "accepted" : ours.cause()));
                }
                if (theirs.equals(Optional.of(expected))) {
                    if (expected) {
                        r.nnValidAccepted++;
                    } else {
                        r.nnInvalidRejected++;
                    }
                }
                if (!ours.valid().equals(theirs)) {
                    String cause = ours.valid().isPresent() && ours.valid().get()
                            ? "service accepts; networknt on the original says "
                                    + theirMessages.map(Object::toString).orElse("(cannot evaluate)")
                            : ours.cause();
                    r.disagreements.add(name + " " + instanceName + " [expected " + kind + "; service "
                            + ours.valid().map(String::valueOf).orElse(String.valueOf(ours.status()))
                            + ", networknt " + theirs.map(String::valueOf).orElse("cannot compile") + "]: "
                            + clip(cause));
                    r.causes.add(causeClass(cause));
                }
            }
        }
        if (!ok) {
            return r;
        }
        GatewayCalls.Reply exported = GatewayCalls.send(server, "POST", "/graph/transform/schema/export/"
                + project, admin, Json.write(Map.of("format", "jsonschema")));
        if (exported.status() != 200) {
            r.exportProblem = Optional.of(name + ": export answered " + exported.status() + " "
                    + clip(exported.body()));
            if (exported.status() >= 500) {
                r.serverErrors++;
            }
            return r;
        }
        r.exported = true;
        String exportText = payload(exported.json()).path("schema").asText();
        ExportCheck.Result check = ExportCheck.check(Json.parse(exportText));
        // every case travels with the documents it references, so a reference to another document is a problem
        List<String> problems = new ArrayList<>(check.problems());
        check.external().forEach(e -> problems.add("reference to another document: " + e));
        r.exportClean = problems.isEmpty();
        if (!problems.isEmpty()) {
            r.exportProblem = Optional.of(name + ": " + clip(problems.toString()));
        }
        GatewayCalls.Reply again = importSchema(server, project, admin, "export.json", exportText, Map.of());
        JsonNode changes = payload(again.json()).path("changes");
        boolean nothing = again.status() == 200 && changes.isObject();
        for (JsonNode n : changes) {
            nothing &= n.asInt() == 0;
        }
        r.reimportClean = nothing;
        if (!nothing) {
            r.roundTripProblem = Optional.of(name + ": " + again.status() + " " + clip(changes.isObject()
                    ? changes.toString() : again.body()));
        }
        return r;
    }

    private static GatewayCalls.Reply importSchema(LocalServer server, String project, String token, String file,
            String text, Map<String, String> refs) throws Exception {
        Object schema = text;
        if (!refs.isEmpty()) {
            Map<String, String> documents = new LinkedHashMap<>();
            documents.put(file, text);
            documents.putAll(refs);
            schema = documents;
        }
        GatewayCalls.Reply r = GatewayCalls.send(server, "POST", "/graph/transform/schema/import/" + project,
                token, Json.write(Map.of("format", "jsonschema", "schema", schema)));
        if (r.status() == 202) {
            JsonNode done = GatewayCalls.awaitDone(server, r.json().path("job").path("statusUrl").asText(), token);
            JsonNode job = done.has("job") ? done.get("job") : done.path("data");
            return new GatewayCalls.Reply(job.path("statusCode").asInt(), job.path("result").toString(), "");
        }
        return r;
    }

    private static JsonNode payload(JsonNode envelope) {
        return envelope.has("data") ? envelope.get("data") : envelope;
    }

    /** GET with the document in the query while it fits a URL; the POST form beyond. */
    private static Verdict validate(LocalServer server, String project, String token, String space, String instance) {
        String base = "/v1/" + project + "/validateJSON?configTypeId=jsonschema-2020-12&spaceId=" + enc(space);
        GatewayCalls.Reply r = instance.length() < 4_000
                ? GatewayCalls.send(server, "GET", base + "&jsonString=" + enc(instance), token, null)
                : GatewayCalls.send(server, "POST", base, token, Json.write(Map.of("jsonString", instance)));
        if (r.status() != 200) {
            return new Verdict(r.status(), Optional.empty(), "validateJSON answered " + r.status() + ": " + r.body());
        }
        JsonNode data = r.json().path("data");
        return new Verdict(200, Optional.of(data.path("isValid").asBoolean()),
                data.path("jsonSchemaValidationErrors").toString());
    }

    /** networknt on the user's own schema, in its own dialect, with the case's other documents and nothing else. */
    private static Optional<JsonSchema> networkntOnOriginal(String schemaText, Map<String, String> refs) {
        try {
            JsonNode schema = Json.parse(schemaText);
            Map<String, String> byId = new HashMap<>();
            for (String text : refs.values()) {
                JsonNode doc = Json.parse(text);
                String id = doc.path("$id").isTextual() ? doc.get("$id").asText() : doc.path("id").asText("");
                if (!id.isEmpty()) {
                    byId.put(id.endsWith("#") ? id.substring(0, id.length() - 1) : id, text);
                }
            }
            SpecVersion.VersionFlag version = dialect(schema);
            JsonSchemaFactory factory = JsonSchemaFactory.getInstance(version, b -> b.schemaLoaders(l -> l
                    .schemas(byId).add(new AllowSchemaLoader(iri -> iri.toString().startsWith("classpath:")
                            || byId.containsKey(iri.toString())))));
            // networknt's defaults: format asserts in draft-04/06/07, is an annotation in 2019-09/2020-12 unless
            // the meta-schema's vocabulary requires it (as the service reads those dialects)
            SchemaValidatorsConfig config = SchemaValidatorsConfig.builder().build();
            String id = schema.path("$id").isTextual() ? schema.get("$id").asText() : schema.path("id").asText("");
            JsonSchema compiled = id.isEmpty() ? factory.getSchema(java.net.URI.create("urn:original"), schema, config)
                    : factory.getSchema(SchemaLocation.of(id), schema, config);
            compiled.initializeValidators();
            return Optional.of(compiled);
        } catch (RuntimeException | java.io.IOException | StackOverflowError e) {
            return Optional.empty();
        }
    }

    private static Optional<Set<ValidationMessage>> messages(Optional<JsonSchema> schema, JsonNode instance) {
        try {
            return schema.map(s -> s.validate(instance));
        } catch (RuntimeException | StackOverflowError e) {
            return Optional.empty(); // networknt cannot evaluate the original on this instance
        }
    }

    private static SpecVersion.VersionFlag dialect(JsonNode schema) {
        String s = schema.path("$schema").asText("");
        if (s.contains("draft-04")) {
            return SpecVersion.VersionFlag.V4;
        }
        if (s.contains("draft-06")) {
            return SpecVersion.VersionFlag.V6;
        }
        if (s.contains("2019-09")) {
            return SpecVersion.VersionFlag.V201909;
        }
        if (s.contains("2020-12")) {
            return SpecVersion.VersionFlag.V202012;
        }
        return SpecVersion.VersionFlag.V7;
    }

    private static String causeClass(String cause) {
        String c = cause.replaceAll("\"[^\"]*\"", "\"…\"").replaceAll("\\$[.\\[][^ :]*", "\\$…")
                .replaceAll("[0-9a-f]{32}", "…").replaceAll("'[^']*'", "'…'");
        return c.length() > 110 ? c.substring(0, 110) : c;
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static String clip(String s) {
        return s.length() > 300 ? s.substring(0, 300) + "…" : s;
    }
}
