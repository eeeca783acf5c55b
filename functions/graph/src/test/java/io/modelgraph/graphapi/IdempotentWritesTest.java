package io.modelgraph.graphapi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Idempotency-Key on the graph's write routes, on the real (embedded) DynamoDB: a retried create creates once. */
class IdempotentWritesTest {
    private final GraphApi api = new GraphApi();

    private static Map<String, String> key(String k) {
        return Map.of("Idempotency-Key", k);
    }

    private int typesLabelled(String label) {
        JsonNode nodes = api.get("fetchNodes?NodeType=Type&Expression=" + label).ok().data().path("nodes");
        int n = 0;
        for (JsonNode node : nodes) {
            n += node.path("label").asText().equals(label) ? 1 : 0;
        }
        return n;
    }

    @Test
    void aRetriedCreateWithTheSameKeyGivesOneNodeAndTheSameAnswer() {
        Map<String, Object> body = Map.of("label", "Retried", "nodeType", "Type");
        GraphApi.Response first = api.call("POST", "node", body, key("create-1")).ok();
        GraphApi.Response retry = api.call("POST", "node", body, key("create-1")).ok();
        assertEquals(first.json(), retry.json(), "the first answer replayed");
        assertEquals(1, typesLabelled("Retried"), "one node");
        // without the key, the same body creates another node (the header is what makes a retry safe)
        api.post("node", body).ok();
        assertEquals(2, typesLabelled("Retried"));
    }

    @Test
    void aDifferentBodyWithTheSameKeyIs422AndWritesNothing() {
        api.call("POST", "node", Map.of("label", "First", "nodeType", "Type"), key("create-2")).ok();
        GraphApi.Response other = api.call("POST", "node", Map.of("label", "Second", "nodeType", "Type"),
                key("create-2")).fails(422);
        assertTrue(other.message().contains("different request"), other.message());
        assertEquals(0, typesLabelled("Second"));
        // another caller may use the same key for its own request
        api.asSubject("someone-else").call("POST", "node", Map.of("label", "Second", "nodeType", "Type"),
                key("create-2")).ok();
        assertEquals(1, typesLabelled("Second"));
    }

    @Test
    void aRetriedBulkCreateAndDeleteAreSafe() {
        Map<String, Object> bulk = Map.of("nodes", List.of(Map.of("label", "Bulked", "nodeType", "Type")));
        JsonNode first = api.call("POST", "bulkCreate", bulk, key("bulk-1")).ok().json();
        assertEquals(first, api.call("POST", "bulkCreate", bulk, key("bulk-1")).ok().json());
        assertEquals(1, typesLabelled("Bulked"));
        String id = first.path("data").path("nodeIds").get(0).asText();
        JsonNode deleted = api.call("DELETE", "node/" + id, null, key("delete-1")).ok().json();
        assertEquals(deleted, api.call("DELETE", "node/" + id, null, key("delete-1")).ok().json(),
                "the retried delete answers as the first did, not 404");
    }

    @Test
    void fetchNodeCarriesAnETagAndAnswers304UntilTheNodeChanges() {
        String id = api.createNode("Tagged", "Type");
        var first = api.send("GET", "fetchNode?NodeId=" + id, null, Map.of());
        assertEquals(200, first.status());
        String tag = first.header("ETag").orElse(null);
        assertTrue(tag != null && tag.startsWith("\"") && tag.endsWith("\""), String.valueOf(tag));
        var again = api.send("GET", "fetchNode?NodeId=" + id, null, Map.of("If-None-Match", tag));
        assertEquals(304, again.status());
        assertEquals(tag, again.header("ETag").orElse(null));
        assertEquals("", again.body());
        assertEquals(304, api.send("GET", "fetchNode?NodeId=" + id, null, Map.of("If-None-Match", "\"x\", W/" + tag))
                .status(), "a list, weak comparison");
        api.put("node", Map.of("Id", id, "label", "Retagged")).ok();
        var changed = api.send("GET", "fetchNode?NodeId=" + id, null, Map.of("If-None-Match", tag));
        assertEquals(200, changed.status(), "the node changed: a new answer");
        assertTrue(!tag.equals(changed.header("ETag").orElse(null)));
    }
}
