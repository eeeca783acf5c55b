package io.modelgraph.integrations;

import io.modelgraph.graph.GraphChanges;
import io.modelgraph.graph.GraphChanges.NodeUpsert;
import io.modelgraph.graph.GraphSnapshot;
import io.modelgraph.graph.MixinValue;
import io.modelgraph.graph.Node;
import io.modelgraph.graph.Relation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The change set that takes an applied change set back to the graph it was applied over: nodes it created are
 * removed, nodes it changed or removed get their earlier label, type and spaces, relations it added are removed and
 * those it removed put back, and every mixin value it wrote gets its earlier value (none: the value is removed).
 */
final class GraphUndo {
    private GraphUndo() {
    }

    static GraphChanges of(GraphChanges applied, GraphSnapshot before) {
        Map<String, Node> nodes = new HashMap<>();
        before.nodes().forEach(n -> nodes.put(n.id(), n));
        Map<String, MixinValue> values = new HashMap<>();
        before.mixinValues().forEach(v -> values.put(v.nodeId() + "#" + v.mixinId(), v));
        Set<String> relations = new LinkedHashSet<>();
        before.relations().forEach(r -> relations.add(r.fromNodeId() + "#" + r.id()));

        List<NodeUpsert> restored = new ArrayList<>();
        List<String> created = new ArrayList<>();
        for (NodeUpsert u : applied.nodes()) {
            Node was = nodes.get(u.id());
            if (was == null) {
                created.add(u.id());
            } else {
                restored.add(new NodeUpsert(was.id(), was.label(), was.nodeType(), was.spaceIds()));
            }
        }
        for (String id : applied.removedNodeIds()) {
            Node was = nodes.get(id);
            if (was != null) { // upserting a removed node's id makes it live again, its values carried over
                restored.add(new NodeUpsert(was.id(), was.label(), was.nodeType(), was.spaceIds()));
            }
        }
        Set<String> gone = Set.copyOf(created);
        List<MixinValue> earlier = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        for (MixinValue v : applied.mixinValues()) {
            String key = v.nodeId() + "#" + v.mixinId();
            if (gone.contains(v.nodeId()) || !seen.add(key)) {
                continue;
            }
            earlier.add(values.getOrDefault(key, new MixinValue(v.nodeId(), v.mixinId(), Map.of())));
        }
        List<Relation> added = applied.relations().stream()
                .filter(r -> !relations.contains(r.fromNodeId() + "#" + r.id())).toList();
        List<Relation> putBack = applied.removedRelations().stream()
                .filter(r -> relations.contains(r.fromNodeId() + "#" + r.id())).toList();
        return new GraphChanges(restored, putBack, earlier, created, added);
    }
}
