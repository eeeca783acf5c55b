package io.modelgraph.graph.store;

import io.modelgraph.graph.Node;

/** One node as an index returned it, with its sort key in that index (the paging position). */
public record IndexEntry(String key, Node node) {
}
