package io.modelgraph.transform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.json.Json;
import io.modelgraph.transform.TransformCalls.Result;
import org.junit.jupiter.api.Test;

/** schema/map and plan/execute through the handler: inferred and explicit mapping, the gate, replay. */
class MapRoutesTest {
    static final String SOURCE = """
            {"$schema":"https://json-schema.org/draft/2020-12/schema","title":"Root","type":"object",
             "properties":{"who":{"$ref":"#/$defs/PersonShape"}},
             "$defs":{"PersonShape":{"type":"object","properties":{
                 "FULLNAME":{"type":"string","maxLength":30},
                 "age":{"type":"string","pattern":"^[0-9]+$"},
                 "nickname":{"type":"string"}},"required":["FULLNAME"]}}}""";
    static final String HINT = """
            {"$schema":"https://json-schema.org/draft/2020-12/schema","title":"Root","type":"object",
             "properties":{"who":{"$ref":"#/$defs/Person"}},
             "$defs":{"Person":{"type":"object","properties":{
                 "fullName":{"type":"string"},"age":{"type":"integer"}}}}}""";

    private final TransformCalls calls = new TransformCalls(TransformCalls.newProjectId());

    static ObjectNode mapBody() {
        ObjectNode b = Json.object();
        b.put("sourceFormat", "jsonschema").put("sourceSchema", SOURCE).put("targetFormat", "jsonschema")
                .put("targetHintFormat", "jsonschema").put("targetHintSchema", HINT);
        return b;
    }

    @Test
    void inferredMappingMatchesByLabelShapeSuffixAndType() throws Exception {
        Result r = calls.post("schema/map", mapBody(), "Viewer");
        assertEquals(200, r.status(), r.toString());
        assertTrue(r.success());
        JsonNode ops = r.body().get("plan").get("operations");
        assertEquals("{\"op\":\"mapElement\",\"type\":\"PersonShape\",\"element\":\"FULLNAME\",\"to\":\"fullName\"}",
                Json.write(ops.get(0)));
        assertEquals("{\"op\":\"mapType\",\"type\":\"PersonShape\",\"to\":\"Person\"}", Json.write(ops.get(1)));
        assertEquals("{\"op\":\"setDataType\",\"type\":\"Person\",\"element\":\"age\",\"dataType\":\"integer\"}",
                Json.write(ops.get(2)));
        assertEquals(3, ops.size());
        JsonNode schema = Json.parse(r.body().get("schema").asText());
        JsonNode person = schema.get("$defs").get("Person");
        assertEquals("#/$defs/Person", schema.get("properties").get("who").get("$ref").asText());
        assertEquals("integer", person.get("properties").get("age").get("type").asText());
        assertTrue(person.get("properties").has("fullName"));
        assertTrue(person.get("properties").has("nickname"), "unmatched elements are kept");
        // ledger: the retype (execute) and its dropped pattern, in that order
        JsonNode lossiness = r.body().get("lossiness");
        assertEquals("TypeApproximation", lossiness.get(0).get("kind").asText());
        assertEquals("plan.operations[2]", lossiness.get(0).get("path").asText());
        assertEquals("ConstraintRelaxation", lossiness.get(1).get("kind").asText());
    }

    @Test
    void caseSensitiveInferredMappingLeavesDifferentlyCasedLabels() {
        ObjectNode body = mapBody();
        body.putObject("mapping").put("kind", "inferred").put("caseInsensitive", false);
        Result r = calls.post("schema/map", body, "Viewer");
        assertTrue(r.success(), r.toString());
        String plan = Json.write(r.body().get("plan"));
        assertFalse(plan.contains("FULLNAME"), plan);
        assertTrue(plan.contains("\"to\":\"Person\""), plan);
    }

    @Test
    void planReplayGivesByteIdenticalOutput() {
        Result mapped = calls.post("schema/map", mapBody(), "Viewer");
        assertTrue(mapped.success(), mapped.toString());
        ObjectNode exec = Json.object();
        exec.put("sourceFormat", "jsonschema").put("sourceSchema", SOURCE).put("targetFormat", "jsonschema")
                .put("plan", Json.write(mapped.body().get("plan")));
        Result first = calls.post("plan/execute", exec, "Viewer");
        Result second = calls.post("plan/execute", exec, "Viewer");
        assertTrue(first.success(), first.toString());
        assertEquals(mapped.body().get("schema").asText(), first.body().get("schema").asText());
        assertEquals(first.body().get("schema").asText(), second.body().get("schema").asText());
        assertEquals(Json.write(mapped.body().get("lossiness")), Json.write(first.body().get("lossiness")));
        // and the map itself is deterministic
        Result again = calls.post("schema/map", mapBody(), "Viewer");
        assertEquals(Json.write(mapped.body()), Json.write(again.body()));
    }

