package io.modelgraph.transform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.CodecRegistry;
import io.modelgraph.codec.CorpusVerdicts;
import io.modelgraph.codec.SchemaSyntaxException;
import io.modelgraph.codec.sql.EngineScripts;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.SchemaModel;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;

/**
 * Every decodable input of the corpus ({@code corpus.dir}: the main folder of each decode format, as
 * {@link CorpusInputs#inputs} lists them) and of {@code realworld-train} is mapped to every encode
 * format, and each output is checked by the target format's own reference implementation (docs/fidelity.md,
 * "Reference tools"): in the JVM Avro's {@code Schema.Parser}, the DDL run on embedded PostgreSQL and on SQLite, and
 * this service's decoder of the target; through Node, in one process per target, ajv (the 2020-12 meta-schema and a
 * compile that resolves every {@code $ref}; the LinkML, ODCS and OSI JSON Schemas of the corpus; draft-07 for
 * synapse; JTD's meta-schema and compile), json-typedef-js (JTD), @shexjs/parser, protobufjs and {@code buf build}, jsonld.js (expand and toRDF) and n3. It prints
 * a source-by-target matrix of accepted/checked, every rejected output with the tool's message, the exceptions and
 * the slowest pairs; each output is a test of its own, which fails on an exception (a 500) and on a rejection not
 * listed in {@link #KNOWN}.
 * By default the inputs are {@code realworld-train}'s; {@code -Dreference.sources=all} (or {@code corpus}) adds the
 * main corpus folders, {@code -Dreference.formats=avro,sql} narrows a run to some source formats and
 * {@code -Dreference.targets=owl,shex} to some target formats (the main corpus is a run per target on a loaded
 * machine).
 */
@Tag("conformance")
class ReferenceToolsConformanceTest {
    /**
     * Rejected outputs that are documented limits (docs/fidelity.md, "Reference tools"), by {@code "<source> ->
     * <target>"}; any other rejection fails the run, and so does a listed one that is now accepted.
     */
    private static final Set<String> KNOWN = Set.of(
            // the source contract fails the ODCS 3.1.0 JSON Schema at the same place; servers are carried verbatim
            "train:odcs/dbml-datacontract.odcs.yaml -> odcs", "train:odcs/spark-export-datacontract.odcs.yaml -> odcs",
            "train:odcs/schema-evolution-cities-version-2.odcs.yaml -> odcs",
            // PostgreSQL and SQLite run the DDL; only this service's own SQL reader refuses it, by its 5 MB bound on
            // caller text (schema.org's ~1,000 types each repeat their supertypes' columns: 14.8 MB)
            "corpus:jsonld/schemaorg/schemaorg-current-https.jsonld -> sql",
            // json-typedef-js and ajv accept the JTD; only this service's own JTD reader refuses it by the same bound
            // (each of the ~1,000 definitions repeats its supertypes' properties, JTD has no inheritance: 19.9 MB)
            "corpus:jsonld/schemaorg/schemaorg-current-https.jsonld -> jtd",
            // references to documents the request does not carry: kept as written and ledgered by design
            // (docs/formats/jsonschema.md); ajv cannot resolve them in a standalone output
            "corpus:jsonschema/tests/draft2020-12/dynamicRef.json[13] -> jsonschema",
            "corpus:jsonschema/tests/draft2020-12/dynamicRef.json[14] -> jsonschema",
            "corpus:jsonschema/tests/draft2020-12/dynamicRef.json[15] -> jsonschema",
            "corpus:jsonschema/tests/draft2020-12/dynamicRef.json[16] -> jsonschema",
            "corpus:jsonschema/tests/draft2020-12/dynamicRef.json[17] -> jsonschema",
            "corpus:jsonschema/tests/draft2020-12/optional/cross-draft.json[0] -> jsonschema",
            "corpus:jsonschema/tests/draft2020-12/refRemote.json[0] -> jsonschema",
            "corpus:jsonschema/tests/draft2020-12/refRemote.json[1] -> jsonschema",
            "corpus:jsonschema/tests/draft2020-12/refRemote.json[2] -> jsonschema",
            "corpus:jsonschema/tests/draft2020-12/refRemote.json[3] -> jsonschema",
            "corpus:jsonschema/tests/draft2020-12/refRemote.json[4] -> jsonschema",
            "corpus:jsonschema/tests/draft2020-12/refRemote.json[5] -> jsonschema",
            "corpus:jsonschema/tests/draft2020-12/refRemote.json[6] -> jsonschema",
            "corpus:jsonschema/tests/draft2020-12/refRemote.json[7] -> jsonschema",
            "corpus:jsonschema/tests/draft2020-12/refRemote.json[8] -> jsonschema",
            "corpus:jsonschema/tests/draft2020-12/refRemote.json[9] -> jsonschema",
            "corpus:jsonschema/tests/draft2020-12/refRemote.json[10] -> jsonschema",
            "corpus:jsonschema/tests/draft2020-12/refRemote.json[11] -> jsonschema",
            "corpus:jsonschema/tests/draft2020-12/refRemote.json[12] -> jsonschema",
            "corpus:jsonschema/tests/draft2020-12/refRemote.json[13] -> jsonschema",
            "corpus:jsonschema/tests/draft2020-12/refRemote.json[14] -> jsonschema",
            "corpus:jsonschema/remotes/draft2020-12/nested/foo-ref-string.json -> jsonschema",
            // the format-assertion vocabulary meta-schema and the hyper-schema's links.json are documents ajv
            // does not hold and the request does not carry
            "corpus:jsonschema/remotes/draft2020-12/format-assertion-false.json -> jsonschema",
            "corpus:jsonschema/remotes/draft2020-12/format-assertion-true.json -> jsonschema",
            "corpus:jsonschema/metaschema-2020-12/meta/hyper-schema.json -> jsonschema",
            // ajv's limit, not the output's: a $dynamicRef to another resource ("only supports hash fragment
            // reference"); ajv refuses the source schema of the suite the same way
            "corpus:jsonschema/tests/draft2020-12/dynamicRef.json[9] -> jsonschema",
            "corpus:jsonschema/tests/draft2020-12/dynamicRef.json[10] -> jsonschema",
            "corpus:jsonschema/tests/draft2020-12/dynamicRef.json[12] -> jsonschema");

