package io.modelgraph.codec.odcs;

import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.LinearTime;
import io.modelgraph.ledger.LossinessLedger;
import org.junit.jupiter.api.Test;

/** ODCS shapes, doubled, cost linear time: one schema object with many properties, many objects, long texts. */
class OdcsLinearTimeTest {
    private static final String HEAD = "apiVersion: v3.1.0\nkind: DataContract\nid: c\nname: c\nversion: 1.0.0\n"
            + "status: draft\nschema:\n";
    private final OdcsCodec codec = new OdcsCodec();

    private void decode(String text) throws Exception {
        codec.decode(text, CodecOptions.NONE, new LossinessLedger());
    }

    @Test
    void manyProperties() {
        LinearTime.assertLinear("ODCS properties", 5_000, 3, n -> {
            StringBuilder b = new StringBuilder(HEAD).append("  - name: t\n    properties:\n");
            for (int i = 0; i < n; i++) {
                b.append("      - name: p").append(i).append("\n        logicalType: string\n        required: true\n");
            }
            return b.toString();
        }, this::decode);
    }

    @Test
    void manyObjects() {
        LinearTime.assertLinear("ODCS objects", 2_500, 3, n -> {
            StringBuilder b = new StringBuilder(HEAD);
            for (int i = 0; i < n; i++) {
                b.append("  - name: t").append(i).append("\n    properties:\n      - name: id\n")
                        .append("        logicalType: integer\n        primaryKey: true\n");
            }
            return b.toString();
        }, this::decode);
    }

    @Test
    void oneLongDescription() {
        LinearTime.assertLinear("ODCS description", 100_000, 3, n -> HEAD + "  - name: t\n    description: \""
                + "a \\\\ ".repeat(n) + "\"\n    properties:\n      - name: id\n        logicalType: string\n",
                this::decode);
    }

    /** YAML nested far past the reader's depth limit, in a schema object and in a property's items. */
    @Test
    void deepNesting() {
        LinearTime.assertLinear("ODCS flow depth", 12_500, 3, n -> HEAD + "  - name: t\n    customProperties: "
                + "[".repeat(n) + "]".repeat(n) + "\n", this::decode);
        LinearTime.assertLinear("ODCS nested items", 5_000, 3, n -> HEAD + "  - name: t\n    properties:\n"
                + "      - {name: p, logicalType: array, items: " + "{logicalType: array, items: ".repeat(n)
                + "{logicalType: string}" + "}".repeat(n + 1) + "\n", this::decode);
    }
}
