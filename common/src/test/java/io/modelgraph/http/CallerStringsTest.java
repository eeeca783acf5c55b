package io.modelgraph.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.api.Reply;
import io.modelgraph.auth.Role;
import io.modelgraph.json.Json;
import io.modelgraph.store.Attr;
import io.modelgraph.store.HistoryStore;
import io.modelgraph.store.TestStores;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Caller strings are checked at the edge, before any operation runs: an over-long identifier or key name in a
 * path, query or body, a lone surrogate anywhere in a JSON body, and bytes that are not UTF-8 in a body or a query
 * string each answer a 400 naming the member, and nothing is written to the real store.
 */
class CallerStringsTest {
    private final String project = TestStores.newProjectId();
    private final HistoryStore writes = new HistoryStore(TestStores.services().dynamo(),
            TestStores.services().stores().historyTable());

    private final HttpApiHandler handler = new HttpApiHandler(new Router(List.of(
            Route.v1("POST", "/v1/{projectId}/spaces").body("spaceId", "projectName", "label", "nodeIds")
                    .role(Role.Editor, call -> write(call, call.request().body().requiredString("label"))),
            Route.v1("GET", "/v1/{projectId}/jobs/{jobId}").role(Role.Viewer,
                    call -> write(call, call.request().pathParam("jobId"))),
            Route.v1("GET", "/v1/{projectId}/export").query("spaceId", "note", "NodeIds").role(Role.Viewer,
                    call -> write(call, call.request().queryString("spaceId").orElse("none"))),
            Route.graph("POST", "/graph/transform/import/{projectId}").body("spaceId", "schema", "spaces").role(Role.Editor,
                    call -> write(call, call.request().body().requiredString("spaceId")))),
            TestStores.services().authenticator())) {
    };

    private Reply write(Call call, String value) {
        writes.append(call.projectId(), "things", "w" + System.nanoTime(), Map.of("length",
                Attr.n(value.length())), 10);
        return Reply.data(Map.of("value", value));
    }

    private APIGatewayV2HTTPResponse call(String method, String path, String query, String body) {
        return handler.handleRequest(TestEvents.event(method, path, query, body, Map.of(),
                TestEvents.claims("alice", project, "Admin")), null);
    }

    private void assertRefused(APIGatewayV2HTTPResponse response, String path, String mentions) throws Exception {
        assertEquals(400, response.getStatusCode(), response.getBody());
        JsonNode body = Json.parse(response.getBody());
        assertFalse(body.get("success").asBoolean());
        if (body.has("error")) {
            // the v1 envelope says where at the start of the message
            assertFalse(body.get("error").get("isFatal").asBoolean());
            assertTrue(body.get("error").get("message").asText().startsWith(path + ": "), response.getBody());
            assertTrue(body.get("error").get("message").asText().contains(mentions), response.getBody());
        } else {
            assertEquals(path, body.get("errors").get(0).get("path").asText(), response.getBody());
            assertTrue(body.get("errors").get(0).get("message").asText().contains(mentions), response.getBody());
        }
        assertTrue(writes.listAll(project, "things").isEmpty(), "nothing is written");
    }

    private static String quoted(String s) {
        return Json.write(Json.valueToTree(s));
    }

    @Test
    void overLongIdentifiersAndNamesAreRefusedWhereverTheyAre() throws Exception {
        String longId = "a".repeat(1_500);
        assertRefused(call("POST", "/v1/" + project + "/spaces", "", "{\"label\":\"x\",\"spaceId\":"
                + quoted(longId) + "}"), "body.spaceId", "the limit is 256 bytes");
        assertRefused(call("POST", "/v1/" + project + "/spaces", "", "{\"label\":\"x\",\"projectName\":"
                + quoted(longId) + "}"), "body.projectName", "the limit is 512 bytes");
        assertRefused(call("POST", "/v1/" + project + "/spaces", "", "{\"label\":\"x\",\"NODEIDS\":[\"a\","
                + quoted(longId) + "]}"), "body.NODEIDS[1]", "the limit is 256 bytes");
        assertRefused(call("GET", "/v1/" + project + "/jobs/" + longId, "", null), "path.jobId",
                "the limit is 256 bytes");
        assertRefused(call("GET", "/v1/" + project + "/export", "SpaceId=" + longId, null), "query.SpaceId",
                "the limit is 256 bytes");
        assertRefused(call("POST", "/graph/transform/import/" + project, "", "{\"spaceId\":" + quoted(longId)
                + "}"), "spaceId", "the limit is 256 bytes");
        assertRefused(call("POST", "/graph/transform/import/" + project, "", "{\"spaceId\":\"s\",\"spaces\":["
                + quoted(longId) + "]}"), "spaces[0]", "the limit is 256 bytes");
        // bytes, not characters: 100 three-byte characters are 300 bytes
        assertRefused(call("POST", "/v1/" + project + "/spaces", "", "{\"label\":\"x\",\"spaceId\":"
                + quoted("\u20ac".repeat(100)) + "}"), "body.spaceId", "300 bytes");
        assertRefused(call("POST", "/v1/" + project + "/spaces", "", "{\"label\":\"x\",\"spaceId\":\"a\\u0000b\"}"),
                "body.spaceId", "control character U+0000");
    }

