package io.modelgraph.graphapi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BulkCreateTest {
    private final GraphApi api = new GraphApi();

    @Test
    void nodesRelationsAndValuesReferringToEachOtherAreCreatedTogether() {
        String existing = api.createNode("Existing type", "Type");
        api.post("mixinValue", Map.of("targetNodeId", existing, "mixinId", "constraints", "mixinColumns",
                List.of(Map.of("Id", "minimum", "value", 1)))).ok();
        List<Map<String, Object>> nodes = new ArrayList<>();
        nodes.add(Map.of("Id", "space-x", "label", "X", "nodeType", "Space"));
        nodes.add(Map.of("Id", "t1", "label", "Person", "nodeType", "Type", "spaceIds", List.of("space-x")));
        nodes.add(Map.of("Id", "e1", "label", "name", "nodeType", "Element", "checkBeforeCreate", true));
        nodes.add(Map.of("label", "generated", "nodeType", "Tag"));
        JsonNode data = api.post("bulkCreate", Map.of(
                "nodes", nodes,
                "relations", List.of(
                        Map.of("fromNodeId", "e1", "toNodeId", "t1", "relationGroupId", "domain-includes"),
                        Map.of("Id", "r2", "fromNodeId", "e1", "toNodeId", existing, "relationGroupId",
                                "range-includes")),
                "mixins", List.of(
                        Map.of("targetNodeId", "e1", "mixinId", "description", "mixinColumns",
                                List.of(Map.of("Id", "description", "value", "The name"))),
                        Map.of("targetNodeId", "e1", "mixinId", "cardinality", "mixinColumns",
                                List.of(Map.of("Id", "required", "value", true))),
                        Map.of("targetNodeId", existing, "mixinId", "constraints", "mixinColumns",
                                List.of(Map.of("Id", "maximum", "value", 5)))))).ok().data();
        assertEquals(4, data.path("nodeIds").size());
        assertEquals("space-x", data.path("nodeIds").get(0).asText());
        assertEquals(2, data.path("relationIds").size());
        assertEquals("r2", data.path("relationIds").get(1).asText());
        assertEquals(3, data.path("mixinValueCount").asInt());
        assertEquals("e1", data.path("checkResults").get(0).path("Id").asText());

        assertEquals("space-x", api.fetch("t1", false, false).path("spaceIds").get(0).asText());
        JsonNode e1 = api.fetch("e1", true, true);
        assertEquals(2, e1.path("relations").size());
        assertEquals(2, e1.path("mixins").size());
        JsonNode merged = api.fetch(existing, false, true).path("mixins").get(0).path("columns");
        assertEquals(2, merged.size(), "a value on a stored node is merged, not replaced: " + merged);
        assertEquals(1, api.get("fetchNodes?NodeType=Type&SpaceIds=space-x").ok().data().path("nodes").size());

        // the store's layout (docs/graph.md "Key design"): the Element with its two values and its domain and
        // range relations is 3 items, its node item (values inside) and one per relation
        List<String> e1Items = FaultyDynamo.partition(api.project()).keySet().stream()
                .filter(sk -> sk.split("#").length > 1 && sk.split("#")[1].equals("e1")).sorted().toList();
        assertEquals(3, e1Items.size(), e1Items.toString());
        assertEquals("N#e1", e1Items.get(0));
        assertTrue(e1Items.get(1).startsWith("R#e1#") && e1Items.get(2).startsWith("R#e1#"), e1Items.toString());
    }

    @Test
    void anyBadEntryFailsTheWholeCallListingEachByPathAndWritesNothing() {
        String existing = api.createNode("Existing", "Type");
        List<Map<String, Object>> nodes = new ArrayList<>();
        nodes.add(Map.of("Id", "ok-1", "label", "fine", "nodeType", "Type"));
        nodes.add(Map.of("Id", "ok-2", "label", "", "nodeType", "Type"));
        nodes.add(Map.of("Id", "ok-3", "label", "x", "nodeType", "Widget"));
        nodes.add(Map.of("Id", existing, "label", "dup", "nodeType", "Type"));
        nodes.add(Map.of("Id", "ok-1", "label", "again", "nodeType", "Type"));
        nodes.add(Map.of("label", "x", "nodeType", "Type", "spaceIds", List.of("no-space")));
        List<Map<String, Object>> relations = List.of(
                Map.of("fromNodeId", "ok-1", "toNodeId", "ghost", "relationGroupId", "subclass-of"),
                Map.of("fromNodeId", "ok-1", "toNodeId", existing, "relationGroupId", "domain-includes"),
                Map.of("fromNodeId", "ok-1", "toNodeId", existing, "relationGroupId", "nope"));
        List<Map<String, Object>> mixins = List.of(
                Map.of("targetNodeId", "ok-1", "mixinId", "constraints", "mixinColumns",
                        List.of(Map.of("Id", "bogus", "value", 1))),
                Map.of("targetNodeId", "ghost", "mixinId", "constraints", "mixinColumns",
                        List.of(Map.of("Id", "minimum", "value", 1))));
        GraphApi.Response r = api.post("bulkCreate", Map.of("nodes", nodes, "relations", relations, "mixins", mixins))
                .fails(400);
        String msg = r.message();
        assertTrue(msg.startsWith("10 invalid entries"), msg);
        for (String path : List.of("body.nodes[1].label", "body.nodes[2].nodeType", "body.nodes[3].Id",
                "body.nodes[4].Id", "body.nodes[5].spaceIds[0]", "body.relations[0].toNodeId", "body.relations[1]",
                "body.relations[2].relationGroupId", "body.mixins[0].mixinColumns[0].Id",
                "body.mixins[1].targetNodeId")) {
            assertTrue(msg.contains(path + ":"), path + " in " + msg);
        }
        api.get("fetchNode?NodeId=ok-1").fails(404);
        assertEquals(1, api.get("fetchNodes?NodeType=Type").ok().data().path("nodes").size());
        assertEquals(0, api.fetch(existing, true, true).path("relations").size());
    }

    @Test
    void theSameCallSentAgainIsAConflictNamingTheTakenIdsAndWritesNothing() {
        Map<String, Object> body = Map.of("nodes", List.of(Map.of("Id", "again-1", "label", "a", "nodeType", "Type"),
                Map.of("Id", "again-2", "label", "b", "nodeType", "Type")));
        api.post("bulkCreate", body).ok();
        String msg = api.post("bulkCreate", body).fails(409).message();
        assertTrue(msg.contains("body.nodes[0].Id:") && msg.contains("body.nodes[1].Id:")
                && msg.contains("already exists") && msg.contains("Idempotency-Key"), msg);
        assertEquals(2, api.get("fetchNodes?NodeType=Type").ok().data().path("nodes").size());
    }

    @Test
    void limitsAreEnforcedBeforeAnythingIsRead() {
        List<Map<String, Object>> many = new ArrayList<>();
        for (int i = 0; i <= BulkCreateService.MAX_PER_ARRAY; i++) {
            many.add(Map.of("label", "n", "nodeType", "Tag"));
        }
        assertTrue(api.post("bulkCreate", Map.of("nodes", many)).fails(400).message().contains("10000"));
        api.post("bulkCreate", Map.of("nodes", "not an array")).fails(400);
        api.post("bulkCreate", Map.of("nodes", List.of(1))).fails(400);
        assertEquals(0, api.post("bulkCreate", Map.of()).ok().data().path("nodeIds").size());
    }

    @Test
    void aLargeCallIsWrittenWholeWithParallelBatches() {
        List<Map<String, Object>> nodes = new ArrayList<>();
        List<Map<String, Object>> relations = new ArrayList<>();
        List<Map<String, Object>> mixins = new ArrayList<>();
        for (int i = 0; i < 1200; i++) {
            nodes.add(Map.of("Id", "t" + i, "label", "Type " + i, "nodeType", "Type"));
            if (i > 0) {
                relations.add(Map.of("fromNodeId", "t" + i, "toNodeId", "t" + (i - 1), "relationGroupId",
                        "subclass-of"));
            }
            mixins.add(Map.of("targetNodeId", "t" + i, "mixinId", "description", "mixinColumns",
                    List.of(Map.of("Id", "description", "value", "d" + i))));
        }
        JsonNode data = api.post("bulkCreate", Map.of("nodes", nodes, "relations", relations, "mixins", mixins)).ok()
                .data();
        assertEquals(1200, data.path("nodeIds").size());
        assertEquals(1199, data.path("relationIds").size());
        Map<String, Integer> seen = new HashMap<>();
        String token = "";
        do {
            JsonNode page = api.get("fetchNodes?NodeType=Type&pageSize=250&AddMixins=true"
                    + (token.isEmpty() ? "" : "&pagingToken=" + GraphApi.enc(token))).ok().data();
            page.path("nodes").forEach(n -> seen.merge(n.path("Id").asText(), n.path("mixins").size(), Integer::sum));
            token = page.path("lastPage").asBoolean() ? "" : page.path("pagingToken").asText();
        } while (!token.isEmpty());
        assertEquals(1200, seen.size());
        assertTrue(seen.values().stream().allMatch(v -> v == 1));
        assertEquals(2, api.fetch("t600", true, false).path("relations").size());
    }
    @Test
    void aTakenIdInALargeCallRefusesItWholeAndLeavesEveryItemAsItWas() {
        // a large call holds the project's lease and reads its given Ids beside its validation: the answer still
        // names every taken Id in body order, and nothing of the call is written
        String live = api.createNode("Live", "Type");
        String deleted = api.createNode("Deleted", "Type");
        api.delete("node/" + deleted, null).ok();
        Map<String, Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue>> before =
                FaultyDynamo.partition(api.project());
        List<Map<String, Object>> nodes = new ArrayList<>();
        List<Map<String, Object>> relations = new ArrayList<>();
        for (int i = 0; i < 150; i++) {
            String id = i == 40 ? live : i == 120 ? deleted : "n" + i;
            nodes.add(Map.of("Id", id, "label", "Node " + i, "nodeType", "Type"));
            if (i > 0) {
                relations.add(Map.of("fromNodeId", id, "toNodeId", nodes.get(i - 1).get("Id"), "relationGroupId",
                        "subclass-of"));
            }
        }
        Map<String, Object> body = Map.of("nodes", nodes, "relations", relations);
        String msg = api.post("bulkCreate", body).fails(409).message();
        assertTrue(msg.startsWith("2 invalid entries"), msg);
        assertTrue(msg.indexOf("body.nodes[40].Id:") >= 0 && msg.indexOf("body.nodes[40].Id:")
                < msg.indexOf("body.nodes[120].Id:"), msg);
        assertTrue(msg.contains("'" + deleted + "' already exists (deleted; restore it instead)"), msg);
        assertEquals(before, FaultyDynamo.partition(api.project()), "the refused call wrote nothing");
        assertEquals("Live", api.fetch(live, false, false).path("label").asText());
        api.get("fetchNode?NodeId=n0").fails(404);

        // with an invalid entry beside the taken Ids every problem is listed, as without the lease: the entries'
        // own first, then each node's, then the relations' (two name the invalid node), and it is a 400
        List<Map<String, Object>> withBad = new ArrayList<>(nodes);
        withBad.set(70, Map.of("Id", "n70", "label", "", "nodeType", "Type"));
        String bad = api.post("bulkCreate", Map.of("nodes", withBad, "relations", relations)).fails(400).message();
        assertTrue(bad.startsWith("5 invalid entries"), bad);
        int label = bad.indexOf("body.nodes[70].label:");
        int taken = bad.indexOf("body.nodes[40].Id:");
        int deletedAt = bad.indexOf("body.nodes[120].Id:");
        int relation = bad.indexOf("body.relations[69].fromNodeId:");
        assertTrue(label >= 0 && label < taken && taken < deletedAt && deletedAt < relation
                && bad.contains("body.relations[70].toNodeId:"), bad);
        assertEquals(before, FaultyDynamo.partition(api.project()), "the refused call wrote nothing");
    }
}
