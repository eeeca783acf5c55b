package io.modelgraph.codec;

import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.SchemaModel;

/** Writes the canonical model in one format, writing to the ledger whatever the format cannot carry. */
public interface SchemaEncoder {
    String format();

    String encode(SchemaModel model, CodecOptions options, LossinessLedger ledger);
}
