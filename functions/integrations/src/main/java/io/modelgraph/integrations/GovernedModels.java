package io.modelgraph.integrations;

import io.modelgraph.graph.GeneratedIds;
import io.modelgraph.graph.GraphAccess;
import io.modelgraph.graph.GraphChanges;
import io.modelgraph.graph.GraphSnapshot;
import io.modelgraph.graph.MainSpace;
import io.modelgraph.jobs.WriteBudget;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.graph.ModelGraphMapper;
import java.util.List;
import io.modelgraph.ledger.LossinessLedger;
import java.util.function.BiFunction;

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
    Written write(String projectId, List<String> spaces,
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
            GeneratedIds ids = new GeneratedIds();
            GraphChanges changes = mapper.toChanges(model, existing, target, ids);
            if (!changes.isEmpty()) {
                budget.admit(changes);
                held.apply(projectId, changes, subject, ids.all());
            }
            ledger.addAll(planned.entries());
            return new Written(merged, changes, existing);
        });
    }

    /** What {@link #write} did: the merge, the changes it applied and the graph they were applied over. */
    record Written(AdditiveMerge.Result merge, GraphChanges applied, GraphSnapshot before) {
    }

    /**
     * Takes back what {@code written} applied (an import whose later step failed): the inverse change set, written
     * all-or-nothing as the project's only large writer. A change another writer made to the same nodes in between
     * is overwritten with the image read before the import.
     */
    void undo(String projectId, Written written, String subject) {
        GraphChanges inverse = GraphUndo.of(written.applied(), written.before());
        if (inverse.isEmpty()) {
            return;
        }
        graph.exclusive(projectId, held -> {
            held.apply(projectId, inverse, subject);
            return Boolean.TRUE;
        });
    }
}
