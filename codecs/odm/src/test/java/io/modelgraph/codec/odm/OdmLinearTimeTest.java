package io.modelgraph.codec.odm;

import io.modelgraph.codec.LinearTime;
import io.modelgraph.ledger.LossinessLedger;
import org.junit.jupiter.api.Test;

/**
 * Each pathological shape of an entity document's Markdown, doubled up to about the request size limit, costs
 * linear time: runs of one character that open inline constructs ({@code <}, brackets, emphasis), list markers
 * that open a block each, long lines and many rows.
 */
class OdmLinearTimeTest {
    private static final String HEAD = "# Entity: `Thing`\n\n## Object: Thing\n\n| Field | Description | Practice |\n"
            + "| --- | --- | --- |\n| `id` | Identifier | MUST |\n\n## Entity purpose\n\n";
    private final OdmConverter converter = new OdmConverter();

    private void convert(String markdown) throws Exception {
        converter.convert(new OdmEntity("thing", markdown), new LossinessLedger());
    }

    private static String repeat(String head, String unit, int n) {
        return head + unit.repeat(n) + "\n";
    }

    @Test
    void runOfLessThan() {
        LinearTime.assertLinear("ODM '<'", 40_000, 3, n -> repeat(HEAD, "<", n), this::convert);
    }

    @Test
    void runOfListMarkers() {
        LinearTime.assertLinear("ODM '- '", 12_500, 3, n -> repeat(HEAD, "- ", n), this::convert);
    }

    @Test
    void runOfBrackets() {
        LinearTime.assertLinear("ODM '['", 12_500, 3, n -> repeat(HEAD, "[", n), this::convert);
        LinearTime.assertLinear("ODM '[a]('", 12_500, 3, n -> repeat(HEAD, "[a](", n), this::convert);
        LinearTime.assertLinear("ODM '!['", 12_500, 3, n -> repeat(HEAD, "![", n), this::convert);
    }

    @Test
    void runsOfEmphasisAndBackticks() {
        LinearTime.assertLinear("ODM '*a_'", 25_000, 3, n -> repeat(HEAD, "*a_", n), this::convert);
        LinearTime.assertLinear("ODM '`a``'", 25_000, 3, n -> repeat(HEAD, "`a``", n), this::convert);
        LinearTime.assertLinear("ODM '> '", 12_500, 3, n -> repeat(HEAD, "> ", n), this::convert);
    }

    @Test
    void manyRowsAndLongHeading() {
        LinearTime.assertLinear("ODM rows", 10_000, 3, n -> {
            StringBuilder b = new StringBuilder(HEAD.substring(0, HEAD.indexOf("## Entity purpose")));
            b.setLength(b.length() - 1);
            for (int i = 0; i < n; i++) {
                b.append("| `f").append(i).append("` | Field ").append(i).append(" | MAY |\n");
            }
            return b.toString();
        }, this::convert);
        LinearTime.assertLinear("ODM heading", 50_000, 3, n -> "# Entity: " + "a*".repeat(n) + "\n\n" + HEAD,
                this::convert);
    }
}