    /**
     * A pair without a test-suite case's description: {@code file.json[3] description -> target} is
     * {@code file.json[3] -> target}, the form {@link #KNOWN} lists.
     */
    static String knownKey(String pair) {
        return pair.replaceFirst("^(corpus:jsonschema/tests/[^\\[]*\\[\\d+\\]) .* -> ([a-z-]+)$", "$1 -> $2");
    }

    private static final Map<String, String> EXTENSIONS = Map.ofEntries(Map.entry("jsonschema", "json"),
            Map.entry("avro", "avsc"), Map.entry("protobuf", "proto"), Map.entry("shex", "shex"),
            Map.entry("jsonld", "jsonld"), Map.entry("owl", "ttl"), Map.entry("linkml", "yaml"),
            Map.entry("odcs", "yaml"), Map.entry("osi", "yaml"), Map.entry("osi-json", "json"),
            Map.entry("sql", "sql"), Map.entry("synapse", "json"), Map.entry("jtd", "json"));

    /** Targets whose tools run in Node; avro and sql are checked in the JVM. */
    private static final Set<String> NODE_CHECKED = Set.of("jsonschema", "protobuf", "shex", "jsonld", "owl",
            "linkml", "odcs", "osi", "osi-json", "synapse", "jtd");

    private final CodecRegistry registry = TransformHandler.codecs();

    private record Source(String group, String format, String name, String text) {
        String row() {
            return group + "/" + format;
        }

        String label() {
            return group + ":" + format + "/" + name;
        }
    }

    private record Output(Source source, String target, String file) {
        String pair() {
            return source.label() + " -> " + target;
        }
    }

    /** Wall and CPU milliseconds of one encode: on the shared machine the wall time also measures the neighbours. */
    private record Timing(String pair, long millis, long cpuMillis) {
    }

