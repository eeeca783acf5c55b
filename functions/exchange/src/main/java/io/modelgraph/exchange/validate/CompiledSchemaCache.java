package io.modelgraph.exchange.validate;

import com.networknt.schema.JsonSchema;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Compiled schemas per container, keyed by what was asked for (project, space or root node, profile) and
 * checked against the fingerprint of the space as loaded now: when the space changes the fingerprint differs and
 * the schema is compiled again. Bounded (least recently used) so a container serving many projects stays small.
 */
public final class CompiledSchemaCache {
    private static final int MAX_ENTRIES = 128;

    private record Entry(String fingerprint, JsonSchema schema) {
    }

    private final Map<String, Entry> entries = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Entry> eldest) {
            return size() > MAX_ENTRIES;
        }
    };
    private long compilations;

    public JsonSchema get(String key, String fingerprint, Supplier<JsonSchema> compile) {
        synchronized (entries) {
            Entry e = entries.get(key);
            if (e != null && e.fingerprint().equals(fingerprint)) {
                return e.schema();
            }
        }
        JsonSchema schema = compile.get();
        synchronized (entries) {
            entries.put(key, new Entry(fingerprint, schema));
            compilations++;
        }
        return schema;
    }

    /** How many schemas were compiled so far (tests check that an unchanged space is not compiled again). */
    public long compilations() {
        synchronized (entries) {
            return compilations;
        }
    }
}
