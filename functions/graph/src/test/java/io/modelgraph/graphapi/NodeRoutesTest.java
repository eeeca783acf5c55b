package io.modelgraph.graphapi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.auth.Role;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class NodeRoutesTest {
    private final GraphApi api = new GraphApi();

    @Test
    void createGeneratesAGuidAndFetchReturnsEveryField() {
        String id = api.createNode("Customer", "Type");
        assertEquals(id, UUID.fromString(id).toString());
        JsonNode n = api.fetch(id, false, false);
        assertEquals(id, n.path("Id").asText());
        assertEquals("Customer", n.path("label").asText());
        assertEquals("Type", n.path("NodeType").asText());
        assertEquals(List.of(api.mainSpace()), List.of(n.path("spaceIds").get(0).asText()));
        assertEquals(1, n.path("spaceIds").size());
        assertTrue(n.path("relations").isArray() && n.path("relations").isEmpty());
        assertTrue(n.path("mixins").isArray() && n.path("mixins").isEmpty());
        assertEquals("user-1", n.path("createdBy").asText());
        assertEquals("user-1", n.path("updatedBy").asText());
        assertFalse(n.path("createdAt").asText().isEmpty());
    }

    @Test
    void theMainSpaceExistsFromTheFirstWriteAndIsFoundAsASpace() {
        api.createNode("A", "Element");
        JsonNode main = api.fetch(api.mainSpace(), false, false);
        assertEquals("Space", main.path("NodeType").asText());
        assertEquals("Main", main.path("label").asText());
        JsonNode spaces = api.get("fetchNodes?NodeType=Space").ok().data().path("nodes");
        assertEquals(1, spaces.size());
        assertEquals(api.mainSpace(), spaces.get(0).path("Id").asText());
        api.delete("node/" + api.mainSpace(), null).fails(400);
    }

    @Test
    void givenIdIsKeptAndReusingItIsAConflictThatSaysWhatToDo() {
        Map<String, Object> body = Map.of("Id", "node-1", "label", "x", "nodeType", "Tag");
        assertEquals("node-1", api.post("node", body).ok().data().path("Id").asText());
        GraphApi.Response again = api.post("node", body).fails(409);
        assertTrue(again.message().contains("node-1") && again.message().contains("already exists")
                && again.message().contains("Idempotency-Key"), again.message());
    }

    @Test
    void inputNamesAreCaseInsensitive() {
        String id = api.post("node", Map.of("id", "lower-id", "LABEL", "L", "NodeType", "Tag")).ok().data().path("Id")
                .asText();
        assertEquals("lower-id", id);
        assertEquals("L", api.get("fetchNode?nodeid=lower-id").ok().data().path("label").asText());
    }

    @Test
    void badCreateBodiesAreLogicalErrorsThatSayWhereAndWriteNothing() {
        assertTrue(api.post("node", Map.of("label", "x", "nodeType", "type")).fails(400).message()
                .contains("Element, Type, Taxonomy, Exemplar, Component, Space, Tag, Mixin"));
        assertTrue(api.post("node", Map.of("nodeType", "Type")).fails(400).message().startsWith("body.label"));
        assertTrue(api.post("node", Map.of("label", " ", "nodeType", "Type")).fails(400).message().contains("label"));
        assertTrue(api.post("node", Map.of("label", "x")).fails(400).message().contains("nodeType"));
        assertTrue(api.post("node", Map.of("Id", "has#hash", "label", "x", "nodeType", "Type")).fails(400).message()
                .startsWith("body.Id"));
        assertTrue(api.post("node", Map.of("label", "x".repeat(1001), "nodeType", "Type")).fails(400).message()
                .contains("1000"));
        assertTrue(api.post("node", Map.of("label", 5, "nodeType", "Type")).fails(400).message()
                .contains("must be a string"));
        assertTrue(api.post("node", Map.of("label", "x", "nodeType", "Type", "spaceIds", List.of("nope"))).fails(400)
                .message().startsWith("body.spaceIds[0]"));
        assertTrue(api.post("node", "{not json").fails(400).message().contains("not valid JSON"));
        assertTrue(api.post("node", "[1]").fails(400).message().contains("JSON object"));
        // nothing but the main space was written
        assertEquals(0, api.get("fetchNodes?Expression=x").ok().data().path("nodes").size());
    }

    @Test
    void nodesLiveInTheSpacesTheyAreGiven() {
        String s1 = api.createNode("S1", "Space");
        String s2 = api.createNode("S2", "Space");
        String e = api.createNode("In both", "Element", s1, s2);
        assertEquals(List.of(s1, s2), ids(api.fetch(e, false, false).path("spaceIds")));
        assertEquals(1, api.get("fetchNodes?NodeType=Element&SpaceIds=" + s1).ok().data().path("nodes").size());
        assertEquals(1, api.get("fetchNodes?NodeType=Element&SpaceIds=" + s2).ok().data().path("nodes").size());
        assertEquals(1, api.get("fetchNodes?NodeType=Element&SpaceIds=" + s1 + "," + s2).ok().data().path("nodes")
                .size(), "a node in two searched spaces comes once");
        assertEquals(0, api.get("fetchNodes?NodeType=Element").ok().data().path("nodes").size());
        String notSpace = api.createNode("T", "Type");
        assertTrue(api.post("node", Map.of("label", "x", "nodeType", "Type", "spaceIds", List.of(notSpace))).fails(400)
                .message().contains("not a Space"));
    }

    @Test
    void updateChangesLabelAndSpacesOrKeepsSpacesWhenEmpty() {
        String s1 = api.createNode("S1", "Space");
        String id = api.createNode("Old", "Type");
        JsonNode before = api.fetch(id, false, false);
        assertTrue(api.as(Role.Editor).put("node", Map.of("Id", id, "label", "New")).ok().data().isMissingNode());
        JsonNode after = api.fetch(id, false, false);
        assertEquals("New", after.path("label").asText());
        assertEquals(List.of(api.mainSpace()), ids(after.path("spaceIds")));
        assertEquals("user-Editor", after.path("updatedBy").asText());
        assertEquals("user-1", after.path("createdBy").asText());
        assertEquals(before.path("createdAt").asText(), after.path("createdAt").asText());
        assertTrue(after.path("updatedAt").asText().compareTo(before.path("updatedAt").asText()) > 0);

        api.put("node", Map.of("Id", id, "label", "New", "spaceIds", List.of(s1))).ok();
        assertEquals(List.of(s1), ids(api.fetch(id, false, false).path("spaceIds")));
        assertEquals(0, api.get("fetchNodes?NodeType=Type").ok().data().path("nodes").size());
        assertEquals(1, api.get("fetchNodes?NodeType=Type&SpaceIds=" + s1).ok().data().path("nodes").size());
        assertEquals("New", api.get("fetchNodes?NodeType=Type&SpaceIds=" + s1).ok().data().path("nodes").get(0)
                .path("label").asText(), "the index entry follows the update");
    }

    @Test
    void badUpdatesAreLogicalErrors() {
        String id = api.createNode("x", "Type");
        api.put("node", Map.of("Id", "missing", "label", "y")).fails(404);
        api.put("node", Map.of("label", "y")).fails(400);
        api.put("node", Map.of("Id", id)).fails(400);
        api.put("node", Map.of("Id", id, "label", "y", "spaceIds", List.of("nope"))).fails(400);
        assertEquals("x", api.fetch(id, false, false).path("label").asText());
    }

    @Test
    void softDeleteHidesTheNodeAndRestoreBringsItBack() {
        String id = api.createNode("Gone", "Type");
        assertTrue(api.as(Role.Editor).delete("node/" + id, null).ok().data().isMissingNode());
        api.get("fetchNode?NodeId=" + id).fails(404);
        assertEquals(0, api.get("fetchNodes?NodeType=Type").ok().data().path("nodes").size());
        assertEquals(0, api.get("fetchNodes?NodeIds=" + id).ok().data().path("nodes").size());
        assertEquals(0, api.get("fetchNodes?Expression=gone").ok().data().path("nodes").size());
        api.put("node", Map.of("Id", id, "label", "y")).fails(404);
        api.delete("node/" + id, null).fails(404);
        api.post("node/" + id + "/restore", null).ok();
        assertEquals("Gone", api.fetch(id, false, false).path("label").asText());
        assertEquals(1, api.get("fetchNodes?NodeType=Type").ok().data().path("nodes").size());
        assertTrue(api.post("node/" + id + "/restore", null).fails(400).message().contains("not deleted"));
        api.post("node/nothere/restore", null).fails(404);
        api.delete("node/nothere", null).fails(404);
    }

    @Test
    void checkBeforeCreateWarnsAboutTheSameLabelAndStillCreates() {
        String first = api.createNode("Order", "Type");
        JsonNode data = api.post("node", Map.of("label", "ORDER", "nodeType", "Element", "checkBeforeCreate", true))
                .ok().data();
        assertFalse(data.path("Id").asText().isEmpty());
        JsonNode checks = data.path("checkResult");
        assertEquals(1, checks.size());
        assertEquals("warning", checks.get(0).path("level").asText());
        assertEquals(first, checks.get(0).path("nodeId").asText());
        assertTrue(checks.get(0).path("result").asText().contains("Order"));
        JsonNode clean = api.post("node", Map.of("label", "Unique", "nodeType", "Type", "checkBeforeCreate", true)).ok()
                .data();
        assertEquals(0, clean.path("checkResult").size());
        assertTrue(api.post("node", Map.of("label", "Order", "nodeType", "Type")).ok().data().path("checkResult")
                .isMissingNode());
        assertEquals(3, api.get("fetchNodes?Expression=order").ok().data().path("nodes").size());
    }

    @Test
    void rolesGateEveryKindOfOperation() {
        String id = api.createNode("x", "Type");
        GraphApi viewer = api.as(Role.Viewer);
        viewer.get("fetchNode?NodeId=" + id).ok();
        viewer.get("fetchNodes?NodeType=Type").ok();
        viewer.get("relationGroupsInfo").ok();
        viewer.get("mixinsInfo").ok();
        assertEquals(401, viewer.post("node", Map.of("label", "y", "nodeType", "Type")).fails(401).status());
        viewer.put("node", Map.of("Id", id, "label", "y")).fails(401);
        viewer.delete("node/" + id, null).fails(401);
        viewer.post("bulkCreate", Map.of()).fails(401);
        GraphApi editor = api.as(Role.Editor);
        editor.post("node", Map.of("label", "y", "nodeType", "Type")).ok();
        editor.post("relationGroup", Map.of("label", "g", "from", List.of("Type"), "to", List.of("Type"))).fails(401);
        editor.post("mixin", Map.of("label", "m", "type", "normal mixin", "columns", List.of())).fails(401);
        api.as(null).get("fetchNode?NodeId=" + id).fails(401);
    }

    static List<String> ids(JsonNode array) {
        List<String> out = new java.util.ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }
}
