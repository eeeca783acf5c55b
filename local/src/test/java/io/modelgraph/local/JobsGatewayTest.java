package io.modelgraph.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.auth.Role;
import io.modelgraph.jobs.WriteRate;
import io.modelgraph.json.Json;
import io.modelgraph.testkit.Answer;
import io.modelgraph.testkit.ApiDriver;
import io.modelgraph.testkit.Caller;
import io.modelgraph.testkit.OverHttp;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Writes that do not fit a request's 29 s become jobs, through the local gateway on the embedded stores: a
 * gateway whose write rate is lowered ({@value WriteRate#ENV} = 3 units/s, so about 25 change units fit a
 * request) answers a schema import and a merge 202 with a job; the job route then shows the job done with
 * exactly the envelope the same call answers synchronously on a gateway at the measured rate, and the data
 * reads back. The job route asks the deferred route's role and stays inside its project and surface.
 */
class JobsGatewayTest {
    static final String SCHEMA = """
            {"$schema":"https://json-schema.org/draft/2020-12/schema","$defs":{
             "Study":{"type":"object","properties":{"title":{"type":"string"},"phase":{"type":"string"},
                      "start":{"type":"string","format":"date"},"sites":{"type":"integer"}}},
             "Person":{"type":"object","properties":{"name":{"type":"string"},"born":{"type":"string","format":"date"},
                       "email":{"type":"string"},"study":{"$ref":"#/$defs/Study"}}},
             "Visit":{"type":"object","properties":{"at":{"type":"string","format":"date-time"},
                      "who":{"$ref":"#/$defs/Person"},"notes":{"type":"string"}}}}}""";

    private static LocalServer slow;
    private static JsonFiles files;

    @BeforeAll
    static void start() throws IOException {
        slow = LocalServer.start(new LocalServer.Options(0, true, Files.createTempDirectory("modelgraph-jobs"), true),
                Map.of(WriteRate.ENV, "3"), new PrintStream(PrintStream.nullOutputStream()));
        files = new JsonFiles();
        files.put("/person.json", SCHEMA);
    }

    @AfterAll
    static void stop() {
        files.close();
        slow.close();
    }

    @Test
    void aSchemaImportTooLargeForItsTimeRunsAsAJobAndAnswersTheSynchronousEnvelope() throws Exception {
        String project = project();
        String body = Json.write(Map.of("format", "jsonschema", "schema", SCHEMA));
        Reply accepted = send(slow, "POST", "/graph/transform/schema/import/" + project, token(slow, project,
                Role.Admin), body);
        assertEquals(202, accepted.status(), accepted.body());
        JsonNode job = accepted.json().path("job");
        assertTrue(accepted.json().path("success").asBoolean(), accepted.body());
        assertEquals(0, accepted.json().path("errors").size(), accepted.body());
        String statusUrl = job.path("statusUrl").asText();
        assertEquals("/graph/transform/jobs/" + project + "/" + job.path("jobId").asText(), statusUrl);
        assertEquals(statusUrl, accepted.location());
        assertTrue(job.path("changes").asInt() > 25, accepted.body());

        JsonNode done = awaitDone(slow, statusUrl, token(slow, project, Role.Admin)).path("job");
        assertEquals(200, done.path("statusCode").asInt(), done.toString());
        assertEquals(1, done.path("attempts").asInt(), done.toString());

        // the same call on a gateway at the measured rate answers synchronously: the same envelope
        String other = project();
        Reply sync = send(TestStack.server(), "POST", "/graph/transform/schema/import/" + other,
                token(TestStack.server(), other, Role.Admin), body);
        assertEquals(200, sync.status(), sync.body());
        // (the envelope names its project: the same call on the other project differs by that id only)
        assertEquals(Json.parse(sync.body().replace(other, project)), done.path("result"));

        // and the job's write reads back as the synchronous one does
        String exportBody = Json.write(Map.of("format", "jsonschema"));
        Reply fromJob = send(slow, "POST", "/graph/transform/schema/export/" + project,
                token(slow, project, Role.Viewer), exportBody);
        Reply fromSync = send(TestStack.server(), "POST", "/graph/transform/schema/export/" + other,
                token(TestStack.server(), other, Role.Viewer), exportBody);
        assertEquals(200, fromJob.status(), fromJob.body());
        assertEquals(Json.parse(fromSync.body().replace(other, project)), fromJob.json());
        JsonNode defs = Json.parse(fromJob.json().path("schema").asText()).path("$defs");
        for (String type : new String[] {"Study", "Person", "Visit"}) {
            assertTrue(defs.has(type), fromJob.body());
        }

        // the job route asks the import's role (Admin), and stays inside its project and surface
        // (a role too low and another project are both 401 in this service, see openapi's Unauthorized)
        Reply viewer = send(slow, "GET", statusUrl, token(slow, project, Role.Viewer), null);
        assertEquals(401, viewer.status(), viewer.body());
        assertTrue(viewer.body().contains("Admin"), viewer.body());
        String stranger = project();
        assertEquals(401, send(slow, "GET", statusUrl, token(slow, stranger, Role.Admin), null).status());
        Reply elsewhere = send(slow, "GET", statusUrl.replace(project, stranger), token(slow, stranger, Role.Admin),
                null);
        assertEquals(404, elsewhere.status(), elsewhere.body());
        Reply otherSurface = send(slow, "GET", "/v1/" + project + "/jobs/" + job.path("jobId").asText(),
                token(slow, project, Role.Admin), null);
        assertEquals(404, otherSurface.status(), otherSurface.body());
        assertEquals(400, send(slow, "GET", statusUrl + "?verbose=true", token(slow, project, Role.Admin), null)
                .status(), "the job route declares no query names");
    }

    @Test
    void aMergeTooLargeForItsTimeRunsAsAJobWithTheMergeEnvelope() throws Exception {
        String project = project();
        String admin = token(slow, project, Role.Admin);
        String space = createSpace(slow, project, admin);
        String url = files.url("/person.json");
        String query = "?SpaceId=" + space + "&ConfigTypeId=" + URLEncoder.encode("jsonschema-2020-12",
                StandardCharsets.UTF_8);
        Reply accepted = send(slow, "POST", "/v1/" + project + "/mergeJsonSchema" + query, admin,
                "[{\"FileUrl\":\"" + url + "\"}]");
        assertEquals(202, accepted.status(), accepted.body());
        assertTrue(accepted.json().path("success").asBoolean(), accepted.body());
        String statusUrl = accepted.json().path("data").path("statusUrl").asText();
        assertEquals("/v1/" + project + "/jobs/" + accepted.json().path("data").path("jobId").asText(), statusUrl);

        JsonNode done = awaitDone(slow, statusUrl, admin).path("data");
        assertEquals(200, done.path("statusCode").asInt(), done.toString());
        JsonNode result = done.path("result");
        assertTrue(result.path("success").asBoolean(), result.toString());
        assertTrue(result.path("data").isObject(), result.toString());

        // the merge landed: the space exports the three Types
        Reply export = send(slow, "GET", "/v1/" + project + "/exportJsonSchema?configTypeId=jsonschema-2020-12&spaceId="
                + space, admin, null);
        assertEquals(200, export.status(), export.body());
        for (String type : new String[] {"Study", "Person", "Visit"}) {
            assertTrue(export.body().contains(type), export.body());
        }
        // the job route asks the merge's role (Admin)
        assertEquals(401, send(slow, "GET", statusUrl, token(slow, project, Role.Editor), null).status());
    }

    @Test
    void aBulkCreateTooLargeForItsTimeRunsAsAJobAndASmallOneStaysSynchronous() throws Exception {
        String project = project();
        String editor = token(slow, project, Role.Editor);
        String body = bulkBody("b", 20); // 20 nodes + 20 relations + 20 values: 60 units, about 25 fit at 3/s
        Reply accepted = send(slow, "POST", "/v1/" + project + "/bulkCreate", editor, body);
        assertEquals(202, accepted.status(), accepted.body());
        JsonNode job = accepted.json().path("data");
        assertEquals(60, job.path("changes").asInt(), accepted.body());
        String statusUrl = job.path("statusUrl").asText();
        assertEquals("/v1/" + project + "/jobs/" + job.path("jobId").asText(), statusUrl);
        assertEquals(statusUrl, accepted.location());

        JsonNode done = awaitDone(slow, statusUrl, editor).path("data");
        assertEquals(200, done.path("statusCode").asInt(), done.toString());
        // the same call answered synchronously at the measured rate: the same envelope (ids are the caller's)
        String other = project();
        Reply sync = send(TestStack.server(), "POST", "/v1/" + other + "/bulkCreate",
                token(TestStack.server(), other, Role.Editor), body);
        assertEquals(200, sync.status(), sync.body());
        assertEquals(sync.json(), done.path("result"));
        assertEquals(20, done.path("result").path("data").path("nodeIds").size(), done.toString());

        // the job's write reads back: every node with its relation and value
        Reply node = send(slow, "GET", "/v1/" + project + "/fetchNode?NodeId=b7&AddRelations=true&AddMixins=true",
                editor, null);
        assertEquals(200, node.status(), node.body());
        assertTrue(node.body().contains("Description of b7"), node.body());
        Reply page = send(slow, "GET", "/v1/" + project + "/fetchNodes?NodeType=Element&pageSize=50", editor, null);
        assertEquals(10, page.json().path("data").path("nodes").size(), page.body());

        // the job route asks the role the call was made with (Editor), and a small call stays synchronous
        assertEquals(401, send(slow, "GET", statusUrl, token(slow, project, Role.Viewer), null).status());
        Reply small = send(slow, "POST", "/v1/" + project + "/bulkCreate", editor, bulkBody("s", 4));
        assertEquals(200, small.status(), small.body());
        assertEquals(4, small.json().path("data").path("nodeIds").size(), small.body());
    }

    @Test
    void aCaptureImportTooLargeForItsTimeRunsAsAJobWithTheImportEnvelope() throws Exception {
        String project = project();
        String admin = token(slow, project, Role.Admin);
        Reply accepted = send(slow, "POST", "/graph/integrations/capture/import/" + project, admin,
                dictionary(CAPTURE_STUDY));
        assertEquals(202, accepted.status(), accepted.body());
        assertTrue(accepted.json().path("success").asBoolean(), accepted.body());
        assertEquals(0, accepted.json().path("errors").size(), accepted.body());
        JsonNode job = accepted.json().path("job");
        assertTrue(job.path("changes").asInt() > 25, accepted.body());
        String statusUrl = job.path("statusUrl").asText();
        assertEquals("/graph/integrations/capture/jobs/" + project + "/" + job.path("jobId").asText(), statusUrl);
        assertEquals(statusUrl, accepted.location());

        JsonNode done = awaitDone(slow, statusUrl, admin).path("job");
        assertEquals(200, done.path("statusCode").asInt(), done.toString());
        String other = project();
        Reply sync = send(TestStack.server(), "POST", "/graph/integrations/capture/import/" + other,
                token(TestStack.server(), other, Role.Admin), dictionary(CAPTURE_STUDY));
        assertEquals(200, sync.status(), sync.body());
        assertEquals(sync.json(), done.path("result"));
        assertEquals(2, done.path("result").path("datasetsAdded").asInt(), done.toString());

        // the import landed as the synchronous one does: its status says so and a reimport skips both forms
        Reply status = send(slow, "GET", "/graph/integrations/capture/status/" + project, admin, null);
        assertEquals(200, status.status(), status.body());
        assertTrue(status.json().path("imported").asBoolean(), status.body());
        assertEquals(2, status.json().path("governedDatasets").asInt(), status.body());

        // the job route asks the import's role (Admin) and stays inside its surface and vendor
        assertEquals(401, send(slow, "GET", statusUrl, token(slow, project, Role.Editor), null).status());
        String jobId = job.path("jobId").asText();
        assertEquals(404, send(slow, "GET", "/graph/transform/jobs/" + project + "/" + jobId, admin, null).status());
        assertEquals(404, send(slow, "GET", "/v1/" + project + "/jobs/" + jobId, admin, null).status());
        assertEquals(404, send(slow, "GET", "/graph/integrations/other/jobs/" + project + "/" + jobId, admin, null)
                .status());
        // and a transform job is not read here
        Reply imported = send(slow, "POST", "/graph/transform/schema/import/" + project, admin,
                Json.write(Map.of("format", "jsonschema", "schema", SCHEMA)));
        assertEquals(202, imported.status(), imported.body());
        String transformJob = imported.json().path("job").path("jobId").asText();
        assertEquals(404, send(slow, "GET", "/graph/integrations/capture/jobs/" + project + "/" + transformJob, admin,
                null).status());
        awaitDone(slow, imported.json().path("job").path("statusUrl").asText(), admin);
    }

    static final String CAPTURE_HEADER = "\"Variable / Field Name\",\"Form Name\",\"Section Header\",\"Field Type\","
            + "\"Field Label\",\"Choices, Calculations, OR Slider Labels\",\"Field Note\","
            + "\"Text Validation Type OR Show Slider Number\",\"Text Validation Min\",\"Text Validation Max\","
            + "Identifier?,\"Branching Logic (Show field only if...)\",\"Required Field?\",\"Custom Alignment\","
            + "\"Question Number (surveys only)\",\"Matrix Group Name\",\"Matrix Ranking?\",\"Field Annotation\"";
    static final String CAPTURE_STUDY = CAPTURE_HEADER + "\n"
            + "record_id,demographics,,text,\"Study ID\",,,,,,,,,,,,,\n"
            + "name_first,demographics,,text,\"First name\",,,,,,y,,y,,,,,\n"
            + "sex,demographics,,radio,Sex,\"0, Female | 1, Male\",,,,,,,y,,,,,\n"
            + "weight,visits,,text,\"Weight (kg)\",,,number,2,300,,,,,,,,\n";

    static String dictionary(String csv) {
        return Json.write(Json.object().set("artifacts", Json.object().put("data_dictionary", csv)));
    }

    /** {@code n} nodes (Types and Elements alternating), a relation and a value each, every Id given. */
    static String bulkBody(String prefix, int n) {
        java.util.List<Map<String, Object>> nodes = new java.util.ArrayList<>();
        java.util.List<Map<String, Object>> relations = new java.util.ArrayList<>();
        java.util.List<Map<String, Object>> mixins = new java.util.ArrayList<>();
        for (int i = 0; i < n; i++) {
            nodes.add(Map.of("Id", prefix + i, "label", "Node " + i, "nodeType", i % 2 == 0 ? "Type" : "Element"));
            boolean element = i % 2 == 1;
            relations.add(Map.of("Id", prefix + "r" + i, "fromNodeId", prefix + i, "toNodeId",
                    prefix + (element ? i - 1 : (i + 2) % n), "relationGroupId",
                    element ? "domain-includes" : "subclass-of"));
            mixins.add(Map.of("targetNodeId", prefix + i, "mixinId", "description", "mixinColumns",
                    java.util.List.of(Map.of("Id", "description", "value", "Description of " + prefix + i))));
        }
        return Json.write(Map.of("nodes", nodes, "relations", relations, "mixins", mixins));
    }

    // ---- helpers ----------------------------------------------------------------------------------

    record Reply(int status, String body, String location) {
        JsonNode json() {
            try {
                return Json.parse(body);
            } catch (IOException e) {
                throw new AssertionError("Not JSON (" + status + "): " + body, e);
            }
        }
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

    static String createSpace(LocalServer server, String project, String admin) {
        Reply created = send(server, "POST", "/v1/" + project + "/node", admin,
                "{\"label\":\"Merged\",\"nodeType\":\"Space\"}");
        assertEquals(200, created.status(), created.body());
        return created.json().path("data").path("Id").asText();
    }

    static String project() {
        return UUID.randomUUID().toString().replace("-", "");
    }

    static String token(LocalServer server, String project, Role role) {
        Instant now = Instant.now();
        return server.issuer().sign(LocalIssuer.claims("jobs-test", Map.of(project, role), now,
                now.plus(Duration.ofHours(1))).build());
    }

    static Reply send(LocalServer server, String method, String pathAndQuery, String token, String json) {
        return send(server, method, pathAndQuery, token, json, Duration.ofSeconds(60));
    }

    /** A call through the test kit's driver over HTTP to {@code server}, with {@code token} as it is. */
    static Reply send(LocalServer server, String method, String pathAndQuery, String token, String json,
            Duration timeout) {
        return send(server.baseUrl(), method, pathAndQuery, token, json, timeout);
    }

    /** As above, to the gateway at {@code baseUrl} (another process's, in the crash test). */
    static Reply send(String baseUrl, String method, String pathAndQuery, String token, String json,
            Duration timeout) {
        OverHttp http = new OverHttp(URI.create(baseUrl), (project, role, subject) -> {
            throw new IllegalStateException("These calls carry the token they are given");
        }, TestStack.HTTP, timeout);
        Answer a = new ApiDriver(http).call(method, pathAndQuery, json, Caller.bearer(token));
        return new Reply(a.status(), a.body(), a.header("location").orElse(""));
    }
}
