package io.modelgraph.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.api.Reply;
import io.modelgraph.auth.Role;
import io.modelgraph.json.Json;
import io.modelgraph.log.RequestLog;
import io.modelgraph.store.TestStores;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Every request leaves one line on stdout that is both the structured access log and a CloudWatch EMF document,
 * whatever the outcome, and no line ever carries the caller's token, API key or schema text.
 */
class RequestLogTest {
    static final String TOKEN = "eyJhbGciOiJSUzI1NiJ9.secret-token-payload.signature";
    static final String API_KEY = "mgk_SECRETSECRETSECRETSECRETSECRETSECRETSECRE";
    static final String SCHEMA = "CREATE TABLE patient_secret_schema (ssn TEXT)";

    private final String project = TestStores.newProjectId();
    private final HttpApiHandler handler = new HttpApiHandler(new Router(List.of(
            Route.graph("POST", "/graph/transform/echo/{projectId}").body("schema").role(Role.Viewer,
                    call -> Reply.transform(Json.object().put("length", call.request().body().requiredString("schema")
                            .length()), List.of())),
            Route.v1("POST", "/v1/{projectId}/things").body("label").role(Role.Editor, call -> Reply.data(Map.of())),
            Route.v1("GET", "/v1/{projectId}/boom").role(Role.Viewer, call -> {
                throw new IllegalStateException("database on fire");
            }),
            Route.graph("POST", "/graph/transform/declined/{projectId}").openInputs().role(Role.Viewer, call -> {
                throw new io.modelgraph.api.TransformFailure(501, List.of(new io.modelgraph.api.ErrorEntry("format",
                        "Schema format 'x' is not carried by this build.")), List.of());
            })), TestStores.services().authenticator())) {
    };

    /** Runs one request and answers every JSON line it printed. */
    private List<JsonNode> run(String method, String path, String body, String role) throws Exception {
        String text = Stdout.capture(() -> handler.handleRequest(TestEvents.event(method, path, "", body,
                Map.of("authorization", "Bearer " + TOKEN, "x-api-key", API_KEY),
                role == null ? null : TestEvents.claims("alice", project, role)), null));
        for (String secret : List.of(TOKEN, "secret-token-payload", API_KEY, SCHEMA, "patient_secret_schema")) {
            assertFalse(text.contains(secret), "the log holds " + secret + ":\n" + text);
        }
        List<JsonNode> lines = new ArrayList<>();
        for (String line : text.split("\n")) {
            if (!line.isBlank()) {
                lines.add(Json.parse(line));
            }
        }
        return lines;
    }

    private static JsonNode requestLine(List<JsonNode> lines) {
        List<JsonNode> found = lines.stream().filter(l -> l.path("logger").asText().equals("RequestLog")).toList();
        assertEquals(1, found.size(), "one request line: " + lines);
        return found.get(0);
    }

    /** The EMF rules CloudWatch applies: each declared metric is a number at the top level, each dimension a string. */
    private static void assertEmf(JsonNode line) {
        JsonNode aws = line.path("_aws");
        assertTrue(aws.path("Timestamp").isIntegralNumber(), line.toString());
        JsonNode directive = aws.path("CloudWatchMetrics").get(0);
        assertEquals(RequestLog.NAMESPACE, directive.path("Namespace").asText());
        assertEquals("[[\"route\"],[]]", directive.path("Dimensions").toString());
        Set<String> names = new TreeSet<>();
        for (JsonNode metric : directive.path("Metrics")) {
            names.add(metric.path("Name").asText());
            assertTrue(line.path(metric.path("Name").asText()).isNumber(), metric + " in " + line);
            assertTrue(Set.of("Count", "Milliseconds").contains(metric.path("Unit").asText()), metric.toString());
        }
        assertEquals(Set.of("calls", "errors", "clientErrors", "latencyMs"), names);
        assertTrue(line.path("route").isTextual());
    }

