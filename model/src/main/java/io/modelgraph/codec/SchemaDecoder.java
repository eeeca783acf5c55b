package io.modelgraph.codec;

import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.SchemaModel;

/** Reads one format into the canonical model, writing to the ledger whatever it cannot carry. */
public interface SchemaDecoder {
    /** The format key, such as {@code jsonschema}. */
    String format();

    SchemaModel decode(String text, CodecOptions options, LossinessLedger ledger) throws SchemaSyntaxException;
}
