package io.modelgraph.graph;

import java.util.HashSet;
import java.util.Set;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * New node and relation ids for a change planner: fresh GUIDs, each remembered, so the write can tell the store
 * which keys nobody else can have written ({@link GraphAccess#apply(String, GraphChanges, String, Set)}). One per
 * planning attempt; not shared between threads.
 */
public final class GeneratedIds implements Supplier<String> {
    private final Set<String> handedOut = new HashSet<>();

    @Override
    public String get() {
        String id = UUID.randomUUID().toString();
        handedOut.add(id);
        return id;
    }

    /** Every id handed out so far. */
    public Set<String> all() {
        return Set.copyOf(handedOut);
    }
}
