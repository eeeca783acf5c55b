package io.modelgraph.http;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.api.ApiProblem;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A JSON object from a request, read with case-insensitive member names ({@code Id} and {@code id}
 * are the same) and errors that carry the path of the offending value, such as
 * {@code body.nodes[2].label}.
 */
public record Body(JsonNode node, String path) {

    public Optional<JsonNode> member(String name) {
        JsonNode exact = node.get(name);
        if (exact != null) {
            return exact.isNull() ? Optional.empty() : Optional.of(exact);
        }
        Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
        while (fields.hasNext()) {
            var field = fields.next();
            if (field.getKey().equalsIgnoreCase(name)) {
                return field.getValue().isNull() ? Optional.empty() : Optional.of(field.getValue());
            }
        }
        return Optional.empty();
    }

    public boolean has(String name) {
        return member(name).isPresent();
    }

    public String at(String name) {
        return path + "." + name;
    }

    public Optional<String> string(String name) {
        return member(name).map(v -> {
            if (!v.isTextual()) {
                throw wrongType(name, "a string", v);
            }
            return v.asText();
        });
    }

    /** A string that must be present and not blank. */
    public String requiredString(String name) {
        String value = string(name).orElseThrow(() -> missing(name));
        if (value.isBlank()) {
            throw ApiProblem.badRequest(at(name), "'" + name + "' must not be empty.");
        }
        return value;
    }

    public boolean bool(String name, boolean defaultValue) {
        return member(name).map(v -> {
            if (!v.isBoolean()) {
                throw wrongType(name, "true or false", v);
            }
            return v.asBoolean();
        }).orElse(defaultValue);
    }

    public List<String> stringList(String name) {
        Optional<JsonNode> value = member(name);
        if (value.isEmpty()) {
            return List.of();
        }
        if (!value.get().isArray()) {
            throw wrongType(name, "an array of strings", value.get());
        }
        List<String> out = new ArrayList<>();
        for (int i = 0; i < value.get().size(); i++) {
            JsonNode item = value.get().get(i);
            if (!item.isTextual()) {
                throw ApiProblem.badRequest(at(name) + "[" + i + "]", "Expected a string, got " + describe(item) + ".");
            }
            out.add(item.asText());
        }
        return List.copyOf(out);
    }

    /** A nested object, read with the same rules. */
    public Optional<Body> object(String name) {
        return member(name).map(v -> {
            if (!v.isObject()) {
                throw wrongType(name, "an object", v);
            }
            return new Body(v, at(name));
        });
    }

    /** The elements of an array member, each an object. */
    public List<Body> objects(String name) {
        Optional<JsonNode> value = member(name);
        if (value.isEmpty()) {
            return List.of();
        }
        if (!value.get().isArray()) {
            throw wrongType(name, "an array", value.get());
        }
        List<Body> out = new ArrayList<>(value.get().size());
        String arrayPath = at(name);
        for (int i = 0; i < value.get().size(); i++) {
            JsonNode item = value.get().get(i);
            String itemPath = arrayPath + "[" + i + "]";
            if (!item.isObject()) {
                throw ApiProblem.badRequest(itemPath, "Expected an object, got " + describe(item) + ".");
            }
            out.add(new Body(item, itemPath));
        }
        return out;
    }

    public ApiProblem missing(String name) {
        return ApiProblem.badRequest(at(name), "'" + name + "' is required.");
    }

    public ApiProblem wrongType(String name, String expected, JsonNode got) {
        return ApiProblem.badRequest(at(name), "'" + name + "' must be " + expected + ", got " + describe(got) + ".");
    }

    static String describe(JsonNode node) {
        if (node == null || node.isMissingNode()) {
            return "nothing";
        }
        return switch (node.getNodeType()) {
            case ARRAY -> "an array";
            case OBJECT -> "an object";
            case STRING -> "a string";
            case NUMBER -> "a number";
            case BOOLEAN -> "a boolean";
            case NULL -> "null";
            default -> node.getNodeType().name().toLowerCase();
        };
    }
}
