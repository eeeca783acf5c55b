package io.modelgraph.codec.protobuf;

import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.SchemaDecoder;
import io.modelgraph.codec.SchemaEncoder;
import io.modelgraph.codec.SchemaSyntaxException;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.SchemaModel;

/**
 * The {@code protobuf} format: proto2, proto3 and Editions sources in, proto3 out. The parser is this module's
 * own ({@link ProtoParser}); nothing is loaded until the first call. Stateless and thread-safe.
 */
public final class ProtobufCodec implements SchemaDecoder, SchemaEncoder {
    public static final String FORMAT = "protobuf";

    @Override
    public String format() {
        return FORMAT;
    }

    @Override
    public SchemaModel decode(String text, CodecOptions options, LossinessLedger ledger)
            throws SchemaSyntaxException {
        try {
            return new ProtoDecoding(ProtoSources.read(text), options, ledger).decode();
        } catch (StackOverflowError e) {
            throw new SchemaSyntaxException("$", "The file nests too deeply.");
        }
    }

    @Override
    public String encode(SchemaModel model, CodecOptions options, LossinessLedger ledger) {
        return new ProtoEncoding(model, ledger).encode();
    }
}
