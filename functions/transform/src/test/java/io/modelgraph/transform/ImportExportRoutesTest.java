package io.modelgraph.transform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.graph.GraphSnapshot;
import io.modelgraph.graph.Node;
import io.modelgraph.graph.NodeType;
import io.modelgraph.graph.store.GraphStore;
import io.modelgraph.json.Json;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.graph.ModelGraphMapper;
import io.modelgraph.transform.TransformCalls.Result;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** schema/import, schema/export, odm/import writes and schema/mapImport against the real graph store. */
class ImportExportRoutesTest {
    // the messages list what the registry carries (the specification's sets first, see FormatKeySetsTest)
    static final String ENCODE_SET = String.join(", ", TransformHandler.codecs().encodeFormats());
    static final String DECODE_SET = String.join(", ", TransformHandler.codecs().decodeFormats());
    static final String LIBRARY = """
            {"$schema":"https://json-schema.org/draft/2020-12/schema","title":"Library","type":"object",
             "properties":{"books":{"type":"array","items":{"$ref":"#/$defs/Book"}}},
             "$defs":{"Book":{"type":"object","properties":{
                 "title":{"type":"string","maxLength":200},
                 "pages":{"type":"integer","minimum":1},
                 "genre":{"type":"string","enum":["fiction","poetry"]}},"required":["title"]}}}""";

    private final TransformCalls calls = new TransformCalls(TransformCalls.newProjectId());
    private final GraphStore graph = GraphStore.of(TransformCalls.services());

    private GraphSnapshot snapshot() {
        return graph.load(calls.projectId(), List.of());
    }

    private static String fingerprint(GraphSnapshot s) {
        return s.nodes().stream().map(n -> n.id() + "@" + n.version()).sorted().collect(Collectors.joining(","))
                + "|" + s.relations().size() + "|" + s.mixinValues().size();
    }

    private static long count(GraphSnapshot s, NodeType type) {
        return s.nodes().stream().map(Node::nodeType).filter(type::equals).count();
    }

    private Result importLibrary() {
        return calls.post("schema/import", Json.object().put("format", "jsonschema").put("schema", LIBRARY), "Admin");
    }

    @Test
    void importThenExportRoundTripsAndReimportUpdatesInPlace() throws Exception {
        Result r = importLibrary();
        assertEquals(200, r.status(), r.toString());
        assertEquals(calls.projectId(), r.body().get("projectId").asText());
        GraphSnapshot first = snapshot();
        assertEquals(2, count(first, NodeType.Type));
        assertEquals(1, count(first, NodeType.Taxonomy));
        SchemaModel model = new ModelGraphMapper().toModel(first);
        assertEquals("jsonschema", model.type("Book").orElseThrow().provenance().format());

        Result again = importLibrary();
        assertTrue(again.success(), again.toString());
        assertEquals(fingerprint(first), fingerprint(snapshot()), "re-import of the same schema changes nothing");

        Result exported = calls.post("schema/export", Json.object().put("format", "jsonschema"), "Viewer");
        assertTrue(exported.success(), exported.toString());
        JsonNode schema = Json.parse(exported.body().get("schema").asText());
        JsonNode book = schema.at("/$defs/Book");
        assertEquals("integer", book.at("/properties/pages/type").asText(), schema.toString());
        assertEquals(1, book.at("/properties/pages/minimum").asInt());
        assertEquals("title", book.at("/required/0").asText());

        String changed = LIBRARY.replace("\"pages\":{\"type\":\"integer\",\"minimum\":1},", "\"isbn\":{\"type\":\"string\"},");
        assertTrue(calls.post("schema/import", Json.object().put("format", "jsonschema").put("schema", changed),
                "Admin").success());
        GraphSnapshot after = snapshot();
        assertEquals(2, count(after, NodeType.Type), "no duplicate types");
        SchemaModel updated = new ModelGraphMapper().toModel(after);
        assertTrue(updated.type("Book").orElseThrow().element("isbn").isPresent());
        assertFalse(updated.type("Book").orElseThrow().element("pages").isPresent());
    }

