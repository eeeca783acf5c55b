package io.modelgraph.compat;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.json.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The former names a schema part declares: Avro {@code aliases} and a neutral {@code aliases} annotation. */
final class Aliases {
    private static final List<String> KEYS = List.of("avro.aliases", "aliases");

    private Aliases() {
    }

    static List<String> of(Map<String, String> annotations) {
        List<String> out = new ArrayList<>();
        for (String key : KEYS) {
            String value = annotations.get(key);
            if (value != null) {
                out.addAll(strings(value));
            }
        }
        return out;
    }

    /** A JSON array of strings, or a comma-separated list; anything else reads as no names. */
    static List<String> strings(String value) {
        List<String> out = new ArrayList<>();
        String t = value.trim();
        if (t.startsWith("[")) {
            try {
                JsonNode a = Json.parse(t);
                a.forEach(n -> {
                    if (n.isTextual()) {
                        out.add(n.asText());
                    }
                });
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                return out;
            }
            return out;
        }
        for (String s : t.split(",")) {
            if (!s.isBlank()) {
                out.add(s.trim());
            }
        }
        return out;
    }

    /** The unqualified part of a dotted name. */
    static String simple(String name) {
        int dot = name.lastIndexOf('.');
        return dot < 0 ? name : name.substring(dot + 1);
    }
}
