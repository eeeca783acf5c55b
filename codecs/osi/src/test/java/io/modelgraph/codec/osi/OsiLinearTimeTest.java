package io.modelgraph.codec.osi;

import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.LinearTime;
import io.modelgraph.ledger.LossinessLedger;
import org.junit.jupiter.api.Test;

/** OSI shapes (YAML and JSON), doubled, cost linear time: many fields, many datasets, many relationships. */
class OsiLinearTimeTest {
    private static final String HEAD = "version: \"0.2.0.dev0\"\nsemantic_model:\n  - name: m\n    datasets:\n";

    private static void yaml(String text) throws Exception {
        OsiCodec.yaml().decode(text, CodecOptions.NONE, new LossinessLedger());
    }

    private static void json(String text) throws Exception {
        OsiCodec.json().decode(text, CodecOptions.NONE, new LossinessLedger());
    }

    private static String field(String name) {
        return "          - name: " + name + "\n            expression: {dialects: [{dialect: ANSI_SQL, expression: "
                + name + "}]}\n            datatype: Integer\n";
    }

    @Test
    void manyFields() {
        LinearTime.assertLinear("OSI fields", 4_000, 3, n -> {
            StringBuilder b = new StringBuilder(HEAD).append("      - name: d\n        source: s.d\n")
                    .append("        primary_key: [f0]\n        fields:\n");
            for (int i = 0; i < n; i++) {
                b.append(field("f" + i));
            }
            return b.toString();
        }, OsiLinearTimeTest::yaml);
    }

    @Test
    void manyDatasetsJoinedToTheFirst() {
        LinearTime.assertLinear("OSI datasets", 1_000, 3, n -> {
            StringBuilder b = new StringBuilder(HEAD);
            for (int i = 0; i < n; i++) {
                b.append("      - name: d").append(i).append("\n        source: s.d").append(i)
                        .append("\n        primary_key: [id]\n        fields:\n").append(field("id")).append(field("ref"));
            }
            b.append("    relationships:\n");
            for (int i = 1; i < n; i++) {
                b.append("      - name: r").append(i).append("\n        from: d").append(i)
                        .append("\n        to: d0\n        from_columns: [ref]\n        to_columns: [id]\n");
            }
            return b.toString();
        }, OsiLinearTimeTest::yaml);
    }

    @Test
    void manyFieldsAsJson() {
        LinearTime.assertLinear("OSI JSON fields", 4_000, 3, n -> {
            StringBuilder fields = new StringBuilder();
            for (int i = 0; i < n; i++) {
                fields.append(i == 0 ? "" : ",").append("{\"name\":\"f").append(i).append("\",\"expression\":")
                        .append("{\"dialects\":[{\"dialect\":\"ANSI_SQL\",\"expression\":\"f").append(i)
                        .append("\"}]},\"datatype\":\"Integer\"}");
            }
            return "{\"version\":\"0.2.0.dev0\",\"semantic_model\":[{\"name\":\"m\",\"datasets\":[{\"name\":\"d\","
                    + "\"source\":\"s.d\",\"primary_key\":[\"f0\"],\"fields\":[" + fields + "]}]}]}";
        }, OsiLinearTimeTest::json);
    }

    /** YAML and JSON nested far past the readers' depth limit. */
    @Test
    void deepNesting() {
        LinearTime.assertLinear("OSI flow depth", 12_500, 3, n -> HEAD + "      - name: d\n        source: s\n"
                + "        custom_extensions: " + "[".repeat(n) + "]".repeat(n) + "\n", OsiLinearTimeTest::yaml);
        LinearTime.assertLinear("OSI JSON depth", 12_500, 3, n -> "{\"version\":\"0.2.0.dev0\",\"semantic_model\":"
                + "[{\"name\":\"m\",\"datasets\":[{\"name\":\"d\",\"source\":\"s\",\"custom_extensions\":"
                + "[".repeat(n) + "]".repeat(n) + "}]}]}", OsiLinearTimeTest::json);
    }
}
