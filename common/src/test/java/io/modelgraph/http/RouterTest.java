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
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.store.Attr;
import io.modelgraph.store.HistoryStore;
import io.modelgraph.store.TestStores;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The request pipeline every handler shares: bad input is a logical error naming the field, with the
 * right status, in the route's envelope, and the operation (which writes to the real store) never runs.
 */
class RouterTest {
    private final String project = TestStores.newProjectId();
    private final HistoryStore writes = new HistoryStore(TestStores.services().dynamo(),
            TestStores.services().stores().historyTable());

    private final HttpApiHandler handler = new HttpApiHandler(new Router(List.of(
                Route.v1("POST", "/v1/{projectId}/things").body("label", "flag").role(Role.Editor, call -> {
                    Body body = call.request().body();
                    String label = body.requiredString("label");
                    boolean flag = body.bool("flag", false);
                    writes.append(call.projectId(), "things", label, Map.of("flag", Attr.bool(flag)), 10);
                    return Reply.data(Map.of("label", label, "flag", flag));
                }),
                Route.v1("GET", "/v1/{projectId}/items").negotiated().query("pageSize", "sortDesc", "nodeIds").role(Role.Viewer, call -> Reply.data(Map.of(
                        "pageSize", call.request().queryInt("pageSize", 50, 1, 250),
                        "desc", call.request().queryBool("sortDesc", false),
                        "ids", call.request().queryList("nodeIds")))),
                Route.v1("GET", "/v1/{projectId}/boom").role(Role.Viewer, call -> {
                    throw new IllegalStateException("database on fire");
                }),
                Route.v1("GET", "/v1/{projectId}/deep").role(Role.Viewer, call -> Reply.data(recurse(0))),
                Route.graph("POST", "/graph/transform/echo/{projectId}").body("schema", "dryRun").role(Role.Viewer, call -> {
                    LossinessLedger ledger = new LossinessLedger().drop("$.x", "dropped for the test");
                    var payload = Json.object().put("schema", call.request().body().requiredString("schema"));
                    return Reply.transform(payload, ledger.entries());
                })), TestStores.services().authenticator())) {
    };

    /** Recurses until the stack runs out, as a parser does on hostile nesting. */
    private static int recurse(int depth) {
        return recurse(depth + 1) + 1;
    }

    private APIGatewayV2HTTPResponse call(String method, String path, String query, String body,
            Map<String, String> headers, String role) {
        APIGatewayV2HTTPEvent event = TestEvents.event(method, path, query, body, headers,
                role == null ? null : TestEvents.claims("alice", project, role));
        return handler.handleRequest(event, null);
    }

    private static JsonNode json(APIGatewayV2HTTPResponse response) throws Exception {
        return Json.parse(response.getBody());
    }

    private void assertLogical(APIGatewayV2HTTPResponse response, int status, String mentions) throws Exception {
        assertEquals(status, response.getStatusCode(), response.getBody());
        JsonNode body = json(response);
        assertFalse(body.get("success").asBoolean());
        assertFalse(body.get("error").get("isFatal").asBoolean());
        assertTrue(body.get("error").get("message").asText().contains(mentions),
                "message should mention '" + mentions + "': " + body);
        assertEquals(Set.of("success", "error"), fieldNames(body), "no other envelope properties");
    }

