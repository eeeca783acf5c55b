package io.modelgraph.transform;

import io.modelgraph.graph.GeneratedIds;
import io.modelgraph.graph.GraphAccess;
import io.modelgraph.graph.GraphChanges;
import io.modelgraph.graph.GraphSnapshot;
import io.modelgraph.graph.LabelCollisions;
import io.modelgraph.graph.MainSpace;
import io.modelgraph.jobs.WriteBudget;
import io.modelgraph.jobs.WriteRate;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.graph.store.GraphStore;
import io.modelgraph.graph.store.SpaceCheck;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.graph.ModelGraphMapper;
import java.util.List;

/**
 * The project's schema over the graph store: spaces loaded whole and read through {@link ModelGraphMapper};
 * writes planned by the mapper against what the spaces hold (so a re-import updates in place) and applied
 * all-or-nothing through {@link io.modelgraph.graph.GraphAccess}.
 */
final class GraphProjectModels implements ProjectModels {
    private final GraphStore graph;
    private final ModelGraphMapper mapper = new ModelGraphMapper();

    GraphProjectModels(GraphStore graph) {
        this.graph = graph;
    }

    @Override
    public SchemaModel read(String projectId, List<String> spaces) {
        // an unknown space is refused as on the /v1 routes, not read as an empty schema
        SpaceCheck.resolve(graph, projectId, spaces, "spaces");
        return mapper.toModel(graph.load(projectId, spaces));
    }

    @Override
    public SchemaModel readForExport(String projectId, List<String> spaces, LossinessLedger ledger) {
        SpaceCheck.resolve(graph, projectId, spaces, "spaces");
        LabelCollisions collisions = LabelCollisions.resolve(graph.load(projectId, spaces));
        collisions.renamed().forEach(r -> ledger.narrow(r.name(), r.describe()));
        return mapper.toModel(collisions.snapshot());
    }

    @Override
    public WriteSummary preview(String projectId, List<String> spaces, SchemaModel model, LossinessLedger ledger) {
        return summary(changes(graph, projectId, spaces, model, ledger, new GeneratedIds()));
    }

    @Override
    public WriteSummary write(String projectId, List<String> spaces, SchemaModel model, String subject,
            LossinessLedger ledger, WriteBudget budget) {
        // the decode may have used most of the request: a model the time left cannot plan and write is a job now
        budget.admitDecoded(WriteRate.definitions(model));
        // planned and written as the project's only large writer: an import sent twice at once plans the second
        // against the first's result (and writes nothing) instead of creating the model twice
        return graph.exclusive(projectId, access -> {
            LossinessLedger planned = new LossinessLedger(); // per attempt: a write re-planned reports once
            GeneratedIds ids = new GeneratedIds();
            GraphChanges changes = changes(access, projectId, spaces, model, planned, ids);
            if (!changes.isEmpty()) {
                budget.admit(changes); // before anything is written: too large for the time left becomes a job
                access.apply(projectId, changes, subject, ids.all());
            }
            ledger.addAll(planned.entries());
            return summary(changes);
        });
    }

    private GraphChanges changes(GraphAccess reader, String projectId, List<String> spaces, SchemaModel model,
            LossinessLedger ledger, GeneratedIds ids) {
        SpaceCheck.resolve(graph, projectId, spaces, "spaces");
        GraphSnapshot existing = reader.load(projectId, spaces);
        List<String> target = spaces.isEmpty() ? List.of(MainSpace.idFor(projectId)) : spaces;
        return mapper.toChanges(model, existing, target, ids, ledger);
    }

    private static WriteSummary summary(GraphChanges c) {
        return new WriteSummary(c.nodes().size(), c.relations().size(), c.mixinValues().size(),
                c.removedNodeIds().size(), c.removedRelations().size());
    }
}
