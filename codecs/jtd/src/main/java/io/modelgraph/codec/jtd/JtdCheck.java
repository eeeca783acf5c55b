package io.modelgraph.codec.jtd;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.codec.ParserLimits;
import io.modelgraph.codec.SchemaSyntaxException;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The validity rules of RFC 8927 section 2.2, checked before any mapping: each schema object has the members of
 * exactly one form plus the shared {@code nullable} and {@code metadata}; {@code definitions} only at the root;
 * every {@code ref} names a definition; enums are non-empty lists of distinct strings; a property is not both
 * required and optional; a discriminator's mapping holds non-nullable properties schemas that do not define the
 * tag. The first violation is answered with its JSON path. The walk visits each schema once (linear time).
 */
final class JtdCheck {
    static final Set<String> TYPES = Set.of("boolean", "string", "timestamp", "float32", "float64", "int8", "uint8",
            "int16", "uint16", "int32", "uint32");
    private static final Map<Form, Set<String>> MEMBERS = Map.of(
            Form.EMPTY, Set.of(),
            Form.REF, Set.of("ref"),
            Form.TYPE, Set.of("type"),
            Form.ENUM, Set.of("enum"),
            Form.ELEMENTS, Set.of("elements"),
            Form.PROPERTIES, Set.of("properties", "optionalProperties", "additionalProperties"),
            Form.VALUES, Set.of("values"),
            Form.DISCRIMINATOR, Set.of("discriminator", "mapping"));
    private static final Set<String> SHARED = Set.of("nullable", "metadata");

    private final JsonNode definitions;
    private int schemas;

    private JtdCheck(JsonNode definitions) {
        this.definitions = definitions;
    }

