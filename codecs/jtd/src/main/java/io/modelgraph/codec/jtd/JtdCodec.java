package io.modelgraph.codec.jtd;

import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.ParserLimits;
import io.modelgraph.codec.SchemaDecoder;
import io.modelgraph.codec.SchemaEncoder;
import io.modelgraph.codec.SchemaSyntaxException;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.SchemaModel;

/** JSON Type Definition (RFC 8927) schemas to the canonical model and back (docs/formats/jtd.md). */
public final class JtdCodec implements SchemaDecoder, SchemaEncoder {
    public static final String FORMAT = "jtd";

    @Override
    public String format() {
        return FORMAT;
    }

    @Override
    public SchemaModel decode(String text, CodecOptions options, LossinessLedger ledger) throws SchemaSyntaxException {
        try {
            return JtdDecoding.decode(JtdText.parse(text));
        } catch (StackOverflowError e) {
            throw ParserLimits.tooDeep("$");
        }
    }

    @Override
    public String encode(SchemaModel model, CodecOptions options, LossinessLedger ledger) {
        return JtdText.pretty(new JtdEncoding(model, ledger).document());
    }
}
