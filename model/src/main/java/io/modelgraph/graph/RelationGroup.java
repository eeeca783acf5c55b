package io.modelgraph.graph;

import java.util.Set;

/** A relation type: which node types may stand at each end. */
public record RelationGroup(String id, String label, Set<NodeType> from, Set<NodeType> to, boolean custom) {
    public RelationGroup {
        from = Set.copyOf(from);
        to = Set.copyOf(to);
    }

    public boolean accepts(NodeType fromType, NodeType toType) {
        return from.contains(fromType) && to.contains(toType);
    }
}
