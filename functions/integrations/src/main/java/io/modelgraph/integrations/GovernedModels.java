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
import java.util.function.BiFunction;
import io.modelgraph.ledger.LossinessLedger;

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
     * Reads the governed model of the spaces, merges {@code merge} of it and writes the result over what the spaces
     * hold, all as the project's only large writer (see {@link GraphAccess#exclusive}): two imports sent at once
     * end as if sent one after the other, each merged over the other's result. Answers the merge. A change set
     * that does not fit the time {@code budget} has left is not started ({@link io.modelgraph.jobs.WriteDeferred}:
     * the import becomes a job; nothing is written).
     */
    AdditiveMerge.Result write(String projectId, List<String> spaces,
            BiFunction<SchemaModel, LossinessLedger, AdditiveMerge.Result> merge, LossinessLedger ledger,
            String subject, WriteBudget budget) {
        return graph.exclusive(projectId, held -> {
            GraphSnapshot existing = held.load(projectId, spaces);
            LossinessLedger planned = new LossinessLedger(); // per attempt: a write re-planned reports once
            AdditiveMerge.Result merged = merge.apply(mapper.toModel(existing), planned);
            SchemaModel model = merged.merged();
            // reading the dictionary and the governed model may have used most of the request: plan only what fits
            budget.admitDecoded(io.modelgraph.jobs.WriteRate.definitions(model));
            List<String> target = spaces.isEmpty() ? List.of(MainSpace.idFor(projectId)) : spaces;
            GraphChanges changes = mapper.toChanges(model, existing, target, () -> UUID.randomUUID().toString());
            if (!changes.isEmpty()) {
                budget.admit(changes);
                held.apply(projectId, changes, subject);
            }
            ledger.addAll(planned.entries());
            return merged;
        });
    }
}
