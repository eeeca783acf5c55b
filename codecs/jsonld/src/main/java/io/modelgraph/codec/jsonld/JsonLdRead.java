package io.modelgraph.codec.jsonld;

import io.modelgraph.ledger.LossEntry;
import io.modelgraph.schema.SchemaModel;
import java.util.List;

/**
 * What a JSON-LD file gave: the model, the file's properties and classes the profile does not map (compacted
 * with the profile's prefixes, for the new-properties warning), and what the model could not hold.
 */
public record JsonLdRead(SchemaModel model, List<String> unmapped, List<LossEntry> losses) {
    public JsonLdRead {
        unmapped = List.copyOf(unmapped);
        losses = List.copyOf(losses);
    }
}
