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
        return io.modelgraph.codec.jsonschema.JsonSchemaText.pretty(new AvroEncoding(model, ledger).encode());
    }
}