    @Test
    void identifiersAndTextWithinTheirBoundsAndLongDocumentsPass() throws Exception {
        var response = call("POST", "/v1/" + project + "/spaces", "", "{\"label\":" + quoted("l".repeat(1_000))
                + ",\"spaceId\":" + quoted("s".repeat(256)) + "}");
        assertEquals(200, response.getStatusCode(), response.getBody());
        // characters, not UTF-16 units: 1,000 emoji are 2,000 units
        assertEquals(200, call("POST", "/v1/" + project + "/spaces", "", "{\"label\":"
                + quoted("\ud83d\ude00".repeat(1_000)) + "}").getStatusCode());
        assertEquals(200, call("GET", "/v1/" + project + "/export", "note=" + "n".repeat(1_000), null)
                .getStatusCode());
        // a document goes to a parser with its own deadline: only the request size bounds it
        assertEquals(200, call("POST", "/graph/transform/import/" + project, "", "{\"spaceId\":\"s\",\"schema\":"
                + quoted("d".repeat(200_000)) + "}").getStatusCode());
    }

    @Test
    void textPastItsBoundIsRefused() throws Exception {
        assertRefused(call("POST", "/v1/" + project + "/spaces", "", "{\"label\":" + quoted("l".repeat(1_001))
                + "}"), "body.label", "1001 characters long; the limit is 1000 characters");
        assertRefused(call("GET", "/v1/" + project + "/export", "note=" + "n".repeat(3_000), null), "query.note",
                "the limit is 1000 characters");
    }

    @Test
    void aCommaJoinedListOfIdentifiersIsBoundedPerItem() throws Exception {
        // 50 identifiers of 36 characters: the list is long, every item is within the bound
        String ids = String.join(",", java.util.Collections.nCopies(50, "0f8fad5b-d9cb-469f-a165-70867728950e"));
        assertRefused(call("GET", "/v1/" + project + "/export", "NodeIds=a," + "b".repeat(300), null),
                "query.NodeIds", "item 1 is 300 bytes");
        var response = call("GET", "/v1/" + project + "/export", "NodeIds=" + ids, null);
        assertEquals(200, response.getStatusCode(), response.getBody());
    }

    @Test
    void aLoneSurrogateAnywhereInTheBodyIsRefused() throws Exception {
        assertRefused(call("POST", "/v1/" + project + "/spaces", "", "{\"label\":\"a\\ud800b\"}"), "body.label",
                "lone UTF-16 surrogate (U+D800) at position 1");
        assertRefused(call("POST", "/v1/" + project + "/spaces", "", "{\"label\":\"x\",\"nodeIds\":[\"ok\","
                + "\"\\udc00\"]}"), "body.nodeIds[1]", "lone UTF-16 surrogate");
        // deep in a document member, the path names the string (JSON parsing refuses member names that hold one)
        assertRefused(call("POST", "/graph/transform/import/" + project, "", "{\"spaceId\":\"s\",\"schema\":"
                + "{\"items\":[{\"k\":\"\\udc00\"}]}}"), "schema.items[0].k", "The string at schema.items[0].k");
        // a pair is a character
        assertEquals(200, call("POST", "/v1/" + project + "/spaces", "", "{\"label\":\"\\ud83d\\ude00\"}")
                .getStatusCode());
    }

    @Test
    void bytesThatAreNotUtf8AreRefused() throws Exception {
        byte[] bytes = "{\"label\":\"caf\u00e9 \"}".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        APIGatewayV2HTTPEvent event = TestEvents.event("POST", "/v1/" + project + "/spaces", "",
                Base64.getEncoder().encodeToString(bytes), Map.of(), TestEvents.claims("alice", project, "Admin"));
        event.setIsBase64Encoded(true);
        assertRefused(handler.handleRequest(event, null), "body.label", "not valid UTF-8: the byte 0xE9 at offset 13, "
                + "in the string of 'label'");
        assertRefused(call("GET", "/v1/" + project + "/jobs/a%FFb", "", null), "path.jobId",
                "not valid percent-encoded UTF-8");
        assertRefused(call("GET", "/v1/" + project + "/export", "spaceId=%FF%FE", null), "query.spaceId",
                "not valid percent-encoded UTF-8");
        assertRefused(call("GET", "/v1/" + project + "/export", "note=%ED%A0%80", null), "query.note",
                "not valid percent-encoded UTF-8");
        assertEquals(200, call("GET", "/v1/" + project + "/export", "note=caf%C3%A9+100%", null).getStatusCode(),
                "UTF-8 and a stray '%' pass");
    }
}
