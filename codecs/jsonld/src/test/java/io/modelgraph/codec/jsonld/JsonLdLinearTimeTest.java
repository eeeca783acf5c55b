package io.modelgraph.codec.jsonld;

import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.LinearTime;
import io.modelgraph.ledger.LossinessLedger;
import org.junit.jupiter.api.Test;

/**
 * JSON-LD vocabularies, doubled, cost linear time: many classes in a subclass chain, many properties of one class,
 * and many enumeration members.
 */
class JsonLdLinearTimeTest {
    private static final String HEAD = "{\"@context\":{\"schema\":\"https://schema.org/\",\"rdfs\":"
            + "\"http://www.w3.org/2000/01/rdf-schema#\",\"rdf\":\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\"},"
            + "\"@graph\":[{\"@id\":\"schema:C0\",\"@type\":\"rdfs:Class\",\"rdfs:label\":\"C0\"}";
    private final JsonLdCodec codec = new JsonLdCodec();

    private void decode(String text) throws Exception {
        codec.decode(text, CodecOptions.NONE, new LossinessLedger());
    }

    @Test
    void subclassChain() {
        LinearTime.assertLinear("JSON-LD subclass chain", 1_000, 3, n -> {
            StringBuilder b = new StringBuilder(HEAD);
            for (int i = 1; i < n; i++) {
                b.append(",{\"@id\":\"schema:C").append(i).append("\",\"@type\":\"rdfs:Class\",\"rdfs:subClassOf\":")
                        .append("{\"@id\":\"schema:C").append(i - 1).append("\"}}");
            }
            return b.append("]}").toString();
        }, this::decode);
    }

    @Test
    void manyPropertiesOfOneClass() {
        LinearTime.assertLinear("JSON-LD properties", 1_000, 3, n -> {
            StringBuilder b = new StringBuilder(HEAD);
            for (int i = 0; i < n; i++) {
                b.append(",{\"@id\":\"schema:p").append(i).append("\",\"@type\":\"rdf:Property\",")
                        .append("\"schema:domainIncludes\":{\"@id\":\"schema:C0\"},")
                        .append("\"schema:rangeIncludes\":{\"@id\":\"schema:Text\"}}");
            }
            return b.append("]}").toString();
        }, this::decode);
    }

    @Test
    void manyEnumerationMembers() {
        LinearTime.assertLinear("JSON-LD enumeration members", 1_000, 3, n -> {
            StringBuilder b = new StringBuilder(HEAD).append(",{\"@id\":\"schema:E\",\"@type\":\"rdfs:Class\","
                    + "\"rdfs:subClassOf\":{\"@id\":\"schema:Enumeration\"}}");
            for (int i = 0; i < n; i++) {
                b.append(",{\"@id\":\"schema:m").append(i).append("\",\"@type\":\"schema:E\"}");
            }
            return b.append("]}").toString();
        }, this::decode);
    }

    /** A node object nested in a class's property far past the JSON depth limit. */
    @Test
    void deepNesting() {
        LinearTime.assertLinear("JSON-LD depth", 12_500, 3, n -> HEAD + ",{\"@id\":\"schema:C1\",\"@type\":"
                + "\"rdfs:Class\",\"rdfs:comment\":" + "{\"rdfs:comment\":".repeat(n) + "\"x\"" + "}".repeat(n)
                + "}]}", this::decode);
        LinearTime.assertLinear("JSON-LD lists", 12_500, 3, n -> HEAD + ",{\"@id\":\"schema:C1\",\"@type\":"
                + "\"rdfs:Class\",\"rdfs:comment\":" + "[".repeat(n) + "]".repeat(n) + "}]}", this::decode);
    }
}
