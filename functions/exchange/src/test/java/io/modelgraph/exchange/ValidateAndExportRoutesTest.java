package io.modelgraph.exchange;

import static io.modelgraph.exchange.ExchangeTestSupport.logical;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.exchange.jsonschema.Validators;
import io.modelgraph.exchange.profile.DefaultProfiles;
import io.modelgraph.graph.Node;
import io.modelgraph.graph.NodeType;
import io.modelgraph.json.Json;
import io.modelgraph.testkit.Answer;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** validateJSON and the export parameters, through the handler on the real store. */
class ValidateAndExportRoutesTest {
    private static FileServer server;
    private final String project = ExchangeTestSupport.newProjectId();

    @BeforeAll
    static void start() throws Exception {
        server = new FileServer();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private ExchangeTestSupport.Client client;

    private ExchangeTestSupport.Client client() {
        if (client == null) {
            client = new ExchangeTestSupport.Client(true, server.repoBase(), project);
        }
        return client;
    }

    private String spaceWithPerson(String path) {
        String id = java.util.UUID.randomUUID().toString();
        client().module.spaces().graph().apply(project, io.modelgraph.graph.GraphChanges.additions(List.of(
                new io.modelgraph.graph.GraphChanges.NodeUpsert(id, "S", NodeType.Space, List.of())), List.of(),
                List.of()), "tester");
        client().ok(client().call("POST", "mergeJsonSchema", Map.of("SpaceId", id, "ConfigTypeId",
                DefaultProfiles.JSON_SCHEMA_ID), MergeRoutesTest.sources(server.put(path, MergeRoutesTest.PERSON)),
                "Admin"));
        return id;
    }

    private JsonNode validate(Map<String, String> q) {
        Map<String, String> all = new HashMap<>(q);
        all.put("configTypeId", DefaultProfiles.JSON_SCHEMA_ID);
        return client().ok(client().call("GET", "validateJSON", all, null, "Viewer"));
    }

    private static final String PLAN_07 = """
            {"$schema":"http://json-schema.org/draft-07/schema#","title":"Plan","type":"object",
             "properties":{"on":{"type":"string","format":"date"},
                           "site":{"oneOf":[{"type":"string","format":"uri"},{"type":"integer","minimum":1}]}}}""";

    private String spaceWith(String path, String schema) {
        String id = java.util.UUID.randomUUID().toString();
        client().module.spaces().graph().apply(project, io.modelgraph.graph.GraphChanges.additions(List.of(
                new io.modelgraph.graph.GraphChanges.NodeUpsert(id, "S", NodeType.Space, List.of())), List.of(),
                List.of()), "tester");
        client().ok(client().call("POST", "mergeJsonSchema", Map.of("SpaceId", id, "ConfigTypeId",
                DefaultProfiles.JSON_SCHEMA_ID), MergeRoutesTest.sources(server.put(path, schema)), "Admin"));
        return id;
    }

    private boolean valid(String param, String id, String instance) {
        return validate(Map.of(param, id, "jsonString", instance)).path("isValid").asBoolean();
    }

    @Test
    void formatAssertsForSchemasReadFromDraft07AndStaysAnAnnotationIn202012() throws Exception {
        String space07 = spaceWith("/v/plan07.json", PLAN_07);
        String space12 = spaceWith("/v/plan12.json", PLAN_07.replace("http://json-schema.org/draft-07/schema#",
                Validators.DIALECT));
        String badDate = "{\"on\":\"2024-02-30\"}";
        String badUri = "{\"site\":\"not a uri\"}";
        String good = "{\"on\":\"2024-02-29\",\"site\":\"https://example.com/a\"}";
        assertFalse(valid("spaceId", space07, badDate), "RFC 3339 full-date: February 2024 has 29 days");
        assertFalse(valid("spaceId", space07, badUri), "RFC 3986 URI, inside oneOf");
        assertTrue(valid("spaceId", space07, good));
        assertTrue(valid("spaceId", space07, "{\"site\":7}"));
        Node plan = client().module.spaces().snapshot(project, space07).nodes().stream()
                .filter(n -> n.nodeType() == NodeType.Type && n.label().equals("Plan")).findFirst().orElseThrow();
        assertFalse(valid("rootNodeId", plan.id(), badDate), "by rootNodeId the same verdict");
        assertTrue(valid("rootNodeId", plan.id(), good));
        // 2020-12 makes format an annotation
        assertTrue(valid("spaceId", space12, badDate));
        assertTrue(valid("spaceId", space12, badUri));

        // the export says so, and merging it back writes nothing and keeps the verdict
        String export = client().ok(client().call("GET", "exportJsonSchema", Map.of("configTypeId",
                DefaultProfiles.JSON_SCHEMA_ID, "spaceId", space07), null, "Viewer")).asText();
        assertTrue(Json.parse(export).path("x-modelgraph-format-assertion").asBoolean(), export);
        assertTrue(Validators.metaSchema().validate(Json.parse(export)).isEmpty(), export);
        String before = io.modelgraph.exchange.merge.SpaceFingerprint.of(client().module.spaces().snapshot(project,
                space07));
        client().ok(client().call("POST", "mergeJsonSchema", Map.of("SpaceId", space07, "ConfigTypeId",
                DefaultProfiles.JSON_SCHEMA_ID, "OverrideDifferentSourceWarning", "true"), MergeRoutesTest.sources(
                server.put("/v/plan07-export.json", export)), "Admin"));
        assertEquals(before, io.modelgraph.exchange.merge.SpaceFingerprint.of(client().module.spaces().snapshot(
                project, space07)), "the re-merge of the export wrote nothing");
        assertFalse(valid("spaceId", space07, badDate));
        String plain = client().ok(client().call("GET", "exportJsonSchema", Map.of("configTypeId",
                DefaultProfiles.JSON_SCHEMA_ID, "spaceId", space12), null, "Viewer")).asText();
        assertFalse(Json.parse(plain).has("x-modelgraph-format-assertion"), plain);
    }

    @Test
    void thePostFormCarriesADocumentOfAnySizeInTheBody() {
        String space = spaceWithPerson("/v/person-post.json");
        Map<String, String> q = Map.of("configTypeId", DefaultProfiles.JSON_SCHEMA_ID, "spaceId", space);
        // far beyond what a request line holds (API Gateway refuses lines over 10 KB)
        String big = "{\"name\":\"" + "a".repeat(200_000) + "\",\"age\":3}";
        JsonNode ok = client().ok(client().call("POST", "validateJSON", q, Json.write(Map.of("jsonString", big)),
                "Viewer"));
        assertTrue(ok.path("isValid").asBoolean(), ok.toString());
        JsonNode bad = client().ok(client().call("POST", "validateJSON", q, "{\"json\":{\"age\":-1}}", "Viewer"));
        assertFalse(bad.path("isValid").asBoolean());
        assertTrue(bad.path("jsonSchemaValidationErrors").toString().contains("$.age"), bad.toString());

        logical(client().call("POST", "validateJSON", q, "{}", "Viewer"), 400, "body.jsonString", "exactly one");
        logical(client().call("POST", "validateJSON", q, "{\"jsonString\":\"{\",\"json\":1}", "Viewer"), 400,
                "not both");
        logical(client().call("POST", "validateJSON", q, "{\"jsonString\":\"{oops\"}", "Viewer"), 400,
                "body.jsonString", "not valid JSON");
    }

    @Test
    void validatesAgainstTheSpaceOrARootTypeAndCachesUntilTheSpaceChanges() {
        String space = spaceWithPerson("/v/person.json");
        long compiled = client().module.cache().compilations();
        JsonNode ok = validate(Map.of("spaceId", space, "jsonString", "{\"name\":\"Ann\",\"age\":3}"));
        assertTrue(ok.path("isValid").asBoolean(), ok.toString());
        assertEquals(0, ok.path("jsonSchemaValidationErrors").size());
        JsonNode bad = validate(Map.of("spaceId", space, "jsonString", "{\"age\":-1}"));
        assertFalse(bad.path("isValid").asBoolean());
        String errors = bad.path("jsonSchemaValidationErrors").toString();
        assertTrue(errors.contains("$.age") && errors.contains("name"), errors);
        assertEquals(compiled + 1, client().module.cache().compilations(), "second call used the cached schema");

        Node person = client().module.spaces().snapshot(project, space).nodes().stream()
                .filter(n -> n.nodeType() == NodeType.Type && n.label().equals("Person")).findFirst().orElseThrow();
        JsonNode byRoot = validate(Map.of("rootNodeId", person.id(), "jsonString", "{\"name\":5}"));
        assertFalse(byRoot.path("isValid").asBoolean());

        // a change to the space recompiles
        long before = client().module.cache().compilations();
        client().ok(client().call("POST", "mergeJsonSchema", Map.of("SpaceId", space, "ConfigTypeId",
                DefaultProfiles.JSON_SCHEMA_ID, "OverrideOverwriteWarning", "true"), MergeRoutesTest.sources(
                server.put("/v/person.json", MergeRoutesTest.PERSON_V2)), "Admin"));
        validate(Map.of("spaceId", space, "jsonString", "{}"));
        assertEquals(before + 1, client().module.cache().compilations());
    }

    @Test
    void badValidateParametersAreLogicalErrors() {
        String space = spaceWithPerson("/v/p2.json");
        Map<String, String> q = new HashMap<>(Map.of("configTypeId", DefaultProfiles.JSON_SCHEMA_ID));
        q.put("jsonString", "{oops");
        q.put("spaceId", space);
        logical(client().call("GET", "validateJSON", q, null, "Viewer"), 400, "query.jsonString", "not valid JSON");
        q.put("jsonString", "[".repeat(257) + "]".repeat(257));
        String deep = logical(client().call("GET", "validateJSON", q, null, "Viewer"), 400,
                "Document nesting depth (257) exceeds the maximum allowed (256)");
        assertFalse(deep.contains("StreamReadConstraints"), deep);
        q.put("jsonString", "{}");
        q.put("rootNodeId", space);
        logical(client().call("GET", "validateJSON", q, null, "Viewer"), 400, "exactly one", "not both");
        q.remove("rootNodeId");
        q.remove("spaceId");
        logical(client().call("GET", "validateJSON", q, null, "Viewer"), 400, "exactly one");
        q.put("rootNodeId", "missing-node");
        logical(client().call("GET", "validateJSON", q, null, "Viewer"), 404, "query.rootNodeId");
        q.remove("rootNodeId");
        q.put("spaceId", space);
        q.remove("jsonString");
        logical(client().call("GET", "validateJSON", q, null, "Viewer"), 400, "jsonString");
    }

    @Test
    void exportsAndProfileListsAnswer304ForTheirETagUntilTheModelChanges() {
        String space = spaceWithPerson("/v/p304.json");
        Map<String, String> q = Map.of("spaceId", space, "configTypeId", DefaultProfiles.JSON_SCHEMA_ID);
        var first = client().call("GET", "exportJsonSchema", q, null, "Viewer");
        assertEquals(200, first.status());
        String tag = first.header("ETag").orElseThrow();
        var same = client().call("GET", "exportJsonSchema", q, null, "Viewer", Map.of("If-None-Match", tag));
        assertEquals(304, same.status());
        assertEquals("", same.body());
        // another representation of the same export is another tag
        var plain = client().call("GET", "exportJsonSchema", q, null, "Viewer", Map.of("If-None-Match", tag,
                "Accept", "text/plain"));
        assertEquals(200, plain.status());
        // the model changes: the export does, and so does its tag
        client().ok(client().call("POST", "mergeJsonSchema", Map.of("SpaceId", space, "ConfigTypeId",
                DefaultProfiles.JSON_SCHEMA_ID, "OverrideOverwriteWarning", "true", "OverrideDifferentSourceWarning",
                "true"), MergeRoutesTest.sources(server.put("/v/p304b.json", MergeRoutesTest.PERSON.replace(
                "Full name", "Given and family name"))), "Admin"));
        var changed = client().call("GET", "exportJsonSchema", q, null, "Viewer", Map.of("If-None-Match", tag));
        assertEquals(200, changed.status(), changed.body());
        var profiles = client().call("GET", "fetchJsonSchemaImportProfiles", Map.of(), null, "Viewer");
        assertEquals(304, client().call("GET", "fetchJsonSchemaImportProfiles", Map.of(), null, "Viewer",
                Map.of("If-None-Match", profiles.header("ETag").orElseThrow())).status());
    }

    @Test
    void exportsAnswerStringsInTheAcceptedContentTypeAndHonourNodeIds() throws Exception {
        String space = spaceWithPerson("/v/p3.json");
        for (String type : List.of("application/json", "text/json", "text/plain")) {
            var r = client().call("GET", "exportJsonSchema", Map.of("spaceId", space, "configTypeId",
                    DefaultProfiles.JSON_SCHEMA_ID), null, "Viewer", Map.of("Accept", type));
            assertTrue(r.header("Content-Type").orElseThrow().startsWith(type));
            JsonNode schema = Json.parse(client().ok(r).asText());
            assertEquals(java.util.Set.of(), Validators.metaSchema().validate(schema));
        }
        Node person = client().module.spaces().snapshot(project, space).nodes().stream()
                .filter(n -> n.nodeType() == NodeType.Type && n.label().equals("Person")).findFirst().orElseThrow();
        String rooted = client().ok(client().call("GET", "exportJsonSchema", Map.of("rootNodeId", person.id(),
                "configTypeId", DefaultProfiles.JSON_SCHEMA_ID, "useAnchorForRef", "false"), null, "Viewer")).asText();
        assertTrue(rooted.contains("\"#/$defs/Address\""), rooted);

        String rawQuery = "spaceId=" + space + "&configTypeId=" + DefaultProfiles.JSON_LD_ID + "&nodeIds=" + person.id()
                + "&graphBased=false&includeSpace=true&useDefaultType=true";
        JsonNode single = Json.parse(client().ok(client().send("GET", "exportJsonLd", rawQuery, null, "Viewer",
                Map.of())).asText());
        assertEquals("model:Person", single.path("@id").asText());
        assertTrue(single.path("@type").toString().contains("rdfs:Class"));
        assertTrue(single.has("Service_Space"));
        JsonLdFormatTest.toRdf(single.toString());
        logical(client().call("GET", "exportJsonLd", Map.of("spaceId", space, "configTypeId",
                DefaultProfiles.JSON_LD_ID, "nodeIds", "nope"), null, "Viewer"), 404, "query.nodeIds[0]");
        // exportTypes defaults to true
        JsonNode doc = Json.parse(client().ok(client().call("GET", "exportJsonLd", Map.of("spaceId", space,
                "configTypeId", DefaultProfiles.JSON_LD_ID), null, "Viewer")).asText());
        assertEquals(2, doc.path("@graph").size(), doc.toString());
        JsonLdFormatTest.toRdf(doc.toString());
    }
}
