package io.modelgraph.exchange;

import io.modelgraph.graph.GeneratedIds;
import io.modelgraph.graph.GraphChanges;
import io.modelgraph.graph.GraphSnapshot;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.graph.ModelGraphMapper;
import java.util.List;

/** {@link ModelMapping} over common's {@link ModelGraphMapper}; nothing else maps the graph. New ids are GUIDs. */
public final class GraphModelMapping implements ModelMapping {
    private static final ModelGraphMapper MAPPER = new ModelGraphMapper();

    @Override
    public SchemaModel toModel(GraphSnapshot snapshot, String name) {
        return MAPPER.toModel(snapshot, name);
    }

    @Override
    public GraphChanges toChanges(SchemaModel model, GraphSnapshot existing, String spaceId, LossinessLedger ledger,
            GeneratedIds ids) {
        return MAPPER.toChanges(model, existing, List.of(spaceId), ids, ledger);
    }

    @Override
    public boolean holdsModelFacts(GraphSnapshot snapshot) {
        return MAPPER.holdsModelFacts(snapshot);
    }
}
