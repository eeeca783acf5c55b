package io.modelgraph.codec.linkml;

import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.SchemaDecoder;
import io.modelgraph.codec.SchemaEncoder;
import io.modelgraph.codec.SchemaSyntaxException;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.SchemaModel;

/**
 * The {@code linkml} format key: LinkML YAML schemas. A request may carry the schemas its {@code imports} name as
 * further YAML documents after the first; {@code linkml:types} is bundled. The YAML mapper and the bundled
 * types load on first use, not when the registry is built.
 */
public final class LinkMlCodec implements SchemaDecoder, SchemaEncoder {
    public static final String FORMAT = LinkMlDecoding.FORMAT;

    @Override
    public String format() {
        return FORMAT;
    }

    @Override
    public SchemaModel decode(String text, CodecOptions options, LossinessLedger ledger) throws SchemaSyntaxException {
        return new LinkMlDecoding(ledger).decode(LinkMlYaml.read(text));
    }

    @Override
    public String encode(SchemaModel model, CodecOptions options, LossinessLedger ledger) {
        return new LinkMlEncoding(ledger).encode(model);
    }
}
