package io.modelgraph.codec.shex;

import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.SchemaDecoder;
import io.modelgraph.codec.SchemaEncoder;
import io.modelgraph.codec.SchemaSyntaxException;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.SchemaModel;

/**
 * The {@code shex} format: ShExC (ShEx 2.1 compact syntax with the 2.2 {@code EXTENDS} and {@code ABSTRACT}) in both
 * directions. Stateless and thread-safe. The parser classes load on the first decode, not when the registry is
 * built, so a Lambda that never reads ShEx never pays for them.
 */
public final class ShexCodec implements SchemaDecoder, SchemaEncoder {
    public static final String FORMAT = "shex";
    /** The namespace of shape and predicate names the encoder invents for models that did not come from ShEx. */
    public static final String CM_NAMESPACE = ShexEncoding.CM;

    /** Holder idiom: the JVM loads and builds the reader on first use only. */
    private static final class Reader {
        static final ShexcReader INSTANCE = new ShexcReader();
    }

    @Override
    public String format() {
        return FORMAT;
    }

    @Override
    public SchemaModel decode(String text, CodecOptions options, LossinessLedger ledger)
            throws SchemaSyntaxException {
        ShexcReader.Parsed parsed = Reader.INSTANCE.read(text);
        return new ShexDecoding(parsed, ledger).decode(options.get("name").orElse(FORMAT));
    }

    @Override
    public String encode(SchemaModel model, CodecOptions options, LossinessLedger ledger) {
        LossinessLedger attempt = new LossinessLedger();
        try {
            String text = new ShexEncoding(model, attempt, true).encode();
            // the output must read back; carried shex.* facts edited in the graph could break that
            Reader.INSTANCE.read(text);
            ledger.addAll(attempt.entries());
            return text;
        } catch (SchemaSyntaxException | RuntimeException e) {
            ledger.drop("$", "the model's shex.* annotations do not form a readable ShEx schema (" + e.getMessage()
                    + "); they are left out and the schema is written from the model alone");
            return new ShexEncoding(model, ledger, false).encode();
        }
    }
}
