package io.modelgraph.codec.osi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.SchemaSyntaxException;
import io.modelgraph.codec.jsonschema.JsonSchemaText;
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
 * Every OSI semantic model of the corpus, YAML ({@code osi}) and JSON ({@code osi-json}): decoded, encoded, the
 * encoding valid against the {@code osi-schema.json} of the version written, equal to the source (key order aside),
 * and a fixed point. {@code flights.yaml} is Ossie's separate ontology layer, not a semantic model: it must be
 * refused with a logical error. Read from {@code corpus.dir}, never copied here.
 */
@Tag("conformance")
class OsiConformanceTest {
    private static Path corpus;

    @BeforeAll
    static void locateCorpus() {
        String dir = System.getProperty("corpus.dir", "");
        corpus = Paths.get(dir);
        Assumptions.assumeTrue(!dir.isEmpty() && Files.isDirectory(corpus.resolve("osi")),
                "OSI corpus not found under '" + corpus + "' (set -Dcorpus.dir); conformance tests skipped");
    }

    @Test
    void yamlModels() throws Exception {
        run(OsiCodec.yaml(), "osi", ".yaml");
    }

    @Test
    void jsonModels() throws Exception {
        run(OsiCodec.json(), "osi-json", ".osi.json");
    }

    private void run(OsiCodec codec, String folder, String suffix) throws Exception {
        List<Path> files;
        try (Stream<Path> s = Files.walk(corpus.resolve(folder))) {
            files = s.filter(p -> p.toString().endsWith(suffix) && !p.toString().contains("core-spec")).sorted()
                    .toList();
        }
        ObjectMapper json = new ObjectMapper();
        JsonSchemaFactory factory = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012);
        JsonSchema v011 = factory.getSchema(json.readTree(corpus.resolve("osi/osi-0.1.1/core-spec/osi-schema.json")
                .toFile()));
        JsonSchema v02 = factory.getSchema(json.readTree(corpus.resolve(
                "osi/ossie-0.2.0.dev0/core-spec/osi-schema.json").toFile()));
        int models = 0;
        int valid = 0;
        int whole = 0;
        int fixed = 0;
        int refused = 0;
        List<String> failures = new ArrayList<>();
        for (Path f : files) {
            String name = corpus.relativize(f).toString();
            String text = Files.readString(f);
            LossinessLedger ledger = new LossinessLedger();
            SchemaModel model;
            try {
                model = codec.decode(text, CodecOptions.NONE, ledger);
            } catch (SchemaSyntaxException e) {
                if (name.contains("flights")) {
                    refused++;
                    System.out.printf("%s %-70s refused as expected at %s: %s%n", folder, name, e.path(),
                            e.getMessage());
                } else {
                    failures.add(name + " refused: " + e.path() + " " + e.getMessage());
                }
                continue;
            }
            models++;
            String encoded = codec.encode(model, CodecOptions.NONE, ledger);
            JsonNode out = codec.format().equals(OsiCodec.YAML) ? SafeYaml.read(encoded, "out")
                    : JsonSchemaText.parse(encoded);
            JsonNode in = codec.format().equals(OsiCodec.YAML) ? SafeYaml.read(text, "in") : JsonSchemaText.parse(text);
            Set<ValidationMessage> errors = (out.path("version").asText().equals("0.1.1") ? v011 : v02).validate(out);
            if (errors.isEmpty()) {
                valid++;
            } else {
                failures.add(name + " invalid: " + errors);
            }
            if (Sorted.of(in).equals(Sorted.of(out))) {
                whole++;
            } else {
                failures.add(name + " differs from its source at " + Sorted.firstDifference(Sorted.of(in),
                        Sorted.of(out), "$"));
            }
            LossinessLedger again = new LossinessLedger();
            if (encoded.equals(codec.encode(codec.decode(encoded, CodecOptions.NONE, again), CodecOptions.NONE,
                    again))) {
                fixed++;
            } else {
                failures.add(name + " encode is not a fixed point");
            }
            System.out.printf("%s %-70s datasets=%d relationships=%d ledger=%d%n", folder, name,
                    model.types().size(), model.relationships().size(), ledger.size());
        }
        System.out.printf("%s conformance: %d files, %d models decoded, %d refused as expected (ontology layer);"
                + " encoded valid %d/%d, equal to source %d/%d, fixed point %d/%d%n", folder, files.size(), models,
                refused, valid, models, whole, models, fixed, models);
        failures.forEach(x -> System.out.println("  FAIL " + x));
        assertEquals(List.of(), failures);
    }
}
