package io.modelgraph.codec.shex;

import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.LinearTime;
import io.modelgraph.ledger.LossinessLedger;
import org.junit.jupiter.api.Test;

/** Flat ShExC shapes (triple constraints, value set values, shapes), doubled, cost linear time. */
class ShexLinearTimeTest {
    private static final String PREFIX = "PREFIX ex: <http://example.org/>\n"
            + "PREFIX xsd: <http://www.w3.org/2001/XMLSchema#>\n";
    private final ShexCodec codec = new ShexCodec();

    private void decode(String text) throws Exception {
        codec.decode(text, CodecOptions.NONE, new LossinessLedger());
    }

    @Test
    void manyTripleConstraints() {
        LinearTime.assertLinear("ShExC triple constraints", 5_000, 3, n -> {
            StringBuilder b = new StringBuilder(PREFIX).append("ex:S {\n");
            for (int i = 0; i < n; i++) {
                b.append(i == 0 ? "" : " ;\n").append("  ex:p").append(i).append(" xsd:string");
            }
            return b.append("\n}\n").toString();
        }, this::decode);
    }

    @Test
    void manyValueSetValues() {
        LinearTime.assertLinear("ShExC value set", 10_000, 3, n -> {
            StringBuilder b = new StringBuilder(PREFIX).append("ex:S { ex:p [");
            for (int i = 0; i < n; i++) {
                b.append(" \"v").append(i).append('"');
            }
            return b.append(" ] }\n").toString();
        }, this::decode);
    }

    @Test
    void manyShapesReferringToTheNext() {
        LinearTime.assertLinear("ShExC shapes", 2_000, 3, n -> {
            StringBuilder b = new StringBuilder(PREFIX);
            for (int i = 0; i < n; i++) {
                b.append("ex:S").append(i).append(" { ex:next @ex:S").append((i + 1) % n).append(" ? }\n");
            }
            return b.toString();
        }, this::decode);
    }

    /** Shapes nested inline inside shapes, far past the depth limit, and many shapes each nested deep below it. */
    @Test
    void deepNesting() {
        LinearTime.assertLinear("ShExC depth", 12_500, 3, n -> PREFIX + "ex:S { " + "ex:p { ".repeat(n)
                + "}".repeat(n) + " }\n", this::decode);
        LinearTime.assertLinear("ShExC groups", 12_500, 3, n -> PREFIX + "ex:S { " + "( ".repeat(n)
                + "ex:p xsd:string" + " )".repeat(n) + " }\n", this::decode);
        LinearTime.assertLinear("ShExC nested shapes", 100, 3, n -> {
            StringBuilder b = new StringBuilder(PREFIX);
            for (int i = 0; i < n; i++) {
                b.append("ex:S").append(i).append(" { ").append("ex:p { ".repeat(40)).append("}".repeat(40))
                        .append(" }\n");
            }
            return b.toString();
        }, this::decode);
    }
}
