package io.modelgraph.exchange.merge;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.graph.GraphChanges;
import io.modelgraph.graph.GraphSnapshot;
import io.modelgraph.graph.MixinValue;
import io.modelgraph.graph.Node;
import io.modelgraph.graph.NodeType;
import io.modelgraph.graph.Relation;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Counts what a change set does to a space, in model nodes (Types, Elements, Taxonomies, Exemplars): added,
 * updated (label, type, spaces, a mixin value or a relation actually differs), removed, unchanged. An upsert that
 * writes what is already there counts as unchanged, so a repeated merge of the same file reports no updates.
 */
public record DiffCount(int added, int updated, int removed, int unchanged, int relationsAdded,
        int relationsRemoved, List<Map<String, String>> updatedNodes, List<Map<String, String>> removedNodes) {

    public DiffCount {
        updatedNodes = List.copyOf(updatedNodes);
        removedNodes = List.copyOf(removedNodes);
    }

    private static final Set<NodeType> MODEL = EnumSet.of(NodeType.Type, NodeType.Element, NodeType.Taxonomy,
            NodeType.Exemplar);

    public boolean touchesExisting() {
        return updated > 0 || removed > 0;
    }

    public boolean changesAnything() {
        return added > 0 || updated > 0 || removed > 0 || relationsAdded > 0 || relationsRemoved > 0;
    }

    public static DiffCount of(GraphSnapshot before, GraphChanges changes) {
        Map<String, Node> nodes = new HashMap<>();
        before.nodes().forEach(n -> nodes.put(n.id(), n));
        Map<String, Map<String, JsonNode>> values = new HashMap<>();
        before.mixinValues().forEach(v -> values.put(v.nodeId() + "#" + v.mixinId(), v.columns()));
        Set<String> relations = new HashSet<>();
        before.relations().forEach(r -> relations.add(key(r)));

        Set<String> added = new HashSet<>();
        Set<String> updated = new HashSet<>();
        for (GraphChanges.NodeUpsert u : changes.nodes()) {
            Node old = nodes.get(u.id());
            if (old == null) {
                added.add(u.id());
            } else if (!old.label().equals(u.label()) || old.nodeType() != u.nodeType()
                    || (!u.spaceIds().isEmpty() && !Set.copyOf(old.spaceIds()).equals(Set.copyOf(u.spaceIds())))) {
                updated.add(u.id());
            }
        }
        for (MixinValue v : changes.mixinValues()) {
            Map<String, JsonNode> old = values.getOrDefault(v.nodeId() + "#" + v.mixinId(), Map.of());
            // a value replaces the stored one, so a stored column it does not carry is a change too
            boolean differs = v.columns().entrySet().stream()
                    .anyMatch(c -> !sameValue(old.get(c.getKey()), c.getValue()))
                    || old.entrySet().stream().anyMatch(c -> !v.columns().containsKey(c.getKey())
                            && c.getValue() != null && !c.getValue().isNull());
            if (differs && nodes.containsKey(v.nodeId())) {
                updated.add(v.nodeId());
            }
        }
        int relationsAdded = 0;
        for (Relation r : changes.relations()) {
            if (!relations.contains(key(r))) {
                relationsAdded++;
                if (nodes.containsKey(r.fromNodeId())) {
                    updated.add(r.fromNodeId());
                }
            }
        }
        Set<String> removed = new HashSet<>(changes.removedNodeIds());
        for (Relation r : changes.removedRelations()) {
            if (nodes.containsKey(r.fromNodeId()) && !removed.contains(r.fromNodeId())) {
                updated.add(r.fromNodeId());
            }
        }
        updated.removeAll(added);
        updated.removeAll(removed);
        int unchanged = 0;
        int updatedModel = 0;
        int removedModel = 0;
        List<Map<String, String>> updatedNodes = new ArrayList<>();
        List<Map<String, String>> removedNodes = new ArrayList<>();
        for (Node n : before.nodes()) {
            if (!MODEL.contains(n.nodeType())) {
                continue;
            }
            if (removed.contains(n.id())) {
                removedModel++;
                removedNodes.add(describe(n));
            } else if (updated.contains(n.id())) {
                updatedModel++;
                updatedNodes.add(describe(n));
            } else {
                unchanged++;
            }
        }
        int addedModel = (int) changes.nodes().stream()
                .filter(u -> added.contains(u.id()) && MODEL.contains(u.nodeType())).map(u -> u.id()).distinct().count();
        return new DiffCount(addedModel, updatedModel, removedModel, unchanged, relationsAdded,
                changes.removedRelations().size(), updatedNodes, removedNodes);
    }

    private static Map<String, String> describe(Node n) {
        Map<String, String> out = new java.util.LinkedHashMap<>();
        out.put("Id", n.id());
        out.put("label", n.label());
        out.put("NodeType", n.nodeType().name());
        return out;
    }

    /** "Order (Type, id …), total (Element, id …)": the nodes a warning is about, by label and id. */
    static String names(List<Map<String, String>> nodes) {
        return String.join(", ", nodes.stream().map(n -> "'" + n.get("label") + "' (" + n.get("NodeType") + " "
                + n.get("Id") + ")").toList());
    }

    private static boolean sameValue(JsonNode a, JsonNode b) {
        if (a == null || a.isNull()) {
            return b == null || b.isNull();
        }
        if (a.isNumber() && b != null && b.isNumber()) {
            return a.decimalValue().compareTo(b.decimalValue()) == 0;
        }
        return Objects.equals(a, b);
    }

    private static String key(Relation r) {
        return r.fromNodeId() + "|" + r.relationGroupId() + "|" + r.toNodeId();
    }

}