    private static java.util.Set<String> fieldNames(JsonNode node) {
        java.util.Set<String> names = new java.util.HashSet<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static final class Set {
        static java.util.Set<String> of(String... names) {
            return java.util.Set.of(names);
        }
    }

    private boolean wroteAnything() {
        return !writes.listAll(project, "things").isEmpty();
    }

    @Test
    void aGoodRequestAnswersTheV1Envelope() throws Exception {
        var response = call("POST", "/v1/" + project + "/things", "", "{\"Label\":\"x\",\"FLAG\":true}", Map.of(),
                "Editor");
        assertEquals(200, response.getStatusCode(), response.getBody());
        JsonNode body = json(response);
        assertTrue(body.get("success").asBoolean());
        assertEquals("x", body.get("data").get("label").asText(), "member names are matched case-insensitively");
        assertTrue(body.get("data").get("flag").asBoolean());
        assertTrue(wroteAnything());
    }

    @Test
    void malformedJsonNamesLineAndColumnAndWritesNothing() throws Exception {
        assertLogical(call("POST", "/v1/" + project + "/things", "", "{\"label\": \"x\",\n  oops}", Map.of(),
                "Editor"), 400, "line 2");
        assertFalse(wroteAnything());
    }

    @Test
    void wrongContentTypeIs415() throws Exception {
        assertLogical(call("POST", "/v1/" + project + "/things", "", "label=x",
                Map.of("Content-Type", "application/x-www-form-urlencoded"), "Editor"), 415, "Content-Type");
        assertFalse(wroteAnything());
    }

    @Test
    void bodyOverSixMegabytesIs413() throws Exception {
        String huge = "{\"label\":\"" + "a".repeat(6 * 1024 * 1024) + "\"}";
        assertLogical(call("POST", "/v1/" + project + "/things", "", huge, Map.of(), "Editor"), 413, "6 MB");
        assertFalse(wroteAnything());
    }

    @Test
    void missingAndMistypedFieldsAreNamed() throws Exception {
        assertLogical(call("POST", "/v1/" + project + "/things", "", "{}", Map.of(), "Editor"), 400, "body.label");
        assertLogical(call("POST", "/v1/" + project + "/things", "", "{\"label\":\"x\",\"flag\":\"yes\"}", Map.of(),
                "Editor"), 400, "body.flag");
        assertLogical(call("POST", "/v1/" + project + "/things", "", "[1,2]", Map.of(), "Editor"), 400,
                "must be a JSON object");
        assertFalse(wroteAnything());
    }

    @Test
    void unknownNamesAreRefusedWithTheIntendedNameAndNothingIsWritten() throws Exception {
        assertLogical(call("POST", "/v1/" + project + "/things", null, "{\"label\":\"x\",\"flg\":true}", Map.of(),
                "Editor"), 400, "body.flg: Unknown member 'flg': did you mean `flag`?");
        assertFalse(wroteAnything());
        assertLogical(call("GET", "/v1/" + project + "/items", "page_size=3", null, Map.of(), "Viewer"), 400,
                "query.page_size: Unknown query parameter 'page_size': did you mean `pageSize`?");
        assertLogical(call("GET", "/v1/" + project + "/items", "zzz=3", null, Map.of(), "Viewer"), 400,
                "Unknown query parameter 'zzz'. Accepted: pageSize, sortDesc, nodeIds.");
        APIGatewayV2HTTPResponse t = call("POST", "/graph/transform/echo/" + project, null,
                "{\"schema\":\"s\",\"dry_run\":true}", Map.of(), "Viewer");
        assertEquals(400, t.getStatusCode(), t.getBody());
        JsonNode error = json(t).get("errors").get(0);
        assertEquals("dry_run", error.get("path").asText());
        assertTrue(error.get("message").asText().contains("did you mean `dryRun`?"), t.getBody());
    }

    @Test
    void aSingleValuedParameterGivenTwiceIsRefusedAListCombinesRepeatsAndCommas() throws Exception {
        assertLogical(call("GET", "/v1/" + project + "/items", "pageSize=3&pageSize=4", null, Map.of(), "Viewer"), 400,
                "query.pageSize: Query parameter 'pageSize' takes one value, got 2");
        JsonNode data = json(call("GET", "/v1/" + project + "/items", "nodeIds=a,b&nodeIds=c", null, Map.of(),
                "Viewer")).get("data");
        assertEquals("[\"a\",\"b\",\"c\"]", data.get("ids").toString());
    }

    @Test
    void queryParametersAreTypedRepeatedAndCaseInsensitive() throws Exception {
        var ok = call("GET", "/v1/" + project + "/items", "PAGESIZE=250&sortdesc=true&nodeIds=a&nodeIds=b%20c,d", null,
                Map.of(), "Viewer");
        JsonNode data = json(ok).get("data");
        assertEquals(250, data.get("pageSize").asInt());
        assertTrue(data.get("desc").asBoolean());
        assertEquals("[\"a\",\"b c\",\"d\"]", data.get("ids").toString());

        assertLogical(call("GET", "/v1/" + project + "/items", "pageSize=251", null, Map.of(), "Viewer"), 400,
                "pageSize");
        assertLogical(call("GET", "/v1/" + project + "/items", "pageSize=ten", null, Map.of(), "Viewer"), 400,
                "must be an integer");
        assertLogical(call("GET", "/v1/" + project + "/items", "sortDesc=maybe", null, Map.of(), "Viewer"), 400,
                "true or false");
    }

    @Test
    void negotiatedRoutesAnswerInTheAcceptedTextType() {
        var plain = call("GET", "/v1/" + project + "/items", "", null, Map.of("ACCEPT", "text/plain"), "Viewer");
        assertTrue(plain.getHeaders().get("Content-Type").startsWith("text/plain"));
        var textJson = call("GET", "/v1/" + project + "/items", "", null, Map.of("accept", "text/json"), "Viewer");
        assertTrue(textJson.getHeaders().get("Content-Type").startsWith("text/json"));
        assertEquals(plain.getBody(), textJson.getBody());
        // quality values decide, not the order of appearance; q=0 rules a type out
        for (var c : Map.of("application/json;q=0.1, text/plain", "text/plain",
                "text/plain;q=0.5, text/json;q=0.9", "text/json",
                "text/*;q=0.8, application/json;q=0.2", "text/json",
                "*/*;q=0.3, text/plain;q=0.9", "text/plain",
                "application/json;q=0, text/*", "text/json",
                "*/*", "application/json",
                "image/png", "application/json").entrySet()) {
            var answer = call("GET", "/v1/" + project + "/items", "", null, Map.of("Accept", c.getKey()), "Viewer");
            assertTrue(answer.getHeaders().get("Content-Type").startsWith(c.getValue()), c.getKey() + " -> "
                    + answer.getHeaders().get("Content-Type"));
        }
        // a flag given without a value is true
        var flagged = call("GET", "/v1/" + project + "/items", "sortDesc", null, Map.of(), "Viewer");
        assertTrue(flagged.getBody().contains("\"desc\":true"), flagged.getBody());
        var absent = call("GET", "/v1/" + project + "/items", "", null, Map.of(), "Viewer");
        assertTrue(absent.getBody().contains("\"desc\":false"), absent.getBody());
    }

    @Test
    void successfulReadsCarryAnETagAndMatchingOnesAre304() {
        var first = call("GET", "/v1/" + project + "/items", "pageSize=7", null, Map.of(), "Viewer");
        String tag = first.getHeaders().get("ETag");
        assertTrue(tag != null && tag.matches("\"[A-Za-z0-9_-]+\""), String.valueOf(tag));
        for (String sent : new String[] {tag, "W/" + tag, "\"other\", " + tag, "*"}) {
            var again = call("GET", "/v1/" + project + "/items", "pageSize=7", null, Map.of("If-None-Match", sent),
                    "Viewer");
            assertEquals(304, again.getStatusCode(), sent);
            assertEquals(tag, again.getHeaders().get("ETag"));
            assertEquals("", again.getBody());
        }
        var other = call("GET", "/v1/" + project + "/items", "pageSize=8", null, Map.of("If-None-Match", tag),
                "Viewer");
        assertEquals(200, other.getStatusCode(), "another answer, another tag");
        var refused = call("GET", "/v1/" + project + "/items", "pageSize=ten", null, Map.of("If-None-Match", "*"),
                "Viewer");
        assertEquals(400, refused.getStatusCode(), "errors are never 304");
    }

    @Test
    void base64BodiesAreDecoded() throws Exception {
        APIGatewayV2HTTPEvent event = TestEvents.event("POST", "/v1/" + project + "/things", "",
                Base64.getEncoder().encodeToString("{\"label\":\"b64\"}".getBytes(StandardCharsets.UTF_8)), Map.of(),
                TestEvents.claims("alice", project, "Editor"));
        event.setIsBase64Encoded(true);
        assertEquals("b64", json(handler.handleRequest(event, null)).get("data").get("label").asText());
    }

    @Test
    void authFailuresAre401AndBadProjectIdsAre400() throws Exception {
        assertLogical(call("POST", "/v1/" + project + "/things", "", "{\"label\":\"x\"}", Map.of(), null), 401,
                "Missing bearer token");
        assertLogical(call("POST", "/v1/" + project + "/things", "", "{\"label\":\"x\"}", Map.of(), "Viewer"), 401,
                "needs role Editor");
        String other = TestStores.newProjectId();
        var event = TestEvents.event("GET", "/v1/" + other + "/items", "", null, Map.of(),
                TestEvents.claims("alice", project, "Admin"));
        assertLogical(handler.handleRequest(event, null), 401, "grants no role on project " + other);
        assertLogical(call("GET", "/v1/NOT-A-PROJECT/items", "", null, Map.of(), "Viewer"), 400, "32 lowercase");
        assertFalse(wroteAnything());
    }

    @Test
    void unknownRoutesAre404InTheirEnvelope() throws Exception {
        assertLogical(call("GET", "/v1/" + project + "/nothing", "", null, Map.of(), "Viewer"), 404, "No route");
        var transform = call("GET", "/graph/transform/nothing/" + project, "", null, Map.of(), "Viewer");
        assertEquals(404, transform.getStatusCode());
        assertFalse(json(transform).get("success").asBoolean());
        assertEquals(1, json(transform).get("errors").size());
    }

    @Test
    void transformRoutesAnswerWithLossinessAndErrors() throws Exception {
        var ok = call("POST", "/graph/transform/echo/" + project, "", "{\"schema\":\"s\"}", Map.of(), "Viewer");
        JsonNode body = json(ok);
        assertTrue(body.get("success").asBoolean());
        assertEquals("StructuralDrop", body.get("lossiness").get(0).get("kind").asText());
        assertEquals(0, body.get("errors").size());
        assertEquals("s", body.get("schema").asText());

        var bad = call("POST", "/graph/transform/echo/" + project, "", "{}", Map.of(), "Viewer");
        assertEquals(400, bad.getStatusCode());
        JsonNode error = json(bad).get("errors").get(0);
        assertEquals("body.schema", error.get("path").asText());
    }

    @Test
    void faultsAre500WithATrackingCodeThatIsAlsoLogged() throws Exception {
        PrintStream original = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        APIGatewayV2HTTPResponse response;
        try {
            response = call("GET", "/v1/" + project + "/boom", "", null, Map.of(), "Viewer");
        } finally {
            System.setOut(original);
        }
        assertEquals(500, response.getStatusCode());
        JsonNode error = json(response).get("error");
        assertTrue(error.get("isFatal").asBoolean());
        String message = error.get("message").asText();
        assertFalse(message.contains("database on fire"), "the cause never reaches the caller");
        Matcher code = Pattern.compile("MG-[A-Z0-9]{10}").matcher(message);
        assertTrue(code.find(), message);
        String log = captured.toString(StandardCharsets.UTF_8);
        assertTrue(log.contains("\"trackingCode\":\"" + code.group() + "\""), "the code is in the structured log");
        assertTrue(log.contains("database on fire"), "the cause is in the log");
    }

    @Test
    void aStackOverflowLeavesAsAFatalEnvelopeWithATrackingCodeNotABare500() throws Exception {
        PrintStream original = System.out;
        System.setOut(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        APIGatewayV2HTTPResponse response;
        try {
            response = call("GET", "/v1/" + project + "/deep", "", null, Map.of(), "Viewer");
        } finally {
            System.setOut(original);
        }
        assertEquals(500, response.getStatusCode());
        JsonNode error = json(response).get("error");
        assertTrue(error.get("isFatal").asBoolean());
        assertTrue(Pattern.compile("MG-[A-Z0-9]{10}").matcher(error.get("message").asText()).find());
    }
}
