package io.modelgraph.graphapi;

import io.modelgraph.api.ApiProblem;
import io.modelgraph.graph.MixinDef;
import io.modelgraph.graph.MixinValue;
import io.modelgraph.graph.store.GraphStore;
import io.modelgraph.graph.store.StoreConflictException;
import io.modelgraph.http.Body;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/** Set and remove mixin column values on live nodes. */
final class MixinService {
    private final GraphStore store;
    private final NodeService nodes;

    MixinService(GraphStore store, NodeService nodes) {
        this.store = store;
        this.nodes = nodes;
    }

    void set(String projectId, Body body, String subject) {
        MixinValue value = MixinInput.read(body, Catalog.load(store, projectId));
        nodes.live(projectId, value.nodeId(), body.at("targetNodeId"));
        try {
            store.setMixinColumns(projectId, value.nodeId(), value.mixinId(), value.columns(), subject);
        } catch (StoreConflictException e) {
            throw ApiProblem.notFound(body.at("targetNodeId"), e.getMessage());
        }
    }

    void remove(String projectId, Body body, String subject) {
        String nodeId = Inputs.requiredId(body, "targetNodeId");
        MixinDef def = MixinInput.mixin(body, Catalog.load(store, projectId));
        List<String> columns = body.stringList("mixinColumnIds");
        if (columns.isEmpty()) {
            throw ApiProblem.badRequest(body.at("mixinColumnIds"), "'mixinColumnIds' must list at least one column id.");
        }
        for (int i = 0; i < columns.size(); i++) {
            if (def.column(columns.get(i)).isEmpty()) {
                throw ApiProblem.badRequest(body.at("mixinColumnIds") + "[" + i + "]",
                        MixinInput.unknownColumn(def, columns.get(i)));
            }
        }
        nodes.live(projectId, nodeId, body.at("targetNodeId"));
        if (!store.removeMixinColumns(projectId, nodeId, def.id(), new ArrayList<>(new LinkedHashSet<>(columns)),
                subject)) {
            throw ApiProblem.notFound(body.at("mixinId"), "Node '" + nodeId + "' has no value of mixin '" + def.id()
                    + "'.");
        }
    }
}
