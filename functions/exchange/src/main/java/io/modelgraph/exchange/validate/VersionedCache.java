package io.modelgraph.exchange.validate;

import java.util.Optional;
import java.util.function.ToLongFunction;

/**
 * Per-container values derived from a project (a prepared validator, an exported document), each kept with the
 * project version it was built at (docs/graph.md "Read caches"): a lookup at another version misses, so a write
 * to the project makes the next read rebuild. Bounded in estimated bytes, least recently used first out.
 */
public final class VersionedCache<K, T> {
    private record Entry<T>(long version, T value) {
    }

    private final ByteBoundedLru<K, Entry<T>> entries;

    public VersionedCache(long maxBytes, ToLongFunction<T> weigh) {
        this.entries = new ByteBoundedLru<>(maxBytes, e -> weigh.applyAsLong(e.value()));
    }

    public Optional<T> get(K key, long version) {
        return entries.get(key).filter(e -> e.version() == version).map(Entry::value);
    }

    public void put(K key, long version, T value) {
        entries.put(key, new Entry<>(version, value));
    }

    /** The estimated bytes kept now. */
    public long bytes() {
        return entries.bytes();
    }

    public int size() {
        return entries.size();
    }
}
