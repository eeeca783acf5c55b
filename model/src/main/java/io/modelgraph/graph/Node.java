package io.modelgraph.graph;

import java.time.Instant;
import java.util.List;

/** A stored node with its bookkeeping. {@code version} increments on every write (optimistic locking). */
public record Node(String id, String label, NodeType nodeType, List<String> spaceIds, Instant createdAt,
        Instant updatedAt, String createdBy, String updatedBy, boolean deleted, long version) {
    public Node {
        spaceIds = List.copyOf(spaceIds);
    }
}
