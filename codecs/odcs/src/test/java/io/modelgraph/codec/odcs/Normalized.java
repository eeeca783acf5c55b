package io.modelgraph.codec.odcs;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.json.JsonTrees;

/**
 * A contract compared as ODCS means it: key order ignored, numbers by value, the defaults ODCS states written
 * or not ({@code required: false}, {@code primaryKey: false}, {@code primaryKeyPosition: -1}, {@code unique: false},
 * {@code logicalType: object} on schema objects, an empty {@code schema}), and the apiVersion the encoder always
 * writes.
 */
final class Normalized {
    static JsonNode of(JsonNode node) {
        return JsonTrees.normalized(node, Normalized::isDefault);
    }

    static String firstDifference(JsonNode a, JsonNode b, String path) {
        return JsonTrees.firstDifference(a, b, path);
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
