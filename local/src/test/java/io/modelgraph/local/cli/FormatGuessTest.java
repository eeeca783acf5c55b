package io.modelgraph.local.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.modelgraph.codec.CodecRegistry;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class FormatGuessTest {

    @Test
    void theLongestEndingWins() {
        Map<String, String> cases = Map.ofEntries(
                Map.entry("contracts/orders.odcs.yaml", "odcs"), Map.entry("model.yaml", "linkml"),
                Map.entry("semantic.osi.yaml", "osi"), Map.entry("semantic.osi.json", "osi-json"),
                Map.entry("person.schema.json", "jsonschema"), Map.entry("person.jtd.json", "jtd"),
                Map.entry("PERSON.AVSC", "avro"), Map.entry("api/v1/person.proto", "protobuf"),
                Map.entry("ontology.owl.ttl", "owl"), Map.entry("shapes.shex", "shex"),
                Map.entry("warehouse.ddl", "sql"), Map.entry("entities.md", "odm"));
        cases.forEach((file, format) -> assertEquals(Optional.of(format), FormatGuess.of(file), file));
        assertEquals(Optional.empty(), FormatGuess.of("person.txt"));
        assertEquals(Optional.empty(), FormatGuess.of("schema.avdl"), "Avro IDL is not read");
    }

    @Test
    void everyGuessedFormatIsOneThisBuildReads() {
        CodecRegistry registry = CodecRegistry.load();
        for (String file : new String[] {"a.odcs.yaml", "a.osi.yaml", "a.osi.json", "a.jtd.json", "a.avsc", "a.proto",
                "a.jsonld", "a.json", "a.sql", "a.shex", "a.owl", "a.yaml", "a.md"}) {
            String format = FormatGuess.of(file).orElseThrow();
            assertEquals(true, registry.canDecode(format), file + " -> " + format);
        }
    }
}
