package io.modelgraph.compat.avro;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.CorpusCheck;
import io.modelgraph.codec.SchemaSyntaxException;
import io.modelgraph.codec.avro.AvroCodec;
import io.modelgraph.compat.AgreementTally;
import io.modelgraph.compat.CompareReport;
import io.modelgraph.compat.Compatibility;
import io.modelgraph.compat.Finding;
import io.modelgraph.compat.Mode;
import io.modelgraph.compat.Severity;
import io.modelgraph.json.Json;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.SchemaModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.avro.Schema;
import org.apache.avro.SchemaCompatibility;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;

/**
 * The avro consumer's verdicts against Avro 1.12's {@code SchemaCompatibility} on generated version pairs: every
 * valid {@code .avsc} of the corpus ({@code avro/}, {@code realworld-train/avro/}), each kind of change of
 * {@link AvroMutations}, both directions. Prints the agreement per kind and every disagreement; each corpus file
 * is a test of its own that fails on a disagreement of its pairs, and the totals assert at least 99% overall and
 * per kind.
 */
@Tag("conformance")
class AvroAgreementTest {
    /**
     * Files above this size are left out: Avro's own checker takes tens of seconds per pair on the corpus's 380 KB
     * schema, and 50 mutations of it in both directions would take the run past half an hour.
     */
    private static final long LARGE = 100_000;
    private final AvroCodec codec = new AvroCodec();

    /**
     * One named test per corpus file: its generated pairs agree with SchemaCompatibility in both directions. Then
     * the totals: enough pairs, and at least 99% agreement overall and per kind. The pairs are judged once, when
     * the factory runs, which prints the agreement per kind and every disagreement.
     */
    @TestFactory
    Stream<DynamicTest> verdictsAgreeWithSchemaCompatibility() throws Exception {
        Path corpus = CorpusCheck.folder("avro");
        List<Path> files = new ArrayList<>(CorpusCheck.files(corpus, ".*\\.avsc$"));
        Path realworld = corpus.getParent().resolve("realworld-train/avro");
        if (Files.isDirectory(realworld)) {
            files.addAll(CorpusCheck.files(realworld, ".*\\.avsc$"));
        }
        AgreementTally tally = new AgreementTally("incompatible for Avro");
        int schemas = 0, unusable = 0, refusedMutations = 0;
        List<String> large = new ArrayList<>();
        for (Path file : files) {
            if (file.toString().contains("/invalid/")) {
                continue;
            }
            if (Files.size(file) > LARGE) {
                large.add(corpus.getParent().relativize(file).toString());
                continue;
            }
            String text = Files.readString(file);
            Schema original;
            SchemaModel base;
            JsonNode json;
            try {
                original = new Schema.Parser().parse(text);
                base = codec.decode(text, CodecOptions.NONE, new LossinessLedger());
                json = Json.parse(text);
            } catch (RuntimeException | SchemaSyntaxException | com.fasterxml.jackson.core.JsonProcessingException e) {
                unusable++; // needs a sibling file, or not a standalone schema
                continue;
            }
            schemas++;
            String name = corpus.getParent().relativize(file).toString();
            tally.file(name);
            for (AvroMutations.Mutation m : AvroMutations.of(json)) {
                Schema mutated;
                SchemaModel candidate;
                try {
                    mutated = new Schema.Parser().parse(m.schema().toString());
                    candidate = codec.decode(m.schema().toString(), CodecOptions.NONE, new LossinessLedger());
                } catch (RuntimeException | SchemaSyntaxException e) {
                    refusedMutations++; // the change made an invalid schema (a renamed type still referenced)
                    continue;
                }
                for (Mode mode : List.of(Mode.BACKWARD, Mode.FORWARD)) {
                    Schema reader = mode == Mode.BACKWARD ? mutated : original;
                    Schema writer = mode == Mode.BACKWARD ? original : mutated;
                    SchemaCompatibility.SchemaPairCompatibility expected = SchemaCompatibility
                            .checkReaderWriterCompatibility(reader, writer);
                    boolean nativeOk = expected.getType() == SchemaCompatibility.SchemaCompatibilityType.COMPATIBLE;
                    CompareReport ours = Compatibility.compare(base, candidate, mode, List.of("avro"));
                    tally.verdict(name, m.kind() + " " + mode, nativeOk, ours.compatible(), () -> m.kind() + "#"
                            + m.site() + " " + mode + ": Avro " + (nativeOk ? "compatible" : "incompatible: "
                            + expected.getResult().getIncompatibilities().stream().map(i -> i.getType() + " at "
                            + i.getLocation()).toList()) + "; ours " + ours.findings().stream()
                            .filter(f -> f.severity() == Severity.ERROR).map(Finding::rule).toList());
                }
            }
        }
        tally.print("Avro agreement with SchemaCompatibility: " + schemas + " schemas (" + unusable
                + " not standalone), " + refusedMutations + " mutations Avro refuses to parse; left out as too large"
                + " for the native checker: " + large, 44);
        return tally.tests("verdicts that disagree with SchemaCompatibility", 1000);
    }
}
