package io.modelgraph.codec.odcs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.yaml.SafeYaml;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.SchemaModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Every ODCS example of the corpus: decoded with its ledger, encoded, the encoding valid against ODCS 3.1.0's own
 * JSON Schema, and encode a fixed point (decode then encode again gives the same text). Read from
 * {@code corpus.dir}, never copied here.
 */
@Tag("conformance")
class OdcsConformanceTest {
    private static Path corpus;
    private final OdcsCodec codec = new OdcsCodec();

    @BeforeAll
    static void locateCorpus() {
        String dir = System.getProperty("corpus.dir", "");
        corpus = Paths.get(dir, "odcs");
        Assumptions.assumeTrue(!dir.isEmpty() && Files.isDirectory(corpus),
                "ODCS corpus not found at '" + corpus + "' (set -Dcorpus.dir); conformance tests skipped");
    }

    @Test
    void everyExampleDecodesEncodesValidAndIsAFixedPoint() throws Exception {
        JsonNode schemaDoc = new ObjectMapper().readTree(corpus.resolve("schema/odcs-json-schema-v3.1.0.json")
                .toFile());
        JsonSchema v310 = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V201909).getSchema(schemaDoc);
        List<Path> files;
        try (Stream<Path> s = Files.walk(corpus.resolve("examples"))) {
            files = s.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
        }
        int decoded = 0;
        int valid = 0;
        int fixed = 0;
        int ledgerEntries = 0;
        int whole = 0;
        List<String> changed = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        for (Path f : files) {
            String name = corpus.relativize(f).toString();
            try {
                LossinessLedger ledger = new LossinessLedger();
                SchemaModel model = codec.decode(Files.readString(f), CodecOptions.NONE, ledger);
                decoded++;
                String encoded = codec.encode(model, CodecOptions.NONE, ledger);
                ledgerEntries += ledger.size();
                Set<ValidationMessage> errors = v310.validate(SafeYaml.read(encoded, "encoded contract"));
                if (errors.isEmpty()) {
                    valid++;
                } else {
                    failures.add(name + " invalid against 3.1.0: " + errors);
                }
                LossinessLedger again = new LossinessLedger();
                if (encoded.equals(codec.encode(codec.decode(encoded, CodecOptions.NONE, again), CodecOptions.NONE,
                        again))) {
                    fixed++;
                } else {
                    failures.add(name + " encode is not a fixed point");
                }
                if (Normalized.of(SafeYaml.read(Files.readString(f), "source")).equals(Normalized.of(
                        SafeYaml.read(encoded, "encoded")))) {
                    whole++;
                } else {
                    changed.add(name + " at " + Normalized.firstDifference(Normalized.of(SafeYaml.read(
                            Files.readString(f), "source")), Normalized.of(SafeYaml.read(encoded, "encoded")), "$"));
                }
                System.out.printf("odcs %-60s types=%d ledger=%d%n", name, model.types().size(), ledger.size());
            } catch (Exception e) {
                failures.add(name + " " + e);
            }
        }
        System.out.printf("ODCS conformance: decoded %d/%d, encoded valid against v3.1.0 %d/%d, fixed point %d/%d,"
                + " %d ledger entries%n", decoded, files.size(), valid, files.size(), fixed, files.size(), ledgerEntries);
        System.out.printf("ODCS re-export equal to the source (key order, stated defaults and apiVersion aside): %d/%d;"
                + " differing:%n  %s%n", whole, files.size(), String.join("\n  ", changed));
        failures.forEach(x -> System.out.println("  FAIL " + x));
        assertEquals(List.of(), failures);
    }
}
