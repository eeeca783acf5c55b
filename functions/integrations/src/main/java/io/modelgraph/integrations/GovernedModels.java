package io.modelgraph.integrations;

import io.modelgraph.graph.GraphAccess;
import io.modelgraph.graph.GraphChanges;
import io.modelgraph.graph.GraphSnapshot;
import io.modelgraph.graph.MainSpace;
import io.modelgraph.jobs.WriteBudget;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.graph.ModelGraphMapper;
import java.util.List;
import java.util.UUID;

/** The governed model of a project's spaces, read whole and written back all-or-nothing through the graph. */
final class GovernedModels {
    private final GraphAccess graph;
    private final ModelGraphMapper mapper = new ModelGraphMapper();

    GovernedModels(GraphAccess graph) {
        this.graph = graph;
    }

    SchemaModel read(String projectId, List<String> spaces) {
        return mapper.toModel(graph.load(projectId, spaces));
    }

    /**
     * Writes the model over what the spaces hold; answers how many nodes the change set touches. A change set that
     * does not fit the time {@code budget} has left is not started ({@link io.modelgraph.jobs.WriteDeferred}: the
     * import becomes a job; nothing is written).
     */
    int write(String projectId, List<String> spaces, SchemaModel model, String subject, WriteBudget budget) {
        // reading the dictionary and the governed model may have used most of the request: plan only what fits
        budget.admitDecoded(io.modelgraph.jobs.WriteRate.definitions(model));
        GraphSnapshot existing = graph.load(projectId, spaces);
        List<String> target = spaces.isEmpty() ? List.of(MainSpace.idFor(projectId)) : spaces;
        GraphChanges changes = mapper.toChanges(model, existing, target, () -> UUID.randomUUID().toString());
        if (!changes.isEmpty()) {
            budget.admit(changes);
            graph.apply(projectId, changes, subject);
        }
        return changes.nodes().size();
    }
}
