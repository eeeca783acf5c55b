package io.modelgraph.codec.jsonschema;

import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.LinearTime;
import io.modelgraph.ledger.LossinessLedger;
import org.junit.jupiter.api.Test;

/** Flat JSON Schema shapes (properties, required names, enum values, definitions), doubled, cost linear time. */
class JsonSchemaLinearTimeTest {
    private final JsonSchemaCodec codec = new JsonSchemaCodec();

    private void decode(String text) throws Exception {
        codec.decode(text, CodecOptions.NONE, new LossinessLedger());
    }

    @Test
    void manyPropertiesAllRequired() {
        LinearTime.assertLinear("JSON Schema properties", 5_000, 3, n -> {
            StringBuilder props = new StringBuilder();
            StringBuilder required = new StringBuilder();
            for (int i = 0; i < n; i++) {
                props.append(i == 0 ? "" : ",").append("\"p").append(i).append("\":{\"type\":\"string\"}");
                required.append(i == 0 ? "" : ",").append("\"p").append(i).append('"');
            }
            return "{\"$schema\":\"https://json-schema.org/draft/2020-12/schema\",\"title\":\"T\",\"type\":\"object\","
                    + "\"properties\":{" + props + "},\"required\":[" + required + "]}";
        }, this::decode);
    }

    @Test
    void manyEnumValues() {
        LinearTime.assertLinear("JSON Schema enum", 10_000, 3, n -> {
            StringBuilder values = new StringBuilder();
            for (int i = 0; i < n; i++) {
                values.append(i == 0 ? "" : ",").append("\"v").append(i).append('"');
            }
            return "{\"title\":\"T\",\"type\":\"object\",\"properties\":{\"e\":{\"enum\":[" + values + "]}}}";
        }, this::decode);
    }

    @Test
    void manyDefinitionsReferringToTheNext() {
        LinearTime.assertLinear("JSON Schema $defs", 2_500, 3, n -> {
            StringBuilder defs = new StringBuilder();
            for (int i = 0; i < n; i++) {
                defs.append(i == 0 ? "" : ",").append("\"D").append(i).append("\":{\"type\":\"object\",\"properties\":"
                        + "{\"next\":{\"$ref\":\"#/$defs/D").append((i + 1) % n).append("\"}}}");
            }
            return "{\"title\":\"T\",\"$ref\":\"#/$defs/D0\",\"$defs\":{" + defs + "}}";
        }, this::decode);
    }

    /**
     * Nesting far past the reader's depth limit is refused as soon as the limit is reached; many subschemas each
     * nested just under it cost time in proportion to their number.
     */
    @Test
    void deepNesting() {
        String open = "{\"type\":\"object\",\"properties\":{\"a\":";
        LinearTime.assertLinear("JSON Schema depth", 12_500, 3, n -> open.repeat(n) + "{\"type\":\"string\"}"
                + "}}".repeat(n), this::decode);
        LinearTime.assertLinear("JSON Schema nested subschemas", 50, 3, n -> {
            StringBuilder props = new StringBuilder();
            for (int i = 0; i < n; i++) {
                props.append(i == 0 ? "" : ",").append("\"p").append(i).append("\":").append(open.repeat(40))
                        .append("{\"type\":\"string\"}").append("}}".repeat(40));
            }
            return "{\"title\":\"T\",\"type\":\"object\",\"properties\":{" + props + "}}";
        }, this::decode);
    }
}