    private static final java.lang.management.ThreadMXBean CPU = java.lang.management.ManagementFactory
            .getThreadMXBean();

    private List<Source> sources(Path corpus) throws IOException {
        // realworld-train by default; the main corpus folders (about 1,400 inputs, 18,000 outputs) with
        // -Dreference.sources=all or =corpus, a run of its own (docs/fidelity.md, "Reference tools")
        String only = System.getProperty("reference.sources", "train");
        String formats = System.getProperty("reference.formats", "");
        List<Source> sources = new ArrayList<>();
        if (only.equals("all") || only.equals("corpus")) {
            for (String format : registry.decodeFormats()) {
                for (CorpusInputs.Input in : CorpusInputs.inputs(corpus, format)) {
                    sources.add(new Source("corpus", format, in.name(), in.text()));
                }
            }
        }
        if (only.equals("all") || only.equals("train")) {
            for (CorpusInputs.Case c : CorpusInputs.cases(corpus.resolve(
                    "realworld-train"))) {
                if (registry.canDecode(c.format())) {
                    sources.add(new Source("train", c.format(), c.name().substring(c.format().length() + 1),
                            c.text()));
                }
            }
        }
        return formats.isEmpty() ? sources : sources.stream().filter(s -> List.of(formats.split(","))
                .contains(s.format())).toList();
    }

