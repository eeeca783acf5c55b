package io.modelgraph.compat.avro;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.CorpusCheck;
import io.modelgraph.codec.NpmTools;
import io.modelgraph.codec.avro.AvroCodec;
import io.modelgraph.codec.jsonschema.JsonSchemaCodec;
import io.modelgraph.codec.protobuf.ProtobufCodec;
import io.modelgraph.compat.CompareReport;
import io.modelgraph.compat.Compatibility;
import io.modelgraph.compat.Mode;
import io.modelgraph.compat.NativeCheckers;
import io.modelgraph.compat.Severity;
import io.modelgraph.compat.formats.BufAgreementTest;
import io.modelgraph.compat.formats.BufBreaking;
import io.modelgraph.compat.formats.JsonSchemaDiff;
import io.modelgraph.json.Json;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.SchemaModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Cross-format consistency for the consumers with a native checker besides Avro: version pairs of the Avro corpus
 * (each kind of change of {@link AvroMutations}, first site), converted by the codecs to protobuf and to JSON
 * Schema; the protobuf consumer's verdict on the decoded Avro models against {@code buf breaking} (WIRE_JSON) on
 * the protobuf pair, the jsonschema consumer's against {@code json-schema-diff} on the JSON Schema pair, each in
 * the same run. Prints the agreement per kind and direction and every disagreement (docs/compare.md
 * "Cross-format consistency"). Runs in the {@code agreement} profile: both tools are npm packages run over hundreds
 * of pairs (about four minutes together at load 20).
 */
@Tag("agreement")
class CrossFormatNativeTest {
    private static final long LARGE = 40_000;
    /**
     * The goal: at least 99% of the verdicts agree; every disagreement left is listed with its cause in
     * docs/compare.md "Cross-format consistency".
     */
    private static final double PROTOBUF_FLOOR = 0.99;
    private static final double JSONSCHEMA_FLOOR = 0.99;
    /** json-schema-diff is slow (seconds a pair): the first this many converted pairs without combinators. */
    private static final int JSON_PAIRS = 150;
    private static final Pattern COMBINATORS = Pattern.compile("\"(oneOf|anyOf|allOf|not|if|patternProperties)\"");

    private record Pair(String id, String file, String kind, SchemaModel base, SchemaModel candidate) {
    }

    /** Avro corpus pairs, decoded: one per file and kind of change (its first site). */
    private static List<Pair> pairs() throws Exception {
        Path corpus = CorpusCheck.folder("avro");
        List<Path> files = new ArrayList<>(CorpusCheck.files(corpus, ".*\\.avsc$"));
        Path realworld = corpus.getParent().resolve("realworld-train/avro");
        if (Files.isDirectory(realworld)) {
            files.addAll(CorpusCheck.files(realworld, ".*\\.avsc$"));
        }
        AvroCodec codec = new AvroCodec();
        List<Pair> out = new ArrayList<>();
        for (Path file : files) {
            if (file.toString().contains("/invalid/") || Files.size(file) > LARGE) {
                continue;
            }
            String text = Files.readString(file);
            SchemaModel base;
            JsonNode json;
            try {
                base = codec.decode(text, CodecOptions.NONE, new LossinessLedger());
                json = Json.parse(text);
            } catch (Exception e) {
                continue; // needs a sibling file
            }
            for (AvroMutations.Mutation m : AvroMutations.of(json)) {
                if (m.site() != 0) {
                    continue;
                }
                try {
                    SchemaModel candidate = codec.decode(m.schema().toString(), CodecOptions.NONE,
                            new LossinessLedger());
                    out.add(new Pair(String.format("p%05d", out.size()), corpus.getParent().relativize(file)
                            .toString(), m.kind(), base, candidate));
                } catch (Exception e) {
                    // the change made an invalid schema (a renamed type still referenced)
                }
            }
        }
        return out;
    }

