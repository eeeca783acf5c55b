package io.modelgraph.codec.osi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.CorpusSuite;
import io.modelgraph.codec.SchemaSyntaxException;
import io.modelgraph.codec.jsonschema.JsonSchemaText;
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
 * Every OSI semantic model of the corpus, YAML ({@code osi}) and JSON ({@code osi-json}), one test per file:
 * decoded, encoded, the encoding valid against the {@code osi-schema.json} of the version written, equal to the
 * source (key order aside), and a fixed point. {@code flights.yaml} is Ossie's separate ontology layer, not a
 * semantic model: it must be refused with a logical error. Read from {@code corpus.dir}, never copied here.
 */
@Tag("conformance")
class OsiConformanceTest {
    /** The YAML models (the core specs' own files aside); Ossie's ontology layer is refused. */
    static final CorpusSuite.Descriptor YAML = CorpusSuite.Descriptor.of("osi", "(?!.*core-spec).*\\.yaml",
            rel -> rel.contains("flights"));
    /** The JSON models; none is refused. */
    static final CorpusSuite.Descriptor JSON = CorpusSuite.Descriptor.of("osi-json",
            "(?!.*core-spec).*\\.osi\\.json", rel -> false);

    @TestFactory
    Stream<DynamicTest> yamlModels() throws IOException {
        return models(OsiCodec.yaml(), YAML);
    }

    @TestFactory
    Stream<DynamicTest> jsonModels() throws IOException {
        return models(OsiCodec.json(), JSON);
    }

    private Stream<DynamicTest> models(OsiCodec codec, CorpusSuite.Descriptor descriptor) throws IOException {
        Path specs = CorpusSuite.folder(YAML);
        ObjectMapper json = new ObjectMapper();
        JsonSchemaFactory factory = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012);
        JsonSchema v011 = factory.getSchema(json.readTree(specs.resolve("osi-0.1.1/core-spec/osi-schema.json")
                .toFile()));
        JsonSchema v02 = factory.getSchema(json.readTree(specs.resolve("ossie-0.2.0.dev0/core-spec/osi-schema.json")
                .toFile()));
        return CorpusSuite.tests(descriptor, (file, rel) -> reads(codec, v011, v02, file, rel), (file, rel) -> {
            SchemaSyntaxException e = assertThrows(SchemaSyntaxException.class, () -> codec.decode(
                    Files.readString(file), CodecOptions.NONE, new LossinessLedger()), rel + " must be refused");
            System.out.printf("%s %-70s refused as expected at %s: %s%n", descriptor.folder(), rel, e.path(),
                    e.getMessage());
        });
    }

    private static void reads(OsiCodec codec, JsonSchema v011, JsonSchema v02, Path file, String rel)
            throws Exception {
        String text = Files.readString(file);
        LossinessLedger ledger = new LossinessLedger();
        SchemaModel model = codec.decode(text, CodecOptions.NONE, ledger);
        String encoded = codec.encode(model, CodecOptions.NONE, ledger);
        boolean yaml = codec.format().equals(OsiCodec.YAML);
        JsonNode out = yaml ? SafeYaml.read(encoded, "out") : JsonSchemaText.parse(encoded);
        JsonNode in = yaml ? SafeYaml.read(text, "in") : JsonSchemaText.parse(text);
        assertEquals(Set.of(), (out.path("version").asText().equals("0.1.1") ? v011 : v02).validate(out),
                rel + " encoded is invalid");
        assertEquals(Sorted.of(in), Sorted.of(out), () -> rel + " differs from its source at "
                + Sorted.firstDifference(Sorted.of(in), Sorted.of(out), "$"));
        LossinessLedger again = new LossinessLedger();
        assertEquals(encoded, codec.encode(codec.decode(encoded, CodecOptions.NONE, again), CodecOptions.NONE,
                again), rel + " encode is not a fixed point");
        System.out.printf("%s datasets=%d relationships=%d ledger=%d%n", rel, model.types().size(),
                model.relationships().size(), ledger.size());
    }
}
