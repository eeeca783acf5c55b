package io.modelgraph.codec.avro;

import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.LinearTime;
import io.modelgraph.ledger.LossinessLedger;
import org.junit.jupiter.api.Test;

/** Flat Avro shapes (fields, enum symbols, named records), doubled, cost linear time. */
class AvroLinearTimeTest {
    private final AvroCodec codec = new AvroCodec();

    private void decode(String text) throws Exception {
        codec.decode(text, CodecOptions.NONE, new LossinessLedger());
    }

    @Test
    void manyFields() {
        LinearTime.assertLinear("Avro fields", 5_000, 3, n -> {
            StringBuilder fields = new StringBuilder();
            for (int i = 0; i < n; i++) {
                fields.append(i == 0 ? "" : ",").append("{\"name\":\"f").append(i).append("\",\"type\":\"string\"}");
            }
            return "{\"type\":\"record\",\"name\":\"R\",\"fields\":[" + fields + "]}";
        }, this::decode);
    }

    @Test
    void manySymbols() {
        LinearTime.assertLinear("Avro symbols", 10_000, 3, n -> {
            StringBuilder symbols = new StringBuilder();
            for (int i = 0; i < n; i++) {
                symbols.append(i == 0 ? "" : ",").append("\"S").append(i).append('"');
            }
            return "{\"type\":\"record\",\"name\":\"R\",\"fields\":[{\"name\":\"e\",\"type\":{\"type\":\"enum\","
                    + "\"name\":\"E\",\"symbols\":[" + symbols + "]}}]}";
        }, this::decode);
    }

    @Test
    void manyNamedRecordsReferringBack() {
        LinearTime.assertLinear("Avro records", 1_000, 3, n -> {
            StringBuilder fields = new StringBuilder();
            for (int i = 0; i < n; i++) {
                fields.append(i == 0 ? "" : ",").append("{\"name\":\"r").append(i).append("\",\"type\":{\"type\":"
                        + "\"record\",\"name\":\"R").append(i).append("\",\"fields\":[{\"name\":\"back\",\"type\":[\"null\","
                        + "\"Root\"]}]}}");
            }
            return "{\"type\":\"record\",\"name\":\"Root\",\"fields\":[" + fields + "]}";
        }, this::decode);
    }

    /** Records nested inside records, far past the depth limit, and many records each nested deep below it. */
    @Test
    void deepNesting() {
        LinearTime.assertLinear("Avro depth", 6_000, 3, n -> nested(n, 0), this::decode);
        LinearTime.assertLinear("Avro nested records", 50, 3, n -> {
            StringBuilder fields = new StringBuilder();
            for (int i = 0; i < n; i++) {
                fields.append(i == 0 ? "" : ",").append("{\"name\":\"f").append(i).append("\",\"type\":")
                        .append(nested(60, i)).append('}');
            }
            return "{\"type\":\"record\",\"name\":\"Root\",\"fields\":[" + fields + "]}";
        }, this::decode);
    }

    private static String nested(int depth, int tree) {
        StringBuilder b = new StringBuilder();
        for (int d = 0; d < depth; d++) {
            b.append("{\"type\":\"record\",\"name\":\"R").append(tree).append('_').append(d)
                    .append("\",\"fields\":[{\"name\":\"f\",\"type\":");
        }
        return b.append("\"string\"").append("}]}".repeat(depth)).toString();
    }
}
