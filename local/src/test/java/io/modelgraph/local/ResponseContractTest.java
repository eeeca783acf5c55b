package io.modelgraph.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.auth.Role;
import io.modelgraph.json.Json;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Every route of openapi.yaml exercised over the running gateway on embedded stores, each answer held to the
 * schema the document declares for its operation and status ({@link RecordedResponses} checks every response
 * {@link TestStack#send} receives, so a mismatch fails the call that got it). The walk ends by requiring that
 * every documented operation answered at least once, and that the checker itself refuses bodies and statuses the
 * document does not allow.
 */
class ResponseContractTest {
    private static final String PROJECT = java.util.HexFormat.of().formatHex(
            java.nio.ByteBuffer.allocate(16).putLong(System.nanoTime()).putLong(0x5eed).array());

    private static String admin() {
        return TestStack.server().issuer().mint("contract", PROJECT, Role.Admin);
    }

    private static String v1(String route) {
        return "/v1/" + PROJECT + route;
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    /** A 200 from the route, its body parsed; the contract check has already run inside send. */
    private static JsonNode ok(TestStack.Answer a) {
        assertEquals(200, a.status(), a.body());
        return a.contentType().contains("json") ? a.json() : Json.object(); // the badges are SVG
    }

    private static JsonNode post(String path, String json) {
        return ok(TestStack.postJson(path, admin(), json));
    }

    private static JsonNode call(String method, String path, String json) {
        return ok(TestStack.send(method, path, admin(), json == null ? null : "application/json",
                json == null ? null : json.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void everyDocumentedOperationAnswersWithinItsSchema() throws Exception {
        Set<String> before = RecordedResponses.checkedOperations();
        // graph v1: nodes, relations, mixins, definitions
        String type = post(v1("/node"), "{\"NodeType\":\"Type\",\"label\":\"Thing\"}").path("data").path("Id").asText();
        String element = post(v1("/node"), "{\"NodeType\":\"Element\",\"label\":\"thingName\"}").path("data")
                .path("Id").asText();
        call("PUT", v1("/node"), "{\"Id\":\"" + type + "\",\"label\":\"Thing2\"}");
        String relation = "{\"fromNodeId\":\"" + element + "\",\"toNodeId\":\"" + type
                + "\",\"relationGroupId\":\"domain-includes\"}";
        post(v1("/relation"), relation);
        post(v1("/mixinValue"), "{\"targetNodeId\":\"" + type + "\",\"mixinId\":\"description\","
                + "\"mixinColumns\":[{\"Id\":\"description\",\"value\":\"A thing\"}]}");
        ok(TestStack.get(v1("/fetchNode?NodeId=" + type + "&AddRelations=true&AddMixins=true"), admin()));
        ok(TestStack.get(v1("/fetchNodes?NodeType=Type&AddRelations=true&AddMixins=true&pageSize=1"), admin()));
        ok(TestStack.get(v1("/relationGroupsInfo"), admin()));
        ok(TestStack.get(v1("/mixinsInfo"), admin()));
        post(v1("/relationGroup"), "{\"label\":\"uses\",\"from\":[\"Type\"],\"to\":[\"Type\"]}");
        post(v1("/mixin"), "{\"label\":\"Owner\",\"type\":\"normal mixin\",\"columns\":[{\"Id\":\"owner\","
                + "\"Label\":\"Owner\"}]}");
        post(v1("/bulkCreate"), """
                {"nodes": [{"Id": "bulk-type", "NodeType": "Type", "label": "Gadget"},
                           {"Id": "bulk-el", "NodeType": "Element", "label": "gadgetSize"}],
                 "relations": [{"fromNodeId": "bulk-el", "toNodeId": "bulk-type", "relationGroupId": "domain-includes"}],
                 "mixins": [{"targetNodeId": "bulk-type", "mixinId": "description",
                             "mixinColumns": [{"Id": "description", "value": "From bulkCreate"}]}]}
                """);
        call("DELETE", v1("/mixinValue"), "{\"targetNodeId\":\"" + type + "\",\"mixinId\":\"description\","
                + "\"mixinColumnIds\":[\"description\"]}");
        call("DELETE", v1("/relation"), relation);
        call("DELETE", v1("/node/" + element), null);
        call("POST", v1("/node/" + element + "/restore"), null);

        // schema exchange v1, on the demo project (it has spaces and a Person type)
        DemoProject.seedIfEmpty(TestStack.server());
        String demo = TestStack.server().demoProject();
        String demoToken = TestStack.server().demoToken();
        JsonNode types = ok(TestStack.get("/v1/" + demo + "/fetchNodes?NodeType=Type", demoToken)).path("data")
                .path("nodes");
        String space = types.get(0).path("spaceIds").get(0).asText();
        String person = "";
        for (JsonNode t : types) {
            if (t.path("label").asText().equals("Person")) {
                person = t.path("Id").asText();
            }
        }
        ok(TestStack.get("/v1/" + demo + "/exportJsonSchema?configTypeId=jsonschema-2020-12&spaceId=" + space,
                demoToken));
        ok(TestStack.get("/v1/" + demo + "/exportJsonLd?configTypeId=jsonld-rdfs-schemaorg&spaceId=" + space,
                demoToken));
        ok(TestStack.get("/v1/" + demo + "/validateJSON?configTypeId=jsonschema-2020-12&rootNodeId=" + person
                + "&jsonString=" + enc("{}"), demoToken));
        ok(TestStack.get(v1("/fetchJsonSchemaImportProfiles"), admin()));
        ok(TestStack.get(v1("/fetchJsonLdImportProfiles"), admin()));
        post(v1("/importProfile"), "{\"Id\":\"my-profile\",\"label\":\"Mine\",\"format\":\"jsonschema\","
                + "\"properties\":{\"title\":\"label\"}}");
        TestStack.postJson(v1("/mergeJsonSchema?SpaceId=" + space + "&ConfigTypeId=jsonschema-2020-12"), admin(),
                "[{\"FileUrl\":\"http://127.0.0.1:1/none.json\"}]");
        TestStack.postJson(v1("/mergeJsonLd?SpaceId=" + space + "&ConfigTypeId=jsonld-rdfs-schemaorg"), admin(),
                "[{\"FileUrl\":\"http://127.0.0.1:1/none.jsonld\"}]");

        // transform
        String sample = "{\"$defs\":{\"Person\":{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"}}}}}";
        ObjectNode imp = Json.object();
        imp.put("format", "jsonschema");
        imp.put("schema", sample);
        post("/graph/transform/schema/import/" + PROJECT, imp.toString());
        post("/graph/transform/schema/export/" + PROJECT, "{\"format\":\"jsonschema\"}");
        ObjectNode compare = Json.object();
        compare.set("base", Json.object().put("source", "project"));
        compare.set("candidate", Json.object().put("format", "jsonschema").put("schema", sample.replace(
                "\"name\":{\"type\":\"string\"}", "\"name\":{\"type\":\"integer\"}")));
        compare.put("mode", "FULL");
        compare.putArray("consumers").add("jsonschema").add("avro");
        post("/graph/transform/schema/compare/" + PROJECT, compare.toString());
        ObjectNode map = Json.object();
        map.put("sourceFormat", "jsonschema");
        map.put("sourceSchema", sample);
        map.put("targetFormat", "avro");
        map.set("mapping", Json.parse("{\"kind\":\"explicit\",\"guide\":{\"types\":{\"Person\":\"Human\"}}}"));
        JsonNode mapped = post("/graph/transform/schema/map/" + PROJECT, map.toString());
        ObjectNode plan = Json.object();
        plan.put("sourceFormat", "jsonschema");
        plan.put("sourceSchema", sample);
        plan.put("targetFormat", "jsonschema");
        plan.set("plan", mapped.path("plan"));
        post("/graph/transform/plan/execute/" + PROJECT, plan.toString());
        map.remove("targetFormat");
        map.put("dryRun", true);
        post("/graph/transform/schema/mapImport/" + PROJECT, map.toString());
        String markdown = "# Entity: Order\n\n## Object: Order\n\n| Field | Description | Practice |\n|---|---|---|\n"
                + "| `id` | Order number | MUST |\n";
        ObjectNode convert = Json.object();
        ObjectNode entity = convert.putArray("entities").addObject();
        entity.put("name", "order");
        entity.put("markdown", markdown);
        post("/graph/transform/odm/convert/" + PROJECT, convert.toString());
        ObjectNode odm = Json.object();
        odm.put("markdown", markdown);
        odm.put("dryRun", true);
        post("/graph/transform/odm/import/" + PROJECT, odm.toString());

        // the connector routes (capture), with the REDCap dictionary of events/integrations.json
        JsonNode event = Json.parse(Files.readString(TemplateTest.ROOT.resolve("events/integrations.json")));
        JsonNode artifacts = Json.parse(event.path("body").asText()).path("artifacts");
        ok(TestStack.get("/graph/integrations/vendors", admin()));
        ObjectNode withArtifacts = Json.object();
        withArtifacts.set("artifacts", artifacts);
        post("/graph/integrations/capture/import/" + PROJECT, withArtifacts.toString());
        withArtifacts.put("recordHistory", true);
        post("/graph/integrations/capture/audit/" + PROJECT, withArtifacts.toString());
        post("/graph/integrations/capture/reaudit/" + PROJECT, "{}");
        ok(TestStack.get("/graph/integrations/capture/history/" + PROJECT, admin()));
        ok(TestStack.get("/graph/integrations/capture/badge/" + PROJECT, admin()));
        ok(TestStack.get("/graph/integrations/capture/status/" + PROJECT, admin()));
        post("/graph/integrations/capture/generate/" + PROJECT, "{}");

        // API keys, and the machine routes they open
        JsonNode key = post(v1("/apiKeys"), "{\"label\":\"contract\",\"role\":\"Editor\"}").path("data");
        ok(TestStack.get(v1("/apiKeys"), admin()));
        ObjectNode capture = Json.object();
        capture.set("artifacts", artifacts);
        ok(TestStack.send("POST", v1("/integrations/capture/audit"), key.path("key").asText(), "application/json",
                capture.toString().getBytes(StandardCharsets.UTF_8)));
        ok(TestStack.get(v1("/integrations/capture/badge"), key.path("key").asText()));
        // an unregistered vendor on the machine routes: the specification's message in the v1 envelope
        TestStack.Answer redcap = TestStack.send("POST", v1("/integrations/redcap/audit"), key.path("key").asText(),
                "application/json", capture.toString().getBytes(StandardCharsets.UTF_8));
        assertEquals(404, redcap.status(), redcap.body());
        // the v1 envelope names the path first, as for every logical error
        assertEquals("vendor: Unknown vendor 'redcap'. Registered: capture.", Json.parse(redcap.body()).path("error")
                .path("message").asText(), redcap.body());
        call("DELETE", v1("/apiKeys/" + key.path("id").asText()), null);

        // errors in each envelope: unknown node (v1), unknown format (transform), unknown vendor (integrations)
        TestStack.get(v1("/fetchNode?NodeId=nope"), admin());
        TestStack.postJson("/graph/transform/schema/export/" + PROJECT, admin(), "{\"format\":\"nope\"}");
        TestStack.get("/graph/integrations/nope/status/" + PROJECT, admin());
        // the job routes, for a job that does not exist (JobsGatewayTest reads real ones through the same check)
        String noJob = java.util.UUID.randomUUID().toString().replace("-", "");
        TestStack.get("/graph/transform/jobs/" + PROJECT + "/" + noJob, admin());
        TestStack.get(v1("/jobs/" + noJob), admin());
        TestStack.get("/graph/integrations/capture/jobs/" + PROJECT + "/" + noJob, admin());

        Set<String> missing = new TreeSet<>(ReferencePageBrowserTest.documentedOperations());
        Set<String> answered = RecordedResponses.checkedOperations();
        missing.removeAll(answered);
        assertTrue(missing.isEmpty(), "operations that never answered: " + missing);
        answered.removeAll(before);
        System.out.printf("response contract: %d operations, %d operation/status pairs checked%n",
                ReferencePageBrowserTest.documentedOperations().size(), RecordedResponses.checkedPairs().size());
    }

    @Test
    void theCheckerRefusesWhatTheDocumentDoesNotAllow() {
        ResponseContract contract = ResponseContract.ofRepository();
        String route = "POST /v1/{projectId}/node";
        assertEquals(List.of(), contract.check(route, 200, "application/json",
                "{\"success\":true,\"data\":{\"Id\":\"abc\"}}"));
        assertFalse(contract.check(route, 200, "application/json", "{\"success\":true,\"data\":{\"Id\":5}}").isEmpty());
        assertFalse(contract.check(route, 200, "application/json", "{\"success\":true,\"extra\":1}").isEmpty());
        assertFalse(contract.check(route, 418, "application/json", "{\"success\":false}").isEmpty());
        assertFalse(contract.check(route, 200, "text/html", "<p>").isEmpty());
        assertFalse(contract.check(route, 200, "application/json", "not json").isEmpty());
        assertFalse(contract.check("GET /v1/{projectId}/nowhere", 200, "application/json", "{}").isEmpty());
        assertFalse(contract.check("POST /graph/transform/schema/export/{projectId}", 200, "application/json",
                "{\"success\":true}").isEmpty(), "the transform envelope requires lossiness and errors");
    }
}
