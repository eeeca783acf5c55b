package io.modelgraph.codec.osi;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.json.JsonTrees;

/** OSI documents compared up to key order (common's {@link JsonTrees}). */
final class Sorted {
    static JsonNode of(JsonNode node) {
        return JsonTrees.sorted(node);
    }

    static String firstDifference(JsonNode a, JsonNode b, String path) {
        return JsonTrees.firstDifference(a, b, path);
    }

    private Sorted() {
    }
}
