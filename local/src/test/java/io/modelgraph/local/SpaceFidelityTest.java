package io.modelgraph.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.auth.Role;
import io.modelgraph.exchange.jsonschema.Validators;
import io.modelgraph.exchange.profile.DefaultProfiles;
import io.modelgraph.graph.MainSpace;
import io.modelgraph.json.Json;
import io.modelgraph.testkit.Answer;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The space fidelity example (docs/fidelity.md) across both functions on one store, the local stack: schema/import
 * of a JSON Schema, then schema/export, exportJsonSchema and validateJSON on the same space see the schema the user
 * imported.
 */
class SpaceFidelityTest {
    static final String PERSON = """
            {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "https://example.com/person.json",
             "title": "Person", "type": "object",
             "properties": {"name": {"type": "string"}, "age": {"type": "integer", "minimum": 0}},
             "required": ["name"]}""";
    static final String PRODUCT = """
            {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "https://example.com/product.json",
             "title": "Product", "type": "object",
             "properties": {"sku": {"type": "string", "pattern": "^[A-Z]{3}$"}, "price": {"type": "number",
               "minimum": 0}, "tags": {"type": "array", "items": {"type": "string"}, "maxItems": 2}},
             "required": ["sku", "price"]}""";
    /** Keywords the canonical model keeps verbatim: a conditional, a tuple, pattern properties and a negation. */
    static final String CONDITIONAL = """
            {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "Shipment", "type": "object",
             "properties": {"country": {"type": "string"}, "postcode": {"type": "string"},
               "items": {"type": "array", "prefixItems": [{"type": "string"}, {"type": "integer"}]}},
             "if": {"properties": {"country": {"const": "US"}}},
             "then": {"properties": {"postcode": {"pattern": "^[0-9]{5}$"}}},
             "else": {"properties": {"postcode": {"pattern": "^[A-Z0-9 ]{3,10}$"}}},
             "patternProperties": {"^x-": {"type": "string"}},
             "not": {"required": ["forbidden"]}}""";

    private final SpaceCalls calls = new SpaceCalls();

    private String exported() {
        Answer r = calls.post("schema/export", Json.write(Json.object().put("format", "jsonschema")), Role.Viewer);
        assertTrue(SpaceCalls.success(r), r.toString());
        return r.json().path("schema").asText();
    }

    private void importSchema(String schema) {
        Answer r = calls.post("schema/import", Json.write(Json.object().put("format", "jsonschema")
                .put("schema", schema)), Role.Admin);
        assertTrue(SpaceCalls.success(r), r.toString());
    }

    @Test
    void personExportsAsItWasImportedRootAndIdIncluded() throws Exception {
        importSchema(PERSON);
        assertEquals(Json.parse(PERSON), Json.parse(exported()), "equal up to key order");
    }

    @Test
    void aSecondDifferentModelKeepsTheSpacesRootAndReportsTheConflict() throws Exception {
        importSchema(PERSON);
        Answer second = calls.post("schema/import", Json.write(Json.object().put("format", "jsonschema")
                .put("schema", PRODUCT)), Role.Admin);
        assertTrue(SpaceCalls.success(second), second.toString());
        String lossiness = second.json().path("lossiness").toString();
        assertTrue(lossiness.contains("\"model.rootType\"") && lossiness.contains("\"model.identifier\""),
                lossiness);
        JsonNode out = Json.parse(exported());
        assertEquals("https://example.com/person.json", out.path("$id").asText());
        assertTrue(out.path("properties").has("name"), "Person stays the root: " + out);
        assertTrue(out.path("$defs").has("Product"), "Product joins the space: " + out);
    }

