package io.modelgraph.transform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.json.Json;
import io.modelgraph.transform.TransformCalls.Result;
import org.junit.jupiter.api.Test;

/** odm/convert and odm/import through the handler. */
class OdmRoutesTest {
    static final String ORDER = """
            # Entity: `Order`

            ## Entity purpose

            A customer's order of products.

            ## Object: Order

            | Field    | Description      | Practice |
            |----------|------------------|----------|
            | `id`     | Identifier       | MUST     |
            | `status` | Lifecycle state  | SHOULD   |
            | `lines`  | Ordered lines    | COULD    |

            ## YAML Schema Definition

            ```yaml
            Order:
              type: object
              required: [id]
              properties:
                id:
                  type: string
                status:
                  type: string
                  enum: ["open", "paid", "shipped"]
                lines:
                  type: array
                  items:
                    $ref: "#/components/schemas/OrderLine"
            OrderLine:
              type: object
              properties:
                sku:
                  type: string
                quantity:
                  type: integer
            ```
            """;
    static final String CUSTOMER = """
            # Entity: `Customer`

            ## Entity purpose

            Someone who buys.

            ## Object: Customer

            | Field   | Description | Practice |
            |---------|-------------|----------|
            | `email` | Email       | MUST     |

            ## YAML Schema Definition

            ```yaml
            Customer:
              type: object
              properties:
                email:
                  type: string
            ```
            """;
    static final String BROKEN = """
            # Entity: `Broken`

            ## Entity purpose

            Does not parse.

            ## YAML Schema Definition

            ```yaml
            Broken:
              type: object
               properties: [
            ```
            """;

    private final TransformCalls calls = new TransformCalls(TransformCalls.newProjectId());

    private static ObjectNode entities(String... docs) {
        ObjectNode body = Json.object();
        var list = body.putArray("entities");
        for (int i = 0; i < docs.length; i++) {
            list.addObject().put("name", "doc" + i).put("markdown", docs[i]);
        }
        return body;
    }

    @Test
    void oneEntityGivesOneJsonSchemaDocument() {
        Result r = calls.post("odm/convert", entities(ORDER), "Viewer");
        assertEquals(200, r.status(), r.toString());
        assertTrue(r.success());
        JsonNode schema = r.body().get("schema");
        assertEquals("https://json-schema.org/draft/2020-12/schema", schema.get("$schema").asText());
        assertEquals("A customer's order of products.", schema.get("description").asText());
        assertEquals("MUST", schema.at("/properties/id/x-odm-practice").asText());
        assertTrue(schema.at("/$defs/OrderLine").isObject(), schema.toString());
        assertFalse(r.body().has("schemas"));
    }

    @Test
    void aBundleReportsAFailingEntityAsStructuralDropAndConvertsTheRest() {
        Result r = calls.post("odm/convert", entities(ORDER, BROKEN, CUSTOMER), "Viewer");
        assertEquals(200, r.status(), r.toString());
        assertTrue(r.success());
        JsonNode schemas = r.body().get("schemas");
        assertTrue(schemas.has("order"), schemas.toString());
        assertTrue(schemas.has("customer"), schemas.toString());
        assertEquals(2, schemas.size());
        JsonNode drops = r.body().get("lossiness");
        boolean reported = false;
        for (JsonNode d : drops) {
            reported |= d.get("kind").asText().equals("StructuralDrop") && d.get("path").asText().equals("/entities/1");
        }
        assertTrue(reported, drops.toString());
    }

    @Test
    void withoutEntitiesTheSeedMessage() {
        String message = "Body must include 'entities' - one or more { name, markdown } ODM entity documents.";
        for (String body : new String[] {"", "  ", "{}", "{\"entities\": []}", "{\"other\": 1}"}) {
            Result r = calls.post("odm/convert", body, "Viewer");
            assertEquals(400, r.status(), body);
            assertFalse(r.success());
            assertEquals(message, r.firstMessage(), body);
        }
    }

    @Test
    void aSingleEntityThatCannotBeParsedFails() {
        Result r = calls.post("odm/convert", entities(BROKEN), "Viewer");
        assertEquals(400, r.status());
        assertTrue(r.firstMessage().startsWith("Could not parse the 'odm' schema: "), r.firstMessage());
    }

    @Test
    void dryRunImportNeedsOnlyViewerAndReportsTheSummary() {
        ObjectNode body = Json.object().put("markdown", ORDER).put("dryRun", true);
        Result r = calls.post("odm/import", body, "Viewer");
        assertEquals(200, r.status(), r.toString());
        assertTrue(r.body().get("dryRun").asBoolean());
        JsonNode summary = r.body().get("summary");
        assertEquals(2, summary.get("types").asInt(), summary.toString());
        assertEquals(5, summary.get("elements").asInt(), summary.toString());
        assertEquals(1, summary.get("taxonomies").asInt(), summary.toString());
        assertFalse(r.body().has("projectId"));
        assertTrue(r.body().path("changes").path("nodes").asInt() > 0, "the planned write is counted: " + r);
        // a space that does not exist is refused on the dry run as on the write
        body.putArray("spaces").add("00000000-0000-0000-0000-00000000abcd");
        Result missing = calls.post("odm/import", body, "Viewer");
        assertFalse(missing.success(), missing.toString());
        assertEquals(missing.status(), calls.post("odm/import", body.put("dryRun", false), "Admin").status());
        assertTrue(missing.firstPath().startsWith("spaces"), missing.toString());
    }

    @Test
    void writingImportNeedsAdmin() {
        ObjectNode body = Json.object().put("markdown", ORDER);
        assertEquals(401, calls.post("odm/import", body, "Viewer").status());
        assertEquals(401, calls.post("odm/import", body, "Editor").status());
        assertEquals(401, calls.post("odm/import", body.put("dryRun", false), "Editor").status());
        assertEquals(401, calls.post("odm/import", body, null).status());
    }

    @Test
    void importWithoutMarkdown() {
        Result r = calls.post("odm/import", "", "Viewer");
        assertEquals("request", r.firstPath());
        assertEquals("Body must include 'markdown'.", r.firstMessage());
    }

    /**
     * 20,000 nested emphasis runs: commonmark 0.24 recursed once per run and overflowed the stack; 0.30 reads runs
     * past a nesting of 100 as text (docs/decisions/commonmark.md). Either way the answer is a logical one.
     */
    static String deeplyNestedHeading() {
        int depth = 20_000;
        return "# Entity: " + "**".repeat(depth) + "x" + "**".repeat(depth) + "\n";
    }

    private static String brief(String text) {
        return text.length() > 200 ? text.substring(0, 200) : text;
    }

    @Test
    void deeplyNestedEmphasisIsReadAndALogicalErrorNamesWhatIsMissing() {
        Result r = calls.post("odm/convert", entities(deeplyNestedHeading()), "Viewer");
        assertEquals(400, r.status(), brief(r.firstMessage()));
        assertFalse(r.success());
        assertTrue(r.firstMessage().contains("has neither an 'Object: <name>' table nor a YAML Schema Definition"),
                brief(r.firstMessage()));
        Result bundle = calls.post("odm/convert", entities(ORDER, deeplyNestedHeading()), "Viewer");
        assertEquals(200, bundle.status(), "bundle");
        assertTrue(bundle.body().get("lossiness").toString().contains("could not be converted and is left out"),
                "bundle");
    }
}
