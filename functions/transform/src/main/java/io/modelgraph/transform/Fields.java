package io.modelgraph.transform;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.api.TransformFailure;
import io.modelgraph.http.Body;
import io.modelgraph.http.Call;
import io.modelgraph.json.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A transform request body: members read case-insensitively (as everywhere in the API), errors
 * reported in the transform envelope with the member's path ({@code targetFormat}, {@code mapping.kind}).
 */
final class Fields {
    private final Body body;
    private final boolean empty;

    private Fields(Body body, boolean empty) {
        this.body = body;
        this.empty = empty;
    }

    static Fields of(Call call) {
        boolean blank = !call.request().hasBody();
        Body body = call.request().body();
        return new Fields(body, blank || body.node().isEmpty());
    }

    /** True for an empty or whitespace-only body, and for {@code {}}. */
    boolean empty() {
        return empty;
    }

    Body body() {
        return body;
    }

    Optional<JsonNode> node(String name) {
        return body.member(name);
    }

    Optional<String> string(String name) {
        return body.member(name).map(v -> {
            if (!v.isTextual()) {
                throw TransformFailure.of(name, "'" + name + "' must be a string, got " + describe(v) + ".");
            }
            return v.asText();
        });
    }

    /** A present, non-blank string. */
    Optional<String> nonBlank(String name) {
        return string(name).filter(s -> !s.isBlank());
    }

    /** Schema text: a string, or a JSON value written out as JSON text (for the JSON-based formats). */
    Optional<String> schemaText(String name) {
        return body.member(name).map(v -> v.isTextual() ? v.asText() : Json.write(v)).filter(s -> !s.isBlank());
    }

    boolean bool(String name, boolean defaultValue) {
        return body.member(name).map(v -> {
            if (!v.isBoolean()) {
                throw TransformFailure.of(name, "'" + name + "' must be true or false, got " + describe(v) + ".");
            }
            return v.asBoolean();
        }).orElse(defaultValue);
    }

    List<String> strings(String name) {
        Optional<JsonNode> value = body.member(name);
        if (value.isEmpty()) {
            return List.of();
        }
        if (!value.get().isArray()) {
            throw TransformFailure.of(name, "'" + name + "' must be an array of strings, got " + describe(value.get())
                    + ".");
        }
        List<String> out = new ArrayList<>();
        for (int i = 0; i < value.get().size(); i++) {
            JsonNode item = value.get().get(i);
            if (!item.isTextual() || item.asText().isBlank()) {
                throw TransformFailure.of(name + "[" + i + "]", "Expected a non-empty string, got " + describe(item)
                        + ".");
            }
            out.add(item.asText());
        }
        return List.copyOf(out);
    }

    static String describe(JsonNode node) {
        if (node == null || node.isMissingNode()) {
            return "nothing";
        }
        switch (node.getNodeType()) {
            case ARRAY:
                return "an array";
            case OBJECT:
                return "an object";
            case STRING:
                return "a string";
            case NUMBER:
                return "a number";
            case BOOLEAN:
                return "a boolean";
            case NULL:
                return "null";
            default:
                return node.getNodeType().name().toLowerCase(java.util.Locale.ROOT);
        }
    }
}
