package io.modelgraph.codec.linkml;

import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.LinearTime;
import io.modelgraph.ledger.LossinessLedger;
import org.junit.jupiter.api.Test;

/**
 * LinkML shapes, doubled, cost linear time: one class with many attributes, many permissible values, many slots
 * used by one class, and a long {@code is_a} chain (every class resolves its ancestors).
 */
class LinkMlLinearTimeTest {
    private static final String HEAD = "id: https://example.org/s\nname: s\ndefault_range: string\n";
    private final LinkMlCodec codec = new LinkMlCodec();

    private void decode(String text) throws Exception {
        codec.decode(text, CodecOptions.NONE, new LossinessLedger());
    }

    @Test
    void manyAttributes() {
        LinearTime.assertLinear("LinkML attributes", 5_000, 3, n -> {
            StringBuilder b = new StringBuilder(HEAD).append("classes:\n  C:\n    attributes:\n");
            for (int i = 0; i < n; i++) {
                b.append("      a").append(i).append(":\n        range: integer\n        required: true\n");
            }
            return b.toString();
        }, this::decode);
    }

    @Test
    void manyPermissibleValues() {
        LinearTime.assertLinear("LinkML permissible values", 10_000, 3, n -> {
            StringBuilder b = new StringBuilder(HEAD).append("enums:\n  E:\n    permissible_values:\n");
            for (int i = 0; i < n; i++) {
                b.append("      v").append(i).append(": {}\n");
            }
            return b.toString();
        }, this::decode);
    }

    @Test
    void manySlotsOfOneClass() {
        LinearTime.assertLinear("LinkML slots", 5_000, 3, n -> {
            StringBuilder slots = new StringBuilder("slots:\n");
            StringBuilder used = new StringBuilder();
            for (int i = 0; i < n; i++) {
                slots.append("  s").append(i).append(":\n    range: string\n");
                used.append(i == 0 ? "" : ", ").append('s').append(i);
            }
            return HEAD + slots + "classes:\n  C:\n    slots: [" + used + "]\n";
        }, this::decode);
    }

    @Test
    void longIsAChain() {
        LinearTime.assertLinear("LinkML is_a chain", 2_000, 3, n -> {
            StringBuilder b = new StringBuilder(HEAD).append("classes:\n  C0:\n    attributes:\n      id: {}\n");
            for (int i = 1; i < n; i++) {
                b.append("  C").append(i).append(":\n    is_a: C").append(i - 1).append('\n');
            }
            return b.toString();
        }, this::decode);
    }

    /** YAML nested far past the reader's depth limit, as flow collections and as block mappings. */
    @Test
    void deepNesting() {
        LinearTime.assertLinear("LinkML flow depth", 12_500, 3, n -> HEAD + "classes:\n  C:\n    annotations: "
                + "{a: ".repeat(n) + "1" + "}".repeat(n) + "\n", this::decode);
        LinearTime.assertLinear("LinkML flow sequences", 12_500, 3, n -> HEAD + "classes:\n  C:\n    annotations: "
                + "[".repeat(n) + "]".repeat(n) + "\n", this::decode);
        LinearTime.assertLinear("LinkML block depth", 12_500, 3, n -> HEAD + "classes:\n  C:\n    annotations:\n"
                + "     - ".repeat(n) + "1\n", this::decode);
    }
}
