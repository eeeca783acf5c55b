package io.modelgraph.compat.formats;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Generated version pairs of a JSON Schema: each kind of change the JSON Schema rules must judge (properties
 * added optional or required and removed, {@code required} added and removed, {@code additionalProperties}
 * closed and opened, types widened, narrowed and changed, a {@code maxLength} lowered), applied to the schema's
 * JSON at up to {@link #SITES} object schemas (those with {@code properties}, in document order). Enum changes are
 * left out: json-schema-diff does not read {@code enum} (its KEYWORDS.md), so it has no verdict to agree with.
 */
final class JsonSchemaMutations {
    static final int SITES = 3;

    record Mutation(String kind, int site, JsonNode schema) {
    }

    private JsonSchemaMutations() {
    }

    static List<Mutation> of(JsonNode root) {
        List<Mutation> out = new ArrayList<>();
        on(out, root, "add-optional-property", o -> {
            props(o).set("mgAdded", o.objectNode().put("type", "integer"));
            return true;
        });
        on(out, root, "add-required-property", o -> {
            props(o).set("mgAdded", o.objectNode().put("type", "integer"));
            required(o).add("mgAdded");
            return true;
        });
        on(out, root, "remove-optional-property", o -> firstProperty(o, false).map(p -> {
            props(o).remove(p);
            return true;
        }).orElse(false));
        on(out, root, "make-property-required", o -> firstProperty(o, false).map(p -> {
            required(o).add(p);
            return true;
        }).orElse(false));
        on(out, root, "make-property-optional", o -> {
            JsonNode req = o.get("required");
            if (req == null || !req.isArray() || req.isEmpty()) {
                return false;
            }
            ((ArrayNode) req).remove(0);
            if (req.isEmpty()) {
                o.remove("required");
            }
            return true;
        });
        on(out, root, "close-additional-properties", o -> {
            if (o.has("additionalProperties") || o.has("patternProperties") || o.has("unevaluatedProperties")) {
                return false;
            }
            o.put("additionalProperties", false);
            return true;
        });
        on(out, root, "open-additional-properties", o -> {
            if (!o.path("additionalProperties").isBoolean() || o.path("additionalProperties").asBoolean()) {
                return false;
            }
            o.remove("additionalProperties");
            return true;
        });
        on(out, root, "widen-type", o -> retype(o, Map.of("integer", "number")));
        on(out, root, "narrow-type", o -> retype(o, Map.of("number", "integer")));
        on(out, root, "change-type", o -> retype(o, Map.of("string", "integer", "integer", "string", "number",
                "string", "boolean", "string")));
        on(out, root, "lower-max-length", o -> {
            for (Iterator<Map.Entry<String, JsonNode>> it = props(o).fields(); it.hasNext(); ) {
                JsonNode p = it.next().getValue();
                if (p.isObject() && p.path("type").asText().equals("string") && !p.has("$ref")) {
                    int max = p.path("maxLength").asInt(0);
                    ((ObjectNode) p).put("maxLength", max > 1 ? max - 1 : 10);
                    return true;
                }
            }
            return false;
        });
        return out;
    }

    private static void on(List<Mutation> out, JsonNode root, String kind, Function<ObjectNode, Boolean> change) {
        int count = sites(root).size();
        int made = 0;
        for (int i = 0; i < count && made < SITES; i++) {
            JsonNode copy = root.deepCopy();
            if (change.apply(sites(copy).get(i))) {
                out.add(new Mutation(kind, i, copy));
                made++;
            }
        }
    }

    /** Object schemas: every object with a {@code properties} object, in document order. */
    private static List<ObjectNode> sites(JsonNode n) {
        List<ObjectNode> out = new ArrayList<>();
        collect(n, out, false);
        return out;
    }

    private static void collect(JsonNode n, List<ObjectNode> out, boolean namesOnly) {
        if (n.isObject()) {
            if (!namesOnly && n.path("properties").isObject()) {
                out.add((ObjectNode) n);
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                // the values of properties, definitions and $defs are schemas; their keys are names
                boolean names = !namesOnly && (e.getKey().equals("properties") || e.getKey().equals("definitions")
                        || e.getKey().equals("$defs") || e.getKey().equals("patternProperties"));
                if (names) {
                    e.getValue().forEach(v -> collect(v, out, false));
                } else if (!e.getKey().equals("enum") && !e.getKey().equals("const") && !e.getKey().equals(
                        "examples") && !e.getKey().equals("default")) {
                    collect(e.getValue(), out, false);
                }
            }
        } else if (n.isArray()) {
            n.forEach(c -> collect(c, out, false));
        }
    }

    private static ObjectNode props(ObjectNode o) {
        return (ObjectNode) o.get("properties");
    }

    private static ArrayNode required(ObjectNode o) {
        return o.path("required").isArray() ? (ArrayNode) o.get("required") : o.putArray("required");
    }

    private static java.util.Optional<String> firstProperty(ObjectNode o, boolean required) {
        List<String> req = new ArrayList<>();
        o.path("required").forEach(r -> req.add(r.asText()));
        for (Iterator<String> it = props(o).fieldNames(); it.hasNext(); ) {
            String name = it.next();
            if (req.contains(name) == required && !name.equals("mgAdded")) {
                return java.util.Optional.of(name);
            }
        }
        return java.util.Optional.empty();
    }

    private static boolean retype(ObjectNode o, Map<String, String> map) {
        for (Iterator<Map.Entry<String, JsonNode>> it = props(o).fields(); it.hasNext(); ) {
            JsonNode p = it.next().getValue();
            if (p.isObject() && p.path("type").isTextual() && map.containsKey(p.path("type").asText())
                    && !p.has("$ref") && !p.has("enum") && !p.has("const") && !p.has("format")) {
                ObjectNode q = (ObjectNode) p;
                String from = p.path("type").asText();
                String to = map.get(from);
                q.put("type", to);
                if (Set.of("integer", "number").containsAll(Set.of(from, to))) {
                    return true; // integer and number share their keywords
                }
                for (String k : List.of("minLength", "maxLength", "pattern", "minimum", "maximum", "exclusiveMinimum",
                        "exclusiveMaximum", "multipleOf", "default", "examples")) {
                    q.remove(k); // keywords of the old type: the change is the type alone
                }
                return true;
            }
        }
        return false;
    }
}
