package io.modelgraph.codec.protobuf;

import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.LinearTime;
import io.modelgraph.ledger.LossinessLedger;
import org.junit.jupiter.api.Test;

/** Flat protobuf shapes (fields, enum values, messages), doubled, cost linear time. */
class ProtobufLinearTimeTest {
    private final ProtobufCodec codec = new ProtobufCodec();

    private void decode(String text) throws Exception {
        codec.decode(text, CodecOptions.NONE, new LossinessLedger());
    }

    @Test
    void manyFields() {
        LinearTime.assertLinear("protobuf fields", 5_000, 3, n -> {
            StringBuilder b = new StringBuilder("syntax = \"proto3\";\nmessage M {\n");
            for (int i = 0; i < n; i++) {
                b.append("  string f").append(i).append(" = ").append(i + 1).append(";\n");
            }
            return b.append("}\n").toString();
        }, this::decode);
    }

    @Test
    void manyEnumValues() {
        LinearTime.assertLinear("protobuf enum", 5_000, 3, n -> {
            StringBuilder b = new StringBuilder("syntax = \"proto3\";\nenum E {\n");
            for (int i = 0; i < n; i++) {
                b.append("  E_").append(i).append(" = ").append(i).append(";\n");
            }
            return b.append("}\nmessage M { E e = 1; }\n").toString();
        }, this::decode);
    }

    @Test
    void manyMessagesReferringToTheNext() {
        LinearTime.assertLinear("protobuf messages", 2_000, 3, n -> {
            StringBuilder b = new StringBuilder("syntax = \"proto3\";\n");
            for (int i = 0; i < n; i++) {
                b.append("message M").append(i).append(" { M").append((i + 1) % n).append(" next = 1; }\n");
            }
            return b.toString();
        }, this::decode);
    }

    /** Messages nested inside messages, far past the depth limit, and many messages each nested deep below it. */
    @Test
    void deepNesting() {
        LinearTime.assertLinear("protobuf depth", 12_500, 3, n -> "syntax = \"proto3\";\n" + nested(n, 0),
                this::decode);
        LinearTime.assertLinear("protobuf nested messages", 50, 3, n -> {
            StringBuilder b = new StringBuilder("syntax = \"proto3\";\n");
            for (int i = 0; i < n; i++) {
                b.append(nested(100, i));
            }
            return b.toString();
        }, this::decode);
    }

    private static String nested(int depth, int tree) {
        StringBuilder b = new StringBuilder();
        for (int d = 0; d < depth; d++) {
            b.append("message M").append(tree).append('_').append(d).append(" { string s = 1;\n");
        }
        return b.append("}\n".repeat(depth)).toString();
    }
}
