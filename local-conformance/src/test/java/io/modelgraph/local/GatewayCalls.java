package io.modelgraph.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.auth.Role;
import io.modelgraph.json.Json;
import io.modelgraph.testkit.Answer;
import io.modelgraph.testkit.ApiDriver;
import io.modelgraph.testkit.Caller;
import io.modelgraph.testkit.OverHttp;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;

/** Calls to a started local gateway through the test kit's HTTP driver, each with the token it is given. */
final class GatewayCalls {
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    record Reply(int status, String body, String location) {
        JsonNode json() {
            try {
                return Json.parse(body);
            } catch (IOException e) {
                throw new AssertionError("Not JSON (" + status + "): " + body, e);
            }
        }
    }

    static String project() {
        return UUID.randomUUID().toString().replace("-", "");
    }

    /** A token of the gateway's own issuer granting {@code role} on {@code project}, valid for an hour. */
    static String token(LocalServer server, String project, Role role) {
        Instant now = Instant.now();
        return server.issuer().sign(LocalIssuer.claims("conformance-test", Map.of(project, role), now,
                now.plus(Duration.ofHours(1))).build());
    }

    static Reply send(LocalServer server, String method, String pathAndQuery, String token, String json) {
        OverHttp http = new OverHttp(URI.create(server.baseUrl()), (project, role, subject) -> {
            throw new IllegalStateException("These calls carry the token they are given");
        }, HTTP, Duration.ofSeconds(60));
        Answer a = new ApiDriver(http).call(method, pathAndQuery, json, Caller.bearer(token));
        return new Reply(a.status(), a.body(), a.header("location").orElse(""));
    }

    /** The job's envelope once its run has ended: the gateway's job threads are awaited, not the status polled. */
    static JsonNode awaitDone(LocalServer server, String statusUrl, String token) throws InterruptedException {
        assertTrue(server.awaitJobs(Duration.ofSeconds(120)), "The job at " + statusUrl + " did not finish in 120 s");
        Reply r = send(server, "GET", statusUrl, token, null);
        assertEquals(200, r.status(), r.body());
        JsonNode env = r.json();
        JsonNode job = env.has("job") ? env.path("job") : env.path("data");
        assertEquals("done", job.path("state").asText(), env.toString());
        return env;
    }

    private GatewayCalls() {
    }
}
