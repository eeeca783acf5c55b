package io.modelgraph.codec.synapse;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The structure a Synapse registered schema has, read off the corpus's registered schemas (sage.annotations terms
 * and composite schema) and the schematic/Curator expected schemas: a draft-07 {@code $schema}, an {@code $id} of
 * the registered form, top-level and property-level keywords from the set those schemas use, properties that are
 * scalars, arrays of scalars, enumerations or {@code $ref}s to registered ids. Structure, not bytes.
 */
public final class SynapseShape {
    static final String REGISTERED_PREFIX = "https://repo-prod.prod.sagebase.org/repo/v1/schema/type/registered/";
    private static final Pattern ID = Pattern.compile(
            "[A-Za-z][A-Za-z0-9]*(\\.[A-Za-z][A-Za-z0-9]*)*-[A-Za-z][A-Za-z0-9]*(\\.[A-Za-z][A-Za-z0-9]*)*"
                    + "(-\\d+\\.\\d+\\.\\d+)?");
    private static final Set<String> TOP = Set.of("$schema", "$id", "title", "description", "type", "properties",
            "required", "allOf", "anyOf", "enum", "const", "items", "minimum", "maximum", "pattern", "format",
            "minLength", "maxLength", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "source");
    private static final Set<String> PROPERTY = Set.of("$ref", "title", "description", "type", "enum", "anyOf",
            "const", "items", "minItems", "maxItems", "uniqueItems", "minimum", "maximum", "exclusiveMinimum",
            "exclusiveMaximum", "multipleOf", "pattern", "format", "minLength", "maxLength", "not", "source");
    private static final Set<String> SCALARS = Set.of("string", "integer", "number", "boolean");

    public static boolean isRegisteredId(String id) {
        String bare = id.startsWith(REGISTERED_PREFIX) ? id.substring(REGISTERED_PREFIX.length()) : id;
        return ID.matcher(bare).matches();
    }

    /** What is wrong with a schema's structure; empty when it has the registered shape. */
    public static List<String> violations(JsonNode schema, boolean checkId) {
        List<String> out = new ArrayList<>();
        if (!schema.path("$schema").asText().startsWith("http://json-schema.org/draft-07/schema")) {
            out.add("$schema is not draft-07");
        }
        if (checkId && !isRegisteredId(schema.path("$id").asText())) {
            out.add("$id '" + schema.path("$id").asText() + "' is not <organization>-<name>[-<version>]");
        }
        schema.fieldNames().forEachRemaining(k -> {
            if (!TOP.contains(k)) {
                out.add("top-level keyword '" + k + "'");
            }
        });
        Iterator<Map.Entry<String, JsonNode>> props = schema.path("properties").fields();
        while (props.hasNext()) {
            Map.Entry<String, JsonNode> p = props.next();
            property(p.getKey(), p.getValue(), out, checkId);
        }
        return out;
    }

    private static void property(String name, JsonNode p, List<String> out, boolean checkId) {
        p.fieldNames().forEachRemaining(k -> {
            if (!PROPERTY.contains(k)) {
                out.add("property '" + name + "' keyword '" + k + "'");
            }
        });
        if (p.has("$ref")) {
            if (checkId && !isRegisteredId(p.path("$ref").asText())) {
                out.add("property '" + name + "' $ref '" + p.path("$ref").asText() + "' is not a registered id");
            }
            return;
        }
        String type = p.path("type").asText("");
        if (type.equals("array")) {
            JsonNode items = p.path("items");
            if (!items.isMissingNode() && !items.has("$ref") && !SCALARS.contains(items.path("type").asText("")) && !items.has("enum")
                    && !items.has("anyOf")) {
                out.add("property '" + name + "' is an array of non-scalars");
            }
        } else if (!type.isEmpty() && !SCALARS.contains(type)) {
            out.add("property '" + name + "' has type '" + type + "'");
        }
    }

    private SynapseShape() {
    }
}