    /**
     * One named test per output, {@code <source> -> <target>}, in two groups: no exception (a 500) on the way, and
     * accepted by the target format's own tools. A rejected output listed in {@link #KNOWN} is a passing test named
     * {@code (known exception)} while it is still rejected. The batch (every encode, then one Node run per target)
     * runs once, when the factory runs, and prints the matrix.
     */
    @TestFactory
    Stream<DynamicNode> everyOutputOfTheCorpusAndRealWorldTrainIsAcceptedByItsFormatsOwnTools() throws Exception {
        Path corpus = Paths.get(System.getProperty("corpus.dir", ""));
        assertTrue(Files.isDirectory(corpus.resolve("realworld-train")), "corpus not found at '" + corpus
                + "' (set -Dcorpus.dir)");
        ReferenceTools tools = ReferenceTools.install(corpus);
        Path work = Path.of("target/reference-tools");
        deleteTree(work);
        String onlyTargets = System.getProperty("reference.targets", "");
        List<String> targets = registry.encodeFormats().stream().filter(t -> onlyTargets.isEmpty()
                || List.of(onlyTargets.split(",")).contains(t)).toList();
        assertFalse(targets.isEmpty(), "-Dreference.targets names no encode format of " + registry.encodeFormats());
        for (String target : targets) {
            assertTrue(EXTENSIONS.containsKey(target), "no reference tool is set up for the encode format "
                    + target);
            Files.createDirectories(work.resolve(target));
        }
        List<Output> outputs = new ArrayList<>();
        Map<String, List<String>> problems = new LinkedHashMap<>();
        CorpusVerdicts exceptions = new CorpusVerdicts();
        List<String> unrepresentable = new ArrayList<>();
        Map<String, Integer> refused = new TreeMap<>();
        List<Timing> timings = new ArrayList<>();
        int decoded = 0;
        try (EmbeddedPostgres pg = EngineScripts.postgres()) {
            for (Source s : sources(corpus)) {
                SchemaModel model;
                try {
                    model = registry.decoder(s.format(), "format").decode(s.text(), CodecOptions.NONE,
                            new LossinessLedger());
                } catch (SchemaSyntaxException e) {
                    refused.merge(s.row(), 1, Integer::sum);
                    continue;
                } catch (RuntimeException e) {
                    exceptions.fail(s.label() + " decode", e.toString());
                    continue;
                }
                exceptions.pass(s.label() + " decode");
                decoded++;
                for (String target : targets) {
                    String pair = s.label() + " -> " + target;
                    exceptions.pass(pair);
                    String out;
                    long start = System.nanoTime();
                    long cpuStart = CPU.getCurrentThreadCpuTime();
                    try {
                        out = registry.encoder(target, "format").encode(model, CodecOptions.NONE,
                                new LossinessLedger());
                    } catch (io.modelgraph.codec.UnrepresentableModelException e) {
                        if (CorpusInputs.mayBeRefused(model)) {
                            unrepresentable.add(pair + ": " + e.getMessage());
                        } else {
                            exceptions.fail(pair, "refused a model with types: " + e.getMessage());
                        }
                        continue; // a logical 422 naming the reason, not an output to check
                    } catch (RuntimeException e) {
                        exceptions.fail(pair, e.toString());
                        continue;
                    }
                    Output o = new Output(s, target, outputs.size() + "." + EXTENSIONS.get(target));
                    timings.add(new Timing(o.pair(), (System.nanoTime() - start) / 1_000_000,
                            (CPU.getCurrentThreadCpuTime() - cpuStart) / 1_000_000));
                    outputs.add(o);
                    Files.writeString(work.resolve(target).resolve(o.file()), out);
                    problems.put(o.pair(), new ArrayList<>(inJvm(target, out, model, pg)));
                }
            }
        }
        for (String target : targets) {
            if (NODE_CHECKED.contains(target)) {
                long start = System.nanoTime();
                Map<String, List<String>> verdicts = tools.check(target, work.resolve(target));
                // where the class's time goes (docs/testing.md "CI"): one Node run per target
                System.out.printf("[reference] tools for %s: %d ms%n", target, (System.nanoTime() - start)
                        / 1_000_000);
                for (Output o : outputs) {
                    if (o.target().equals(target)) {
                        List<String> found = verdicts.get(o.file());
                        problems.get(o.pair()).addAll(found == null ? List.of("no verdict from the tools")
                                : found);
                    }
                }
            }
        }
        Map<String, Map<String, int[]>> matrix = new TreeMap<>();
        List<String> rejected = new ArrayList<>();
        CorpusVerdicts accepted = new CorpusVerdicts();
        for (Output o : outputs) {
            int[] cell = matrix.computeIfAbsent(o.source().row(), k -> new LinkedHashMap<>())
                    .computeIfAbsent(o.target(), k -> new int[2]);
            cell[0]++;
            List<String> p = problems.get(o.pair());
            accepted.pass(o.pair());
            if (p.isEmpty()) {
                cell[1]++;
            } else {
                rejected.add(o.pair() + " [" + o.target() + "/" + o.file() + "]: " + String.join(" | ", p));
                p.forEach(problem -> accepted.fail(o.pair(), o.target() + "/" + o.file() + ": " + problem));
            }
        }
        print(targets, matrix, outputs.size(), decoded, refused, rejected, exceptions.failing().stream().map(
                e -> e + ": " + String.join(" | ", exceptions.problems(e))).toList(), timings);
        unrepresentable.forEach(u -> System.out.println("[reference] not representable (422) " + u));
        for (String u : tools.unfinished()) {
            // named by its pair: "<target>/<file> <tool>: <message>" as the tools wrote it
            String pair = outputs.stream().filter(o -> u.startsWith(o.target() + "/" + o.file() + " ")).map(
                    Output::pair).findFirst().orElse("");
            System.out.println("[reference] tool did not finish " + pair + " [" + u + "]");
        }
        List<DynamicNode> nodes = new ArrayList<>();
        nodes.add(DynamicContainer.dynamicContainer("no exception (5xx)", exceptions.tests(
                "no codec may fail with an exception (a 500)")));
        nodes.add(DynamicContainer.dynamicContainer("accepted by the target format's own tools", accepted.tests(
                "an output the target format's own tools refuse", KNOWN, ReferenceToolsConformanceTest::knownKey)));
        if (System.getProperty("reference.sources", "train").equals("train") && System.getProperty(
                "reference.formats", "").isEmpty() && onlyTargets.isEmpty()) {
            Set<String> run = accepted.names().stream().map(ReferenceToolsConformanceTest::knownKey)
                    .collect(java.util.stream.Collectors.toSet());
            nodes.add(DynamicTest.dynamicTest("every known train exception is an output of this run", CorpusVerdicts.source("every known train exception is an output of this run"), () ->
                    assertEquals(List.of(), KNOWN.stream().filter(k -> k.startsWith("train:") && !run.contains(k))
                            .sorted().toList(), "known exceptions the run no longer has: take them off the list")));
        }
        return nodes.stream();
    }

