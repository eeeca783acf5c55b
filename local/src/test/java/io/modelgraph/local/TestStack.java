package io.modelgraph.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.json.Json;
import io.modelgraph.testkit.ApiDriver;
import io.modelgraph.testkit.Caller;
import io.modelgraph.testkit.OverHttp;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One local stack per test JVM, started the way {@code java -jar modelgraph-local.jar --in-memory --port 0
 * --data-dir <temp>} starts it, plus a probe route group (see {@link ProbeHandler}); and an HTTP client.
 */
final class TestStack {
    private static LocalServer server;
    private static Path dataDir;
    private static ApiDriver driver;
    static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    static final ProbeHandler PROBE = new ProbeHandler();

    static synchronized LocalServer server() {
        if (server == null) {
            try {
                dataDir = Files.createTempDirectory("modelgraph-local-test");
                server = LocalServer.start(new LocalServer.Options(0, true, dataDir, true), Map.of(),
                        new PrintStream(PrintStream.nullOutputStream()),
                        List.of(services -> new RouteGroup("probe", PROBE, PROBE.router(services))));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            LocalServer started = server;
            Runtime.getRuntime().addShutdownHook(new Thread(started::close));
        }
        return server;
    }

    /**
     * The test kit's driver over HTTP to this stack: a caller in a role gets a token signed by the gateway's own
     * issuer, valid for an hour.
     */
    static synchronized ApiDriver driver() {
        if (driver == null) {
            LocalServer s = server();
            driver = new ApiDriver(OverHttp.to(s.baseUrl(), (project, role, subject) -> {
                Instant now = Instant.now();
                return s.issuer().sign(LocalIssuer.claims(subject, Map.of(project, role), now,
                        now.plus(Duration.ofHours(1))).build());
            }));
        }
        return driver;
    }

    /** A test kit answer in this class's shape, for the assertions below. */
    static Answer of(io.modelgraph.testkit.Answer a) {
        return new Answer(a.status(), a.header("content-type").orElse(""), a.body());
    }

    static Path dataDir() {
        server();
        return dataDir;
    }

    record Answer(int status, String contentType, String body) {
        JsonNode json() {
            try {
                return Json.parse(body);
            } catch (IOException e) {
                throw new AssertionError("Not JSON (" + status + "): " + body, e);
            }
        }
    }

    /**
     * A call through the test kit's driver with {@code token} as it is (null: none), {@code body} as its bytes
     * with {@code contentType} (null: no content type), the answer checked against the contract.
     */
    static Answer send(String method, String pathAndQuery, String token, String contentType, byte[] body) {
        Map<String, String> headers = contentType == null ? Map.of() : Map.of("Content-Type", contentType);
        Answer answer = of(driver().call(method, pathAndQuery, body, token == null ? Caller.anonymous()
                : Caller.bearer(token), headers));
        RecordedResponses.check(method, URI.create(pathAndQuery).getRawPath(), answer);
        return answer;
    }

    static Answer get(String pathAndQuery, String token) {
        return send("GET", pathAndQuery, token, null, null);
    }

    static Answer postJson(String pathAndQuery, String token, String json) {
        return send("POST", pathAndQuery, token, "application/json", json.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    /** A /v1 envelope: success, and error{isFatal,message} or data, nothing else. */
    static JsonNode assertV1Envelope(Answer a) {
        JsonNode env = a.json();
        assertTrue(env.isObject(), a.body());
        Set<String> allowed = Set.of("success", "error", "data");
        for (Iterator<String> it = env.fieldNames(); it.hasNext();) {
            String f = it.next();
            assertTrue(allowed.contains(f), "unexpected envelope member " + f + " in " + a.body());
        }
        assertTrue(env.path("success").isBoolean(), a.body());
        if (!env.get("success").asBoolean()) {
            assertTrue(env.path("error").path("isFatal").isBoolean(), a.body());
            assertFalse(env.path("error").path("message").asText().isBlank(), a.body());
            assertFalse(env.has("data"), a.body());
        } else {
            assertFalse(env.has("error"), a.body());
        }
        assertTrue(a.contentType().startsWith("application/json"), a.contentType());
        return env;
    }

    /** A /graph envelope: success, lossiness[], errors[] (+ payload keys on success). */
    static JsonNode assertTransformEnvelope(Answer a) {
        JsonNode env = a.json();
        assertTrue(env.path("success").isBoolean(), a.body());
        assertTrue(env.path("lossiness").isArray(), a.body());
        assertTrue(env.path("errors").isArray(), a.body());
        if (!env.get("success").asBoolean()) {
            assertFalse(env.get("errors").isEmpty(), a.body());
            env.get("errors").forEach(e -> {
                assertTrue(e.path("path").isTextual(), a.body());
                assertFalse(e.path("message").asText().isBlank(), a.body());
            });
        }
        return env;
    }

    /** 401 in the /v1 envelope, as a logical error. */
    static JsonNode assertUnauthorizedV1(Answer a) {
        assertEquals(401, a.status(), a.body());
        JsonNode env = assertV1Envelope(a);
        assertFalse(env.get("success").asBoolean(), a.body());
        assertFalse(env.path("error").path("isFatal").asBoolean(), a.body());
        return env;
    }

    private TestStack() {
    }
}
