package io.modelgraph.graphapi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.auth.Role;
import io.modelgraph.graph.MainSpace;
import io.modelgraph.platform.Services;
import io.modelgraph.store.TestStores;
import io.modelgraph.testkit.Answer;
import io.modelgraph.testkit.ApiDriver;
import io.modelgraph.testkit.Caller;
import io.modelgraph.testkit.InProcess;
import java.util.HashMap;
import java.util.Map;

/**
 * Calls the real GraphHandler with API Gateway events, against DynamoDB Local started once per JVM.
 * Each instance is a fresh random project, so tests never see each other's data.
 */
final class GraphApi {
    static final Services SERVICES;
    static final GraphHandler HANDLER;

    static {
        SERVICES = TestStores.services();
        HANDLER = new GraphHandler(SERVICES);
    }

    private final String project;
    private final Role role;
    private final String subject;
    private final GraphHandler handler;

    /** A fresh random project, called as an Admin. */
    GraphApi() {
        this(TestStores.newProjectId(), Role.Admin, "user-1", HANDLER);
    }

    private GraphApi(String project, Role role, String subject, GraphHandler handler) {
        this.project = project;
        this.role = role;
        this.subject = subject;
        this.handler = handler;
    }

    /** The same project, role and subject, served by another handler (one on a fault-injecting client). */
    GraphApi via(GraphHandler other) {
        return new GraphApi(project, role, subject, other);
    }

    String project() {
        return project;
    }

    /** The same project, called with another role (null: no role claim at all). */
    GraphApi as(Role other) {
        return new GraphApi(project, other, other == null ? "nobody" : "user-" + other, handler);
    }

    /** The same project and role, another subject. */
    GraphApi asSubject(String other) {
        return new GraphApi(project, role, other, handler);
    }

    String mainSpace() {
        return MainSpace.idFor(project());
    }

    record Response(int status, JsonNode json) {
        JsonNode data() {
            return json.path("data");
        }

        boolean success() {
            return json.path("success").asBoolean();
        }

        String message() {
            return json.path("error").path("message").asText();
        }

        Response ok() {
            assertEquals(200, status, () -> "expected 200, got " + status + ": " + json);
            return this;
        }

        Response fails(int expected) {
            assertEquals(expected, status, () -> "expected " + expected + ", got " + status + ": " + json);
            assertEquals(false, json.path("success").asBoolean());
            assertEquals(false, json.path("error").path("isFatal").asBoolean(true), () -> json.toString());
            return this;
        }
    }

    Response get(String pathAndQuery) {
        return call("GET", pathAndQuery, null);
    }

    Response post(String path, Object body) {
        return call("POST", path, body);
    }

    Response put(String path, Object body) {
        return call("PUT", path, body);
    }

    Response delete(String path, Object body) {
        return call("DELETE", path, body);
    }

    /** {@code path} is relative to /v1/{projectId}/ and may carry a query string. */
    Response call(String method, String path, Object body) {
        return call(method, path, body, Map.of());
    }

    /** As {@link #call(String, String, Object)} with extra request headers (an Idempotency-Key). */
    Response call(String method, String path, Object body, Map<String, String> extraHeaders) {
        Answer answer = send(method, path, body, extraHeaders);
        return new Response(answer.status(), answer.json());
    }

    /** The handler's answer as it is (headers, a 304's empty body), through the test kit's in-process driver. */
    Answer send(String method, String path, Object body, Map<String, String> extraHeaders) {
        Caller as = role == null ? new Caller.WithoutRole(subject) : new Caller.InRole(project, role, subject);
        Map<String, String> headers = new HashMap<>(extraHeaders);
        headers.putIfAbsent("content-type", "application/json");
        return new ApiDriver(InProcess.of(handler)).call(method, "/v1/" + project() + "/" + path, body, as, headers);
    }

    // ---- shortcuts -----------------------------------------------------------------------------

    String createNode(String label, String type, String... spaces) {
        Map<String, Object> body = new HashMap<>();
        body.put("label", label);
        body.put("nodeType", type);
        body.put("spaceIds", java.util.List.of(spaces));
        return post("node", body).ok().data().path("Id").asText();
    }

    String relate(String from, String to, String group) {
        return post("relation", Map.of("fromNodeId", from, "toNodeId", to, "relationGroupId", group)).ok().data()
                .path("Id").asText();
    }

    JsonNode fetch(String id, boolean relations, boolean mixins) {
        return get("fetchNode?NodeId=" + id + "&AddRelations=" + relations + "&AddMixins=" + mixins).ok().data();
    }

    static String enc(String s) {
        return java.net.URLEncoder.encode(s, java.nio.charset.StandardCharsets.UTF_8);
    }
}
