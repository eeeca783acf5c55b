package io.modelgraph.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.auth.Role;
import io.modelgraph.exchange.profile.DefaultProfiles;
import io.modelgraph.graph.MainSpace;
import io.modelgraph.json.Json;
import io.modelgraph.testkit.Answer;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A schema larger than one DynamoDB item (docs/storage.md "Values too large for one item"), on the local stack: a
 * 1.5 MB document whose largest definition is 500 KB imports, exports back as schema/map converts it, re-imports
 * writing nothing, and validateJSON (the exchange function, on the same store) evaluates the large part.
 */
class LargeSchemaImportTest {
    private final SpaceCalls calls = new SpaceCalls();

    /**
     * {@code Code}: an object type whose property {@code code} is an {@code anyOf} of documented constants (the
     * model keeps such a combinator verbatim, so the whole 500 KB sits on one Element); twenty more object types
     * carry long descriptions up to 1.5 MB in all.
     */
    static ObjectNode largeSchema() {
        ObjectNode root = Json.object();
        root.put("$schema", "https://json-schema.org/draft/2020-12/schema");
        root.put("title", "Catalog");
        root.put("type", "object");
        ObjectNode defs = root.putObject("$defs");
        ObjectNode code = defs.putObject("Code");
        code.put("type", "object");
        ArrayNode members = code.putObject("properties").putObject("code").putArray("anyOf");
        int i = 0;
        while (Json.write(code).length() < 500_000) {
            members.addObject().put("const", String.format("C%05d", i))
                    .put("description", "Code " + i + ": " + "documented meaning of the code ".repeat(2));
            i++;
        }
        code.putArray("required").add("code");
        ObjectNode rootProperties = root.putObject("properties");
        rootProperties.putObject("code").put("$ref", "#/$defs/Code");
        String paragraph = "A long description of the part, as real schemas carry for their editors. ";
        for (int n = 0; n < 20; n++) {
            ObjectNode part = defs.putObject("Part" + n);
            part.put("type", "object");
            part.put("description", paragraph.repeat(50_000 / paragraph.length()));
            ObjectNode properties = part.putObject("properties");
            properties.putObject("name").put("type", "string");
            properties.putObject("size").put("type", "integer").put("minimum", 0);
            rootProperties.putObject("part" + n).put("$ref", "#/$defs/Part" + n);
        }
        return root;
    }

    @Test
    void aSchemaWithADefinitionLargerThanAnItemImportsExportsAndReimportsWritingNothing() throws Exception {
        ObjectNode schema = largeSchema();
        String text = Json.write(schema);
        assertTrue(text.length() >= 1_500_000, "1.5 MB: " + text.length());
        assertTrue(Json.write(schema.path("$defs").path("Code")).length() >= 500_000, "a 500 KB definition");

        Answer imported = calls.post("schema/import", Json.write(Json.object().put("format", "jsonschema")
                .put("schema", text)), Role.Admin);
        assertEquals(200, imported.status(), brief(imported));
        ObjectNode map = Json.object().put("sourceFormat", "jsonschema").put("sourceSchema", text)
                .put("targetFormat", "jsonschema");
        map.putObject("mapping").put("kind", "explicit").putObject("guide");
        Answer mapped = calls.post("schema/map", Json.write(map), Role.Viewer);
        assertTrue(SpaceCalls.success(mapped), brief(mapped));

        Answer exported = calls.post("schema/export", Json.write(Json.object().put("format", "jsonschema")),
                Role.Viewer);
        assertTrue(SpaceCalls.success(exported), brief(exported));
        JsonNode back = Json.parse(exported.json().path("schema").asText());
        assertEquals(Json.parse(mapped.json().path("schema").asText()), back, "the export is what schema/map gives");
        assertEquals(schema.path("$defs").path("Code"), back.path("$defs").path("Code"), "the 500 KB definition");

        Answer again = calls.post("schema/import", Json.write(Json.object().put("format", "jsonschema")
                .put("schema", exported.json().path("schema").asText())), Role.Admin);
        assertEquals(200, again.status(), brief(again));
        again.json().path("changes").fields().forEachRemaining(e -> assertEquals(0, e.getValue().asInt(),
                "re-importing the export writes nothing: " + again.json().path("changes")));

        String space = MainSpace.idFor(calls.projectId());
        JsonNode valid = ok(get(Map.of("spaceId", space, "configTypeId", DefaultProfiles.JSON_SCHEMA_ID,
                "jsonString", "{\"code\": {\"code\": \"C00042\"}}")));
        assertTrue(valid.path("isValid").asBoolean(), valid.toString());
        JsonNode invalid = ok(get(Map.of("spaceId", space, "configTypeId", DefaultProfiles.JSON_SCHEMA_ID,
                "jsonString", "{\"code\": {\"code\": \"X1\"}}")));
        assertFalse(invalid.path("isValid").asBoolean(), "the large anyOf is evaluated: " + invalid);
    }

    private static String brief(Answer r) {
        String text = r.toString();
        return text.length() <= 2000 ? text : text.substring(0, 2000) + "...";
    }

    private Answer get(Map<String, String> query) {
        return calls.exchangeGet("validateJSON", query);
    }

    private static JsonNode ok(Answer r) throws Exception {
        assertEquals(200, r.status(), r.body());
        return Json.parse(r.body()).path("data");
    }
}
