package io.modelgraph.graph.store;

/**
 * A conditional write lost: the item already existed, was gone, or changed under us more often than we
 * retry. Services turn it into a logical error that names the item; it is never the caller's data loss.
 */
public final class StoreConflictException extends RuntimeException {
    public StoreConflictException(String message) {
        super(message, null, false, false);
    }
}
