package io.modelgraph.schema.graph;

import io.modelgraph.graph.GraphChanges;
import io.modelgraph.graph.GraphSnapshot;
import io.modelgraph.graph.MixinValue;
import io.modelgraph.graph.Node;
import io.modelgraph.graph.Relation;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Applies a change set to a snapshot in memory, with the store's semantics as the mapper assumes them: node
 * upserts replace label, type and spaces (keeping creation facts); a mixin value replaces the node's value for
 * that mixin and empty columns remove it; removed nodes take their relations and mixin values with them.
 * Used for dry runs and to check the mapping; it is not the store.
 */
public final class SnapshotReplay {
    public static GraphSnapshot apply(GraphSnapshot before, GraphChanges changes, String subject, Instant at) {
        Map<String, Node> nodes = new LinkedHashMap<>();
        before.nodes().forEach(n -> nodes.put(n.id(), n));
        for (GraphChanges.NodeUpsert u : changes.nodes()) {
            Node old = nodes.get(u.id());
            nodes.put(u.id(), old == null
                    ? new Node(u.id(), u.label(), u.nodeType(), u.spaceIds(), at, at, subject, subject, false, 1)
                    : new Node(u.id(), u.label(), u.nodeType(), u.spaceIds(), old.createdAt(), at, old.createdBy(),
                            subject, false, old.version() + 1));
        }
        Set<String> removed = Set.copyOf(changes.removedNodeIds());
        removed.forEach(nodes::remove);

        Set<String> droppedRelations = changes.removedRelations().stream().map(Relation::id)
                .collect(Collectors.toSet());
        List<Relation> relations = new ArrayList<>();
        for (Relation r : before.relations()) {
            if (!droppedRelations.contains(r.id()) && !removed.contains(r.fromNodeId())
                    && !removed.contains(r.toNodeId())) {
                relations.add(r);
            }
        }
        relations.addAll(changes.relations());

        Map<String, MixinValue> values = new LinkedHashMap<>();
        before.mixinValues().forEach(v -> values.put(v.nodeId() + "\u0000" + v.mixinId(), v));
        for (MixinValue v : changes.mixinValues()) {
            String key = v.nodeId() + "\u0000" + v.mixinId();
            if (v.columns().isEmpty()) {
                values.remove(key);
            } else {
                values.put(key, v);
            }
        }
        values.values().removeIf(v -> removed.contains(v.nodeId()));
        return new GraphSnapshot(before.spaceIds(), new ArrayList<>(nodes.values()), relations,
                new ArrayList<>(values.values()));
    }

    private SnapshotReplay() {
    }
}