    @Test
    void aSuccessfulCallLogsItsRouteProjectSubjectStatusAndLatencyAsOneEmfDocument() throws Exception {
        JsonNode line = requestLine(run("POST", "/graph/transform/echo/" + project,
                Json.write(Map.of("schema", SCHEMA)), "Viewer"));
        assertEmf(line);
        assertEquals("INFO", line.path("level").asText());
        assertEquals("test-request", line.path("requestId").asText());
        assertEquals("POST /graph/transform/echo/{projectId}", line.path("route").asText(),
                "the route template, not the raw path: one metric per route, not per project");
        assertEquals(project, line.path("projectId").asText());
        assertEquals("alice", line.path("subject").asText());
        assertEquals(200, line.path("status").asInt());
        assertEquals(1, line.path("calls").asInt());
        assertEquals(0, line.path("errors").asInt());
        assertEquals(0, line.path("clientErrors").asInt());
        assertTrue(line.path("latencyMs").asDouble() >= 0);
        assertFalse(line.path("timestamp").asText().isEmpty());
    }

    @Test
    void aRefusedCallCountsAsAClientErrorAndNamesWhoWasRefused() throws Exception {
        JsonNode forbidden = requestLine(run("POST", "/v1/" + project + "/things", "{\"label\":\"x\"}", "Viewer"));
        assertEmf(forbidden);
        assertEquals(401, forbidden.path("status").asInt(), "the API answers a missing role 401");
        assertEquals("WARN", forbidden.path("level").asText());
        assertEquals(1, forbidden.path("clientErrors").asInt());
        assertEquals(0, forbidden.path("errors").asInt());
        assertEquals("alice", forbidden.path("subject").asText());

        JsonNode anonymous = requestLine(run("POST", "/v1/" + project + "/things", "{\"label\":\"x\"}", null));
        assertEquals(401, anonymous.path("status").asInt());
        assertEquals("", anonymous.path("subject").asText(), "nobody was authenticated");
        assertEquals(project, anonymous.path("projectId").asText());

        JsonNode unknown = requestLine(run("GET", "/v1/" + project + "/nothing", null, "Viewer"));
        assertEquals(404, unknown.path("status").asInt());
        assertEquals("unmatched", unknown.path("route").asText(), "an unknown path never becomes a metric dimension");
        assertEquals("", unknown.path("projectId").asText());
    }

    @Test
    void aDeclinedFormatIs501AndCountsWithTheCallersErrorsNotAsAFault() throws Exception {
        JsonNode line = requestLine(run("POST", "/graph/transform/declined/" + project, "{}", "Viewer"));
        assertEmf(line);
        assertEquals(501, line.path("status").asInt());
        assertEquals("WARN", line.path("level").asText());
        assertEquals(0, line.path("errors").asInt());
        assertEquals(1, line.path("clientErrors").asInt());
    }

    @Test
    void aFaultCountsAsAnErrorAndSharesTheRequestIdWithTheFatalErrorLine() throws Exception {
        List<JsonNode> lines = run("GET", "/v1/" + project + "/boom", null, "Viewer");
        JsonNode line = requestLine(lines);
        assertEmf(line);
        assertEquals(500, line.path("status").asInt());
        assertEquals("ERROR", line.path("level").asText());
        assertEquals(1, line.path("errors").asInt());
        JsonNode fatal = lines.stream().filter(l -> l.path("logger").asText().equals("FatalError")).findFirst()
                .orElseThrow(() -> new AssertionError("no FatalError line: " + lines));
        assertEquals(line.path("requestId").asText(), fatal.path("requestId").asText());
        assertEquals(line.path("route").asText(), fatal.path("route").asText());
        assertTrue(fatal.path("trackingCode").asText().startsWith("MG-"));
    }

    @Test
    void theDiscardingLogBuildsTheLineButPrintsNothing() throws Exception {
        APIGatewayV2HTTPResponse[] response = new APIGatewayV2HTTPResponse[1];
        String printed = Stdout.capture(() -> response[0] = HttpApiHandler.handle(handler.router(),
                TestEvents.event("POST", "/graph/transform/echo/" + project, "", Json.write(Map.of("schema", SCHEMA)),
                        Map.of(), TestEvents.claims("alice", project, "Viewer")), RequestLog.DISCARD));
        assertEquals(200, response[0].getStatusCode());
        assertEquals("", printed);
    }
}
