package io.modelgraph.transform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.json.Json;
import io.modelgraph.platform.AiSettings;
import io.modelgraph.transform.TransformCalls.Result;
import io.modelgraph.transform.ai.CannedProvider;
import io.modelgraph.transform.ai.CannedProvider.Reply;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The ai mapping kind through the handler, against a real HTTP server on loopback that answers with canned
 * OpenAI-compatible or Bedrock Converse replies.
 */
class AiMappingTest {
    static final String GOOD_PLAN = """
            {"operations":[
              {"op":"mapElement","type":"PersonShape","element":"FULLNAME","to":"fullName"},
              {"op":"mapType","type":"PersonShape","to":"Person"},
              {"op":"setDataType","type":"Person","element":"age","dataType":"integer"}]}""";
    static final String EXPECTED_PLAN = "{\"operations\":["
            + "{\"op\":\"mapElement\",\"type\":\"PersonShape\",\"element\":\"FULLNAME\",\"to\":\"fullName\"},"
            + "{\"op\":\"mapType\",\"type\":\"PersonShape\",\"to\":\"Person\"},"
            + "{\"op\":\"setDataType\",\"type\":\"Person\",\"element\":\"age\",\"dataType\":\"integer\"}]}";

    private final CannedProvider provider;
    private final String projectId = TransformCalls.newProjectId();

    AiMappingTest() throws Exception {
        provider = new CannedProvider();
    }

    @AfterEach
    void stop() {
        provider.close();
    }

    private AiSettings openAi(Duration timeout, int maxChars) {
        return new AiSettings(AiSettings.Provider.OPENAI, "test-model", Optional.of(provider.base("/v1")),
                Optional.of("k-test-secret"), Optional.empty(), "us-east-1", timeout, maxChars);
    }

    private TransformCalls calls(AiSettings settings) {
        return new TransformCalls(new TransformHandler(TransformCalls.servicesWithAi(settings)), projectId);
    }

    private TransformCalls openAiCalls() {
        return calls(openAi(Duration.ofSeconds(10), AiSettings.DEFAULT_MAX_PROMPT_CHARS));
    }

    static ObjectNode aiBody() {
        ObjectNode body = MapRoutesTest.mapBody();
        body.putObject("mapping").put("kind", "ai");
        return body;
    }

    /** plan/execute with the returned plan, without the provider, must give the same bytes. */
    private void assertReplaysByteIdentical(Result mapped) {
        ObjectNode exec = Json.object();
        exec.put("sourceFormat", "jsonschema").put("sourceSchema", MapRoutesTest.SOURCE)
                .put("targetFormat", "jsonschema").put("plan", Json.write(mapped.body().get("plan")));
        int before = provider.received().size();
        Result replay = new TransformCalls(projectId).post("plan/execute", exec, "Viewer");
        assertEquals(200, replay.status(), replay.toString());
        assertEquals(mapped.body().get("schema").asText(), replay.body().get("schema").asText());
        assertEquals(before, provider.received().size(), "the replay asks no provider");
    }

    @Test
    void goodPlanIsGatedExecutedAndReplayable() throws Exception {
        provider.then(Reply.ok(CannedProvider.chat(GOOD_PLAN)));
        Result r = openAiCalls().post("schema/map", aiBody(), "Editor");
        assertEquals(200, r.status(), r.toString());
        assertEquals(EXPECTED_PLAN, Json.write(r.body().get("plan")));
        JsonNode person = Json.parse(r.body().get("schema").asText()).get("$defs").get("Person");
        assertEquals("integer", person.get("properties").get("age").get("type").asText());
        assertTrue(person.get("properties").has("fullName"));
        assertReplaysByteIdentical(r);

        assertEquals(1, provider.received().size());
        CannedProvider.Request sent = provider.received().get(0);
        assertEquals("POST", sent.method());
        assertEquals("/v1/chat/completions", sent.path());
        assertEquals("Bearer k-test-secret", sent.header("authorization"));
        JsonNode body = Json.parse(sent.body());
        assertEquals("test-model", body.get("model").asText());
        String system = body.get("messages").get(0).get("content").asText();
        assertTrue(system.contains("renameType: type, to") && system.contains("addMapsTo: type, element (optional), iri"),
                system);
        String user = body.get("messages").get(1).get("content").asText();
        assertTrue(user.contains("{\"name\":\"PersonShape\""), "the source as the canonical model: " + user);
        assertTrue(user.contains("{\"name\":\"Person\""), "the target hint as the canonical model: " + user);
        assertFalse(user.contains("$defs") || user.contains("maxLength"), "not the raw source text: " + user);
    }

