package io.modelgraph.apikeys;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.auth.ApiKeyStore;
import io.modelgraph.auth.Role;
import io.modelgraph.graphapi.GraphHandler;
import io.modelgraph.platform.Services;
import io.modelgraph.store.TestStores;
import io.modelgraph.testkit.Answer;
import io.modelgraph.testkit.ApiDriver;
import io.modelgraph.testkit.Caller;
import io.modelgraph.testkit.InProcess;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** POST/GET/DELETE /v1/{projectId}/apiKeys through the graph handler on the real DynamoDB Local. */
class ApiKeyRoutesTest {
    private static Services services;
    private static GraphHandler handler;
    private final String project = TestStores.newProjectId();

    @BeforeAll
    static void stores() {
        services = TestStores.services();
        handler = new GraphHandler(services);
    }

    private JsonNode call(String method, String path, String body, String role, int expectStatus) {
        Answer answer = new ApiDriver(InProcess.of(handler)).call(method, path, body,
                new Caller.InRole(project, Role.parse(role).orElseThrow(), "alice"));
        assertEquals(expectStatus, answer.status(), answer.body());
        return answer.json();
    }

    @Test
    void createShowsTheKeyOnceListHidesItRevokeMarksIt() throws Exception {
        JsonNode created = call("POST", "/v1/" + project + "/apiKeys", "{\"label\":\"ci\",\"role\":\"Viewer\"}",
                "Admin", 200).get("data");
        String key = created.get("key").asText();
        String id = created.get("id").asText();
        assertTrue(key.startsWith("mgk_"));
        assertTrue(new ApiKeyStore(services.dynamo(), services.stores().apiKeyTable())
                .findByHash(ApiKeyStore.sha256(key)).isPresent(), "only the hash is stored, and it resolves");

        JsonNode listed = call("GET", "/v1/" + project + "/apiKeys", null, "Admin", 200).get("data");
        assertEquals(1, listed.size());
        assertEquals(id, listed.get(0).get("id").asText());
        assertFalse(listed.get(0).has("key"), "the key is never listed");
        assertFalse(listed.toString().contains(key));

        call("DELETE", "/v1/" + project + "/apiKeys/" + id, null, "Admin", 200);
        assertTrue(call("GET", "/v1/" + project + "/apiKeys", null, "Admin", 200).get("data").get(0).get("revoked")
                .asBoolean());
        call("DELETE", "/v1/" + project + "/apiKeys/no-such-key", null, "Admin", 404);
    }

    @Test
    void onlyAdminsManageKeysAndBadRolesWriteNothing() throws Exception {
        call("POST", "/v1/" + project + "/apiKeys", "{\"role\":\"Viewer\"}", "Editor", 401);
        call("GET", "/v1/" + project + "/apiKeys", null, "Viewer", 401);
        JsonNode bad = call("POST", "/v1/" + project + "/apiKeys", "{\"role\":\"Owner\"}", "Admin", 400);
        assertTrue(bad.get("error").get("message").asText().contains("body.role"));
        call("POST", "/v1/" + project + "/apiKeys", "{\"label\":\"x\"}", "Admin", 400);
        assertEquals(0, call("GET", "/v1/" + project + "/apiKeys", null, "Admin", 200).get("data").size());
    }
}
