package io.modelgraph.graphapi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.auth.Role;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RelationRoutesTest {
    private final GraphApi api = new GraphApi();

    @Test
    void relationGroupsInfoListsTheDocumentedDefaults() {
        JsonNode groups = api.as(Role.Viewer).get("relationGroupsInfo").ok().data();
        Map<String, JsonNode> byId = new HashMap<>();
        groups.forEach(g -> byId.put(g.path("relationGroupId").asText(), g));
        assertEquals(List.of("Domain Includes", "SubClass Of", "Range Includes", "Has Member", "Tagged With",
                "View Includes"), groups.findValuesAsText("label"));
        assertEquals("[\"Element\"]", byId.get("domain-includes").path("from").toString());
        assertEquals("[\"Type\"]", byId.get("domain-includes").path("to").toString());
        assertEquals("[\"Type\",\"Taxonomy\"]", byId.get("range-includes").path("to").toString());
        assertEquals("[\"Taxonomy\",\"Exemplar\"]", byId.get("has-member").path("to").toString());
        assertTrue(byId.get("view-includes").path("from").toString().contains("Component"));
        assertTrue(byId.get("tagged-with").path("to").toString().contains("Tag"));
        assertTrue(groups.get(0).has("secondLevelFrom") && groups.get(0).has("secondLevelTo"));
    }

    @Test
    void createdRelationsShowOnBothEndsAndRemoveTakesTheSameValues() {
        String type = api.createNode("Person", "Type");
        String element = api.createNode("name", "Element");
        String rel = api.as(Role.Editor).relate(element, type, "domain-includes");
        assertFalse(rel.isEmpty());
        JsonNode fromSide = api.fetch(element, true, false).path("relations");
        assertEquals(1, fromSide.size());
        assertEquals(rel, fromSide.get(0).path("Id").asText());
        assertEquals(element, fromSide.get(0).path("fromNodeId").asText());
        assertEquals(type, fromSide.get(0).path("toNodeId").asText());
        assertEquals("domain-includes", fromSide.get(0).path("relationGroupId").asText());
        assertTrue(fromSide.get(0).has("value"));
        assertEquals(1, api.fetch(type, true, false).path("relations").size());
        assertEquals(0, api.fetch(type, false, false).path("relations").size(), "only when asked for");

        Map<String, Object> values = Map.of("Id", rel, "fromNodeId", element, "toNodeId", type, "relationGroupId",
                "domain-includes");
        api.delete("relation", values).ok();
        assertEquals(0, api.fetch(element, true, false).path("relations").size());
        api.delete("relation", values).fails(404);
    }

    @Test
    void removeWithoutIdRemovesTheMatchingRelationAndMismatchesAreRefused() {
        String sub = api.createNode("Employee", "Type");
        String sup = api.createNode("Person", "Type");
        String rel = api.post("relation", Map.of("Id", "rel-1", "fromNodeId", sub, "toNodeId", sup, "relationGroupId",
                "subclass-of")).ok().data().path("Id").asText();
        assertEquals("rel-1", rel);
        // the same relation sent again: a conflict with what the first call wrote, saying what to do
        assertTrue(api.post("relation", Map.of("Id", "rel-1", "fromNodeId", sub, "toNodeId", sup, "relationGroupId",
                "subclass-of")).fails(409).message().contains("Idempotency-Key"));
        assertTrue(api.delete("relation", Map.of("Id", "rel-1", "fromNodeId", sub, "toNodeId", sub,
                "relationGroupId", "subclass-of")).fails(400).message().contains("created with"));
        api.delete("relation", Map.of("fromNodeId", sub, "toNodeId", sup, "relationGroupId", "range-includes"))
                .fails(404);
        api.delete("relation", Map.of("fromNodeId", sub, "toNodeId", sup)).fails(400);
        api.delete("relation", Map.of("fromNodeId", sub, "toNodeId", sup, "relationGroupId", "subclass-of")).ok();
        assertEquals(0, api.fetch(sub, true, false).path("relations").size());
    }

    @Test
    void aGroupMismatchNamesTheGroupTheEndAndTheTypeFound() {
        String type = api.createNode("Person", "Type");
        String tag = api.createNode("pii", "Tag");
        String msg = api.post("relation", Map.of("fromNodeId", tag, "toNodeId", type, "relationGroupId",
                "domain-includes")).fails(400).message();
        assertTrue(msg.contains("Domain Includes") && msg.contains("From") && msg.contains("Tag"), msg);
        String toMsg = api.post("relation", Map.of("fromNodeId", type, "toNodeId", type, "relationGroupId",
                "tagged-with")).fails(400).message();
        assertTrue(toMsg.contains("Tagged With") && toMsg.contains("To end") && toMsg.contains("Type"), toMsg);
        api.post("relation", Map.of("fromNodeId", type, "toNodeId", tag, "relationGroupId", "tagged-with")).ok();
    }

    @Test
    void relationsToMissingOrDeletedNodesAreLogicalErrors() {
        String type = api.createNode("Person", "Type");
        String element = api.createNode("name", "Element");
        assertTrue(api.post("relation", Map.of("fromNodeId", "ghost", "toNodeId", type, "relationGroupId",
                "domain-includes")).fails(400).message().contains("fromNodeId"));
        api.post("relation", Map.of("fromNodeId", element, "toNodeId", type, "relationGroupId", "no-such-group"))
                .fails(400);
        api.post("relation", Map.of("fromNodeId", element, "relationGroupId", "domain-includes")).fails(400);
        api.delete("node/" + type, null).ok();
        assertTrue(api.post("relation", Map.of("fromNodeId", element, "toNodeId", type, "relationGroupId",
                "domain-includes")).fails(400).message().contains("deleted"));
        assertEquals(0, api.fetch(element, true, false).path("relations").size());
    }

    @Test
    void softDeleteHidesRelationsAndRestoreBringsThemBack() {
        String type = api.createNode("Person", "Type");
        String element = api.createNode("name", "Element");
        api.relate(element, type, "domain-includes");
        api.delete("node/" + type, null).ok();
        assertEquals(0, api.fetch(element, true, false).path("relations").size());
        assertEquals(0, api.get("fetchNodes?NodeType=Element&AddRelations=true").ok().data().path("nodes").get(0)
                .path("relations").size());
        api.post("node/" + type + "/restore", null).ok();
        assertEquals(1, api.fetch(element, true, false).path("relations").size());
    }

    @Test
    void fetchNodesShowsRelationsOfTheSearchedSpacesUnlessAllSpacesAreAsked() {
        String other = api.createNode("Other", "Space");
        String element = api.createNode("name", "Element");
        String local = api.createNode("Local", "Type");
        String remote = api.createNode("Remote", "Type", other);
        api.relate(element, local, "domain-includes");
        api.relate(element, remote, "range-includes");
        JsonNode mainOnly = api.get("fetchNodes?NodeType=Element&AddRelations=true").ok().data().path("nodes").get(0);
        assertEquals(1, mainOnly.path("relations").size());
        assertEquals(local, mainOnly.path("relations").get(0).path("toNodeId").asText());
        JsonNode all = api.get("fetchNodes?NodeType=Element&AddRelations=true&indeludeRelationsFromAllSpaces=true").ok()
                .data().path("nodes").get(0);
        assertEquals(2, all.path("relations").size());
        assertEquals(2, api.fetch(element, true, false).path("relations").size(), "fetchNode shows every space");
        // a flag without a value is true; an absent one keeps its default
        assertEquals(2, api.get("fetchNode?NodeId=" + element + "&AddRelations").ok().data().path("relations").size());
        assertTrue(api.get("fetchNode?NodeId=" + element).ok().data().path("relations").isEmpty());
        assertEquals(2, api.get("fetchNodes?NodeType=Element&AddRelations&indeludeRelationsFromAllSpaces=").ok()
                .data().path("nodes").get(0).path("relations").size());
    }

    @Test
    void customRelationGroupsAreAddedByAdminsAndUsed() {
        JsonNode created = api.post("relationGroup", Map.of("relationGroupId", "owned-by", "label", "Owned By", "from",
                List.of("Element", "Type"), "to", List.of("Tag"))).ok().data();
        assertEquals("owned-by", created.path("relationGroupId").asText());
        JsonNode listed = api.get("relationGroupsInfo").ok().data();
        JsonNode last = listed.get(listed.size() - 1);
        assertEquals("Owned By", last.path("label").asText());
        assertTrue(last.path("custom").asBoolean());
        String type = api.createNode("Person", "Type");
        String tag = api.createNode("team-a", "Tag");
        api.relate(type, tag, "owned-by");
        api.post("relationGroup", Map.of("relationGroupId", "owned-by", "label", "x", "from", List.of("Tag"), "to",
                List.of("Tag"))).fails(400);
        api.post("relationGroup", Map.of("relationGroupId", "subclass-of", "label", "x", "from", List.of("Tag"), "to",
                List.of("Tag"))).fails(400);
        api.post("relationGroup", Map.of("label", "x", "from", List.of("tag"), "to", List.of("Tag"))).fails(400);
        api.post("relationGroup", Map.of("label", "x", "from", List.of(), "to", List.of("Tag"))).fails(400);
        assertFalse(api.post("relationGroup", Map.of("label", "Generated", "from", List.of("Tag"), "to",
                List.of("Tag"))).ok().data().path("relationGroupId").asText().isEmpty());
    }
}
