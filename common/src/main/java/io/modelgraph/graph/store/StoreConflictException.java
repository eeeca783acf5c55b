package io.modelgraph.graph.store;

/**
 * A conditional write lost: the item already existed, was gone, or changed under us more often than we
 * retry. Services turn it into a logical error that names the item; it is never the caller's data loss.
 */
public final class StoreConflictException extends RuntimeException {
    private final boolean retryable;
    private final java.util.Optional<String> member;

    public StoreConflictException(String message) {
        this(message, false, java.util.Optional.empty());
    }

    private StoreConflictException(String message, boolean retryable, java.util.Optional<String> member) {
        super(message, null, false, false);
        this.retryable = retryable;
        this.member = member;
    }

    /** A lost write whose cause is the item one request member names (an end node deleted meanwhile). */
    public static StoreConflictException about(String member, String message) {
        return new StoreConflictException(message, false, java.util.Optional.of(member));
    }

    /** The request member whose item the write lost to, when one is. */
    public java.util.Optional<String> member() {
        return member;
    }

    /** Another writer holds the project or won a race: the same request can succeed later (HTTP 409). */
    public static StoreConflictException busy(String message) {
        return new StoreConflictException(message, true, java.util.Optional.empty());
    }

    /** True when nothing is wrong with the request itself and retrying it later can succeed. */
    public boolean retryable() {
        return retryable;
    }
}