    @Test
    void protobufVerdictsOnAvroPairsMatchBufOnTheProtobufConversions() throws Exception {
        NativeCheckers checkers = NativeCheckers.install();
        Path buf = checkers.buf();
        ProtobufCodec proto = new ProtobufCodec();
        Path work = Files.createDirectories(Path.of("target/cross-format-buf").toAbsolutePath());
        Path old = work.resolve("old");
        Path now = work.resolve("new");
        for (Path dir : List.of(old, now)) {
            if (Files.exists(dir)) {
                try (var walk = Files.walk(dir)) {
                    walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
                }
            }
            Files.createDirectories(dir);
            Files.writeString(dir.resolve("buf.yaml"), BufBreaking.CONFIG);
        }
        Map<String, Pair> converted = new TreeMap<>();
        int unconvertible = 0;
        for (Pair p : pairs()) {
            String base;
            String candidate;
            try {
                base = proto.encode(p.base(), CodecOptions.NONE, new LossinessLedger());
                candidate = proto.encode(p.candidate(), CodecOptions.NONE, new LossinessLedger());
            } catch (Exception e) {
                unconvertible++;
                continue;
            }
            Files.writeString(old.resolve(p.id() + ".proto"), BufAgreementTest.packaged(base, p.id()));
            Files.writeString(now.resolve(p.id() + ".proto"), BufAgreementTest.packaged(candidate, p.id()));
            converted.put(p.id(), p);
        }
        Set<String> refused = new TreeSet<>();
        for (Path dir : List.of(old, now)) {
            NpmTools.Result r = NativeCheckers.run(work, 600, buf.toString(), "build", work.relativize(dir).toString(),
                    "--error-format", "json");
            refused.addAll(BufBreaking.ids(r.out() + "\n" + r.err()));
        }
        for (String id : refused) {
            Files.deleteIfExists(old.resolve(id + ".proto"));
            Files.deleteIfExists(now.resolve(id + ".proto"));
        }
        Map<String, List<String>> backward = breaking(buf, work, "new", "old");
        Map<String, List<String>> forward = breaking(buf, work, "old", "new");
        Map<String, int[]> perKind = new TreeMap<>();
        List<String> disagreements = new ArrayList<>();
        for (Pair p : converted.values()) {
            if (refused.contains(p.id())) {
                continue;
            }
            for (Mode mode : List.of(Mode.BACKWARD, Mode.FORWARD)) {
                List<String> rules = mode == Mode.BACKWARD ? backward.getOrDefault(p.id(), List.of())
                        : forward.getOrDefault(p.id(), List.of()).stream()
                        .filter(x -> !BufBreaking.HISTORY_RULES.matcher(x).matches()).toList();
                boolean nativeOk = rules.isEmpty();
                CompareReport ours = Compatibility.compare(p.base(), p.candidate(), mode, List.of("protobuf"));
                tally(perKind, disagreements, p, mode, nativeOk, ours.compatible(), "buf " + (nativeOk ? "compatible"
                        : new TreeSet<>(rules)) + "; ours " + errors(ours));
            }
        }
        double agreement = report("Cross-format, protobuf consumer on Avro pairs vs buf breaking (WIRE_JSON) on the"
                + " protobuf conversions: " + converted.size() + " pairs, " + unconvertible + " the protobuf codec"
                + " cannot write, " + refused.size() + " buf cannot compile", perKind, disagreements);
        assertTrue(agreement >= PROTOBUF_FLOOR, "agreement below " + PROTOBUF_FLOOR + ": " + agreement);
    }

