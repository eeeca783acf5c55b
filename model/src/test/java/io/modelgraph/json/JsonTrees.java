package io.modelgraph.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Iterator;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.BiPredicate;

/**
 * Trees compared as documents mean them: object keys sorted, numbers by value, and members a format says are
 * defaults left out (shared by the codecs' "equal to the source up to key order" checks).
 */
public final class JsonTrees {

    /** The tree with keys sorted and numbers normalized; members for which {@code isDefault} holds are dropped. */
    public static JsonNode normalized(JsonNode node, BiPredicate<String, JsonNode> isDefault) {
        if (node.isObject()) {
            ObjectNode out = JsonNodeFactory.instance.objectNode();
            Map<String, JsonNode> sorted = new TreeMap<>();
            Iterator<Map.Entry<String, JsonNode>> it = node.fields();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> f = it.next();
                if (!isDefault.test(f.getKey(), f.getValue())) {
                    sorted.put(f.getKey(), normalized(f.getValue(), isDefault));
                }
            }
            sorted.forEach(out::set);
            return out;
        }
        if (node.isArray()) {
            ArrayNode out = JsonNodeFactory.instance.arrayNode();
            node.forEach(n -> out.add(normalized(n, isDefault)));
            return out;
        }
        if (node.isNumber()) {
            return JsonNodeFactory.instance.numberNode(node.decimalValue().stripTrailingZeros());
        }
        return node;
    }

    public static JsonNode sorted(JsonNode node) {
        return normalized(node, (k, v) -> false);
    }

    /** The first path where two trees differ, for messages; empty when they are equal. */
    public static String firstDifference(JsonNode a, JsonNode b, String path) {
        if (a.equals(b)) {
            return "";
        }
        if (a.isObject() && b.isObject()) {
            TreeSet<String> keys = new TreeSet<>();
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

    private JsonTrees() {
    }
}
