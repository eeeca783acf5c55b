package io.modelgraph.exchange.validate;

import com.networknt.schema.JsonSchema;
import java.util.function.Supplier;

/**
 * Compiled schemas per container, keyed by what was asked for (project, space or root node, profile) and
 * checked against the fingerprint of the space as loaded now: when the space changes the fingerprint differs and
 * the schema is compiled again. Bounded in estimated bytes (least recently used out) so a container serving many
 * projects, or one project with a very large space, stays small.
 */
public final class CompiledSchemaCache {
    /** The bound on the compiled schemas kept (docs/reliability.md, "Memory"). */
    public static final long MAX_BYTES = 64L * 1024 * 1024;

    /** A compiled schema with the estimate of its heap. */
    public record Compiled(JsonSchema schema, long bytes) {
    }

    private record Entry(String fingerprint, Compiled compiled) {
    }

    private final ByteBoundedLru<String, Entry> entries;
    private long compilations;

    public CompiledSchemaCache() {
        this(MAX_BYTES);
    }

    /** A cache bounded at {@code maxBytes} (tests use a small bound). */
    public CompiledSchemaCache(long maxBytes) {
        this.entries = new ByteBoundedLru<>(maxBytes, e -> e.compiled().bytes());
    }

    public Compiled get(String key, String fingerprint, Supplier<Compiled> compile) {
        var hit = entries.get(key).filter(e -> e.fingerprint().equals(fingerprint));
        if (hit.isPresent()) {
            return hit.get().compiled();
        }
        Compiled compiled = compile.get();
        entries.put(key, new Entry(fingerprint, compiled));
        synchronized (this) {
            compilations++;
        }
        return compiled;
    }

    /** How many schemas were compiled so far (tests check that an unchanged space is not compiled again). */
    public synchronized long compilations() {
        return compilations;
    }

    /** The estimated bytes kept now. */
    public long bytes() {
        return entries.bytes();
    }

    public int size() {
        return entries.size();
    }
}
