package io.modelgraph.exchange.merge;

import io.modelgraph.ledger.LossEntry;
import io.modelgraph.schema.SchemaModel;
import java.util.List;

/** One merged file read through a profile: its model, the properties the profile does not map, and the losses. */
public record DecodedFile(SchemaModel model, List<String> unmapped, List<LossEntry> losses) {
    public DecodedFile {
        unmapped = List.copyOf(unmapped);
        losses = List.copyOf(losses);
    }
}
