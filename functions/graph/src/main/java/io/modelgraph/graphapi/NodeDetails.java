package io.modelgraph.graphapi;

import io.modelgraph.graph.MixinDef;
import io.modelgraph.graph.MixinValue;
import io.modelgraph.graph.Node;
import io.modelgraph.graph.Relation;
import io.modelgraph.graph.store.GraphKeys;
import io.modelgraph.graph.store.GraphStore;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Renders nodes with the relations and mixin values a fetch asked for. A relation is shown only while
 * its other end is live (soft-deleted nodes hide their relations) and, unless all spaces were asked
 * for, only when the other end is in one of the searched spaces.
 */
final class NodeDetails {
    private final GraphStore store;
    private final String projectId;

    NodeDetails(GraphStore store, String projectId) {
        this.store = store;
        this.projectId = projectId;
    }

    /** {@code spaces} empty means relations from every space. */
    List<Map<String, Object>> render(List<Node> nodes, boolean addRelations, boolean addMixins, Set<String> spaces) {
        Map<String, MixinDef> mixins = addMixins ? Catalog.load(store, projectId).mixins() : Map.of();
        // values live in the node items: one BatchGetItem for the page (index pages may come from space copies,
        // which carry no values)
        Map<String, List<MixinValue>> values = addMixins
                ? store.mixinValues(projectId, nodes.stream().map(Node::id).toList()) : Map.of();
        List<Map<String, Object>> out = new ArrayList<>();
        for (Node n : nodes) {
            out.add(WireShapes.node(n, addRelations ? relations(n, spaces) : List.of(),
                    addMixins ? mixins(values.getOrDefault(n.id(), List.of()), mixins) : List.of()));
        }
        return out;
    }

    private List<Map<String, Object>> relations(Node node, Set<String> spaces) {
        Map<String, Relation> all = new LinkedHashMap<>();
        for (Relation r : store.outgoing(projectId, node.id())) {
            all.put(GraphKeys.relationSk(r.fromNodeId(), r.id()), r);
        }
        for (Relation r : store.incoming(projectId, node.id())) {
            all.putIfAbsent(GraphKeys.relationSk(r.fromNodeId(), r.id()), r);
        }
        Set<String> others = new HashSet<>();
        all.values().forEach(r -> others.add(other(r, node.id())));
        Map<String, Node> ends = others.isEmpty() ? Map.of() : store.nodes(projectId, others);
        List<Map<String, Object>> out = new ArrayList<>();
        for (Relation r : all.values()) {
            Optional<Node> end = Optional.ofNullable(ends.get(other(r, node.id())));
            if (end.isPresent() && !end.get().deleted()
                    && (spaces.isEmpty() || end.get().spaceIds().stream().anyMatch(spaces::contains))) {
                out.add(WireShapes.relation(r));
            }
        }
        return out;
    }

    private static String other(Relation r, String nodeId) {
        return r.fromNodeId().equals(nodeId) ? r.toNodeId() : r.fromNodeId();
    }

    private static List<Map<String, Object>> mixins(List<MixinValue> values, Map<String, MixinDef> defs) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (MixinValue v : values) {
            MixinDef def = defs.get(v.mixinId());
            if (def != null) {
                Map<String, Object> shaped = WireShapes.mixinValue(def, v);
                if (!((List<?>) shaped.get("columns")).isEmpty()) {
                    out.add(shaped);
                }
            }
        }
        return out;
    }
}
