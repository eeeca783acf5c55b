package io.modelgraph.graph.store;

import io.modelgraph.graph.Node;
import io.modelgraph.store.Tables;

/** The three orders fetchNodes sorts by, each backed by its own index over the same partitions. */
public enum NodeOrder {
    LABEL(Tables.INDEX_TYPE_LABEL, Tables.LABEL_SK),
    CREATED(Tables.INDEX_TYPE_CREATED, Tables.CREATED_SK),
    UPDATED(Tables.INDEX_TYPE_UPDATED, Tables.UPDATED_SK);

    private final String index;
    private final String attribute;

    NodeOrder(String index, String attribute) {
        this.index = index;
        this.attribute = attribute;
    }

    public String index() {
        return index;
    }

    public String attribute() {
        return attribute;
    }

    /** The node's key in this order; equal to what the index holds, so in-memory sorts agree with index order. */
    public String keyOf(Node node) {
        switch (this) {
            case LABEL:
                return GraphKeys.labelKey(node.label(), node.id());
            case CREATED:
                return GraphKeys.timeKey(node.createdAt().toEpochMilli(), node.id());
            default:
                return GraphKeys.timeKey(node.updatedAt().toEpochMilli(), node.id());
        }
    }
}