    @Test
    void importAndExportRequestRules() {
        for (String empty : new String[] {"", " \n\t ", "{}"}) {
            Result r = calls.post("schema/import", empty, "Admin");
            assertEquals(400, r.status());
            assertEquals("request", r.firstPath());
            assertEquals("Body must include 'format' and 'schema'.", r.firstMessage());
            r = calls.post("schema/export", empty, "Viewer");
            assertEquals("request", r.firstPath());
            assertEquals("Body must include 'format' and 'schema'.", r.firstMessage());
        }
        Result r = calls.post("schema/import", Json.object().put("format", "xsd").put("schema", "x"), "Admin");
        assertEquals("Unknown schema format 'xsd'. Use: " + DECODE_SET + ".", r.firstMessage());
        // an encode-only key on import: the specification's text, nothing added
        r = calls.post("schema/import", Json.object().put("format", "synapse").put("schema", "x"), "Admin");
        assertEquals("Unknown schema format 'synapse'. Use: " + DECODE_SET + ".", r.firstMessage());
        assertEquals("format", r.firstPath());
        r = calls.post("schema/import", Json.object().put("format", "jsonschema").put("schema", "{\"type\": [1"),
                "Admin");
        assertFalse(r.success());
        assertTrue(r.firstMessage().startsWith("Could not parse the 'jsonschema' schema: "), r.firstMessage());
        r = calls.post("schema/export", Json.object().put("format", "odm"), "Viewer");
        assertEquals(400, r.status());
        assertFalse(r.success());
        assertEquals("format", r.firstPath());
        // the specification's message, then why: odm is a format this service reads but cannot write
        assertTrue(r.firstMessage().startsWith("Unknown schema format 'odm'. Use: " + ENCODE_SET + ". 'odm' is "
                + "decode-only"), r.firstMessage());
        assertEquals(401, calls.post("schema/import", Json.object().put("format", "jsonschema").put("schema", LIBRARY),
                "Editor").status());
        assertEquals(401, calls.post("schema/export", Json.object().put("format", "jsonschema"), null).status());
        assertEquals(0, snapshot().nodes().stream().filter(n -> n.nodeType() == NodeType.Type).count());
    }

    @Test
    void synapseOptionsAreCheckedByName() {
        Result r = calls.post("schema/export", Json.object().put("format", "synapse").put("synapseBogus", "x"),
                "Viewer");
        assertEquals(400, r.status(), r.toString());
        assertEquals("synapseBogus", r.firstPath());
        // refused by the route's list of members (docs/api.md#conventions), which names the synapse options among the accepted
        assertTrue(r.firstMessage().startsWith("Unknown member 'synapseBogus'"), r.firstMessage());
        assertTrue(r.firstMessage().contains("synapseOrganization, synapseSchemaName, synapseSchemaVersion"),
                r.firstMessage());
        r = calls.post("schema/export", Json.object().put("format", "synapse").put("synapseOrganization", 3), "Viewer");
        assertEquals("synapseOrganization", r.firstPath());
        r = calls.post("schema/export", Json.object().put("format", "synapse").put("synapseOrganization", "org")
                .put("synapseSchemaName", "book").put("synapseSchemaVersion", "1.0.0"), "Viewer");
        assertEquals(400, r.status(), "an organization name under 6 characters: " + r);
        assertEquals("synapseOrganization", r.firstPath());
        r = calls.post("schema/export", Json.object().put("format", "synapse").put("synapseOrganization", "org.test")
                .put("synapseSchemaName", "book").put("synapseSchemaVersion", "1.0.0"), "Viewer");
        assertEquals(200, r.status(), "valid options: " + r);
        r = calls.post("schema/export", Json.object().put("format", "jsonschema").put("synapseOrganization", "x")
                .put("vendor", "postgres"), "Viewer");
        assertTrue(r.success(), "synapse options and vendor do not apply to jsonschema and are ignored: " + r);
        r = calls.post("schema/export", Json.object().put("format", "jsonschema").put("synapseBogus", "x"), "Viewer");
        assertEquals(400, r.status(), "an unknown member is refused whatever the format: " + r);
    }

    @Test
    void odmImportWritesAndSchemaImportOfOdmBehavesAlike() {
        Result dry = calls.post("odm/import", Json.object().put("markdown", OdmRoutesTest.ORDER).put("dryRun", true),
                "Viewer");
        assertTrue(dry.success(), dry.toString());
        assertEquals(0, snapshot().nodes().stream().filter(n -> n.nodeType() != NodeType.Space).count(),
                "a dry run writes nothing");

        Result written = calls.post("odm/import", Json.object().put("markdown", OdmRoutesTest.ORDER), "Admin");
        assertEquals(200, written.status(), written.toString());
        assertFalse(written.body().get("dryRun").asBoolean());
        assertEquals(calls.projectId(), written.body().get("projectId").asText());
        assertEquals(dry.body().get("summary"), written.body().get("summary"));
        GraphSnapshot s = snapshot();
        assertEquals(2, count(s, NodeType.Type));
        assertEquals(1, count(s, NodeType.Taxonomy), "the string enum became a taxonomy");
        SchemaModel model = new ModelGraphMapper().toModel(s);
        assertEquals("odm", model.types().get(0).provenance().format());

        TransformCalls other = new TransformCalls(TransformCalls.newProjectId());
        Result viaSchema = other.post("schema/import", Json.object().put("format", "odm").put("schema",
                OdmRoutesTest.ORDER), "Admin");
        assertTrue(viaSchema.success(), viaSchema.toString());
        assertEquals(count(s, NodeType.Type), viaSchema.body().path("summary").path("types").asInt(),
                viaSchema.toString());
        assertEquals(other.projectId(), viaSchema.body().get("projectId").asText());
        GraphSnapshot t = graph.load(other.projectId(), List.of());
        assertEquals(count(s, NodeType.Type), count(t, NodeType.Type));
        assertEquals(count(s, NodeType.Element), count(t, NodeType.Element));
    }

