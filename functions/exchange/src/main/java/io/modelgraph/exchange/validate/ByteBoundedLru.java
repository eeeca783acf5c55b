package io.modelgraph.exchange.validate;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.ToLongFunction;

/**
 * A least-recently-used map bounded by the estimated heap of its values, not their count: a count bound lets a few
 * large values (a 4 MB export, the compiled schema of a space of thousands of types) approach the function's
 * memory. A value heavier than the whole bound is not kept. Thread-safe; docs/reliability.md ("Memory").
 */
public final class ByteBoundedLru<K, V> {
    private record Weighed<V>(V value, long bytes) {
    }

    private final long maxBytes;
    private final ToLongFunction<V> weigh;
    private final LinkedHashMap<K, Weighed<V>> entries = new LinkedHashMap<>(16, 0.75f, true);
    private long total;

    public ByteBoundedLru(long maxBytes, ToLongFunction<V> weigh) {
        if (maxBytes <= 0) {
            throw new IllegalArgumentException("maxBytes must be positive: " + maxBytes);
        }
        this.maxBytes = maxBytes;
        this.weigh = weigh;
    }

    public synchronized Optional<V> get(K key) {
        Weighed<V> w = entries.get(key);
        return w == null ? Optional.empty() : Optional.of(w.value());
    }

    public synchronized void put(K key, V value) {
        long bytes = Math.max(0, weigh.applyAsLong(value));
        Weighed<V> old = entries.remove(key);
        if (old != null) {
            total -= old.bytes();
        }
        if (bytes > maxBytes) {
            return;
        }
        entries.put(key, new Weighed<>(value, bytes));
        total += bytes;
        for (Iterator<Map.Entry<K, Weighed<V>>> it = entries.entrySet().iterator(); total > maxBytes
                && it.hasNext();) {
            total -= it.next().getValue().bytes();
            it.remove();
        }
    }

    /** The estimated bytes of the values kept now. */
    public synchronized long bytes() {
        return total;
    }

    public synchronized int size() {
        return entries.size();
    }
}
