package io.modelgraph.exchange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.exchange.profile.DefaultProfiles;
import io.modelgraph.graph.MainSpace;
import io.modelgraph.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * JSON-Schema-Test-Suite (draft-04, -06, -07, 2019-09 and 2020-12, required tests) through the service: each
 * group's schema is served on loopback, merged with mergeJsonSchema into a fresh project, and each case is run
 * through validateJSON. Prints the pass rate next to networknt's own on the same cases (same no-remote loading,
 * networknt's defaults), and checks that every keyword the default profile does not map is reported in the merge
 * status rather than dropped silently. The optional {@code format} tests of draft-04/06/07 (where the service
 * asserts format) run the same way on request ({@code -Dsuite.optionalFormat=true}), printed, not gated.
 *
 * <p>Groups run on a small pool ({@code -Dsuite.threads}, 4 by default). Groups whose 2020-12 form is equal share
 * one merged space, and a space is asked about an instance once (see {@link #merges}); the counts and lists are
 * per group and case as before. Reads {@code corpus.dir} (its {@code jsonschema} folder); never copies corpus
 * files.
 */
@Tag("conformance")
@Tag("store") // its corpus imports stay in the in-process DynamoDB Local: a JVM of its own (docs/testing.md "CI")
class JsonSchemaSuiteConformanceTest {
    private static final Set<String> SCHEMA_MAPS = Set.of("properties", "patternProperties", "$defs", "definitions",
            "dependentSchemas");
    private static final Set<String> SCHEMA_ONE = Set.of("items", "additionalProperties", "not", "if", "then", "else",
            "contains", "propertyNames", "unevaluatedItems", "unevaluatedProperties", "contentSchema");
    private static final Set<String> SCHEMA_LISTS = Set.of("allOf", "anyOf", "oneOf", "prefixItems");

    private static Path corpus() {
        String dir = System.getProperty("corpus.dir", "");
        Path base = Paths.get(dir);
        Path suite = Files.isDirectory(base.resolve("tests")) ? base : base.resolve("jsonschema");
        Assumptions.assumeTrue(!dir.isEmpty() && Files.isDirectory(suite.resolve("tests/draft2020-12")),
                "JSON Schema test suite not found under corpus.dir='" + dir + "' (expected <dir>/jsonschema/tests/"
                        + "draft2020-12); conformance test skipped");
        return suite;
    }

    /**
     * The suite's folders, with the {@code $schema} a user of that draft declares, networknt's version, and the
     * cases the service passes at least (what it reached; the run is deterministic, so a drop is a regression).
     */
    private record Draft(String folder, String dialect, com.networknt.schema.SpecVersion.VersionFlag version,
            int floor) {
    }

    private static final int FLOOR_DRAFT4 = 601;
    private static final int FLOOR_DRAFT6 = 816;
    private static final int FLOOR_DRAFT7 = 904;
    private static final int FLOOR_2019_09 = 1227;
    private static final int FLOOR_2020_12 = 1249;

    private static final List<Draft> DRAFTS = List.of(
            new Draft("draft4", "http://json-schema.org/draft-04/schema#",
                    com.networknt.schema.SpecVersion.VersionFlag.V4, FLOOR_DRAFT4),
            new Draft("draft6", "http://json-schema.org/draft-06/schema#",
                    com.networknt.schema.SpecVersion.VersionFlag.V6, FLOOR_DRAFT6),
            new Draft("draft7", "http://json-schema.org/draft-07/schema#",
                    com.networknt.schema.SpecVersion.VersionFlag.V7, FLOOR_DRAFT7),
            new Draft("draft2019-09", "https://json-schema.org/draft/2019-09/schema",
                    com.networknt.schema.SpecVersion.VersionFlag.V201909, FLOOR_2019_09),
            new Draft("draft2020-12", "https://json-schema.org/draft/2020-12/schema",
                    com.networknt.schema.SpecVersion.VersionFlag.V202012, FLOOR_2020_12));

    /** One group of one suite file: its schema as the draft's user declares it, and its 2020-12 form. */
    private record Task(Draft draft, boolean required, String file, int index, JsonNode group, JsonNode declared,
            String form) {
        boolean latest() {
            return required && draft.folder().equals("draft2020-12");
        }
    }

    /** A schema merged into a fresh project's main space, with the merge's answer. */
    private record Merged(ExchangeTestSupport.Client client, String space, boolean ok, JsonNode status) {
    }

    /** What one group gave: per case, whether the service and networknt passed it. */
    private record GroupResult(Task task, boolean merged, List<Boolean> ours, List<Boolean> theirs,
            List<String> unreported, Set<String> reportedKeywords) {
    }

    /**
     * Merges by 2020-12 form. The service upgrades every document to 2020-12 before anything else reads it
     * (docs/jsonschema-dialects.md), so groups whose forms are equal (the same schema under draft-06 and draft-07,
     * say) store the same model: the first merges it, the others validate against that space. The 2020-12 groups
     * always merge their own, since their merge answer is checked for the keywords it reports.
     */
    private final Map<String, java.util.concurrent.CompletableFuture<Merged>> merges =
            new java.util.concurrent.ConcurrentHashMap<>();
    /** validateJSON's verdicts by space and instance: the same question to an unchanged space is asked once. */
    private final Map<String, Boolean> verdicts = new java.util.concurrent.ConcurrentHashMap<>();
    /** The check of each merged space's export (exportJsonSchema), once per space, with where it came from. */
    private final Map<String, Exported> exports = new java.util.concurrent.ConcurrentHashMap<>();

    private record Exported(String where, List<String> problems, List<String> external) {
    }
    private final java.util.concurrent.atomic.AtomicInteger mergesSent = new java.util.concurrent.atomic.AtomicInteger();
    private final java.util.concurrent.atomic.AtomicInteger validationsSent =
            new java.util.concurrent.atomic.AtomicInteger();

    @Test
    void mergedSchemasValidateLikeTheSuiteSays() throws Exception {
        Path suite = corpus();
        long started = System.nanoTime();
        List<Task> tasks = new ArrayList<>();
        for (Draft draft : DRAFTS) {
            tasks.addAll(tasks(suite.resolve("tests/" + draft.folder()), draft, true));
        }
        List<GroupResult> results = run(tasks);
        List<String> summary = new ArrayList<>();
        for (Draft draft : DRAFTS) {
            List<GroupResult> mine = results.stream().filter(r -> r.task().draft() == draft).toList();
            if (!mine.isEmpty()) {
                summary.add(report(draft, "required", mine, true));
            }
        }
        System.out.println("JSON-Schema-Test-Suite (required) through mergeJsonSchema + validateJSON, per draft:");
        summary.forEach(System.out::println);
        List<String> broken = exports.values().stream().filter(e -> !e.problems().isEmpty())
                .map(e -> e.where() + e.problems()).sorted().toList();
        List<String> external = exports.values().stream().filter(e -> !e.external().isEmpty())
                .map(e -> e.where() + e.external()).sorted().toList();
        System.out.printf(java.util.Locale.ROOT, "exports (exportJsonSchema of each merged space) valid 2020-12 with"
                + " every $ref to the document resolving in it: %d / %d%n", exports.size() - broken.size(),
                exports.size());
        broken.forEach(p -> System.out.println("  " + p));
        System.out.println("exports keeping references to documents the merge did not carry (kept as written,"
                + " never fetched: docs/jsonschema-dialects.md): " + external.size());
        external.forEach(p -> System.out.println("  " + p));
        printWork(tasks, results, started);
        assertTrue(!exports.isEmpty());
        assertEquals(List.of(), broken, "every export passes the 2020-12 meta-schema with every $ref resolving");
    }

    /**
     * The optional {@code format} tests of draft-04/06/07, the dialects in which the service asserts format: a
     * check of which formats are asserted and how, printed beside networknt and not gated (the suite calls them
     * optional). Off the default conformance run to keep it short: {@code -Dsuite.optionalFormat=true}.
     */
    @Test
    void optionalFormatTestsOfTheDraftsThatAssertFormat() throws Exception {
        Assumptions.assumeTrue(Boolean.getBoolean("suite.optionalFormat"), "optional format tests are run with"
                + " -Dsuite.optionalFormat=true");
        Path suite = corpus();
        long started = System.nanoTime();
        List<Task> tasks = new ArrayList<>();
        for (Draft draft : DRAFTS.subList(0, 3)) {
            tasks.addAll(tasks(suite.resolve("tests/" + draft.folder() + "/optional/format"), draft, false));
        }
        List<GroupResult> results = run(tasks);
        List<String> summary = new ArrayList<>();
        for (Draft draft : DRAFTS) {
            List<GroupResult> mine = results.stream().filter(r -> r.task().draft() == draft).toList();
            if (!mine.isEmpty()) {
                summary.add(report(draft, "optional/format, not gated", mine, false));
            }
        }
        System.out.println("JSON-Schema-Test-Suite optional/format through mergeJsonSchema + validateJSON, printed:");
        summary.forEach(System.out::println);
        printWork(tasks, results, started);
    }

    private void printWork(List<Task> tasks, List<GroupResult> results, long started) {
        int cases = results.stream().mapToInt(r -> r.ours().size()).sum();
        System.out.printf(java.util.Locale.ROOT, "%d groups, %d cases: %d merges and %d validateJSON calls sent"
                + " (equal 2020-12 forms share a space; a space is asked about an instance once), %.1f s, the JVM's"
                + " CPU time so far %.1f s%n", tasks.size(), cases, mergesSent.get(), validationsSent.get(),
                (System.nanoTime() - started) / 1e9, cpuSeconds());
    }

    /** The test JVM's CPU time (the in-process store included): on a shared host, steadier than the wall time. */
    private static double cpuSeconds() {
        return java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                instanceof com.sun.management.OperatingSystemMXBean os ? os.getProcessCpuTime() / 1e9 : Double.NaN;
    }

    private static List<Task> tasks(Path folder, Draft draft, boolean required) throws Exception {
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        List<Path> files;
        try (Stream<Path> s = Files.list(folder)) {
            files = s.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        }
        List<Task> out = new ArrayList<>();
        for (Path file : files) {
            JsonNode groupsJson = Json.parse(Files.readString(file));
            for (int g = 0; g < groupsJson.size(); g++) {
                JsonNode group = groupsJson.get(g);
                JsonNode declared = group.get("schema");
                if (declared.isObject() && !declared.has("$schema")) {
                    // the draft a user of this folder declares
                    declared = ((com.fasterxml.jackson.databind.node.ObjectNode) declared.deepCopy())
                            .put("$schema", draft.dialect());
                }
                String form = io.modelgraph.codec.jsonschema.DialectUpgrade.upgrade(declared,
                        new io.modelgraph.ledger.LossinessLedger()).toString();
                out.add(new Task(draft, required, file.getFileName().toString(), g, group, declared, form));
            }
        }
        return out;
    }

    /** Every group on a small pool (merges and validations wait on the store and the loopback file server). */
    private List<GroupResult> run(List<Task> tasks) throws Exception {
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(
                Integer.getInteger("suite.threads", 4));
        try (FileServer server = new FileServer()) {
            // the 2020-12 groups first: they merge their own, and the other drafts' groups of equal form then
            // find those spaces instead of merging the same form again
            List<java.util.concurrent.Future<GroupResult>> running = new ArrayList<>(tasks.size());
            tasks.forEach(t -> running.add(null));
            for (boolean latest : new boolean[] {true, false}) {
                for (int i = 0; i < tasks.size(); i++) {
                    Task t = tasks.get(i);
                    if (t.latest() == latest) {
                        running.set(i, pool.submit(() -> runGroup(server, t)));
                    }
                }
            }
            List<GroupResult> out = new ArrayList<>();
            for (var f : running) {
                out.add(f.get());
            }
            return out;
        } finally {
            pool.shutdownNow();
        }
    }

    private Merged merged(FileServer server, Task t) {
        java.util.concurrent.CompletableFuture<Merged> mine = new java.util.concurrent.CompletableFuture<>();
        java.util.concurrent.CompletableFuture<Merged> prior = merges.putIfAbsent(t.form(), mine);
        if (prior != null && !t.latest()) {
            return prior.join();
        }
        if (prior != null) {
            // a 2020-12 group merges its own (its merge answer is checked), leaving the shared space as it is
            return merge(server, t);
        }
        try {
            Merged m = merge(server, t);
            mine.complete(m);
            return m;
        } catch (RuntimeException | Error e) {
            mine.completeExceptionally(e);
            throw e;
        }
    }

    private Merged merge(FileServer server, Task t) {
        String project = ExchangeTestSupport.newProjectId();
        ExchangeTestSupport.Client client = new ExchangeTestSupport.Client(true, server.repoBase(), project);
        String url = server.put("/suite/" + t.draft().folder() + (t.required() ? "" : "/optional") + "/" + t.file()
                + "/" + t.index() + ".json", t.declared().toString());
        String space = MainSpace.idFor(project);
        mergesSent.incrementAndGet();
        var response = client.call("POST", "mergeJsonSchema", Map.of("SpaceId", space, "ConfigTypeId",
                DefaultProfiles.JSON_SCHEMA_ID, "OverrideNewPropertiesWarning", "true"),
                "[{\"FileUrl\":\"" + url + "\"}]", "Admin");
        boolean ok = response.status() == 200;
        return new Merged(client, space, ok, ok ? ExchangeTestSupport.json(response).path("data") : Json.MAPPER
                .nullNode());
    }

    /** The export of a merged space held to the 2020-12 meta-schema with every {@code $ref} resolving in it. */
    private static Exported exported(Merged m, Task t) {
        var exported = m.client().call("GET", "exportJsonSchema", Map.of("configTypeId",
                DefaultProfiles.JSON_SCHEMA_ID, "spaceId", m.space()), null, "Viewer");
        String where = t.draft().folder() + "/" + t.file() + "[" + t.index() + "]: ";
        if (exported.status() != 200) {
            return new Exported(where, List.of("exportJsonSchema answered " + exported.status() + " "
                    + exported.body()), List.of());
        }
        try {
            var check = io.modelgraph.exchange.jsonschema.ExportCheck.check(
                    Json.parse(ExchangeTestSupport.json(exported).path("data").asText()));
            return new Exported(where, check.problems(), check.external());
        } catch (java.io.IOException e) {
            return new Exported(where, List.of("the export is not JSON: " + e.getMessage()), List.of());
        }
    }

    /** validateJSON's isValid; empty for anything but an answer (a failed case either way). */
    private java.util.Optional<Boolean> verdict(Merged m, JsonNode data) {
        String key = m.space() + "\u0000" + data;
        Boolean known = verdicts.get(key);
        if (known != null) {
            return java.util.Optional.of(known);
        }
        Map<String, String> q = new HashMap<>();
        q.put("configTypeId", DefaultProfiles.JSON_SCHEMA_ID);
        q.put("spaceId", m.space());
        q.put("jsonString", data.toString());
        validationsSent.incrementAndGet();
        var v = m.client().call("GET", "validateJSON", q, null, "Viewer");
        if (v.status() != 200) {
            return java.util.Optional.empty();
        }
        boolean answer = ExchangeTestSupport.json(v).path("data").path("isValid").asBoolean();
        verdicts.put(key, answer);
        return java.util.Optional.of(answer);
    }

    private GroupResult runGroup(FileServer server, Task t) {
        Merged m = merged(server, t);
        if (m.ok()) {
            exports.computeIfAbsent(m.space(), space -> exported(m, t));
        }
        List<String> unreported = new ArrayList<>();
        Set<String> reportedKeywords = new LinkedHashSet<>();
        if (m.ok() && t.latest()) {
            Set<String> listed = new LinkedHashSet<>();
            m.status().path("unmappedProperties").forEach(k -> listed.add(k.asText()));
            String lost = m.status().path("notRepresented").toString();
            for (String k : keywords(t.group().get("schema"))) {
                if (!DefaultProfiles.JSON_SCHEMA.properties().containsKey(k) && !k.startsWith("x-")) {
                    if (!listed.contains(k) || !lost.contains(k)) {
                        unreported.add(t.file() + "[" + t.index() + "] " + k);
                    }
                    reportedKeywords.add(k);
                }
            }
        }
        com.networknt.schema.JsonSchema direct = null;
        try {
            direct = original(t.draft(), t.group().get("schema"));
        } catch (RuntimeException | StackOverflowError e) {
            // networknt refused the schema (e.g. a remote reference it may not load): its cases fail
        }
        List<Boolean> ours = new ArrayList<>();
        List<Boolean> theirs = new ArrayList<>();
        for (JsonNode test : t.group().get("tests")) {
            boolean expected = test.get("valid").asBoolean();
            ours.add(m.ok() && verdict(m, test.get("data")).equals(java.util.Optional.of(expected)));
            boolean theirsPassed = false;
            if (direct != null) {
                try {
                    theirsPassed = direct.validate(test.get("data")).isEmpty() == expected;
                } catch (RuntimeException | StackOverflowError e) {
                    // a failure to evaluate counts as a failed case
                }
            }
            theirs.add(theirsPassed);
        }
        return new GroupResult(t, m.ok(), ours, theirs, unreported, reportedKeywords);
    }

    /** networknt on the original schema in the draft's own dialect (its defaults), with nothing loaded from outside. */
    private static com.networknt.schema.JsonSchema original(Draft draft, JsonNode schema) {
        com.networknt.schema.JsonSchemaFactory factory = com.networknt.schema.JsonSchemaFactory.getInstance(
                draft.version(), b -> b.schemaLoaders(l -> l.add(new com.networknt.schema.resource.AllowSchemaLoader(
                        iri -> iri.toString().startsWith("classpath:")))));
        // networknt's defaults: format asserted in draft-04/06/07, an annotation in 2019-09/2020-12, as the
        // service reads those dialects
        com.networknt.schema.JsonSchema compiled = factory.getSchema(java.net.URI.create("urn:suite"), schema,
                com.networknt.schema.SchemaValidatorsConfig.builder().build());
        compiled.initializeValidators();
        return compiled;
    }

    private static String report(Draft draft, String what, List<GroupResult> results, boolean gate) {
        int cases = 0;
        int ours = 0;
        int theirs = 0;
        int mergeFailures = 0;
        Map<String, int[]> perFile = new TreeMap<>();
        List<String> unreported = new ArrayList<>();
        Set<String> reportedKeywords = new LinkedHashSet<>();
        List<String> onlyNetworknt = new ArrayList<>();
        List<String> onlyOurs = new ArrayList<>();
        Set<String> files = new LinkedHashSet<>();
        for (GroupResult r : results) {
            Task t = r.task();
            files.add(t.file());
            mergeFailures += r.merged() ? 0 : 1;
            unreported.addAll(r.unreported());
            reportedKeywords.addAll(r.reportedKeywords());
            int[] tally = perFile.computeIfAbsent(t.file(), k -> new int[3]);
            JsonNode tests = t.group().get("tests");
            for (int i = 0; i < r.ours().size(); i++) {
                cases++;
                tally[0]++;
                boolean o = r.ours().get(i);
                boolean n = r.theirs().get(i);
                ours += o ? 1 : 0;
                tally[1] += o ? 1 : 0;
                theirs += n ? 1 : 0;
                tally[2] += n ? 1 : 0;
                if (o != n) {
                    (n ? onlyNetworknt : onlyOurs).add(t.file() + " / " + t.group().path("description").asText()
                            + " / " + tests.get(i).path("description").asText());
                }
            }
        }
        System.out.println("JSON-Schema-Test-Suite " + draft.folder() + " (" + what + "), " + files.size()
                + " files, " + results.size() + " groups, " + cases + " cases:");
        perFile.forEach((f, t) -> System.out.printf("  %-32s %4d cases  merge+validateJSON %4d  networknt %4d%n", f,
                t[0], t[1], t[2]));
        System.out.println("cases networknt passes and merge+validateJSON fails (" + onlyNetworknt.size() + "):");
        onlyNetworknt.forEach(t -> System.out.println("  - " + t));
        System.out.println("cases merge+validateJSON passes and networknt fails (" + onlyOurs.size() + "):");
        onlyOurs.forEach(t -> System.out.println("  + " + t));
        System.out.println("groups whose merge failed: " + mergeFailures + "; keywords the graph cannot hold, reported: "
                + reportedKeywords);
        if (gate) {
            assertEquals(List.of(), unreported, "every keyword the graph cannot hold is reported in the merge status");
            assertTrue(cases > 0);
            assertTrue(ours >= draft.floor(), draft.folder() + ": " + ours + " cases pass, fewer than the "
                    + draft.floor() + " reached before");
        }
        return String.format(java.util.Locale.ROOT, "  %-13s %5d cases  merge+validateJSON %5d (%.1f%%)  networknt on"
                + " the original %5d (%.1f%%)", draft.folder(), cases, ours, 100.0 * ours / cases, theirs,
                100.0 * theirs / cases);
    }

    /** Keywords at schema positions (not property names, not enum/const data), down to the first unmapped one. */
    private static Set<String> keywords(JsonNode schema) {
        Set<String> out = new LinkedHashSet<>();
        collect(schema, out);
        return out;
    }

    private static void collect(JsonNode schema, Set<String> out) {
        if (!schema.isObject()) {
            return;
        }
        schema.fields().forEachRemaining(f -> {
            out.add(f.getKey());
            if (!DefaultProfiles.JSON_SCHEMA.properties().containsKey(f.getKey())) {
                return; // an unmapped keyword is dropped whole: its report covers everything inside it
            }
            JsonNode v = f.getValue();
            if (SCHEMA_MAPS.contains(f.getKey()) && v.isObject()) {
                v.forEach(s -> collect(s, out));
            } else if (SCHEMA_ONE.contains(f.getKey()) && v.isObject()) {
                collect(v, out);
            } else if (SCHEMA_LISTS.contains(f.getKey()) && v.isArray()) {
                v.forEach(s -> collect(s, out));
            }
        });
    }
}