    @Test
    void jsonschemaVerdictsOnAvroPairsMatchJsonSchemaDiffOnTheJsonSchemaConversions() throws Exception {
        NativeCheckers checkers = NativeCheckers.install();
        JsonSchemaCodec codec = new JsonSchemaCodec();
        Map<String, Pair> converted = new TreeMap<>();
        ArrayNode input = Json.array();
        int unconvertible = 0;
        int combinators = 0;
        for (Pair p : pairs()) {
            if (converted.size() >= JSON_PAIRS) {
                break;
            }
            String base;
            String candidate;
            try {
                base = codec.encode(p.base(), CodecOptions.NONE, new LossinessLedger());
                candidate = codec.encode(p.candidate(), CodecOptions.NONE, new LossinessLedger());
            } catch (Exception e) {
                unconvertible++;
                continue;
            }
            if (COMBINATORS.matcher(base).find() || COMBINATORS.matcher(candidate).find()) {
                combinators++; // the tool's set arithmetic takes minutes on them (JsonSchemaDiffAgreementTest)
                continue;
            }
            converted.put(p.id(), p);
            input.add(JsonSchemaDiff.pair(p.id(), Json.parse(base), Json.parse(candidate)));
        }
        Map<String, JsonNode> verdicts = JsonSchemaDiff.verdicts(checkers, "cross-format-json-schema-diff", input);
        Map<String, int[]> perKind = new TreeMap<>();
        List<String> disagreements = new ArrayList<>();
        int toolErrors = 0;
        List<String> enumVerdicts = new ArrayList<>();
        for (Pair p : converted.values()) {
            JsonNode v = verdicts.get(p.id());
            if (v == null || v.has("error")) {
                toolErrors++;
                continue;
            }
            for (Mode mode : List.of(Mode.BACKWARD, Mode.FORWARD)) {
                boolean nativeOk = !(mode == Mode.BACKWARD ? v.get("removed") : v.get("added")).asBoolean();
                CompareReport ours = Compatibility.compare(p.base(), p.candidate(), mode, List.of("jsonschema"));
                if (p.kind().contains("enum-symbol")) {
                    // json-schema-diff does not read enum (JsonSchemaDiffAgreementTest leaves these out too): a
                    // verdict it cannot reach is no agreement to count; the rules' own is printed apart
                    enumVerdicts.add(p.file() + " " + p.kind() + " " + mode + ": ours " + errors(ours));
                    continue;
                }
                tally(perKind, disagreements, p, mode, nativeOk, ours.compatible(), "json-schema-diff " + (nativeOk
                        ? "compatible" : "breaking") + "; ours " + errors(ours));
            }
        }
        double agreement = report("Cross-format, jsonschema consumer on Avro pairs vs json-schema-diff on the JSON"
                + " Schema conversions: " + converted.size() + " pairs, " + unconvertible + " the codec cannot write, "
                + combinators + " left out for combinators, " + toolErrors + " the tool could not diff, "
                + enumVerdicts.size() + " verdicts on enum changes left out (the tool does not read enum)", perKind,
                disagreements);
        enumVerdicts.forEach(e -> System.out.println("  enum change, not counted: " + e));
        assertTrue(converted.size() - toolErrors > 50, "too few pairs the tool answered");
        assertTrue(agreement >= JSONSCHEMA_FLOOR, "agreement below " + JSONSCHEMA_FLOOR + ": " + agreement);
    }

    private static List<String> errors(CompareReport ours) {
        return ours.findings().stream().filter(f -> f.severity() == Severity.ERROR)
                .map(f -> f.rule() + " at " + (f.basePath().isEmpty() ? f.candidatePath() : f.basePath())).distinct()
                .toList();
    }

    private static void tally(Map<String, int[]> perKind, List<String> disagreements, Pair p, Mode mode,
            boolean nativeOk, boolean ours, String why) {
        int[] tally = perKind.computeIfAbsent(p.kind() + " " + mode, k -> new int[3]);
        tally[1]++;
        tally[2] += nativeOk ? 0 : 1;
        if (ours == nativeOk) {
            tally[0]++;
        } else {
            disagreements.add(p.file() + " " + p.kind() + " " + mode + " (" + p.id() + "): " + why);
        }
    }

    private static double report(String title, Map<String, int[]> perKind, List<String> disagreements) {
        int agree = 0, total = 0;
        System.out.println(title);
        for (Map.Entry<String, int[]> e : perKind.entrySet()) {
            agree += e.getValue()[0];
            total += e.getValue()[1];
            System.out.printf("  %-44s %4d/%4d agree (%d breaking for the tool)%n", e.getKey(), e.getValue()[0],
                    e.getValue()[1], e.getValue()[2]);
        }
        System.out.printf("  %-44s %4d/%4d (%.2f%%)%n", "all", agree, total, 100.0 * agree / Math.max(1, total));
        disagreements.forEach(d -> System.out.println("  disagreement: " + d));
        assertTrue(total > 100, "too few generated verdicts: " + total);
        return (double) agree / total;
    }

    /** buf's breaking findings of {@code input} against {@code against}, by pair id: the rule types. */
    private static Map<String, List<String>> breaking(Path buf, Path work, String input, String against)
            throws Exception {
        NpmTools.Result r = NativeCheckers.run(work, 900, buf.toString(), "breaking", input, "--against", against,
                "--error-format", "json");
        return BufBreaking.findings(r);
    }
}