    @Test
    void mapWritesNothingEvenWhenItReadsTheProject() {
        assertTrue(importLibrary().success());
        String before = fingerprint(snapshot());
        ObjectNode body = Json.object().put("sourceFormat", "jsonschema").put("targetFormat", "jsonschema")
                .put("useProjectAsTargetHint", true).put("sourceSchema", """
                        {"$schema":"https://json-schema.org/draft/2020-12/schema","title":"Library","type":"object",
                         "$defs":{"BookShape":{"type":"object","properties":{"TITLE":{"type":"string"},
                         "pages":{"type":"string"}}}}}""");
        Result r = calls.post("schema/map", body, "Viewer");
        assertTrue(r.success(), r.toString());
        String plan = Json.write(r.body().get("plan"));
        assertTrue(plan.contains("{\"op\":\"mapType\",\"type\":\"BookShape\",\"to\":\"Book\"}"), plan);
        assertTrue(plan.contains("\"to\":\"title\""), plan);
        assertTrue(plan.contains("\"dataType\":\"integer\""), plan);
        assertEquals(before, fingerprint(snapshot()));
    }

    @Test
    void mapImportDryRunReportsAndWriteAddsOnlyWhatIsMissing() {
        assertTrue(importLibrary().success());
        String before = fingerprint(snapshot());
        ObjectNode body = Json.object().put("sourceFormat", "jsonschema").put("sourceSchema", """
                {"$schema":"https://json-schema.org/draft/2020-12/schema","title":"Library","type":"object",
                 "$defs":{"BookShape":{"type":"object","properties":{"TITLE":{"type":"string"},
                   "isbn":{"type":"string"}}},
                  "Author":{"type":"object","properties":{"name":{"type":"string"}}}}}""").put("dryRun", true);
        Result dry = calls.post("schema/mapImport", body, "Viewer");
        assertEquals(200, dry.status(), dry.toString());
        assertTrue(dry.body().get("dryRun").asBoolean());
        assertFalse(dry.body().has("projectId"));
        JsonNode summary = dry.body().get("summary");
        assertEquals(1, summary.get("types").asInt(), summary.toString());
        assertEquals(2, summary.get("elements").asInt(), "isbn and Author.name");
        assertEquals(2, summary.get("matchedTypes").asInt(), "Library and Book");
        assertEquals(1, summary.get("matchedElements").asInt(), "TITLE matched title");
        assertTrue(dry.body().get("changes").get("nodes").asInt() >= 3, dry.toString());
        assertEquals(0, dry.body().get("changes").get("removedNodes").asInt());
        assertEquals(before, fingerprint(snapshot()), "a dry run writes nothing");

        body.put("dryRun", false);
        assertEquals(401, calls.post("schema/mapImport", body, "Editor").status());
        Result written = calls.post("schema/mapImport", body, "Admin");
        assertTrue(written.success(), written.toString());
        assertEquals(calls.projectId(), written.body().get("projectId").asText());
        SchemaModel model = new ModelGraphMapper().toModel(snapshot());
        assertTrue(model.type("Author").isPresent());
        var book = model.type("Book").orElseThrow();
        assertTrue(book.element("isbn").isPresent());
        assertTrue(book.element("pages").isPresent(), "the project's own elements are kept");
        assertFalse(book.element("TITLE").isPresent());
        assertEquals(3, model.types().size());

        Result replay = calls.post("schema/mapImport", body, "Admin");
        assertEquals(0, replay.body().get("summary").get("types").asInt(), "applying it again adds nothing");
        assertEquals(0, replay.body().get("changes").get("nodes").asInt(), replay.toString());
    }

    @Test
    void mapImportRoles() {
        ObjectNode body = Json.object().put("sourceFormat", "jsonschema").put("sourceSchema", LIBRARY);
        assertEquals(401, calls.post("schema/mapImport", body, "Viewer").status(), "a write needs Admin");
        body.putObject("mapping").put("kind", "ai");
        assertEquals(401, calls.post("schema/mapImport", body.put("dryRun", true), "Viewer").status(),
                "ai needs Editor even for a dry run");
        Result r = calls.post("schema/mapImport", body, "Editor");
        assertEquals(501, r.status(), "no provider configured in the default test services");
        assertEquals(MappingService.AI_NOT_CONFIGURED, r.firstMessage());
        assertEquals(401, calls.post("schema/mapImport", body.put("dryRun", false), "Editor").status());
    }
}
