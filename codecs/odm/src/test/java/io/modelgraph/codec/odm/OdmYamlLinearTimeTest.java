package io.modelgraph.codec.odm;

import io.modelgraph.codec.LinearTime;
import io.modelgraph.ledger.LossinessLedger;
import org.junit.jupiter.api.Test;

/**
 * The YAML blocks of an entity document's "Schema Definition" section, each pathological shape doubled up to
 * about the request size limit, cost linear time through the whole conversion (Markdown, YAML, schemas): one
 * schema of many properties, many schemas each referring to the next, a long enum, many blocks, a long quoted
 * scalar full of escapes and a long flow sequence.
 */
class OdmYamlLinearTimeTest {
    private static final String HEAD = "# Entity: `Thing`\n\n## Entity purpose\n\nThings.\n\n"
            + "## YAML Schema Definition\n\n";
    private final OdmConverter converter = new OdmConverter();

    private void convert(String markdown) throws Exception {
        converter.convert(new OdmEntity("thing", markdown), new LossinessLedger());
    }

    private static String block(String yaml) {
        return "```yaml\n" + yaml + "```\n\n";
    }

    @Test
    void oneSchemaOfManyProperties() {
        LinearTime.assertLinear("ODM YAML properties", 5_000, 3, n -> {
            StringBuilder b = new StringBuilder("Thing:\n  type: object\n  required: [p0]\n  properties:\n");
            for (int i = 0; i < n; i++) {
                b.append("    p").append(i).append(":\n      type: string\n      description: Field ").append(i)
                        .append('\n');
            }
            return HEAD + block(b.toString());
        }, this::convert);
    }

    @Test
    void manySchemasEachReferringToTheNext() {
        LinearTime.assertLinear("ODM YAML references", 2_500, 3, n -> {
            StringBuilder b = new StringBuilder();
            for (int i = 0; i < n; i++) {
                b.append("S").append(i).append(":\n  type: object\n  properties:\n    next:\n      $ref: \"#/components/"
                        + "schemas/S").append(i + 1 < n ? i + 1 : 0).append("\"\n");
            }
            return HEAD + block(b.toString());
        }, this::convert);
    }

    @Test
    void aLongEnumAndALongFlowSequence() {
        LinearTime.assertLinear("ODM YAML enum", 10_000, 3, n -> {
            StringBuilder b = new StringBuilder("Thing:\n  type: object\n  properties:\n    kind:\n      type: string\n"
                    + "      enum:\n");
            for (int i = 0; i < n; i++) {
                b.append("        - v").append(i).append('\n');
            }
            return HEAD + block(b.toString());
        }, this::convert);
        LinearTime.assertLinear("ODM YAML flow sequence", 10_000, 3, n -> {
            StringBuilder b = new StringBuilder("Thing:\n  type: object\n  properties:\n    kind:\n      type: string\n"
                    + "      enum: [");
            for (int i = 0; i < n; i++) {
                b.append(i == 0 ? "" : ", ").append('v').append(i);
            }
            return HEAD + block(b.append("]\n").toString());
        }, this::convert);
    }

    @Test
    void manyBlocks() {
        LinearTime.assertLinear("ODM YAML blocks", 1_250, 3, n -> {
            StringBuilder b = new StringBuilder(HEAD);
            for (int i = 0; i < n; i++) {
                b.append("### S").append(i).append(" Schema\n\n").append(block("S" + i + ":\n  type: object\n"
                        + "  properties:\n    id:\n      type: string\n"));
            }
            return b.toString();
        }, this::convert);
    }

    @Test
    void aLongQuotedScalarOfEscapes() {
        LinearTime.assertLinear("ODM YAML escapes", 25_000, 3, n -> HEAD + block("Thing:\n  type: object\n"
                + "  description: \"" + "\\\"a".repeat(n) + "\"\n  properties:\n    id:\n      type: string\n"),
                this::convert);
    }

    /** A YAML block nested far past the reader's depth limit, as flow collections and as block sequences. */
    @Test
    void deepNesting() {
        LinearTime.assertLinear("ODM YAML flow depth", 12_500, 3, n -> HEAD + block("Thing:\n  type: object\n"
                + "  examples: " + "[".repeat(n) + "]".repeat(n) + "\n"), this::convert);
        LinearTime.assertLinear("ODM YAML block depth", 12_500, 3, n -> HEAD + block("Thing:\n  type: object\n"
                + "  examples:\n" + "   - ".repeat(n) + "1\n"), this::convert);
    }
}
