package io.modelgraph.codec.odcs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Iterator;
import java.util.Map;
import java.util.TreeMap;

/**
 * A contract compared as ODCS means it: key order ignored, numbers by value, the defaults ODCS states written
 * or not ({@code required: false}, {@code primaryKey: false}, {@code primaryKeyPosition: -1}, {@code unique: false},
 * {@code logicalType: object} on schema objects, an empty {@code schema}), and the apiVersion the encoder always writes.
 */
final class Normalized {
    static JsonNode of(JsonNode node) {
        if (node.isObject()) {
            ObjectNode out = JsonNodeFactory.instance.objectNode();
            Map<String, JsonNode> sorted = new TreeMap<>();
            Iterator<Map.Entry<String, JsonNode>> it = node.fields();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> f = it.next();
                if (isDefault(f.getKey(), f.getValue())) {
                    continue;
                }
                sorted.put(f.getKey(), of(f.getValue()));
            }
            sorted.forEach(out::set);
            return out;
        }
        if (node.isArray()) {
            ArrayNode out = JsonNodeFactory.instance.arrayNode();
            node.forEach(n -> out.add(of(n)));
            return out;
        }
        if (node.isNumber()) {
            return JsonNodeFactory.instance.numberNode(node.decimalValue().stripTrailingZeros());
        }
        return node;
    }

    /** The first path where two normalized trees differ, for messages. */
    static String firstDifference(JsonNode a, JsonNode b, String path) {
        if (a.equals(b)) {
            return "";
        }
        if (a.isObject() && b.isObject()) {
            java.util.Set<String> keys = new java.util.TreeSet<>();
            a.fieldNames().forEachRemaining(keys::add);
            b.fieldNames().forEachRemaining(keys::add);
            for (String k : keys) {
                String d = firstDifference(a.path(k), b.path(k), path + "." + k);
                if (!d.isEmpty()) {
                    return d;
                }
            }
        }
        if (a.isArray() && b.isArray() && a.size() == b.size()) {
            for (int i = 0; i < a.size(); i++) {
                String d = firstDifference(a.get(i), b.get(i), path + "[" + i + "]");
                if (!d.isEmpty()) {
                    return d;
                }
            }
        }
        return path + ": " + a + " vs " + b;
    }

    private static boolean isDefault(String key, JsonNode value) {
        return switch (key) {
            case "required", "primaryKey", "unique", "partitioned", "criticalDataElement" ->
                    value.isBoolean() && !value.asBoolean();
            case "primaryKeyPosition", "partitionKeyPosition" -> value.asInt() == -1;
            case "logicalType" -> value.asText().equals("object");
            case "apiVersion" -> true;
            case "schema" -> value.isArray() && value.isEmpty();
            default -> false;
        };
    }

    private Normalized() {
    }
}
