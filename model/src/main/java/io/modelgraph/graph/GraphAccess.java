package io.modelgraph.graph;

import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * What the schema surfaces (exchange, transform, integrations) need from the graph: read spaces whole,
 * apply a change set. Implemented over DynamoDB by the graph store; nothing else reads the graph for schemas.
 */
public interface GraphAccess {
    /** Live nodes of the given spaces (the main space when empty), their relations and mixin values. */
    GraphSnapshot load(String projectId, List<String> spaceIds);

    /** Applies the changes all-or-nothing as {@code subject}; ensures the main space exists first. */
    default void apply(String projectId, GraphChanges changes, String subject) {
        apply(projectId, changes, subject, Set.of());
    }

    /**
     * As above; {@code generatedIds} are node and relation ids of the changes that the caller generated as fresh
     * GUIDs ({@link GeneratedIds}): no stored item can have a key made of one, so the store does not read those keys
     * before writing them (docs/graph.md "Large writes").
     */
    void apply(String projectId, GraphChanges changes, String subject, Set<String> generatedIds);

    /**
     * Runs {@code write} - its reads, its planning and its {@link #apply} through the access it is given - as the
     * project's only large writer (docs/graph.md "Large writes"): two imports or merges of one project never plan
     * against the same state, so sent together they end as if sent one after the other. {@code write} runs a
     * second time, planning against the other writer's result, when the project changed between its reads and its
     * {@code apply}: it must do nothing before its {@code apply} that it cannot do twice. Another writer holding
     * the project is waited for a few seconds, then the call is refused with a conflict that says to send it again.
     */
    <T> T exclusive(String projectId, Function<GraphAccess, T> write);
}