    /** The JVM's checks of one output: Avro's parser, the DDL on both engines, this service's decoder. */
    private List<String> inJvm(String target, String out, SchemaModel model, EmbeddedPostgres pg) {
        List<String> found = new ArrayList<>();
        if (target.equals("avro")) {
            try {
                new org.apache.avro.Schema.Parser().parse(out);
            } catch (RuntimeException e) {
                found.add("avro Schema.Parser: " + e.getMessage());
            }
        }
        if (target.equals("sql")) {
            try {
                EngineScripts.runOnPostgres(pg, out);
            } catch (Exception e) {
                found.add("PostgreSQL: " + firstLine(e.getMessage()));
            }
            try {
                String sqlite = registry.encoder("sql", "format").encode(model, new CodecOptions(Map.of("vendor",
                        "sqlite")), new LossinessLedger());
                EngineScripts.runOnSqlite(sqlite);
            } catch (Exception e) {
                found.add("SQLite (vendor sqlite): " + firstLine(e.getMessage()));
            }
        }
        if (registry.canDecode(target)) {
            try {
                registry.decoder(target, "format").decode(out, CodecOptions.NONE, new LossinessLedger());
            } catch (SchemaSyntaxException e) {
                found.add("modelgraph " + target + " decoder: " + e.path() + ": " + e.getMessage());
            } catch (RuntimeException e) {
                found.add("modelgraph " + target + " decoder: " + e);
            }
        }
        return found;
    }

    private static String firstLine(String message) {
        String m = String.valueOf(message);
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }

    private static void print(List<String> targets, Map<String, Map<String, int[]>> matrix, int outputs,
            int decoded, Map<String, Integer> refused, List<String> rejected, List<String> exceptions,
            List<Timing> timings) {
        System.out.println("[reference] accepted/checked by the target format's own tools; rows source, columns"
                + " target");
        System.out.printf("%-18s %s%n", "", String.join(" ", targets.stream().map(t -> String.format("%10s", t))
                .toList()));
        matrix.forEach((row, cells) -> System.out.printf("%-18s %s%n", row, String.join(" ", targets.stream()
                .map(t -> cells.get(t) == null ? String.format("%10s", "-") : String.format("%10s",
                        cells.get(t)[1] + "/" + cells.get(t)[0])).toList())));
        Map<String, int[]> perTarget = new TreeMap<>();
        matrix.values().forEach(cells -> cells.forEach((t, c) -> {
            int[] sum = perTarget.computeIfAbsent(t, k -> new int[2]);
            sum[0] += c[0];
            sum[1] += c[1];
        }));
        perTarget.forEach((t, c) -> System.out.printf("[reference] %s: %d/%d accepted%n", t, c[1], c[0]));
        System.out.printf("[reference] %d inputs decoded (refused as invalid: %s); %d/%d outputs accepted, %d"
                + " rejected, %d exceptions (5xx)%n", decoded, refused, outputs - rejected.size(), outputs,
                rejected.size(), exceptions.size());
        rejected.forEach(r -> System.out.println("[reference] rejected " + r));
        exceptions.forEach(e -> System.out.println("[reference] EXCEPTION " + e));
        timings.sort(Comparator.comparingLong(Timing::millis).reversed());
        timings.stream().limit(10).forEach(t -> System.out.println("[reference] slow " + t.millis() + " ms (CPU "
                + t.cpuMillis() + " ms) " + t.pair()));
        timings.sort(Comparator.comparingLong(Timing::cpuMillis).reversed());
        timings.stream().limit(5).forEach(t -> System.out.println("[reference] slow by CPU " + t.cpuMillis()
                + " ms (wall " + t.millis() + " ms) " + t.pair()));
    }

    private static void deleteTree(Path dir) throws IOException {
        if (Files.exists(dir)) {
            try (Stream<Path> all = Files.walk(dir)) {
                for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
    }
}
