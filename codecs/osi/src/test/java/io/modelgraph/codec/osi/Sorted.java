package io.modelgraph.codec.osi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Iterator;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/** A tree with object keys sorted and numbers compared by value, for "equal up to key order" checks. */
final class Sorted {
    static JsonNode of(JsonNode node) {
        if (node.isObject()) {
            ObjectNode out = JsonNodeFactory.instance.objectNode();
            Map<String, JsonNode> sorted = new TreeMap<>();
            Iterator<Map.Entry<String, JsonNode>> it = node.fields();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> f = it.next();
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

    static String firstDifference(JsonNode a, JsonNode b, String path) {
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

    private Sorted() {
    }
}
