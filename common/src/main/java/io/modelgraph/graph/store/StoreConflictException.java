package io.modelgraph.graph.store;

/**
 * A conditional write lost: the item already existed, was gone, or changed under us more often than we
 * retry. Services turn it into a logical error that names the item; it is never the caller's data loss.
 */
public final class StoreConflictException extends RuntimeException {
    private final boolean retryable;

    public StoreConflictException(String message) {
        this(message, false);
    }

    private StoreConflictException(String message, boolean retryable) {
        super(message, null, false, false);
        this.retryable = retryable;
    }

    /** Another writer holds the project or won a race: the same request can succeed later (HTTP 409). */
    public static StoreConflictException busy(String message) {
        return new StoreConflictException(message, true);
    }

    /** True when nothing is wrong with the request itself and retrying it later can succeed. */
    public boolean retryable() {
        return retryable;
    }
}