    @Test
    void planIsAnObjectOrAStringAndIsValidatedStrictlyWithPaths() {
        ObjectNode exec = Json.object();
        exec.put("sourceFormat", "jsonschema").put("sourceSchema", SOURCE).put("targetFormat", "jsonschema");
        exec.putObject("plan").putArray("operations");
        Result r = calls.post("plan/execute", exec, "Viewer");
        assertEquals(200, r.status(), r.toString());
        exec.putArray("plan");
        r = calls.post("plan/execute", exec, "Viewer");
        assertEquals(400, r.status());
        assertEquals("plan", r.firstPath());
        assertEquals("'plan' must be the plan as an object (as schema/map answers it) or a string holding the plan "
                + "JSON, got an array.", r.firstMessage());

        exec.put("plan", "{\"operations\":[{\"op\":\"explode\"},{\"op\":\"dropType\",\"type\":\"X\",\"bogus\":1}],"
                + "\"extra\":true}");
        r = calls.post("plan/execute", exec, "Viewer");
        assertFalse(r.success());
        JsonNode errors = r.body().get("errors");
        assertEquals("plan.extra", errors.get(0).get("path").asText());
        assertEquals("plan.operations[0].op", errors.get(1).get("path").asText());
        assertTrue(errors.get(1).get("message").asText().startsWith("Unknown plan operation 'explode'. Use: renameType"));
        assertEquals("plan.operations[1].bogus", errors.get(2).get("path").asText());

        exec.put("plan", "{not json");
        r = calls.post("plan/execute", exec, "Viewer");
        assertEquals("plan", r.firstPath());
        assertTrue(r.firstMessage().startsWith("The plan is not valid JSON"), r.firstMessage());
    }

    @Test
    void storedPlanPassesTheSameGate() {
        ObjectNode exec = Json.object();
        exec.put("sourceFormat", "jsonschema").put("sourceSchema", SOURCE).put("targetFormat", "jsonschema");
        exec.put("plan", "{\"operations\":[{\"op\":\"renameElement\",\"type\":\"PersonShape\",\"element\":\"nope\","
                + "\"to\":\"x\"},{\"op\":\"dropType\",\"type\":\"PersonShape\"},"
                + "{\"op\":\"renameType\",\"type\":\"Root\",\"to\":\"PersonShape\"}]}");
        Result r = calls.post("plan/execute", exec, "Viewer");
        assertEquals(400, r.status());
        JsonNode errors = r.body().get("errors");
        assertEquals("plan.operations[0].element", errors.get(0).get("path").asText());
        assertEquals("Element 'PersonShape.nope' does not exist in the model at this step.",
                errors.get(0).get("message").asText());
        assertEquals("plan.operations[1].type", errors.get(1).get("path").asText());
        assertTrue(errors.get(1).get("message").asText().contains("still referenced by 'Root.who'"));
        assertEquals("plan.operations[2].to", errors.get(2).get("path").asText());
    }

    @Test
    void aDraft07SchemaMapsToValid202012WithNoDanglingReference() throws Exception {
        // the repro: definitions move to $defs, and the reference inside the conditional (kept verbatim) follows
        ObjectNode body = Json.object();
        body.put("sourceFormat", "jsonschema").put("targetFormat", "jsonschema");
        body.set("sourceSchema", Json.parse("{\"$schema\":\"http://json-schema.org/draft-07/schema#\","
                + "\"definitions\":{\"code\":{\"type\":\"string\"}},\"type\":\"object\",\"properties\":{"
                + "\"kind\":{\"type\":\"string\"},\"a\":{\"$ref\":\"#/definitions/code\"}},\"if\":{\"properties\":"
                + "{\"kind\":{\"const\":\"x\"}}},\"then\":{\"properties\":{\"b\":{\"$ref\":\"#/definitions/code\"}}}}"));
        body.putObject("mapping").put("kind", "explicit").putObject("guide");
        Result r = calls.post("schema/map", body, "Viewer");
        assertTrue(r.success(), r.toString());
        String text = r.body().get("schema").asText();
        assertFalse(text.contains("#/definitions/"), text);
        JsonNode out = Json.parse(text);
        assertEquals("https://json-schema.org/draft/2020-12/schema", out.path("$schema").asText());
        String ref = out.at("/then/properties/b/$ref").asText();
        assertTrue(ref.startsWith("#/"), text);
        assertFalse(out.at(ref.substring(1)).isMissingNode(), "then.properties.b resolves: " + text);
    }

