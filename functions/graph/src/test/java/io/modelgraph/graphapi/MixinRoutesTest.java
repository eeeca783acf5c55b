package io.modelgraph.graphapi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.auth.Role;
import io.modelgraph.json.Json;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MixinRoutesTest {
    private final GraphApi api = new GraphApi();

    @Test
    void mixinsInfoListsTheDefaultsWithColumnIdsAndLabels() {
        JsonNode mixins = api.as(Role.Viewer).get("mixinsInfo").ok().data();
        Map<String, JsonNode> byId = new HashMap<>();
        mixins.forEach(m -> byId.put(m.path("Id").asText(), m));
        for (String id : List.of("description", "data-type", "cardinality", "constraints", "values", "mapping",
                "provenance", "vendor-metadata")) {
            assertTrue(byId.containsKey(id), id);
        }
        JsonNode constraints = byId.get("constraints");
        assertEquals("attribute mixin", constraints.path("type").asText());
        assertEquals("pattern", constraints.path("columns").get(0).path("Id").asText());
        assertEquals("Pattern", constraints.path("columns").get(0).path("Label").asText());
        assertEquals("multi level mixin", byId.get("vendor-metadata").path("type").asText());
        assertEquals("mapsTo", byId.get("mapping").path("columns").get(0).path("Id").asText());
    }

    @Test
    void setMergesColumnsAndFetchShowsOnlyExistingValues() throws Exception {
        String id = api.createNode("age", "Element");
        assertEquals(0, api.fetch(id, false, true).path("mixins").size());
        api.as(Role.Editor).post("mixinValue", Map.of("targetNodeId", id, "mixinId", "constraints", "mixinColumns",
                List.of(Map.of("Id", "minimum", "value", 0), Map.of("Id", "pattern", "value", "^[0-9]+$")))).ok();
        api.post("mixinValue", Map.of("targetNodeId", id, "mixinId", "cardinality", "mixinColumns",
                List.of(Map.of("Id", "required", "value", true), new HashMap<>(Map.of("Id", "maxOccurs"))))).fails(400);
        api.post("mixinValue", Json.parse("{\"targetNodeId\":\"" + id + "\",\"mixinId\":\"cardinality\","
                + "\"mixinColumns\":[{\"Id\":\"required\",\"value\":true},{\"Id\":\"maxOccurs\",\"value\":null}]}")).ok();
        api.post("mixinValue", Map.of("targetNodeId", id, "mixinId", "constraints", "mixinColumns",
                List.of(Map.of("Id", "maximum", "value", 130)))).ok();
        api.post("mixinValue", Map.of("targetNodeId", id, "mixinId", "values", "mixinColumns",
                List.of(Map.of("Id", "enum", "value", List.of(1, 2)), Map.of("Id", "default", "value",
                        Map.of("a", 1))))).ok();
        JsonNode mixins = api.fetch(id, false, true).path("mixins");
        Map<String, JsonNode> byId = new HashMap<>();
        mixins.forEach(m -> byId.put(m.path("Id").asText(), m));
        assertEquals(3, mixins.size());
        JsonNode constraints = byId.get("constraints");
        assertEquals("Constraints", constraints.path("label").asText());
        assertEquals("attribute mixin", constraints.path("type").asText());
        assertEquals("[\"pattern\",\"minimum\",\"maximum\"]", constraints.path("columns").findValuesAsText("Id")
                .stream().map(s -> "\"" + s + "\"").toList().toString().replace(" ", ""));
        assertEquals("^[0-9]+$", constraints.path("columns").get(0).path("value").asText());
        assertEquals("Pattern", constraints.path("columns").get(0).path("label").asText());
        assertEquals(130, constraints.path("columns").get(2).path("value").asInt());
        assertTrue(byId.get("cardinality").path("columns").get(1).path("value").isNull());
        assertEquals("[1,2]", byId.get("values").path("columns").get(0).path("value").toString());
        assertEquals("{\"a\":1}", byId.get("values").path("columns").get(1).path("value").toString());
    }

    @Test
    void removeDropsTheListedColumnsAndTheValueWhenNoneIsLeft() {
        String id = api.createNode("age", "Element");
        api.post("mixinValue", Map.of("targetNodeId", id, "mixinId", "constraints", "mixinColumns",
                List.of(Map.of("Id", "minimum", "value", 0), Map.of("Id", "maximum", "value", 9)))).ok();
        api.as(Role.Editor).delete("mixinValue", Map.of("targetNodeId", id, "mixinId", "constraints", "mixinColumnIds",
                List.of("minimum"))).ok();
        JsonNode left = api.fetch(id, false, true).path("mixins");
        assertEquals(1, left.get(0).path("columns").size());
        assertEquals("maximum", left.get(0).path("columns").get(0).path("Id").asText());
        api.delete("mixinValue", Map.of("targetNodeId", id, "mixinId", "constraints", "mixinColumnIds",
                List.of("maximum", "pattern"))).ok();
        assertEquals(0, api.fetch(id, false, true).path("mixins").size());
        api.delete("mixinValue", Map.of("targetNodeId", id, "mixinId", "constraints", "mixinColumnIds",
                List.of("maximum"))).fails(404);
    }

    @Test
    void unknownMixinsColumnsAndNodesAreNamed() {
        String id = api.createNode("age", "Element");
        assertTrue(api.post("mixinValue", Map.of("targetNodeId", id, "mixinId", "nope", "mixinColumns",
                List.of(Map.of("Id", "x", "value", 1)))).fails(400).message().contains("nope"));
        String msg = api.post("mixinValue", Map.of("targetNodeId", id, "mixinId", "constraints", "mixinColumns",
                List.of(Map.of("Id", "minimum", "value", 1), Map.of("Id", "bogus", "value", 1)))).fails(400).message();
        assertTrue(msg.contains("bogus") && msg.contains("body.mixinColumns[1].Id"), msg);
        api.post("mixinValue", Map.of("targetNodeId", id, "mixinId", "constraints", "mixinColumns", List.of()))
                .fails(400);
        api.post("mixinValue", Map.of("targetNodeId", id, "mixinId", "constraints", "mixinColumns",
                List.of(Map.of("Id", "minimum", "value", 1), Map.of("Id", "minimum", "value", 2)))).fails(400);
        api.post("mixinValue", Map.of("targetNodeId", "ghost", "mixinId", "constraints", "mixinColumns",
                List.of(Map.of("Id", "minimum", "value", 1)))).fails(404);
        assertTrue(api.delete("mixinValue", Map.of("targetNodeId", id, "mixinId", "constraints", "mixinColumnIds",
                List.of("bogus"))).fails(400).message().contains("bogus"));
        api.delete("mixinValue", Map.of("targetNodeId", id, "mixinId", "constraints", "mixinColumnIds", List.of()))
                .fails(400);
        api.delete("node/" + id, null).ok();
        api.post("mixinValue", Map.of("targetNodeId", id, "mixinId", "constraints", "mixinColumns",
                List.of(Map.of("Id", "minimum", "value", 1)))).fails(404);
        assertEquals(0, api.get("fetchNodes?NodeIds=" + id + "&AddMixins=true").ok().data().path("nodes").size());
    }

    @Test
    void customMixinsAreAddedByAdminsAndTakeValues() {
        String created = api.post("mixin", Map.of("Id", "gdpr", "label", "GDPR", "type", "normal mixin", "columns",
                List.of(Map.of("Id", "basis", "Label", "Legal basis", "valueType", "string"),
                        Map.of("Id", "retention", "Label", "Retention days")))).ok().data().path("Id").asText();
        assertEquals("gdpr", created);
        JsonNode listed = api.get("mixinsInfo").ok().data();
        JsonNode last = listed.get(listed.size() - 1);
        assertEquals("GDPR", last.path("label").asText());
        assertEquals("Retention days", last.path("columns").get(1).path("Label").asText());
        String id = api.createNode("email", "Element");
        api.post("mixinValue", Map.of("targetNodeId", id, "mixinId", "gdpr", "mixinColumns",
                List.of(Map.of("Id", "retention", "value", 30)))).ok();
        assertEquals("GDPR", api.fetch(id, false, true).path("mixins").get(0).path("label").asText());
        api.post("mixin", Map.of("Id", "gdpr", "label", "x", "type", "normal mixin", "columns",
                List.of(Map.of("Id", "a", "Label", "A")))).fails(400);
        api.post("mixin", Map.of("Id", "description", "label", "x", "type", "normal mixin", "columns",
                List.of(Map.of("Id", "a", "Label", "A")))).fails(400);
        assertTrue(api.post("mixin", Map.of("label", "x", "type", "weird", "columns", List.of(Map.of("Id", "a",
                "Label", "A")))).fails(400).message().contains("normal mixin"));
        api.post("mixin", Map.of("label", "x", "type", "normal mixin", "columns", List.of())).fails(400);
        api.post("mixin", Map.of("label", "x", "type", "normal mixin", "columns", List.of(Map.of("Id", "a", "Label",
                "A"), Map.of("Id", "a", "Label", "B")))).fails(400);
    }

    @Test
    void valueSizesCountUtf8BytesOfTheWholeMergedItemAndAnswer413() {
        String id = api.createNode("notes", "Element");
        // 140,000 CJK characters: 420,000 bytes of UTF-8, under a limit counted in UTF-16 characters
        String cjk = "\u6f22".repeat(140_000);
        JsonNode tooBig = api.as(Role.Editor).post("mixinValue", Map.of("targetNodeId", id, "mixinId", "description",
                "mixinColumns", List.of(Map.of("Id", "description", "value", cjk)))).fails(413).json();
        assertTrue(tooBig.path("error").path("message").asText().contains("UTF-8"), tooBig.toString());
        assertEquals(0, api.fetch(id, false, true).path("mixins").size(), "nothing was written");

        // two calls, each within the per-call limit, whose merged item would not fit one DynamoDB item
        String half = "x".repeat(220_000);
        api.post("mixinValue", Map.of("targetNodeId", id, "mixinId", "provenance", "mixinColumns",
                List.of(Map.of("Id", "source", "value", half)))).ok();
        JsonNode merged = api.post("mixinValue", Map.of("targetNodeId", id, "mixinId", "provenance", "mixinColumns",
                List.of(Map.of("Id", "originalName", "value", half)))).fails(413).json();
        assertTrue(merged.path("error").path("message").asText().contains("provenance"), merged.toString());
        JsonNode kept = api.fetch(id, false, true).path("mixins").get(0).path("columns");
        assertEquals(1, kept.size(), "the stored value is unchanged: " + kept.size());
        assertEquals(half, kept.get(0).path("value").asText());
    }

    @Test
    void theWholeNodeItemCountsTowardsTheLimitValuesOfOtherMixinsIncluded() {
        // a node's mixin values are attributes of its node item (docs/graph.md "Key design"): one item, one cap
        String id = api.createNode("wide", "Element");
        String half = "x".repeat(220_000);
        api.post("mixinValue", Map.of("targetNodeId", id, "mixinId", "description", "mixinColumns",
                List.of(Map.of("Id", "description", "value", half)))).ok();
        JsonNode refused = api.post("mixinValue", Map.of("targetNodeId", id, "mixinId", "provenance", "mixinColumns",
                List.of(Map.of("Id", "source", "value", half)))).fails(413).json();
        assertTrue(refused.path("error").path("message").asText().contains("node '" + id + "'"), refused.toString());
        JsonNode kept = api.fetch(id, false, true).path("mixins");
        assertEquals(1, kept.size(), "only the first value is stored: " + kept.size());
        assertEquals("description", kept.get(0).path("Id").asText());
    }

    @Test
    void updatingDeletingAndRestoringANodeKeepsItsValues() {
        // node writes update the node item's fields only; a whole-item put would drop the values stored beside them
        String space = api.createNode("space", "Space");
        String id = api.createNode("kept", "Element");
        api.post("mixinValue", Map.of("targetNodeId", id, "mixinId", "constraints", "mixinColumns",
                List.of(Map.of("Id", "minimum", "value", 3)))).ok();
        api.put("node", Map.of("Id", id, "label", "renamed", "spaceIds", List.of(space))).ok();
        api.delete("node/" + id, null).ok();
        api.post("node/" + id + "/restore", null).ok();
        JsonNode node = api.fetch(id, false, true);
        assertEquals("renamed", node.path("label").asText());
        assertEquals(3, node.path("mixins").get(0).path("columns").get(0).path("value").asInt(), node.toString());
    }
}
