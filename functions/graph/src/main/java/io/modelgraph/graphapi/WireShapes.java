package io.modelgraph.graphapi;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.graph.MixinColumn;
import io.modelgraph.graph.MixinDef;
import io.modelgraph.graph.MixinValue;
import io.modelgraph.graph.Node;
import io.modelgraph.graph.NodeType;
import io.modelgraph.graph.Relation;
import io.modelgraph.graph.RelationGroup;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The wire shapes of docs/openapi-graph.yaml, spelled as the API spells them (Id, label, NodeType, ...). */
final class WireShapes {

    static Map<String, Object> node(Node n, List<Map<String, Object>> relations, List<Map<String, Object>> mixins) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("Id", n.id());
        out.put("label", n.label());
        out.put("NodeType", n.nodeType().name());
        out.put("spaceIds", n.spaceIds());
        out.put("relations", relations);
        out.put("mixins", mixins);
        out.put("createdAt", n.createdAt().toString());
        out.put("updatedAt", n.updatedAt().toString());
        out.put("createdBy", n.createdBy());
        out.put("updatedBy", n.updatedBy());
        return out;
    }

    static Map<String, Object> relation(Relation r) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("Id", r.id());
        out.put("fromNodeId", r.fromNodeId());
        out.put("toNodeId", r.toNodeId());
        out.put("relationGroupId", r.relationGroupId());
        out.put("value", null);
        return out;
    }

    /** A node's value of one mixin: only the columns that hold a value, in the mixin's column order. */
    static Map<String, Object> mixinValue(MixinDef def, MixinValue value) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("Id", def.id());
        out.put("label", def.label());
        out.put("type", def.type());
        List<Map<String, Object>> columns = new ArrayList<>();
        for (MixinColumn c : def.columns()) {
            JsonNode v = value.columns().get(c.id());
            if (v != null) {
                Map<String, Object> col = new LinkedHashMap<>();
                col.put("Id", c.id());
                col.put("label", c.label());
                col.put("value", v);
                columns.add(col);
            }
        }
        out.put("columns", columns);
        return out;
    }

    static Map<String, Object> relationGroup(RelationGroup g) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("label", g.label());
        out.put("relationGroupId", g.id());
        out.put("from", ordered(g.from()));
        out.put("to", ordered(g.to()));
        out.put("secondLevelFrom", null);
        out.put("secondLevelTo", null);
        out.put("custom", g.custom());
        return out;
    }

    static Map<String, Object> mixinInfo(MixinDef m) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("Id", m.id());
        out.put("label", m.label());
        out.put("type", m.type());
        List<Map<String, Object>> columns = new ArrayList<>();
        for (MixinColumn c : m.columns()) {
            Map<String, Object> col = new LinkedHashMap<>();
            col.put("Id", c.id());
            col.put("Label", c.label());
            col.put("valueType", c.valueType());
            columns.add(col);
        }
        out.put("columns", columns);
        out.put("custom", m.custom());
        return out;
    }

    private static List<String> ordered(Set<NodeType> types) {
        return Arrays.stream(NodeType.values()).filter(types::contains).map(Enum::name).toList();
    }

    private WireShapes() {
    }
}
