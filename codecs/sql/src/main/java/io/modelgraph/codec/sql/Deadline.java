package io.modelgraph.codec.sql;

import io.modelgraph.codec.SchemaSyntaxException;

/** A bound on parsing time, so no script, however shaped, holds a Lambda longer than this. */
final class Deadline {
    static final long DEFAULT_MILLIS = 3_000;
    private final long endNanos;
    private int calls;

    Deadline(long millis) {
        this.endNanos = System.nanoTime() + millis * 1_000_000;
    }

    void check() throws SchemaSyntaxException {
        // reading the clock on every character would cost more than the parsing itself
        if ((++calls & 1023) == 0 && System.nanoTime() > endNanos) {
            throw new SchemaSyntaxException("$", "The script took too long to read; split it into smaller parts.");
        }
    }
}
