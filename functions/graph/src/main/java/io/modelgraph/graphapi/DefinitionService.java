package io.modelgraph.graphapi;

import io.modelgraph.api.ApiProblem;
import io.modelgraph.graph.DefaultMixins;
import io.modelgraph.graph.DefaultRelationGroups;
import io.modelgraph.graph.MixinColumn;
import io.modelgraph.graph.MixinDef;
import io.modelgraph.graph.NodeType;
import io.modelgraph.graph.RelationGroup;
import io.modelgraph.graph.store.GraphStore;
import io.modelgraph.graph.store.StoreConflictException;
import io.modelgraph.http.Body;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Custom relation groups and mixins (Admin); the defaults cannot be redefined. */
final class DefinitionService {
    static final int MAX_COLUMNS = 100;
    private static final List<String> MIXIN_TYPES = List.of(MixinDef.NORMAL, MixinDef.ATTRIBUTE, MixinDef.MULTI_LEVEL);

    private final GraphStore store;

    DefinitionService(GraphStore store) {
        this.store = store;
    }

    String createRelationGroup(String projectId, Body body, String subject) {
        String id = Inputs.idOrNew(body, "relationGroupId");
        if (DefaultRelationGroups.find(id).isPresent()) {
            throw ApiProblem.badRequest(body.at("relationGroupId"), "'" + id + "' is a default relation group.");
        }
        String label = Inputs.label(body, "label");
        RelationGroup group = new RelationGroup(id, label, types(body, "from"), types(body, "to"), true);
        try {
            store.createRelationGroup(projectId, group, subject);
        } catch (StoreConflictException e) {
            throw ApiProblem.badRequest(body.at("relationGroupId"), e.getMessage());
        }
        return id;
    }

    String createMixin(String projectId, Body body, String subject) {
        String id = Inputs.idOrNew(body, "Id");
        if (DefaultMixins.find(id).isPresent()) {
            throw ApiProblem.badRequest(body.at("Id"), "'" + id + "' is a default mixin.");
        }
        String label = Inputs.label(body, "label");
        String type = body.requiredString("type");
        if (!MIXIN_TYPES.contains(type)) {
            throw ApiProblem.badRequest(body.at("type"), "'" + Inputs.abbreviate(type) + "' is not a mixin type; use one of "
                    + MIXIN_TYPES + ".");
        }
        List<Body> entries = body.objects("columns");
        if (entries.isEmpty() || entries.size() > MAX_COLUMNS) {
            throw ApiProblem.badRequest(body.at("columns"), "'columns' must hold 1 to " + MAX_COLUMNS + " columns.");
        }
        List<MixinColumn> columns = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (Body c : entries) {
            io.modelgraph.http.KnownNames.requireKnownMembers(c, List.of("Id", "Label", "valueType"));
            String columnId = Inputs.requiredId(c, "Id");
            if (!seen.add(columnId)) {
                throw ApiProblem.badRequest(c.at("Id"), "Column '" + columnId + "' is defined twice.");
            }
            columns.add(new MixinColumn(columnId, Inputs.label(c, "Label"), c.string("valueType").orElse("any")));
        }
        try {
            store.createMixin(projectId, new MixinDef(id, label, type, columns, true), subject);
        } catch (StoreConflictException e) {
            throw ApiProblem.badRequest(body.at("Id"), e.getMessage());
        }
        return id;
    }

    private static Set<NodeType> types(Body body, String name) {
        List<String> names = body.stringList(name);
        if (names.isEmpty()) {
            throw ApiProblem.badRequest(body.at(name), "'" + name + "' must list at least one NodeType.");
        }
        Set<NodeType> out = EnumSet.noneOf(NodeType.class);
        for (int i = 0; i < names.size(); i++) {
            out.add(Inputs.nodeType(names.get(i), body.at(name) + "[" + i + "]"));
        }
        return out;
    }
}
