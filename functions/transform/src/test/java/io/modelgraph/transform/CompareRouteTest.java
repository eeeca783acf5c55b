package io.modelgraph.transform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.json.Json;
import io.modelgraph.transform.TransformCalls.Result;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** schema/compare through the handler, against the real embedded stores. */
class CompareRouteTest {
    static final String ORDER = """
            {"type": "record", "name": "Order", "namespace": "shop.v1", "fields": [
              {"name": "id", "type": "string"},
              {"name": "qty", "type": "int"}]}""";
    static final String ORDER_WITH_NOTE = ORDER.replace("{\"name\": \"qty\", \"type\": \"int\"}",
            "{\"name\": \"qty\", \"type\": \"int\"}, {\"name\": \"note\", \"type\": \"string\"}");
    static final String ORDER_PROTO = """
            syntax = "proto3";
            package shop.v1;
            message Order {
              string id = 1;
              int64 qty = 2;
            }
            """;

    private final TransformCalls calls = new TransformCalls(TransformCalls.newProjectId());

    private static ObjectNode side(String format, String schema) {
        return Json.object().put("format", format).put("schema", schema);
    }

    private static ObjectNode body(ObjectNode base, ObjectNode candidate) {
        ObjectNode b = Json.object();
        b.set("base", base);
        b.set("candidate", candidate);
        return b;
    }

    private static List<String> rules(JsonNode verdict) {
        List<String> out = new ArrayList<>();
        verdict.path("findings").forEach(f -> {
            if (f.path("severity").asText().equals("ERROR")) {
                out.add(f.path("rule").asText());
            }
        });
        return out;
    }

    @Test
    void aFieldAddedWithoutDefaultBreaksAvroReadersUnderBackward() {
        ObjectNode body = body(side("avro", ORDER), side("avro", ORDER_WITH_NOTE));
        body.put("mode", "backward");
        body.putArray("consumers").add("avro").add("SQL");
        Result r = calls.post("schema/compare", body, "Viewer");
        assertEquals(200, r.status(), r.toString());
        assertTrue(r.success(), r.toString());
        assertEquals("BACKWARD", r.body().path("mode").asText());
        assertFalse(r.body().path("compatible").asBoolean(true));
        JsonNode avro = r.body().path("verdicts").path(0);
        assertEquals("avro", avro.path("consumer").asText());
        assertEquals(List.of("avro.field-added-without-default"), rules(avro));
        assertEquals("Order.note", avro.path("findings").path(0).path("candidatePath").asText());
        assertEquals("sql", r.body().path("verdicts").path(1).path("consumer").asText());
        JsonNode change = r.body().path("changelog").path(0);
        assertEquals("ADDED", change.path("kind").asText());
        assertEquals("Order.note", change.path("candidatePath").asText());
        assertEquals("avro", r.body().path("decodes").path("base").path("format").asText());
        assertTrue(r.body().path("decodes").path("candidate").path("lossiness").isArray());
    }

    @Test
    void theDefaultConsumerIsTheCandidatesFormatAcrossFormats() {
        Result r = calls.post("schema/compare", body(side("avro", ORDER), side("protobuf", ORDER_PROTO)), "Viewer");
        assertEquals(200, r.status(), r.toString());
        assertEquals("BACKWARD", r.body().path("mode").asText());
        assertEquals(1, r.body().path("verdicts").size());
        assertEquals("protobuf", r.body().path("verdicts").path(0).path("consumer").asText());
        assertEquals("protobuf", r.body().path("decodes").path("candidate").path("format").asText());
    }

    static final String PERSON_JSON = """
            {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "Person", "type": "object",
             "properties": {"name": {"type": "string"}}}""";

