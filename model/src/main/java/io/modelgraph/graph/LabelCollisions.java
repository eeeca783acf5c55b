package io.modelgraph.graph;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Gives every Type and Taxonomy of a snapshot a distinct name before it is mapped to a schema, where names are
 * keys ({@code $defs}, classes). The API lets two Types share a label (a create only warns); mapping them by
 * label would merge or drop one. The scheme, stable while the colliding nodes exist: the oldest node (creation
 * time, then id) keeps its label; each other one is named {@code <label>_<first 8 characters of its id>}
 * (the whole id if that is taken too). Every rename is listed so the answer can report it.
 */
public record LabelCollisions(GraphSnapshot snapshot, List<Renamed> renamed, Map<String, String> names) {

    /** A node exported under another name than its label. */
    public record Renamed(String nodeId, NodeType nodeType, String label, String name) {
        public String describe() {
            return nodeType + " '" + label + "' (node " + nodeId + ") is exported as '" + name + "': another "
                    + "Type or Taxonomy has the same label.";
        }
    }

    public LabelCollisions {
        renamed = List.copyOf(renamed);
        names = Map.copyOf(names);
    }

    public static LabelCollisions resolve(GraphSnapshot snapshot) {
        Map<String, List<Node>> byLabel = new LinkedHashMap<>();
        Set<String> taken = new HashSet<>();
        for (Node n : snapshot.nodes()) {
            if (!n.deleted() && (n.nodeType() == NodeType.Type || n.nodeType() == NodeType.Taxonomy)) {
                byLabel.computeIfAbsent(n.label(), k -> new ArrayList<>()).add(n);
                taken.add(n.label());
            }
        }
        Map<String, String> names = new LinkedHashMap<>();
        List<Renamed> renamed = new ArrayList<>();
        for (List<Node> group : byLabel.values()) {
            group.sort(Comparator.comparing(Node::createdAt).thenComparing(Node::id));
            names.put(group.get(0).id(), group.get(0).label());
            for (Node n : group.subList(1, group.size())) {
                String name = n.label() + "_" + n.id().substring(0, Math.min(8, n.id().length()));
                if (taken.contains(name)) {
                    name = n.label() + "_" + n.id();
                }
                taken.add(name);
                names.put(n.id(), name);
                renamed.add(new Renamed(n.id(), n.nodeType(), n.label(), name));
            }
        }
        if (renamed.isEmpty()) {
            return new LabelCollisions(snapshot, List.of(), names);
        }
        List<Node> nodes = new ArrayList<>();
        for (Node n : snapshot.nodes()) {
            String name = names.get(n.id());
            nodes.add(name == null || name.equals(n.label()) ? n : new Node(n.id(), name, n.nodeType(), n.spaceIds(),
                    n.createdAt(), n.updatedAt(), n.createdBy(), n.updatedBy(), n.deleted(), n.version()));
        }
        return new LabelCollisions(new GraphSnapshot(snapshot.spaceIds(), nodes, snapshot.relations(),
                snapshot.mixinValues()), renamed, names);
    }

    /** The name a Type or Taxonomy is exported under; any other node keeps its label. */
    public String nameOf(Node node) {
        return names.getOrDefault(node.id(), node.label());
    }
}
