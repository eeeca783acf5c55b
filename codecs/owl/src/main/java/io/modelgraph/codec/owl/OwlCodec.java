package io.modelgraph.codec.owl;

import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.SchemaDecoder;
import io.modelgraph.codec.SchemaEncoder;
import io.modelgraph.codec.SchemaSyntaxException;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.SchemaModel;

/**
 * The {@code owl} format key: OWL 2 ontologies in Turtle or RDF/XML (detected from the content), written back as
 * Turtle. RDF4J classes load on the first call, not when the registry is built.
 */
public final class OwlCodec implements SchemaDecoder, SchemaEncoder {
    public static final String FORMAT = OwlDecoding.FORMAT;

    @Override
    public String format() {
        return FORMAT;
    }

    @Override
    public SchemaModel decode(String text, CodecOptions options, LossinessLedger ledger) throws SchemaSyntaxException {
        return new OwlDecoding(OwlParsing.parse(text), ledger).decode();
    }

    @Override
    public String encode(SchemaModel model, CodecOptions options, LossinessLedger ledger) {
        return new OwlEncoding(ledger).encode(model);
    }
}