    @Test
    void explicitGuideMapsDropsRetypes() throws Exception {
        ObjectNode body = mapBody();
        body.remove("targetHintFormat");
        body.remove("targetHintSchema");
        ObjectNode guide = body.putObject("mapping").put("kind", "explicit").putObject("guide");
        guide.putObject("types").put("PersonShape", "Human");
        guide.putObject("elements").put("PersonShape.FULLNAME", "Human.name");
        guide.putObject("dataTypes").put("PersonShape.age", "integer");
        guide.putObject("mapsTo").put("PersonShape.FULLNAME", "https://schema.org/name");
        guide.putArray("drop").add("PersonShape.nickname");
        Result r = calls.post("schema/map", body, "Viewer");
        assertTrue(r.success(), r.toString());
        assertEquals("{\"operations\":[{\"op\":\"dropElement\",\"type\":\"PersonShape\",\"element\":\"nickname\"},"
                + "{\"op\":\"addMapsTo\",\"type\":\"PersonShape\",\"element\":\"FULLNAME\",\"iri\":\"https://schema.org/name\"},"
                + "{\"op\":\"mapElement\",\"type\":\"PersonShape\",\"element\":\"FULLNAME\",\"to\":\"name\"},"
                + "{\"op\":\"mapType\",\"type\":\"PersonShape\",\"to\":\"Human\"},"
                + "{\"op\":\"setDataType\",\"type\":\"Human\",\"element\":\"age\",\"dataType\":\"integer\"}]}",
                Json.write(r.body().get("plan")));
        JsonNode human = Json.parse(r.body().get("schema").asText()).get("$defs").get("Human");
        assertFalse(human.get("properties").has("nickname"));
        assertEquals("StructuralDrop", r.body().get("lossiness").get(0).get("kind").asText());
    }

    @Test
    void explicitGuideRejectsUnknownKeysWithTheirPath() {
        ObjectNode body = mapBody();
        ObjectNode guide = body.putObject("mapping").put("kind", "explicit").putObject("guide");
        guide.putObject("types").put("PersonShape", "Human");
        guide.put("bogusKey", 1);
        guide.putObject("types2");
        Result r = calls.post("schema/map", body, "Viewer");
        assertEquals(400, r.status());
        assertFalse(r.success());
        assertEquals("mapping.guide.bogusKey", r.firstPath());
        assertEquals("Unknown mapping guide key 'bogusKey'. Use: types, elements, dataTypes, mapsTo, drop.",
                r.firstMessage());
        assertEquals("mapping.guide.types2", r.body().get("errors").get(1).get("path").asText());

        ObjectNode bad = mapBody();
        bad.putObject("mapping").put("kind", "explicit").putObject("guide").putObject("types").put("Ghost", "X");
        r = calls.post("schema/map", bad, "Viewer");
        assertEquals("mapping.guide.types.Ghost", r.firstPath());
        assertEquals("Type 'Ghost' is not in the source schema.", r.firstMessage());
    }

    @Test
    void emptyBodiesNameTheMapKeys() {
        for (String body : new String[] {"", "   ", "{}"}) {
            Result r = calls.post("schema/map", body, "Viewer");
            assertEquals(400, r.status(), body);
            assertEquals("request", r.firstPath());
            assertEquals("Body must include 'sourceFormat' and 'sourceSchema'.", r.firstMessage());
            r = calls.post("schema/mapImport", body, "Viewer");
            assertEquals("Body must include 'sourceFormat' and 'sourceSchema'.", r.firstMessage());
            r = calls.post("plan/execute", body, "Viewer");
            assertEquals("request", r.firstPath());
            assertEquals("Body must include 'sourceFormat', 'sourceSchema' and 'plan'.", r.firstMessage());
        }
    }

