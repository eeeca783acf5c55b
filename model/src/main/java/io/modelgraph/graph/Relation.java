package io.modelgraph.graph;

/** A typed edge from one node to another; {@code relationGroupId} names its type. */
public record Relation(String id, String fromNodeId, String toNodeId, String relationGroupId) {
}