    /**
     * A property declared where the old schema's content model was open breaks by default (a document that used
     * the name for another value was accepted); {@code undeclaredProperties: absent} reads it as a warning. The
     * answer echoes the option used.
     */
    @Test
    void undeclaredPropertiesDecidesWhetherAPropertyAddedToAnOpenModelBreaks() {
        String withEmail = PERSON_JSON.replace("{\"name\": {\"type\": \"string\"}}",
                "{\"name\": {\"type\": \"string\"}, \"email\": {\"type\": \"string\"}}");
        ObjectNode body = body(side("jsonschema", PERSON_JSON), side("jsonschema", withEmail));
        Result byDefinition = calls.post("schema/compare", body, "Viewer");
        assertEquals(200, byDefinition.status(), byDefinition.toString());
        assertEquals("any-value", byDefinition.body().path("options").path("undeclaredProperties").asText());
        assertFalse(byDefinition.body().path("compatible").asBoolean(true), byDefinition.toString());
        assertEquals(List.of("jsonschema.property-added-to-open-model"), rules(byDefinition.body().path("verdicts")
                .path(0)));

        body.put("undeclaredProperties", "Absent");
        Result practical = calls.post("schema/compare", body, "Viewer");
        assertEquals(200, practical.status(), practical.toString());
        assertEquals("absent", practical.body().path("options").path("undeclaredProperties").asText());
        assertTrue(practical.body().path("compatible").asBoolean(false), practical.toString());
        JsonNode finding = practical.body().path("verdicts").path(0).path("findings").path(0);
        assertEquals("jsonschema.property-added-to-open-model", finding.path("rule").asText());
        assertEquals("WARNING", finding.path("severity").asText());
    }

    @Test
    void noneAnswersTheChangelogOnly() {
        ObjectNode body = body(side("avro", ORDER), side("avro", ORDER_WITH_NOTE));
        body.put("mode", "NONE");
        Result r = calls.post("schema/compare", body, "Viewer");
        assertTrue(r.body().path("compatible").asBoolean(false), r.toString());
        assertEquals(0, r.body().path("verdicts").path(0).path("findings").size());
        assertEquals(1, r.body().path("changelog").size());
    }

    @Test
    void theGovernedModelIsASideAndNothingIsWritten() {
        Result imported = calls.post("schema/import", side("avro", ORDER), "Admin");
        assertEquals(200, imported.status(), imported.toString());
        Result before = calls.post("schema/export", Json.object().put("format", "avro"), "Viewer");
        ObjectNode body = body(Json.object().put("source", "project"), side("avro", ORDER_WITH_NOTE));
        body.putArray("consumers").add("avro");
        Result r = calls.post("schema/compare", body, "Viewer");
        assertEquals(200, r.status(), r.toString());
        assertEquals("project", r.body().path("decodes").path("base").path("format").asText());
        assertEquals(List.of("avro.field-added-without-default"), rules(r.body().path("verdicts").path(0)));
        Result after = calls.post("schema/export", Json.object().put("format", "avro"), "Viewer");
        assertEquals(before.body().path("schema"), after.body().path("schema"));
    }

    @Test
    void badInputIsRefusedNamingTheMember() {
        assertRefused(Json.object().set("base", side("avro", ORDER)), "request");
        ObjectNode badMode = body(side("avro", ORDER), side("avro", ORDER));
        badMode.put("mode", "SIDEWAYS");
        assertRefused(badMode, "mode");
        ObjectNode badConsumer = body(side("avro", ORDER), side("avro", ORDER));
        badConsumer.putArray("consumers").add("avro").add("cobol");
        assertRefused(badConsumer, "consumers[1]");
        ObjectNode badReading = body(side("avro", ORDER), side("avro", ORDER));
        badReading.put("undeclaredProperties", "never");
        Result refused = assertRefused(badReading, "undeclaredProperties");
        assertTrue(refused.firstMessage().contains("any-value, absent"), refused.toString());
        ObjectNode notText = body(side("avro", ORDER), side("avro", ORDER));
        notText.put("undeclaredProperties", true);
        assertRefused(notText, "undeclaredProperties");
        assertRefused(body(side("avro", "{\"type\": \"record\""), side("avro", ORDER)), "base.schema");
        assertRefused(body(side("avro", ORDER), Json.object().put("format", "avro")), "candidate");
        assertRefused(body(side("avro", ORDER), side("yaml", "x: 1")), "candidate.format");
        assertRefused(body(side("avro", ORDER), side("avro", ORDER).put("shema", "x")), "candidate.shema");
        assertRefused(body(Json.object().put("source", "elsewhere"), side("avro", ORDER)), "base.source");
        assertRefused(body(Json.object().put("source", "project").put("format", "avro"), side("avro", ORDER)),
                "base.format");
    }

    @Test
    void aCallerWithoutATokenIsRefused() {
        assertEquals(401, calls.post("schema/compare", body(side("avro", ORDER), side("avro", ORDER)), null)
                .status());
    }

    private Result assertRefused(JsonNode body, String path) {
        Result r = calls.post("schema/compare", body, "Viewer");
        assertEquals(400, r.status(), r.toString());
        assertFalse(r.success());
        assertTrue(r.firstPath().startsWith(path), () -> "expected path " + path + ": " + r);
        assertFalse(r.firstMessage().isBlank());
        return r;
    }
}
