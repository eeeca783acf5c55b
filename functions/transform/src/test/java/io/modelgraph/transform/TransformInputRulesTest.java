package io.modelgraph.transform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.json.Json;
import io.modelgraph.transform.TransformCalls.Result;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Transform route input rules (misspelled members, unknown spaces, the plan's two forms, shared labels, messages),
 * through the handler on the real store. */
class TransformInputRulesTest {
    private final TransformCalls calls = new TransformCalls(TransformCalls.newProjectId());

    private String exported() {
        Result r = calls.post("schema/export", "{\"format\":\"jsonschema\"}", "Viewer");
        assertTrue(r.success(), r.toString());
        return r.body().get("schema").asText();
    }

    @Test
    void aMisspelledDryRunIsRefusedAndWritesNothing() {
        ObjectNode body = Json.object().put("markdown", OdmRoutesTest.ORDER).put("dry_run", true);
        Result r = calls.post("odm/import", body, "Admin");
        assertEquals(400, r.status(), r.toString());
        assertEquals("dry_run", r.firstPath());
        assertTrue(r.firstMessage().contains("Unknown member 'dry_run': did you mean `dryRun`?"), r.toString());
        assertFalse(exported().contains("Order"), "nothing written: " + exported());

        Result mapping = calls.post("schema/map", MapRoutesTest.mapBody().set("mapping", Json.object()
                .put("knd", "inferred")), "Viewer");
        assertEquals(400, mapping.status(), mapping.toString());
        assertTrue(mapping.firstMessage().contains("did you mean `kind`?"), mapping.toString());

        Result entity = calls.post("odm/convert", "{\"entities\":[{\"markdown\":\"# Entity: A\",\"nmae\":\"a\"}]}",
                "Viewer");
        assertEquals(400, entity.status(), entity.toString());
        assertEquals("entities[0].nmae", entity.firstPath());
        assertTrue(entity.firstMessage().contains("did you mean `name`?"), entity.toString());
    }

    @Test
    void twoTypesWithOneLabelAreBothExportedAndTheRenameReported() {
        String first = java.util.UUID.randomUUID().toString();
        String second = java.util.UUID.randomUUID().toString();
        var graph = io.modelgraph.graph.store.GraphStore.of(TransformCalls.services());
        graph.apply(calls.projectId(), io.modelgraph.graph.GraphChanges.additions(List.of(
                new io.modelgraph.graph.GraphChanges.NodeUpsert(first, "Order", io.modelgraph.graph.NodeType.Type,
                        List.of())), List.of(), List.of()), "tester");
        graph.apply(calls.projectId(), io.modelgraph.graph.GraphChanges.additions(List.of(
                new io.modelgraph.graph.GraphChanges.NodeUpsert(second, "Order", io.modelgraph.graph.NodeType.Type,
                        List.of())), List.of(), List.of()), "tester");
        Result r = calls.post("schema/export", "{\"format\":\"jsonschema\"}", "Viewer");
        assertTrue(r.success(), r.toString());
        String renamed = "Order_" + second.substring(0, 8);
        assertTrue(r.body().get("schema").asText().contains("\"" + renamed + "\""), r.toString());
        assertTrue(r.body().get("schema").asText().contains("\"Order\""), r.toString());
        assertTrue(r.body().get("lossiness").toString().contains("(node " + second + ") is exported as '" + renamed),
                r.toString());
    }

    @Test
    void aBodyWithoutItsRequiredMembersKeepsTheSpecifiedMessageAndNamesTheUnknownOne() {
        Result r = calls.post("odm/convert", "{\"entitie\": []}", "Viewer");
        assertEquals(400, r.status(), r.toString());
        assertEquals(OdmService.ENTITIES_REQUIRED, r.firstMessage());
        assertEquals("entitie", r.body().path("errors").path(1).path("path").asText(), r.toString());
        assertTrue(r.body().path("errors").path(1).path("message").asText().contains("did you mean `entities`?"),
                r.toString());
    }

    @Test
    void unknownSpacesAreRefusedOnTheTransformRoutes() {
        Result export = calls.post("schema/export", "{\"format\":\"jsonschema\",\"spaces\":[\"nope\"]}", "Viewer");
        assertEquals(400, export.status(), export.toString());
        assertEquals("spaces[0]", export.firstPath());
        assertTrue(export.firstMessage().contains("Space 'nope' does not exist"), export.toString());
        Result imported = calls.post("odm/import", Json.object().put("markdown", OdmRoutesTest.ORDER)
                .set("spaces", Json.array().add("00000000-0000-4000-8000-0000000000ff")), "Admin");
        assertEquals(400, imported.status(), imported.toString());
        assertFalse(exported().contains("Order"), "nothing written");
    }

    @Test
    void planExecuteAcceptsThePlanAsSchemaMapAnswersIt() {
        Result mapped = calls.post("schema/map", MapRoutesTest.mapBody(), "Viewer");
        assertTrue(mapped.success(), mapped.toString());
        ObjectNode exec = Json.object();
        exec.put("sourceFormat", "jsonschema").put("sourceSchema", MapRoutesTest.SOURCE).put("targetFormat",
                "jsonschema").set("plan", mapped.body().get("plan"));
        Result asObject = calls.post("plan/execute", exec, "Viewer");
        assertTrue(asObject.success(), asObject.toString());
        exec.put("plan", Json.write(mapped.body().get("plan")));
        Result asString = calls.post("plan/execute", exec, "Viewer");
        assertEquals(asString.body().get("schema").asText(), asObject.body().get("schema").asText());
    }

    @Test
    void clearerMessagesAndAnImportSummary() {
        Result odm = calls.post("schema/export", "{\"format\":\"odm\"}", "Viewer");
        assertEquals(400, odm.status(), odm.toString());
        assertTrue(odm.firstMessage().startsWith("Unknown schema format 'odm'. Use: jsonschema,"), odm.toString());
        assertTrue(odm.firstMessage().contains("'odm' is decode-only"), odm.toString());

        ObjectNode exec = Json.object();
        exec.put("sourceFormat", "jsonschema").put("sourceSchema", MapRoutesTest.SOURCE).put("targetFormat",
                "jsonschema").put("plan", "{\"operations\": [");
        Result malformed = calls.post("plan/execute", exec, "Viewer");
        assertEquals(400, malformed.status(), malformed.toString());
        assertTrue(malformed.firstMessage().startsWith("The plan is not valid JSON at line 1"), malformed.toString());
        assertFalse(malformed.firstMessage().contains("Source:"), malformed.toString());
        assertFalse(malformed.firstMessage().contains("REDACTED"), malformed.toString());

        Result imported = calls.post("schema/import", Json.object().put("format", "jsonschema").put("schema",
                MapRoutesTest.HINT), "Admin");
        assertTrue(imported.success(), imported.toString());
        assertEquals(calls.projectId(), imported.body().path("projectId").asText());
        assertEquals(2, imported.body().path("summary").path("types").asInt(), imported.toString());
        assertTrue(imported.body().path("changes").path("nodes").asInt() > 0, imported.toString());
    }
}
