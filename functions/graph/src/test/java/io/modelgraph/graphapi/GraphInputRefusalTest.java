package io.modelgraph.graphapi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.auth.Role;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Graph API requests a caller gets wrong (mixin values against their column types, misspelled members, list
 * parameters, invalid bulk entries): the call is refused with a message naming the problem, and nothing changes.
 */
class GraphInputRefusalTest {
    private final GraphApi api = new GraphApi();

    private int nodeCount(String type) {
        return api.as(Role.Viewer).get("fetchNodes?NodeType=" + type).ok().data().path("nodes").size();
    }

    @Test
    void builtInMixinValuesAreCheckedAgainstTheirColumnTypes() {
        String id = api.createNode("birthDate", "Element");
        GraphApi.Response typo = api.as(Role.Editor).post("mixinValue", Map.of("targetNodeId", id, "mixinId",
                "data-type", "mixinColumns", List.of(Map.of("Id", "dataType", "value", "STRNG")))).fails(400);
        assertTrue(typo.message().contains("body.mixinColumns[0].value"), typo.message());
        assertTrue(typo.message().contains("'STRNG' is not a data type. Did you mean `STRING`?"), typo.message());
        GraphApi.Response yes = api.post("mixinValue", Map.of("targetNodeId", id, "mixinId", "cardinality",
                "mixinColumns", List.of(Map.of("Id", "required", "value", "yes")))).fails(400);
        assertTrue(yes.message().contains("Column 'required' of mixin 'cardinality' takes boolean, got the string "
                + "\"yes\""), yes.message());
        GraphApi.Response negative = api.post("mixinValue", Map.of("targetNodeId", id, "mixinId", "constraints",
                "mixinColumns", List.of(Map.of("Id", "maxLength", "value", -1)))).fails(400);
        assertTrue(negative.message().contains("'maxLength' must be 0 or more"), negative.message());
        assertEquals(0, api.fetch(id, false, true).path("mixins").size(), "nothing was written");
        api.post("mixinValue", Map.of("targetNodeId", id, "mixinId", "data-type", "mixinColumns",
                List.of(Map.of("Id", "dataType", "value", "DATE")))).ok();
    }

    @Test
    void misspelledOrUnchangeableMembersAndParametersAreRefusedNotIgnored() {
        String space = api.createNode("Other", "Space");
        GraphApi.Response spaceId = api.as(Role.Editor).post("node", Map.of("label", "Order", "nodeType", "Type",
                "spaceId", List.of(space))).fails(400);
        assertTrue(spaceId.message().contains("body.spaceId: Unknown member 'spaceId': did you mean `spaceIds`?"),
                spaceId.message());
        assertEquals(0, nodeCount("Type"), "nothing created in the main space");

        String taxonomy = api.createNode("Status", "Type");
        GraphApi.Response retype = api.put("node", Map.of("Id", taxonomy, "label", "Status", "NodeType", "Taxonomy"))
                .fails(400);
        assertTrue(retype.message().contains("'NodeType' cannot be given here: a node's type is fixed at creation"),
                retype.message());
        assertEquals("Type", api.fetch(taxonomy, false, false).path("NodeType").asText());

        GraphApi.Response addMixin = api.as(Role.Viewer).get("fetchNodes?NodeType=Type&AddMixin=true").fails(400);
        assertTrue(addMixin.message().contains("query.AddMixin: Unknown query parameter 'AddMixin': did you mean "
                + "`AddMixins`?"), addMixin.message());
        GraphApi.Response allSpaces = api.get("fetchNodes?NodeType=Type&includeRelationsFromAllSpace=true")
                .fails(400);
        assertTrue(allSpaces.message().contains("did you mean `"), allSpaces.message());
        // the English spelling is read as the specification's indeludeRelationsFromAllSpaces, not ignored
        api.get("fetchNodes?NodeType=Type&includeRelationsFromAllSpaces=maybe").fails(400);
        api.get("fetchNodes?NodeType=Type&includeRelationsFromAllSpaces=true").ok();

        GraphApi.Response nested = api.as(Role.Editor).post("bulkCreate", Map.of("nodes", List.of(Map.of("label", "A",
                "nodeType", "Type", "spaceIds", List.of(space), "checkBeforeCreat", true)))).fails(400);
        assertTrue(nested.message().contains("body.nodes[0].checkBeforeCreat"), nested.message());
        assertTrue(nested.message().contains("did you mean `checkBeforeCreate`?"), nested.message());
        assertEquals(1, nodeCount("Type"));
    }

    @Test
    void oneRuleForMultiValuedParameters() {
        String a = api.createNode("A", "Type");
        String b = api.createNode("B", "Element");
        GraphApi.Response repeated = api.as(Role.Viewer).get("fetchNodes?NodeType=Type&NodeType=Element").fails(400);
        assertTrue(repeated.message().contains("query.NodeType: Query parameter 'NodeType' takes one value, got 2"),
                repeated.message());
        GraphApi.Response comma = api.get("fetchNodes?NodeType=Type,Element").fails(400);
        assertTrue(comma.message().contains("NodeType takes one node type"), comma.message());
        JsonNode both = api.get("fetchNodes?NodeIds=" + a + "&NodeIds=" + b).ok().data().path("nodes");
        JsonNode commas = api.get("fetchNodes?NodeIds=" + a + "," + b).ok().data().path("nodes");
        assertEquals(2, both.size());
        assertEquals(both, commas);
    }

    @Test
    void bulkCreateMessagesReadAsSentencesAndNameInvalidEntriesOfTheCall() {
        GraphApi.Response r = api.as(Role.Editor).post("bulkCreate", Map.of(
                "nodes", List.of(Map.of("Id", "space-1", "label", "", "nodeType", "Space"),
                        Map.of("label", "Order", "nodeType", "Type", "spaceIds", List.of("space-1"))),
                "relations", List.of(Map.of("fromNodeId", "space-1", "toNodeId", "missing-node",
                        "relationGroupId", "domain-includes")))).fails(400);
        String m = r.message();
        assertFalse(m.contains(".;"), m);
        assertTrue(m.contains("body.nodes[1].spaceIds[0]: Node 'space-1' is body.nodes[0] of this call, which is "
                + "itself invalid"), m);
        assertFalse(m.contains("Space 'space-1' does not exist"), m);
        assertTrue(m.endsWith("."), m);
    }
}
