package io.modelgraph.exchange.validate;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Per-container values derived from a project (a prepared validator, an exported document), each kept with the
 * project version it was built at (docs/graph.md "Read caches"): a lookup at another version misses, so a write
 * to the project makes the next read rebuild. Bounded, least recently used first out.
 */
public final class VersionedCache<K, T> {
    private record Entry<T>(long version, T value) {
    }

    private final Map<K, Entry<T>> entries;

    public VersionedCache(int maxEntries) {
        this.entries = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<K, Entry<T>> eldest) {
                return size() > maxEntries;
            }
        };
    }

    public synchronized Optional<T> get(K key, long version) {
        Entry<T> e = entries.get(key);
        return e != null && e.version() == version ? Optional.of(e.value()) : Optional.empty();
    }

    public synchronized void put(K key, long version, T value) {
        entries.put(key, new Entry<>(version, value));
    }
}
