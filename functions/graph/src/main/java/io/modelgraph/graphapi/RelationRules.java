package io.modelgraph.graphapi;

import io.modelgraph.graph.Node;
import io.modelgraph.graph.NodeType;
import io.modelgraph.graph.RelationGroup;
import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/** Whether a relation group accepts two nodes, and if not, a message naming the group, the end and the type found. */
final class RelationRules {
    static Optional<String> mismatch(RelationGroup group, Node from, Node to) {
        if (!group.from().contains(from.nodeType())) {
            return Optional.of(describe(group, "From", from, group.from().toArray(NodeType[]::new)));
        }
        if (!group.to().contains(to.nodeType())) {
            return Optional.of(describe(group, "To", to, group.to().toArray(NodeType[]::new)));
        }
        return Optional.empty();
    }

    private static String describe(RelationGroup g, String end, Node node, NodeType[] accepted) {
        String list = Arrays.stream(NodeType.values()).filter(t -> Arrays.asList(accepted).contains(t))
                .map(Enum::name).collect(Collectors.joining(", "));
        return "Relation group '" + g.label() + "' (" + g.id() + ") does not accept node '" + node.id() + "' at its "
                + end + " end: it is a " + node.nodeType() + ", and the " + end + " end accepts " + list + ".";
    }

    private RelationRules() {
    }
}
