package io.modelgraph.codec.jsonschema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.ledger.LossEntry;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Enumerates every keyword of a schema (walking into every subschema position of 2020-12) and checks that each
 * is either reported in the ledger (at its path or below a reported path) or present in the re-encoded output
 * with the same value. Structural keywords, whose values are rewritten on the way ($ref targets, property maps),
 * are matched by name; value keywords by value. Keywords holding their default value say nothing and are skipped.
 */
final class KeywordAudit {
    record Occurrence(String path, String keyword, String signature) {
    }

    record Result(int keywords, int carried, int ledgered, List<Occurrence> silentlyDropped) {
    }

    private static final Set<String> ONE_SCHEMA = Set.of("items", "additionalProperties", "not", "if", "then", "else",
            "contains", "propertyNames", "unevaluatedItems", "unevaluatedProperties", "contentSchema",
            "additionalItems");
    private static final Set<String> SCHEMA_MAP = Set.of("properties", "patternProperties", "$defs", "definitions",
            "dependentSchemas");
    private static final Set<String> SCHEMA_LIST = Set.of("allOf", "anyOf", "oneOf", "prefixItems");
    private static final Set<String> STRUCTURAL = Set.of("properties", "$defs", "definitions", "items",
            "additionalProperties", "allOf", "anyOf", "oneOf", "$ref");
    private static final Set<String> UNORDERED = Set.of("type", "required", "enum");

    static Result audit(JsonNode source, JsonNode output, List<LossEntry> ledger) {
        List<Occurrence> inSource = new ArrayList<>();
        walk(source, "#", inSource);
        List<Occurrence> inOutput = new ArrayList<>();
        walk(output, "#", inOutput);
        Map<String, Integer> available = new HashMap<>();
        for (Occurrence o : inOutput) {
            available.merge(o.signature(), 1, Integer::sum);
            if (o.keyword().equals("not") && o.signature().equals("not={}")) {
                // the encoder writes an empty enum, which allows no value, as "not": {} (docs/formats/jsonschema.md)
                available.merge(signature("enum", JsonNodeFactory.instance.arrayNode()), 1, Integer::sum);
            }
        }
        int carried = 0;
        int ledgered = 0;
        List<Occurrence> silent = new ArrayList<>();
        for (Occurrence o : inSource) {
            if (covered(Pointers.child(o.path(), o.keyword()), ledger)
                    || allMembersCovered(source, o, ledger)) {
                ledgered++;
            } else if (available.getOrDefault(o.signature(), 0) > 0) {
                available.merge(o.signature(), -1, Integer::sum);
                carried++;
            } else {
                silent.add(o);
            }
        }
        return new Result(inSource.size(), carried, ledgered, silent);
    }

    private static boolean covered(String keywordPath, List<LossEntry> ledger) {
        for (LossEntry e : ledger) {
            if (keywordPath.equals(e.path()) || keywordPath.startsWith(e.path() + "/")) {
                return true;
            }
        }
        return false;
    }

    /** A container ($defs, allOf...) says nothing beyond its members: reported when all of them are. */
    private static boolean allMembersCovered(JsonNode source, Occurrence o, List<LossEntry> ledger) {
        String at = Pointers.child(o.path(), o.keyword());
        JsonNode container = source.at(at.substring(1));
        if (container.isMissingNode() || container.isEmpty()) {
            return false;
        }
        List<String> members = new ArrayList<>();
        if (ONE_SCHEMA.contains(o.keyword()) && container.isObject()) {
            // a subschema whose every keyword was reported: the position holding it carried nothing either
            container.fieldNames().forEachRemaining(n -> members.add(Pointers.child(at, n)));
        } else if (!SCHEMA_MAP.contains(o.keyword()) && !SCHEMA_LIST.contains(o.keyword())) {
            return false;
        } else if (container.isObject()) {
            container.fieldNames().forEachRemaining(n -> members.add(Pointers.child(at, n)));
        } else {
            for (int i = 0; i < container.size(); i++) {
                members.add(Pointers.child(at, i));
            }
        }
        return members.stream().allMatch(m -> covered(m, ledger));
    }

    private static void walk(JsonNode schema, String path, List<Occurrence> out) {
        if (!schema.isObject()) {
            return;
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = schema.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> e = it.next();
            String k = e.getKey();
            JsonNode v = e.getValue();
            String kp = Pointers.child(path, k);
            if (!isDefault(k, v)) {
                out.add(new Occurrence(path, k, signature(k, v)));
            }
            if (ONE_SCHEMA.contains(k)) {
                walk(v, kp, out);
            } else if (SCHEMA_MAP.contains(k) && v.isObject()) {
                for (Iterator<Map.Entry<String, JsonNode>> m = v.fields(); m.hasNext();) {
                    Map.Entry<String, JsonNode> member = m.next();
                    walk(member.getValue(), Pointers.child(kp, member.getKey()), out);
                }
            } else if (SCHEMA_LIST.contains(k) && v.isArray()) {
                for (int i = 0; i < v.size(); i++) {
                    walk(v.get(i), Pointers.child(kp, i), out);
                }
            }
        }
    }

    private static boolean isDefault(String k, JsonNode v) {
        switch (k) {
            case "minItems":
            case "minLength":
            case "minProperties":
                return v.isNumber() && v.decimalValue().signum() == 0;
            case "required":
                return v.isArray() && v.isEmpty();
            case "properties":
            case "$defs":
            case "definitions":
                return v.isObject() && v.isEmpty();
            case "uniqueItems":
                return v.isBoolean() && !v.booleanValue();
            case "additionalProperties":
            case "items":
                return (v.isBoolean() && v.booleanValue()) || (v.isObject() && v.isEmpty());
            default:
                return false;
        }
    }

    private static String signature(String k, JsonNode v) {
        String keyword = k.equals("definitions") ? "$defs" : k;
        if (STRUCTURAL.contains(k) && (v.isObject() || v.isArray() || k.equals("$ref"))) {
            return keyword;
        }
        JsonNode value = normalize(v);
        if (UNORDERED.contains(k) && value.isArray()) {
            TreeSet<String> sorted = new TreeSet<>();
            value.forEach(x -> sorted.add(x.toString()));
            return keyword + "=" + sorted;
        }
        if (k.equals("type") && value.isTextual()) {
            return keyword + "=[" + value + "]";
        }
        return keyword + "=" + value;
    }

    /** Numbers compare by value (1.0 equals 1), as JSON Schema does. */
    private static JsonNode normalize(JsonNode v) {
        if (v.isNumber()) {
            BigDecimal d = v.decimalValue().stripTrailingZeros();
            return JsonNodeFactory.instance.textNode("#" + d.toPlainString());
        }
        if (v.isArray()) {
            ArrayNode out = JsonNodeFactory.instance.arrayNode();
            v.forEach(x -> out.add(normalize(x)));
            return out;
        }
        if (v.isObject()) {
            ObjectNode out = JsonNodeFactory.instance.objectNode();
            v.fields().forEachRemaining(e -> out.set(e.getKey(), normalize(e.getValue())));
            return out;
        }
        return v;
    }

    private KeywordAudit() {
    }
}
