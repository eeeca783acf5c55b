package io.modelgraph.codec.avro;

import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.SchemaDecoder;
import io.modelgraph.codec.SchemaEncoder;
import io.modelgraph.codec.SchemaSyntaxException;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.SchemaModel;

/**
 * The {@code avro} format: Apache Avro 1.12 schemas ({@code .avsc}), protocols ({@code .avpr}, types only) and
 * bundles of several files (see {@link AvroInput}). Stateless and thread-safe. This class names no Avro library
 * type, so building the codec registry at Lambda init loads no Avro class: the parser loads on the first decode,
 * and encoding writes JSON with Jackson alone.
 */
public final class AvroCodec implements SchemaDecoder, SchemaEncoder {
    public static final String FORMAT = "avro";

    @Override
    public String format() {
        return FORMAT;
    }

    @Override
    public SchemaModel decode(String text, CodecOptions options, LossinessLedger ledger)
            throws SchemaSyntaxException {
        AvroInput.Parsed parsed = AvroInput.parse(text);
        return new AvroDecoding(parsed, options, ledger).decode();
    }

    @Override
    public String encode(SchemaModel model, CodecOptions options, LossinessLedger ledger) {
        com.fasterxml.jackson.databind.JsonNode schema = new AvroEncoding(model, ledger).encode();
        int depth = depth(schema);
        if (depth > AvroInput.MAX_DEPTH) {
            // Avro's own parser refuses it: an output no reader accepts is no conversion
            throw new io.modelgraph.codec.UnrepresentableModelException("$", "Each named type is defined at its"
                    + " first use, which nests this schema " + depth + " JSON levels deep; Avro's parser reads at"
                    + " most " + AvroInput.MAX_DEPTH + ".");
        }
        return io.modelgraph.codec.jsonschema.JsonSchemaText.pretty(schema);
    }

    /** Nesting of objects and arrays as Jackson counts it ({@code {}} is 1), without recursion. */
    static int depth(com.fasterxml.jackson.databind.JsonNode root) {
        int deepest = 0;
        java.util.ArrayDeque<java.util.Map.Entry<com.fasterxml.jackson.databind.JsonNode, Integer>> stack =
                new java.util.ArrayDeque<>();
        stack.push(java.util.Map.entry(root, 0));
        while (!stack.isEmpty()) {
            var top = stack.pop();
            if (top.getKey().isContainerNode()) {
                int level = top.getValue() + 1;
                deepest = Math.max(deepest, level);
                top.getKey().forEach(child -> stack.push(java.util.Map.entry(child, level)));
            }
        }
        return deepest;
    }
}
