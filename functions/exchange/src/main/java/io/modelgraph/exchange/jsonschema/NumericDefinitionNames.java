package io.modelgraph.exchange.jsonschema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Renames {@code $defs} entries whose names are digits with a leading zero ({@code "02120"}) before the validator
 * compiles a schema, and every local reference through them. The validator reads such a pointer token as an array
 * index and writes it back as {@code 2120}, so {@code #/$defs/02120/full} resolved to nothing and the whole schema
 * could not be evaluated. The names only appear in the validator's schema paths; instances are untouched
 * (docs/exchange.md "validateJSON").
 *
 * <p>Linear: each object is visited once, and each reference is rewritten token by token.
 */
final class NumericDefinitionNames {
    private static final String PREFIX = "n";

    private NumericDefinitionNames() {
    }

    /** A copy of {@code schema} without such names, or {@code schema} itself when it has none. */
    static JsonNode normalize(JsonNode schema) {
        if (!mentionsOne(schema)) {
            return schema;
        }
        JsonNode copy = schema.deepCopy();
        Map<String, String> renamed = new HashMap<>();
        rename(copy, renamed);
        if (!renamed.isEmpty()) {
            rewriteRefs(copy, renamed);
        }
        return copy;
    }

    static boolean misread(String token) {
        if (token.length() < 2 || token.charAt(0) != '0') {
            return false;
        }
        for (int i = 0; i < token.length(); i++) {
            if (token.charAt(i) < '0' || token.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    private static boolean mentionsOne(JsonNode node) {
        if (node.isObject()) {
            JsonNode defs = node.get("$defs");
            if (defs != null && defs.isObject()) {
                for (Iterator<String> it = defs.fieldNames(); it.hasNext();) {
                    if (misread(it.next())) {
                        return true;
                    }
                }
            }
        }
        for (JsonNode child : node) {
            if (mentionsOne(child)) {
                return true;
            }
        }
        return false;
    }

    private static void rename(JsonNode node, Map<String, String> renamed) {
        if (node.isObject()) {
            JsonNode defs = node.get("$defs");
            if (defs instanceof ObjectNode d) {
                Map<String, JsonNode> entries = new LinkedHashMap<>();
                d.fields().forEachRemaining(e -> entries.put(e.getKey(), e.getValue()));
                d.removeAll();
                for (Map.Entry<String, JsonNode> e : entries.entrySet()) {
                    String key = e.getKey();
                    if (misread(key)) {
                        String fresh = PREFIX + key;
                        while (entries.containsKey(fresh) || d.has(fresh)) {
                            fresh = PREFIX + fresh;
                        }
                        renamed.put(key, fresh);
                        key = fresh;
                    }
                    d.set(key, e.getValue());
                }
            }
        }
        for (JsonNode child : node) {
            rename(child, renamed);
        }
    }

    private static void rewriteRefs(JsonNode node, Map<String, String> renamed) {
        if (node instanceof ObjectNode o) {
            for (String keyword : new String[] {"$ref", "$dynamicRef"}) {
                JsonNode ref = o.get(keyword);
                if (ref != null && ref.isTextual() && ref.textValue().contains("#/")) {
                    o.put(keyword, rewrite(ref.textValue(), renamed));
                }
            }
        }
        for (JsonNode child : node) {
            rewriteRefs(child, renamed);
        }
    }

    /** Each token after a {@code $defs} token that was renamed takes its new name. */
    private static String rewrite(String ref, Map<String, String> renamed) {
        int hash = ref.indexOf("#/");
        String[] tokens = ref.substring(hash + 2).split("/", -1);
        StringBuilder out = new StringBuilder(ref.substring(0, hash + 1));
        for (int i = 0; i < tokens.length; i++) {
            String token = tokens[i];
            if (i > 0 && tokens[i - 1].equals("$defs") && renamed.containsKey(token)) {
                token = renamed.get(token);
            }
            out.append('/').append(token);
        }
        return out.toString();
    }
}