    @Test
    void invalidOperationsAreDroppedWithLedgerEntriesAndTheRestRuns() {
        provider.then(Reply.ok(CannedProvider.chat("""
                {"operations":[
                  {"op":"mapElement","type":"PersonShape","element":"FULLNAME","to":"fullName"},
                  {"op":"renameElement","type":"PersonShape","element":"ghost","to":"spirit"},
                  {"op":"teleport","type":"PersonShape"},
                  {"op":"mapType","type":"PersonShape","to":"Person"},
                  {"op":"setDataType","type":"Person","element":"age","dataType":"integer"}]}""")));
        Result r = openAiCalls().post("schema/map", aiBody(), "Editor");
        assertEquals(200, r.status(), r.toString());
        assertEquals(EXPECTED_PLAN, Json.write(r.body().get("plan")), "the executed plan holds the kept operations");
        JsonNode lossiness = r.body().get("lossiness");
        assertEquals("StructuralDrop", lossiness.get(0).get("kind").asText());
        assertEquals("ai.operations[1]", lossiness.get(0).get("path").asText());
        assertTrue(lossiness.get(0).get("explanation").asText().contains("ghost"), lossiness.toString());
        assertEquals("ai.operations[2]", lossiness.get(1).get("path").asText());
        assertTrue(lossiness.get(1).get("explanation").asText().contains("teleport"), lossiness.toString());
        assertReplaysByteIdentical(r);
    }

    @Test
    void planInProseOrCodeFenceIsFound() {
        provider.then(Reply.ok(CannedProvider.chat("Sure! Here is the mapping plan:\n```json\n" + GOOD_PLAN
                + "\n```\nIt renames the shape and retypes age.")));
        provider.then(Reply.ok(CannedProvider.chat("The plan is " + GOOD_PLAN.replace("\n", " ")
                + " and that is all {not json}.")));
        TransformCalls calls = openAiCalls();
        for (int i = 0; i < 2; i++) {
            Result r = calls.post("schema/map", aiBody(), "Editor");
            assertEquals(200, r.status(), r.toString());
            assertEquals(EXPECTED_PLAN, Json.write(r.body().get("plan")));
        }
    }

    @Test
    void answerWithoutPlanIsABadGateway() {
        provider.then(Reply.ok(CannedProvider.chat("I cannot help with that.")));
        Result r = openAiCalls().post("schema/map", aiBody(), "Editor");
        assertEquals(502, r.status(), r.toString());
        assertEquals("mapping.kind", r.firstPath());
        assertTrue(r.firstMessage().contains("held no plan JSON"), r.firstMessage());
    }

    @Test
    void timeoutIsAGatewayTimeoutWithoutRetry() {
        provider.then(new Reply(200, CannedProvider.chat(GOOD_PLAN), 3_000, Map.of()));
        Result r = calls(openAi(Duration.ofMillis(400), AiSettings.DEFAULT_MAX_PROMPT_CHARS))
                .post("schema/map", aiBody(), "Editor");
        assertEquals(504, r.status(), r.toString());
        assertEquals("mapping.kind", r.firstPath());
        assertTrue(r.firstMessage().contains("did not answer in time"), r.firstMessage());
        assertEquals(1, provider.received().size());
    }

    @Test
    void serverErrorIsRetriedOnceThenABadGateway() {
        provider.then(Reply.status(500)).then(Reply.status(500));
        Result r = openAiCalls().post("schema/map", aiBody(), "Editor");
        assertEquals(502, r.status(), r.toString());
        assertTrue(r.firstMessage().contains("answered HTTP 500"), r.firstMessage());
        assertFalse(r.firstMessage().contains("PersonShape"), "no schema content in the message");
        assertEquals(2, provider.received().size(), "one retry");
    }

