package io.modelgraph.exchange;

import io.modelgraph.graph.GeneratedIds;
import io.modelgraph.graph.GraphChanges;
import io.modelgraph.graph.GraphSnapshot;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.SchemaModel;

/**
 * The graph ↔ canonical model mapping this module uses. It is a seam, not a second mapping: the one
 * implementation delegates to common's {@code ModelGraphMapper} (see {@link GraphModelMapping}).
 */
public interface ModelMapping {
    /** The canonical model held by a loaded space, named {@code name}. */
    SchemaModel toModel(GraphSnapshot snapshot, String name);

    /**
     * The changes that make the space hold {@code model}, updating existing nodes in place. Model-level facts a
     * different model cannot store in the space go to {@code ledger}; the new nodes' and relations' ids come from
     * {@code ids}, so the write can pass them to the store as generated
     * ({@link io.modelgraph.graph.GraphAccess#apply(String, GraphChanges, String, java.util.Set)}).
     */
    GraphChanges toChanges(SchemaModel model, GraphSnapshot existing, String spaceId, LossinessLedger ledger,
            GeneratedIds ids);

    /** Whether the snapshot holds a model node (model-level facts written by an import or merge). */
    boolean holdsModelFacts(GraphSnapshot snapshot);
}
