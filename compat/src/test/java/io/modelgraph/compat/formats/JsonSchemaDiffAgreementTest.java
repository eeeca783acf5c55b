package io.modelgraph.compat.formats;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.CorpusCheck;
import io.modelgraph.codec.jsonschema.JsonSchemaCodec;
import io.modelgraph.compat.CompareOptions;
import io.modelgraph.compat.CompareReport;
import io.modelgraph.compat.Compatibility;
import io.modelgraph.compat.Mode;
import io.modelgraph.compat.NativeCheckers;
import io.modelgraph.compat.Severity;
import io.modelgraph.compat.UndeclaredProperties;
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
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The jsonschema consumer's verdicts against Atlassian's {@code json-schema-diff} (npm) on generated version pairs:
 * the draft-04 and draft-07 schemas of {@code schemastore-train/schemas/} up to {@link #LARGE} bytes without
 * combinators (see {@link #COMBINATORS}; the tool reads draft-07, and the keywords it compares are spelled alike
 * in draft-04), each kind of change of
 * {@link JsonSchemaMutations}. BACKWARD is compatible when the tool finds nothing removed from base to
 * candidate (every document the base accepted is still accepted); FORWARD when it finds nothing added. Prints the
 * raw agreement per kind and direction under the default options, and beside it, for information, the agreement
 * under {@code undeclaredProperties: absent} (which reads a property declared in an open model as a warning, where
 * the tool and the definition find a break); then the documented exceptions ({@link #EXCEPTIONS}) and every other
 * disagreement. Asserts at most 1% undocumented disagreements, and the raw agreement at {@link #FLOOR} (the
 * exceptions are disagreements there). It runs in its own profile ({@code -Pagreement}), not in every CI run: the
 * tool takes about three minutes on an idle machine.
 */
@Tag("agreement")
class JsonSchemaDiffAgreementTest {
    private static final long LARGE = 40_000;
    /** The raw agreement under the default options, exceptions as disagreements (docs/compare.md). */
    private static final double FLOOR = 0.99;
    /**
     * json-schema-diff computes set differences of whole schemas; with combinators it is impractically slow on real
     * schemas (40 pairs of SchemaStore schemas with {@code oneOf} took over 5 minutes of CPU without finishing), so
     * schemas that use them are left out.
     */
    private static final java.util.regex.Pattern COMBINATORS = java.util.regex.Pattern.compile(
            "\"(oneOf|anyOf|allOf|not|if|patternProperties)\"\\s*:");
    /** The practical reading of open content models, printed beside the default for information. */
    private static final CompareOptions ABSENT = CompareOptions.builder()
            .undeclaredProperties(UndeclaredProperties.ABSENT).build();
    /**
     * Findings that explain a disagreement as a documented exception (docs/compare.md): the change is in keywords
     * the codec keeps verbatim, outside the model, which the rules do not judge and say so.
     */
    private static final Set<String> EXCEPTIONS = Set.of("jsonschema.unmodelled-keywords-changed");

    private record Pair(String id, Path file, String kind, int site, SchemaModel base, SchemaModel candidate) {
    }

    /** The tool reads draft-07 and refuses a draft-04 {@code $schema}; the keywords compared are spelled alike. */
    @Test
    void verdictsAgreeWithJsonSchemaDiff() throws Exception {
        NativeCheckers checkers = NativeCheckers.install();
        Path corpus = CorpusCheck.folder("schemastore-train").resolve("schemas");
        JsonSchemaCodec codec = new JsonSchemaCodec();
        List<Pair> pairs = new ArrayList<>();
        ArrayNode input = Json.array();
        int files = 0;
        for (Path file : CorpusCheck.files(corpus, ".*\\.json$")) {
            String text = Files.readString(file);
            if (Files.size(file) > LARGE || !(text.contains("draft-07") || text.contains("draft-04"))
                    || COMBINATORS.matcher(text).find()) {
                continue;
            }
            JsonNode json;
            SchemaModel base;
            try {
                json = Json.parse(text);
                base = codec.decode(text, CodecOptions.NONE, new LossinessLedger());
            } catch (Exception e) {
                continue;
            }
            files++;
            for (JsonSchemaMutations.Mutation m : JsonSchemaMutations.of(json)) {
                SchemaModel candidate;
                try {
                    candidate = codec.decode(m.schema().toString(), CodecOptions.NONE, new LossinessLedger());
                } catch (Exception e) {
                    continue;
                }
                String id = "j" + pairs.size();
                pairs.add(new Pair(id, file, m.kind(), m.site(), base, candidate));
                input.add(JsonSchemaDiff.pair(id, json, m.schema()));
            }
        }
        Map<String, JsonNode> verdicts = JsonSchemaDiff.verdicts(checkers, "json-schema-diff-agreement", input);
        Map<String, int[]> perKind = new TreeMap<>();
        List<String> disagreements = new ArrayList<>();
        List<String> documented = new ArrayList<>();
        int toolErrors = 0;
        for (Pair p : pairs) {
            JsonNode v = verdicts.get(p.id());
            if (v == null || v.has("error")) {
                toolErrors++;
                continue;
            }
            for (Mode mode : List.of(Mode.BACKWARD, Mode.FORWARD)) {
                boolean nativeOk = !(mode == Mode.BACKWARD ? v.get("removed") : v.get("added")).asBoolean();
                CompareReport ours = Compatibility.compare(p.base(), p.candidate(), mode, List.of("jsonschema"));
                boolean absent = Compatibility.compare(p.base(), p.candidate(), mode, List.of("jsonschema"), ABSENT)
                        .compatible();
                int[] tally = perKind.computeIfAbsent(p.kind() + " " + mode, k -> new int[4]);
                tally[2]++;
                tally[3] += nativeOk ? 0 : 1;
                tally[1] += absent == nativeOk ? 1 : 0;
                if (ours.compatible() == nativeOk) {
                    tally[0]++;
                } else if (ours.findings().stream().anyMatch(f -> EXCEPTIONS.contains(f.rule()))) {
                    documented.add(corpus.getParent().getParent().relativize(p.file()) + " " + p.kind() + "#"
                            + p.site() + " " + mode + ": json-schema-diff " + (nativeOk ? "compatible" : "breaking"));
                } else {
                    disagreements.add(corpus.getParent().getParent().relativize(p.file()) + " " + p.kind() + "#"
                            + p.site() + " " + mode + ": json-schema-diff " + (nativeOk ? "compatible" : "breaking")
                            + "; ours " + ours.findings().stream().filter(f -> f.severity() != Severity.INFO)
                            .map(f -> f.rule() + " at " + (f.basePath().isEmpty() ? f.candidatePath() : f.basePath()))
                            .distinct().toList());
                }
            }
        }
        int raw = 0, practical = 0, total = 0;
        System.out.println("JSON Schema agreement with json-schema-diff: " + files + " schemas, " + pairs.size()
                + " pairs, " + toolErrors + " the tool could not diff");
        System.out.printf("  %-40s %9s %9s%n", "", "raw", "absent");
        for (Map.Entry<String, int[]> e : perKind.entrySet()) {
            int[] t = e.getValue();
            raw += t[0];
            practical += t[1];
            total += t[2];
            System.out.printf("  %-40s %4d/%4d %4d/%4d agree (%d breaking for the tool)%n", e.getKey(), t[0], t[2],
                    t[1], t[2], t[3]);
        }
        System.out.printf("  %-40s %4d/%4d %4d/%4d (%.2f%% raw; %.2f%% under undeclaredProperties: absent, for"
                + " information)%n", "all", raw, total, practical, total, 100.0 * raw / Math.max(1, total),
                100.0 * practical / Math.max(1, total));
        System.out.printf("  undocumented disagreements %d of %d verdicts (%.2f%% agree or are documented"
                + " exceptions)%n", disagreements.size(), total, 100.0 * (total - disagreements.size()) / Math.max(1,
                total));
        documented.forEach(d -> System.out.println("  documented exception (unmodelled keywords): " + d));
        disagreements.forEach(d -> System.out.println("  disagreement: " + d));
        assertTrue(total > 100, "too few generated pairs: " + total);
        assertTrue(total - disagreements.size() >= 0.99 * total, "undocumented disagreements above 1%: "
                + disagreements);
        // the goal: 99% raw, under the default reading of open content models (docs/compare.md)
        assertTrue(raw >= FLOOR * total, "raw agreement below " + FLOOR + ": " + raw + "/" + total);
    }
}
