package io.modelgraph.graph;

import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Relation groups every project has. Directions follow RDF usage: an Element's domain includes the
 * Types it belongs to; a subtype is SubClass Of its supertype; an Element's range includes the Type
 * or Taxonomy its values come from.
 */
public final class DefaultRelationGroups {
    public static final String DOMAIN_INCLUDES = "domain-includes";
    public static final String SUBCLASS_OF = "subclass-of";
    public static final String RANGE_INCLUDES = "range-includes";
    public static final String HAS_MEMBER = "has-member";
    public static final String TAGGED_WITH = "tagged-with";
    public static final String VIEW_INCLUDES = "view-includes";

    private static final Set<NodeType> MODEL = EnumSet.of(NodeType.Element, NodeType.Type, NodeType.Taxonomy,
            NodeType.Exemplar);

    public static final List<RelationGroup> ALL = List.of(
            new RelationGroup(DOMAIN_INCLUDES, "Domain Includes", Set.of(NodeType.Element), Set.of(NodeType.Type),
                    false),
            new RelationGroup(SUBCLASS_OF, "SubClass Of", Set.of(NodeType.Type), Set.of(NodeType.Type), false),
            new RelationGroup(RANGE_INCLUDES, "Range Includes", Set.of(NodeType.Element),
                    Set.of(NodeType.Type, NodeType.Taxonomy), false),
            new RelationGroup(HAS_MEMBER, "Has Member", Set.of(NodeType.Taxonomy),
                    Set.of(NodeType.Exemplar, NodeType.Taxonomy), false),
            new RelationGroup(TAGGED_WITH, "Tagged With", union(MODEL, NodeType.Component, NodeType.Space),
                    Set.of(NodeType.Tag), false),
            new RelationGroup(VIEW_INCLUDES, "View Includes", Set.of(NodeType.Component),
                    union(MODEL, NodeType.Tag, NodeType.Component), false));

    public static Optional<RelationGroup> find(String id) {
        return ALL.stream().filter(g -> g.id().equals(id)).findFirst();
    }

    private static Set<NodeType> union(Set<NodeType> base, NodeType... more) {
        EnumSet<NodeType> out = EnumSet.copyOf(base);
        out.addAll(List.of(more));
        return out;
    }

    private DefaultRelationGroups() {
    }
}
