package io.modelgraph.graph;

import java.util.List;

/**
 * What the schema surfaces (exchange, transform, integrations) need from the graph: read spaces whole,
 * apply a change set. Implemented over DynamoDB by the graph store; nothing else reads the graph for schemas.
 */
public interface GraphAccess {
    /** Live nodes of the given spaces (the main space when empty), their relations and mixin values. */
    GraphSnapshot load(String projectId, List<String> spaceIds);

    /** Applies the changes all-or-nothing as {@code subject}; ensures the main space exists first. */
    void apply(String projectId, GraphChanges changes, String subject);
}
