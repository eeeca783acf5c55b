package io.modelgraph.graph.store;

/**
 * A write would make an item larger than DynamoDB's cap (counted in UTF-8 bytes of the whole item, stored
 * columns merged with new ones). Nothing was written; the caller's input was too large, answered 413.
 * {@code path} names the input that made it too large, when the store knows it (else empty).
 */
public final class ItemTooLargeException extends RuntimeException {
    private final String path;

    public ItemTooLargeException(String path, String message) {
        super(message, null, false, false);
        this.path = path;
    }

    public String path() {
        return path;
    }
}