    @Test
    void unknownAndMalformedFormats() {
        ObjectNode body = mapBody().put("sourceFormat", "xml");
        Result r = calls.post("schema/map", body, "Viewer");
        assertEquals("sourceFormat", r.firstPath());
        assertEquals("Unknown schema format 'xml'. Use: " + ImportExportRoutesTest.DECODE_SET + ".", r.firstMessage());
        r = calls.post("schema/map", mapBody().put("sourceFormat", "YAML"), "Viewer");
        assertEquals("Unknown schema format 'YAML'. Use: " + ImportExportRoutesTest.DECODE_SET + ".", r.firstMessage(),
                "quoted as sent");
        r = calls.post("schema/map", mapBody().put("targetFormat", "ODM"), "Viewer");
        assertTrue(r.firstMessage().startsWith("Unknown schema format 'ODM'. Use: "), r.firstMessage());
        assertTrue(calls.post("schema/map", mapBody().put("sourceFormat", "JSONSchema"), "Viewer").success(),
                "keys still match case-insensitively");
        r = calls.post("schema/map", mapBody().put("targetFormat", "odm"), "Viewer");
        assertEquals("targetFormat", r.firstPath());
        assertTrue(r.firstMessage().startsWith("Unknown schema format 'odm'. Use: " + ImportExportRoutesTest.ENCODE_SET
                + ". 'odm' is decode-only"), r.firstMessage());
        r = calls.post("schema/map", mapBody().put("sourceSchema", "{\"type\": "), "Viewer");
        assertFalse(r.success());
        assertTrue(r.firstMessage().startsWith("Could not parse the 'jsonschema' schema: "), r.firstMessage());
    }

    @Test
    void inferredNeedsAHint() {
        ObjectNode body = mapBody();
        body.remove("targetHintSchema");
        Result r = calls.post("schema/map", body, "Viewer");
        assertEquals("targetHintSchema", r.firstPath());
        ObjectNode inferred = mapBody();
        inferred.remove("targetHintSchema");
        inferred.remove("targetHintFormat");
        inferred.putObject("mapping").put("kind", "inferred");
        r = calls.post("schema/map", inferred, "Viewer");
        assertEquals(400, r.status(), r.toString());
        assertEquals("targetHintSchema", r.firstPath());
        assertEquals("The inferred mapping needs a target hint: 'targetHintFormat' and 'targetHintSchema', or"
                + " 'useProjectAsTargetHint': true. For a plain conversion without renaming, leave out 'mapping'.",
                r.firstMessage());
    }

    @Test
    void withoutMappingOrHintTheConversionIsPlain() throws Exception {
        String avro = "{\"type\":\"record\",\"name\":\"Person\",\"fields\":[{\"name\":\"fullName\","
                + "\"type\":\"string\"},{\"name\":\"age\",\"type\":\"int\"}]}";
        ObjectNode body = Json.object();
        body.put("sourceFormat", "avro").put("sourceSchema", avro).put("targetFormat", "shex");
        Result r = calls.post("schema/map", body, "Viewer");
        assertEquals(200, r.status(), r.toString());
        assertEquals(0, r.body().get("plan").get("operations").size(), "a plain conversion plans nothing");
        String shex = r.body().get("schema").asText();
        assertTrue(shex.contains("PersonShape") && shex.contains("cm:fullName") && shex.contains("age"), shex);
        // the same as an explicit empty guide, byte for byte
        body.putObject("mapping").put("kind", "explicit").putObject("guide");
        Result explicit = calls.post("schema/map", body, "Viewer");
        assertEquals(shex, explicit.body().get("schema").asText());
        assertEquals(Json.write(r.body().get("lossiness")), Json.write(explicit.body().get("lossiness")));
    }

    @Test
    void aiMappingNeedsEditorThenIsDeclinedWithoutAProvider() {
        ObjectNode body = mapBody();
        body.putObject("mapping").put("kind", "ai");
        Result r = calls.post("schema/map", body, "Viewer");
        assertEquals(401, r.status(), r.toString());
        r = calls.post("schema/map", body, "Editor");
        assertEquals(501, r.status(), r.toString());
        assertFalse(r.success());
        assertEquals("mapping.kind", r.firstPath());
        assertEquals(MappingService.AI_NOT_CONFIGURED, r.firstMessage());
    }

    @Test
    void rolesAndTokens() {
        assertEquals(401, calls.post("schema/map", mapBody(), null).status());
        assertEquals(200, calls.post("plan/execute", Json.object().put("sourceFormat", "jsonschema")
                .put("sourceSchema", SOURCE).put("targetFormat", "jsonschema").put("plan", "{\"operations\":[]}"),
                "Viewer").status());
    }
}
