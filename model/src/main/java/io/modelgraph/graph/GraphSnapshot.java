package io.modelgraph.graph;

import java.util.List;

/** The live (not deleted) nodes of some spaces, the relations among them and their mixin values. */
public record GraphSnapshot(List<String> spaceIds, List<Node> nodes, List<Relation> relations,
        List<MixinValue> mixinValues) {
    public GraphSnapshot {
        spaceIds = List.copyOf(spaceIds);
        nodes = List.copyOf(nodes);
        relations = List.copyOf(relations);
        mixinValues = List.copyOf(mixinValues);
    }
}
