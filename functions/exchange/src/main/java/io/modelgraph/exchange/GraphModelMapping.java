package io.modelgraph.exchange;

import io.modelgraph.graph.GraphChanges;
import io.modelgraph.graph.GraphSnapshot;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.SchemaModel;

/** {@link ModelMapping} over common's ModelGraphMapper (branch {@code codecs}); nothing else maps the graph. */
public final class GraphModelMapping implements ModelMapping {
    @Override
    public SchemaModel toModel(GraphSnapshot snapshot, String spaceId, LossinessLedger ledger) {
        throw new UnsupportedOperationException("ModelGraphMapper (branch codecs) has not been merged yet");
    }

    @Override
    public GraphChanges toChanges(SchemaModel model, GraphSnapshot existing, String spaceId, LossinessLedger ledger) {
        throw new UnsupportedOperationException("ModelGraphMapper (branch codecs) has not been merged yet");
    }
}
