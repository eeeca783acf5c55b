package io.modelgraph.graph;

import java.util.List;

/**
 * A set of writes applied to a project as one unit: validated whole, then written, so a caller never
 * sees half of it. Node upserts carry id, label, type and spaces; bookkeeping fields are set by the store.
 * A mixin value replaces the node's value of that mixin: a column it does not carry is cleared, and a value
 * with no columns removes the mixin from the node (the change planner writes what the model says, whole).
 */
public record GraphChanges(List<NodeUpsert> nodes, List<Relation> relations, List<MixinValue> mixinValues,
        List<String> removedNodeIds, List<Relation> removedRelations) {

    public record NodeUpsert(String id, String label, NodeType nodeType, List<String> spaceIds) {
        public NodeUpsert {
            spaceIds = List.copyOf(spaceIds);
        }
    }

    public GraphChanges {
        nodes = List.copyOf(nodes);
        relations = List.copyOf(relations);
        mixinValues = List.copyOf(mixinValues);
        removedNodeIds = List.copyOf(removedNodeIds);
        removedRelations = List.copyOf(removedRelations);
    }

    public static GraphChanges additions(List<NodeUpsert> nodes, List<Relation> relations, List<MixinValue> values) {
        return new GraphChanges(nodes, relations, values, List.of(), List.of());
    }

    public boolean isEmpty() {
        return nodes.isEmpty() && relations.isEmpty() && mixinValues.isEmpty() && removedNodeIds.isEmpty()
                && removedRelations.isEmpty();
    }
}
