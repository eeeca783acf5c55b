package io.modelgraph.codec.odcs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.CorpusSuite;
import io.modelgraph.codec.yaml.SafeYaml;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.SchemaModel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;

/**
 * Every ODCS example of the corpus, one test per file: decoded with its ledger, encoded, the encoding valid against
 * ODCS 3.1.0's own JSON Schema, and encode a fixed point (decode then encode again gives the same text). Whether
 * the re-export equals the source (key order, stated defaults and apiVersion aside) is printed per file. Read from
 * {@code corpus.dir}, never copied here.
 */
@Tag("conformance")
class OdcsConformanceTest {
    /** The examples; the codec refuses none of them. */
    static final CorpusSuite.Descriptor DESCRIPTOR = CorpusSuite.Descriptor.of("odcs", "examples/.*\\.yaml",
            rel -> false);

    private final OdcsCodec codec = new OdcsCodec();

    @TestFactory
    Stream<DynamicTest> everyExampleDecodesEncodesValidAndIsAFixedPoint() throws IOException {
        Path corpus = CorpusSuite.folder(DESCRIPTOR);
        JsonNode schemaDoc = new ObjectMapper().readTree(corpus.resolve("schema/odcs-json-schema-v3.1.0.json")
                .toFile());
        JsonSchema v310 = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V201909).getSchema(schemaDoc);
        return CorpusSuite.tests(DESCRIPTOR, (file, rel) -> readsValidAndFixed(v310, file, rel), (file, rel) -> {
            throw new AssertionError("no ODCS example is meant to be refused: " + rel);
        });
    }

    private void readsValidAndFixed(JsonSchema v310, Path file, String rel) throws Exception {
        String source = Files.readString(file);
        LossinessLedger ledger = new LossinessLedger();
        SchemaModel model = codec.decode(source, CodecOptions.NONE, ledger);
        String encoded = codec.encode(model, CodecOptions.NONE, ledger);
        assertEquals(Set.of(), v310.validate(SafeYaml.read(encoded, "encoded contract")),
                rel + " encoded is invalid against ODCS 3.1.0");
        LossinessLedger again = new LossinessLedger();
        assertEquals(encoded, codec.encode(codec.decode(encoded, CodecOptions.NONE, again), CodecOptions.NONE,
                again), rel + " encode is not a fixed point");
        var before = Normalized.of(SafeYaml.read(source, "source"));
        var after = Normalized.of(SafeYaml.read(encoded, "encoded"));
        System.out.printf("odcs %-60s types=%d ledger=%d re-export %s%n", rel, model.types().size(), ledger.size(),
                before.equals(after) ? "equal to the source" : "differs at "
                        + Normalized.firstDifference(before, after, "$"));
    }
}