    @Test
    void nothingOfTheSchemaOrTheKeyIsPrinted() {
        provider.then(Reply.status(500)).then(Reply.status(503)).then(Reply.ok(CannedProvider.chat(GOOD_PLAN)));
        java.io.PrintStream out = System.out;
        java.io.PrintStream err = System.err;
        java.io.ByteArrayOutputStream printed = new java.io.ByteArrayOutputStream();
        java.io.PrintStream capture = new java.io.PrintStream(printed, true);
        TransformCalls calls = openAiCalls();
        try {
            System.setOut(capture);
            System.setErr(capture);
            calls.post("schema/map", aiBody(), "Editor");
            calls.post("schema/map", aiBody(), "Editor");
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
        String text = printed.toString(java.nio.charset.StandardCharsets.UTF_8);
        assertFalse(text.contains("PersonShape") || text.contains("FULLNAME") || text.contains("k-test-secret"), text);
        assertEquals(3, provider.received().size());
    }

    @Test
    void rateLimitedThenSuccess() {
        provider.then(Reply.status(429)).then(Reply.ok(CannedProvider.chat(GOOD_PLAN)));
        Result r = openAiCalls().post("schema/map", aiBody(), "Editor");
        assertEquals(200, r.status(), r.toString());
        assertEquals(EXPECTED_PLAN, Json.write(r.body().get("plan")));
        assertEquals(2, provider.received().size());
    }

    @Test
    void clientErrorIsNotRetried() {
        provider.then(Reply.status(401));
        Result r = openAiCalls().post("schema/map", aiBody(), "Editor");
        assertEquals(502, r.status(), r.toString());
        assertEquals(1, provider.received().size());
    }

    @Test
    void aboveTheCapNothingIsSent() {
        Result r = calls(openAi(Duration.ofSeconds(5), 500)).post("schema/map", aiBody(), "Editor");
        assertEquals(413, r.status(), r.toString());
        assertEquals("sourceSchema", r.firstPath());
        assertTrue(r.firstMessage().contains("at most 500"), r.firstMessage());
        assertEquals(0, provider.received().size());
    }

    @Test
    void viewerIsRefusedBeforeAnyRequest() {
        Result r = openAiCalls().post("schema/map", aiBody(), "Viewer");
        assertEquals(401, r.status(), r.toString());
        ObjectNode mapImport = Json.object().put("sourceFormat", "jsonschema").put("sourceSchema", MapRoutesTest.SOURCE)
                .put("dryRun", true);
        mapImport.putObject("mapping").put("kind", "ai");
        assertEquals(401, openAiCalls().post("schema/mapImport", mapImport, "Viewer").status());
        assertEquals(0, provider.received().size());
    }

    @Test
    void mapImportDryRunMapsOntoTheProjectModel() {
        provider.then(Reply.ok(CannedProvider.chat("{\"operations\":[{\"op\":\"renameElement\",\"type\":\"PersonShape\","
                + "\"element\":\"FULLNAME\",\"to\":\"fullName\"}]}")));
        ObjectNode body = Json.object().put("sourceFormat", "jsonschema").put("sourceSchema", MapRoutesTest.SOURCE)
                .put("dryRun", true);
        body.putObject("mapping").put("kind", "ai");
        Result r = openAiCalls().post("schema/mapImport", body, "Editor");
        assertEquals(200, r.status(), r.toString());
        assertEquals("renameElement", r.body().get("plan").get("operations").get(0).get("op").asText());
        assertTrue(r.body().get("summary").get("elements").asInt() > 0, r.toString());
    }

    @Test
    void bedrockConverseOnLoopback() throws Exception {
        String model = "anthropic.claude-3-haiku-20240307-v1:0";
        provider.then(new Reply(503, "{\"message\":\"busy\"}", 0, Map.of("x-amzn-ErrorType",
                "ServiceUnavailableException"))).then(Reply.ok(CannedProvider.converse("```json\n" + GOOD_PLAN
                + "\n```")));
        AiSettings bedrock = new AiSettings(AiSettings.Provider.BEDROCK, model, Optional.of(provider.base("")),
                Optional.empty(), Optional.empty(), "us-east-1", Duration.ofSeconds(10), 200_000);
        Result r = calls(bedrock).post("schema/map", aiBody(), "Editor");
        assertEquals(200, r.status(), r.toString());
        assertEquals(EXPECTED_PLAN, Json.write(r.body().get("plan")));
        assertReplaysByteIdentical(r);
        assertEquals(2, provider.received().size(), "the SDK's retries are off; ours retried the 503 once");
        CannedProvider.Request sent = provider.received().get(1);
        assertEquals("POST", sent.method());
        assertEquals("/model/" + model.replace(":", "%3A") + "/converse", sent.path());
        assertTrue(sent.header("authorization").startsWith("AWS4-HMAC-SHA256"), "signed like every AWS call");
        JsonNode body = Json.parse(sent.body());
        assertTrue(body.get("system").get(0).get("text").asText().contains("mapType"));
        assertEquals("user", body.get("messages").get(0).get("role").asText());
        assertTrue(body.get("messages").get(0).get("content").get(0).get("text").asText()
                .contains("{\"name\":\"PersonShape\""));
        assertEquals(0, body.get("inferenceConfig").get("temperature").asInt());
    }

    @Test
    void settingsFromEnvironmentNameWhatIsMissing() {
        assertFalse(AiSettings.from(Map.of()).configured());
        var e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> AiSettings.from(Map.of("AI_PROVIDER", "openai", "AI_MODEL", "m")));
        assertTrue(e.getMessage().contains("AI_ENDPOINT"), e.getMessage());
        AiSettings s = AiSettings.from(Map.of("AI_PROVIDER", "openai", "AI_MODEL", "m", "AI_ENDPOINT",
                "http://127.0.0.1:1/v1", "AI_API_KEY", "sk-hidden", "AI_TIMEOUT_SECONDS", "7"));
        assertEquals(Duration.ofSeconds(7), s.timeout());
        assertFalse(s.toString().contains("sk-hidden"), s.toString());
        assertEquals(URI.create("http://127.0.0.1:1/v1"), s.endpoint().orElseThrow());
    }
}
