package io.modelgraph.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.modelgraph.auth.Role;
import io.modelgraph.json.Json;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Request;

/**
 * Unknown names are refused (docs/api.md#conventions), generated from openapi.yaml so a route added later is covered: every documented
 * operation is sent one misspelled query parameter (and, when it documents body members, one misspelled member)
 * by an Admin of a fresh project. Each answer must be a logical 400 naming the misspelling and the documented
 * name it is close to, and nothing may be written (no store item or object mentions the project afterwards).
 */
class StrictInputTest {
    private static final String PROJECT = java.util.HexFormat.of().formatHex(
            java.nio.ByteBuffer.allocate(16).putLong(System.nanoTime()).putLong(new java.util.Random().nextLong()).array());

    record Operation(String method, String template, List<String> query, List<String> bodyMembers) {
    }

    @TestFactory
    List<DynamicTest> everyRouteRefusesAMisspelledNameAndWritesNothing() throws Exception {
        JsonNode doc = new YAMLMapper().readTree(TemplateTest.ROOT.resolve("openapi.yaml").toFile());
        List<Operation> operations = operations(doc);
        assertTrue(operations.size() >= 30, "openapi.yaml documents " + operations.size() + " operations");
        // the machine routes take an API key: one is made first, and what it wrote is the baseline of "nothing"
        TestStack.Answer key = TestStack.postJson("/v1/" + PROJECT + "/apiKeys", adminToken(),
                "{\"label\":\"strict-input\",\"role\":\"Viewer\"}");
        assertEquals(200, key.status(), key.body());
        apiKey = key.json().path("data").path("key").asText();
        baseline = written();
        List<DynamicTest> tests = new ArrayList<>();
        for (Operation op : operations) {
            String queryName = op.query().isEmpty() ? "bogusParameter" : op.query().get(0) + "x";
            tests.add(DynamicTest.dynamicTest(op.method() + " " + op.template() + " ?" + queryName, () -> {
                String path = OpenApiDoc.path(op.template(), PROJECT) + "?" + queryName + "=true";
                expectRefusal(op, TestStack.send(op.method(), path, credential(op), null, null), queryName,
                        op.query().isEmpty() ? null : op.query().get(0));
            }));
            if (!op.bodyMembers().isEmpty()) {
                String good = op.bodyMembers().get(op.bodyMembers().size() - 1);
                String bad = good + "x";
                tests.add(DynamicTest.dynamicTest(op.method() + " " + op.template() + " {" + bad + "}", () -> {
                    String body = Json.write(Map.of(bad, true));
                    String path = OpenApiDoc.path(op.template(), PROJECT);
                    expectRefusal(op, TestStack.send(op.method(), path, credential(op), "application/json",
                            body.getBytes(StandardCharsets.UTF_8)), bad, good);
                }));
            }
        }
        // last: the store probe does see a write of this project, so "nothing written" above means something
        tests.add(DynamicTest.dynamicTest("the probe sees a real write", () -> {
            TestStack.Answer created = TestStack.postJson("/v1/" + PROJECT + "/node", adminToken(),
                    "{\"label\":\"Probe\",\"nodeType\":\"Type\"}");
            assertEquals(200, created.status(), created.body());
            assertFalse(written().isEmpty(), "the probe found the write");
        }));
        return tests;
    }

    private static void expectRefusal(Operation op, TestStack.Answer a, String bad, String intended) {
        assertEquals(400, a.status(), op + ": " + a.body());
        String message;
        if (op.template().startsWith("/graph/")) {
            JsonNode env = TestStack.assertTransformEnvelope(a);
            assertFalse(env.get("success").asBoolean(), a.body());
            // a body lacking its required members answers the specification's message first, then the misspelling
            StringBuilder all = new StringBuilder();
            env.get("errors").forEach(e -> all.append(e.get("path").asText()).append(' ')
                    .append(e.get("message").asText()).append('\n'));
            message = all.toString();
        } else {
            JsonNode env = TestStack.assertV1Envelope(a);
            assertFalse(env.path("error").path("isFatal").asBoolean(true), a.body());
            message = env.path("error").path("message").asText();
        }
        assertTrue(message.contains("'" + bad + "'"), "the error names " + bad + ": " + message);
        if (intended != null) {
            assertTrue(message.contains("did you mean `" + intended + "`?"), "suggests " + intended + ": " + message);
        }
        assertEquals(baseline, written(), "nothing written for the project");
    }

    /** Every store item and blob that mentions the test's project. */
    private static Set<String> written() {
        var services = TestStack.server().services();
        Set<String> found = new TreeSet<>();
        var config = services.stores();
        for (String table : List.of(config.graphTable(), config.historyTable(), config.apiKeyTable())) {
            services.dynamo().scanPaginator(ScanRequest.builder().tableName(table).build()).items().forEach(item -> {
                if (item.toString().contains(PROJECT)) {
                    found.add(table + ":" + item.get("pk"));
                }
            });
        }
        services.s3().listObjectsV2Paginator(ListObjectsV2Request.builder().bucket(config.bucket()).build()).contents()
                .forEach(o -> {
                    if (o.key().contains(PROJECT)) {
                        found.add("s3:" + o.key());
                    }
                });
        return found;
    }

    private static String apiKey;
    private static Set<String> baseline = Set.of();

    /** An API key on the machine-to-machine routes, an Admin token everywhere else. */
    private static String credential(Operation op) {
        return op.template().startsWith("/v1/{projectId}/integrations/") ? apiKey : adminToken();
    }

    private static String adminToken() {
        Instant now = Instant.now();
        return TestStack.server().issuer().sign(LocalIssuer.claims("strict-input", Map.of(PROJECT, Role.Admin), now,
                now.plus(Duration.ofHours(1))).build());
    }

    static List<Operation> operations(JsonNode doc) {
        List<Operation> out = new ArrayList<>();
        doc.path("paths").fields().forEachRemaining(p -> p.getValue().fields().forEachRemaining(m -> {
            if (!OpenApiDoc.METHODS.contains(m.getKey())) {
                return;
            }
            JsonNode op = m.getValue();
            List<String> query = new ArrayList<>();
            List<JsonNode> params = new ArrayList<>();
            op.path("parameters").forEach(params::add);
            p.getValue().path("parameters").forEach(params::add);
            for (JsonNode param : params) {
                JsonNode resolved = OpenApiDoc.resolve(doc, param);
                if (resolved.path("in").asText().equals("query")) {
                    query.add(resolved.path("name").asText());
                }
            }
            List<String> members = new ArrayList<>();
            JsonNode body = OpenApiDoc.resolve(doc, op.path("requestBody"));
            JsonNode schema = OpenApiDoc.resolve(doc, body.path("content").path("application/json").path("schema"));
            schema.path("properties").fieldNames().forEachRemaining(members::add);
            out.add(new Operation(m.getKey().toUpperCase(Locale.ROOT), p.getKey(), query, members));
        }));
        return out;
    }

}
