package io.modelgraph.http;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** Request headers, looked up case-insensitively as HTTP requires. */
public final class Headers {
    private final Map<String, String> values;

    private Headers(Map<String, String> values) {
        this.values = values;
    }

    public static Headers of(Map<String, String> raw) {
        Map<String, String> map = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        if (raw != null) {
            raw.forEach((k, v) -> {
                if (k != null && v != null) {
                    map.put(k, v);
                }
            });
        }
        return new Headers(map);
    }

    /** Every header, by its name as sent. */
    public Map<String, String> asMap() {
        return java.util.Collections.unmodifiableMap(values);
    }

    public Optional<String> get(String name) {
        return Optional.ofNullable(values.get(name));
    }

    /** The media type without parameters, lower-cased: {@code application/json; charset=utf-8} → {@code application/json}. */
    public Optional<String> mediaType(String name) {
        return get(name).map(v -> v.split(";", 2)[0].trim().toLowerCase(Locale.ROOT)).filter(v -> !v.isEmpty());
    }
}
