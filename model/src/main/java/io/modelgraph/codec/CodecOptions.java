package io.modelgraph.codec;

import java.util.Map;
import java.util.Optional;

/** Format-specific options from the request (such as {@code vendor} for sql, {@code synapse*} keys). */
public record CodecOptions(Map<String, String> values) {
    public static final CodecOptions NONE = new CodecOptions(Map.of());

    public CodecOptions {
        values = Map.copyOf(values);
    }

    public Optional<String> get(String key) {
        return Optional.ofNullable(values.get(key));
    }
}