    @Test
    void keywordsTheModelCannotExpressSurviveTheGraphAndStillValidate() throws Exception {
        String conditional = CONDITIONAL;
        importSchema(conditional);
        assertEquals(Json.parse(conditional), Json.parse(exported()), "not, if/then/else, patternProperties and"
                + " prefixItems come back where they were");
        String space = MainSpace.idFor(calls.projectId());
        JsonNode usPostcode = ok(get("validateJSON", Map.of("spaceId", space, "configTypeId",
                DefaultProfiles.JSON_SCHEMA_ID, "jsonString", "{\"country\": \"US\", \"postcode\": \"AB1\"}")));
        assertFalse(usPostcode.path("isValid").asBoolean(), "the then-branch pattern applies: " + usPostcode);
        JsonNode forbidden = ok(get("validateJSON", Map.of("spaceId", space, "configTypeId",
                DefaultProfiles.JSON_SCHEMA_ID, "jsonString", "{\"forbidden\": 1, \"country\": \"CH\"}")));
        assertFalse(forbidden.path("isValid").asBoolean(), "'not' applies: " + forbidden);
    }

    @Test
    void aKeptKeywordTheValidatorCannotCompileIsALogicalErrorNotA500() throws Exception {
        importSchema("""
                {"type": "object", "properties": {"a": {"type": "string"}},
                 "patternProperties": {"^\\\\p{Letter}+$": {"type": "integer"}}}""");
        Answer r = get("validateJSON", Map.of("spaceId", MainSpace.idFor(calls.projectId()),
                "configTypeId", DefaultProfiles.JSON_SCHEMA_ID, "jsonString", "{\"a\": \"x\"}"));
        assertEquals(422, r.status(), r.body());
        JsonNode body = Json.parse(r.body());
        assertFalse(body.path("success").asBoolean());
        assertTrue(r.body().contains("query.spaceId"), r.body());
        assertFalse(r.body().contains("Exception\\n\\tat"), "no stack trace: " + r.body());
    }

    @Test
    void exportJsonSchemaAndSchemaExportGiveTheSameDocumentForTheSpace() throws Exception {
        importSchema(PRODUCT);
        String space = MainSpace.idFor(calls.projectId());
        JsonNode viaExchange = Json.parse(ok(get("exportJsonSchema", Map.of("spaceId", space, "configTypeId",
                DefaultProfiles.JSON_SCHEMA_ID, "useAnchorForRef", "false"))).asText());
        assertEquals(Json.parse(exported()), viaExchange);
        assertEquals(Json.parse(PRODUCT), viaExchange);
    }

    @Test
    void validateJsonWithTheSpaceFindsEveryErrorTheImportedSchemaFinds() throws Exception {
        importSchema(PRODUCT);
        String space = MainSpace.idFor(calls.projectId());
        for (String instance : new String[] {"{\"sku\": 42, \"price\": \"free\"}", "{\"price\": -1}",
            "{\"sku\": \"abcd\", \"price\": 1, \"tags\": [\"a\", \"b\", 3]}", "{\"sku\": \"ABC\", \"price\": 2}"}) {
            Set<String> direct = Validators.compile(Json.parse(PRODUCT)).validate(Json.parse(instance)).stream()
                    .map(m -> m.getInstanceLocation().toString() + " " + m.getType())
                    .collect(Collectors.toCollection(TreeSet::new));
            JsonNode answer = ok(get("validateJSON", Map.of("spaceId", space, "configTypeId",
                    DefaultProfiles.JSON_SCHEMA_ID, "jsonString", instance)));
            assertEquals(direct.isEmpty(), answer.path("isValid").asBoolean(), instance + " -> " + answer);
            assertEquals(direct.size(), answer.path("jsonSchemaValidationErrors").size(),
                    instance + ": networknt on the input finds " + direct + ", the space gives " + answer);
        }
        assertFalse(Validators.compile(Json.parse(PRODUCT)).validate(Json.parse("{\"sku\": 42, \"price\": \"free\"}"))
                .isEmpty(), "the issue's instance is invalid");
    }

    private Answer get(String op, Map<String, String> query) {
        return calls.exchangeGet(op, query);
    }

    private static JsonNode ok(Answer r) throws Exception {
        assertEquals(200, r.status(), r.body());
        return Json.parse(r.body()).path("data");
    }
}