    static void check(JsonNode root) throws SchemaSyntaxException {
        if (!root.isObject()) {
            throw new SchemaSyntaxException("$", "A JTD schema is a JSON object, got " + kind(root) + ".");
        }
        JsonNode definitions = root.path("definitions");
        if (root.has("definitions") && !definitions.isObject()) {
            throw new SchemaSyntaxException("$.definitions", "'definitions' must be an object of schemas.");
        }
        JtdCheck check = new JtdCheck(definitions);
        if (definitions.isObject()) {
            Iterator<Map.Entry<String, JsonNode>> it = definitions.fields();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> d = it.next();
                check.schema(d.getValue(), "$.definitions" + JtdPaths.member(d.getKey()), false);
            }
        }
        check.schema(root, "$", true);
    }

    private void schema(JsonNode s, String path, boolean root) throws SchemaSyntaxException {
        if (++schemas > ParserLimits.MAX_DEFINITIONS) {
            throw new SchemaSyntaxException(path, "The schema holds more than " + ParserLimits.MAX_DEFINITIONS
                    + " schemas.");
        }
        if (!s.isObject()) {
            throw new SchemaSyntaxException(path, "A JTD schema is a JSON object, got " + kind(s) + ".");
        }
        Form form = formOf(s, path);
        Iterator<String> names = s.fieldNames();
        while (names.hasNext()) {
            String name = names.next();
            if (!(MEMBERS.get(form).contains(name) || SHARED.contains(name) || root && name.equals("definitions"))) {
                throw new SchemaSyntaxException(path + JtdPaths.member(name), name.equals("definitions")
                        ? "'definitions' is allowed only at the root of a JTD schema."
                        : "'" + name + "' is not a member of a JTD schema of the " + form.name().toLowerCase()
                                + " form (RFC 8927 section 2.2).");
            }
        }
        if (s.has("nullable") && !s.get("nullable").isBoolean()) {
            throw new SchemaSyntaxException(path + ".nullable", "'nullable' must be true or false.");
        }
        if (s.has("metadata") && !s.get("metadata").isObject()) {
            throw new SchemaSyntaxException(path + ".metadata", "'metadata' must be an object.");
        }
        switch (form) {
            case REF -> {
                JsonNode ref = s.get("ref");
                if (!ref.isTextual() || !definitions.has(ref.asText())) {
                    throw new SchemaSyntaxException(path + ".ref", ref.isTextual() ? "'ref' names '" + ref.asText()
                            + "', which is not a member of the root's definitions." : "'ref' must be a string.");
                }
            }
            case TYPE -> {
                JsonNode type = s.get("type");
                if (!type.isTextual() || !TYPES.contains(type.asText())) {
                    throw new SchemaSyntaxException(path + ".type", "'type' must be one of " + List.of("boolean",
                            "string", "timestamp", "float32", "float64", "int8", "uint8", "int16", "uint16", "int32",
                            "uint32") + ", got " + (type.isTextual() ? "'" + type.asText() + "'" : kind(type)) + ".");
                }
            }
            case ENUM -> {
                JsonNode values = s.get("enum");
                if (!values.isArray() || values.isEmpty()) {
                    throw new SchemaSyntaxException(path + ".enum", "'enum' must be a non-empty array of strings.");
                }
                Set<String> seen = new HashSet<>();
                for (int i = 0; i < values.size(); i++) {
                    if (!values.get(i).isTextual()) {
                        throw new SchemaSyntaxException(path + ".enum[" + i + "]", "An enum value must be a string.");
                    }
                    if (!seen.add(values.get(i).asText())) {
                        throw new SchemaSyntaxException(path + ".enum[" + i + "]", "'" + values.get(i).asText()
                                + "' appears twice in the enum.");
                    }
                }
            }
            case ELEMENTS -> schema(s.get("elements"), path + ".elements", false);
            case VALUES -> schema(s.get("values"), path + ".values", false);
            case PROPERTIES -> properties(s, path);
            case DISCRIMINATOR -> discriminator(s, path);
            case EMPTY -> {
            }
        }
    }

    private void properties(JsonNode s, String path) throws SchemaSyntaxException {
        for (String member : List.of("properties", "optionalProperties")) {
            if (s.has(member) && !s.get(member).isObject()) {
                throw new SchemaSyntaxException(path + "." + member, "'" + member + "' must be an object of schemas.");
            }
        }
        if (s.has("additionalProperties") && !s.get("additionalProperties").isBoolean()) {
            throw new SchemaSyntaxException(path + ".additionalProperties", "'additionalProperties' must be true or"
                    + " false.");
        }
        JsonNode required = s.path("properties");
        JsonNode optional = s.path("optionalProperties");
        Iterator<String> names = optional.fieldNames();
        while (names.hasNext()) {
            String name = names.next();
            if (required.has(name)) {
                throw new SchemaSyntaxException(path + ".optionalProperties" + JtdPaths.member(name), "'" + name
                        + "' is both in properties and in optionalProperties.");
            }
        }
        for (String member : List.of("properties", "optionalProperties")) {
            Iterator<Map.Entry<String, JsonNode>> it = s.path(member).fields();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> p = it.next();
                schema(p.getValue(), path + "." + member + JtdPaths.member(p.getKey()), false);
            }
        }
    }

    private void discriminator(JsonNode s, String path) throws SchemaSyntaxException {
        if (!s.get("discriminator").isTextual()) {
            throw new SchemaSyntaxException(path + ".discriminator", "'discriminator' must be a string.");
        }
        if (!s.path("mapping").isObject()) {
            throw new SchemaSyntaxException(path + ".mapping", "A discriminator needs 'mapping', an object of"
                    + " properties schemas.");
        }
        String tag = s.get("discriminator").asText();
        Iterator<Map.Entry<String, JsonNode>> it = s.get("mapping").fields();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> m = it.next();
            String where = path + ".mapping" + JtdPaths.member(m.getKey());
            schema(m.getValue(), where, false);
            if (Form.of(m.getValue()) != Form.PROPERTIES) {
                throw new SchemaSyntaxException(where, "A discriminator's mapping value must be of the properties"
                        + " form.");
            }
            if (m.getValue().path("nullable").asBoolean(false)) {
                throw new SchemaSyntaxException(where + ".nullable", "A discriminator's mapping value must not be"
                        + " nullable.");
            }
            if (m.getValue().path("properties").has(tag) || m.getValue().path("optionalProperties").has(tag)) {
                throw new SchemaSyntaxException(where, "A discriminator's mapping value must not define the tag '"
                        + tag + "' itself.");
            }
        }
    }

    private static Form formOf(JsonNode s, String path) throws SchemaSyntaxException {
        int count = 0;
        for (String keyword : List.of("ref", "type", "enum", "elements", "values", "discriminator")) {
            count += s.has(keyword) ? 1 : 0;
        }
        count += s.has("properties") || s.has("optionalProperties") ? 1 : 0;
        if (count > 1) {
            throw new SchemaSyntaxException(path, "A JTD schema has exactly one form; this one mixes several of ref,"
                    + " type, enum, elements, properties, values and discriminator.");
        }
        if (s.has("mapping") && !s.has("discriminator")) {
            throw new SchemaSyntaxException(path + ".mapping", "'mapping' is allowed only with 'discriminator'.");
        }
        if (s.has("additionalProperties") && !(s.has("properties") || s.has("optionalProperties"))) {
            throw new SchemaSyntaxException(path + ".additionalProperties", "'additionalProperties' is allowed only"
                    + " with properties or optionalProperties.");
        }
        return Form.of(s);
    }

    private static String kind(JsonNode n) {
        return n.isArray() ? "an array" : n.isTextual() ? "a string" : n.isNumber() ? "a number"
                : n.isBoolean() ? "a boolean" : "null";
    }
}
