package io.modelgraph.exchange;

import static io.modelgraph.exchange.ExchangeTestSupport.logical;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.exchange.profile.DefaultProfiles;
import io.modelgraph.graph.DefaultMixins;
import io.modelgraph.graph.DefaultRelationGroups;
import io.modelgraph.graph.GraphChanges;
import io.modelgraph.graph.MixinValue;
import io.modelgraph.graph.NodeType;
import io.modelgraph.graph.Relation;
import io.modelgraph.json.Json;
import io.modelgraph.testkit.Answer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Export, validateJSON and merge rules (shared labels, bounds, anchors, hand-built spaces), through the handler on
 * the real store. */
class ExportAndMergeRulesTest {
    private static FileServer server;
    private final String project = ExchangeTestSupport.newProjectId();
    private ExchangeTestSupport.Client client;

    @BeforeAll
    static void start() throws Exception {
        server = new FileServer();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private ExchangeTestSupport.Client client() {
        if (client == null) {
            client = new ExchangeTestSupport.Client(true, server.repoBase(), project);
        }
        return client;
    }

    private void apply(List<GraphChanges.NodeUpsert> nodes, List<Relation> relations, List<MixinValue> values) {
        client().module.spaces().graph().apply(project, GraphChanges.additions(nodes, relations, values), "tester");
    }

    private String space() {
        String id = UUID.randomUUID().toString();
        apply(List.of(new GraphChanges.NodeUpsert(id, "S", NodeType.Space, List.of())), List.of(), List.of());
        return id;
    }

    /** A Type with one required element of the given primitive kind. */
    private String type(String space, String label, String element, String kind) {
        String t = UUID.randomUUID().toString();
        String e = UUID.randomUUID().toString();
        apply(List.of(new GraphChanges.NodeUpsert(t, label, NodeType.Type, List.of(space)),
                new GraphChanges.NodeUpsert(e, element, NodeType.Element, List.of(space))),
                List.of(new Relation(UUID.randomUUID().toString(), e, t, DefaultRelationGroups.DOMAIN_INCLUDES)),
                List.of(new MixinValue(e, DefaultMixins.DATA_TYPE, Map.of("dataType", Json.MAPPER.getNodeFactory()
                        .textNode(kind))), new MixinValue(e, DefaultMixins.CARDINALITY, Map.of("required",
                                Json.MAPPER.getNodeFactory().booleanNode(true), "minOccurs",
                                Json.MAPPER.getNodeFactory().numberNode(1), "maxOccurs",
                                Json.MAPPER.getNodeFactory().numberNode(1)))));
        return t;
    }

    private JsonNode get(String op, Map<String, String> query) {
        Map<String, String> q = new HashMap<>(query);
        return client().ok(client().call("GET", op, q, null, "Viewer"));
    }

    private static JsonNode parse(JsonNode text) throws Exception {
        return Json.parse(text.asText());
    }

    @Test
    void twoTypesWithOneLabelAreResolvedByIdAndDisambiguatedVisibly() throws Exception {
        String space = space();
        String first = type(space, "Order", "orderId", "STRING");
        String second = type(space, "Order", "total", "NUMBER");
        String renamed = "Order_" + second.substring(0, 8);

        JsonNode rooted = parse(get("exportJsonSchema", Map.of("configTypeId", DefaultProfiles.JSON_SCHEMA_ID,
                "rootNodeId", second)));
        assertTrue(rooted.path("properties").has("total"), rooted.toString());
        assertFalse(rooted.path("properties").has("orderId"), rooted.toString());
        assertTrue(rooted.path("$comment").asText().contains("Type 'Order' (node " + second + ") is exported as '"
                + renamed + "'"), rooted.toString());

        JsonNode firstRooted = parse(get("exportJsonSchema", Map.of("configTypeId", DefaultProfiles.JSON_SCHEMA_ID,
                "rootNodeId", first)));
        assertTrue(firstRooted.path("properties").has("orderId"), firstRooted.toString());

        JsonNode verdict = get("validateJSON", Map.of("configTypeId", DefaultProfiles.JSON_SCHEMA_ID, "rootNodeId",
                second, "jsonString", "{\"total\":\"abc\",\"orderId\":\"x\"}"));
        assertFalse(verdict.path("isValid").asBoolean(), verdict.toString());
        assertEquals(renamed, verdict.path("labelCollisions").get(0).path("name").asText(), verdict.toString());

        String whole = get("exportJsonSchema", Map.of("configTypeId", DefaultProfiles.JSON_SCHEMA_ID, "spaceId",
                space)).asText();
        assertTrue(whole.contains("\"Order\"") && whole.contains("\"" + renamed + "\""), whole);
        assertTrue(whole.contains("orderId") && whole.contains("total"), "neither Type dropped: " + whole);

        String jsonLd = get("exportJsonLd", Map.of("configTypeId", DefaultProfiles.JSON_LD_ID, "spaceId", space))
                .asText();
        assertTrue(jsonLd.contains(renamed), jsonLd);
        assertTrue(Json.parse(jsonLd).path("$comment").asText().contains(second), jsonLd);
    }

    @Test
    void aMissingUpperBoundIsOneAndOnlyAnExplicitNullIsUnbounded() throws Exception {
        String space = space();
        String t = UUID.randomUUID().toString();
        String shipped = UUID.randomUUID().toString();
        String tags = UUID.randomUUID().toString();
        List<MixinValue> values = new ArrayList<>();
        values.add(new MixinValue(shipped, DefaultMixins.DATA_TYPE, Map.of("dataType", Json.MAPPER.getNodeFactory()
                .textNode("DATE"))));
        values.add(new MixinValue(shipped, DefaultMixins.CARDINALITY, Map.of("minOccurs", Json.MAPPER.getNodeFactory()
                .numberNode(0))));
        values.add(new MixinValue(tags, DefaultMixins.DATA_TYPE, Map.of("dataType", Json.MAPPER.getNodeFactory()
                .textNode("STRING"))));
        values.add(new MixinValue(tags, DefaultMixins.CARDINALITY, Map.of("minOccurs", Json.MAPPER.getNodeFactory()
                .numberNode(0), "maxOccurs", Json.MAPPER.getNodeFactory().nullNode())));
        apply(List.of(new GraphChanges.NodeUpsert(t, "Shipment", NodeType.Type, List.of(space)),
                new GraphChanges.NodeUpsert(shipped, "shipped", NodeType.Element, List.of(space)),
                new GraphChanges.NodeUpsert(tags, "tags", NodeType.Element, List.of(space))),
                List.of(new Relation(UUID.randomUUID().toString(), shipped, t, DefaultRelationGroups.DOMAIN_INCLUDES),
                        new Relation(UUID.randomUUID().toString(), tags, t, DefaultRelationGroups.DOMAIN_INCLUDES)),
                values);
        JsonNode schema = parse(get("exportJsonSchema", Map.of("configTypeId", DefaultProfiles.JSON_SCHEMA_ID,
                "rootNodeId", t)));
        JsonNode date = schema.path("properties").path("shipped");
        assertFalse(date.path("type").asText().equals("array"), "minOccurs alone is not an array: " + schema);
        assertEquals("date", date.path("format").asText(), schema.toString());
        assertEquals("array", schema.path("properties").path("tags").path("type").asText(), schema.toString());
    }

    @Test
    void misspelledExportParametersAreRefused() {
        String space = space();
        logical(client().call("GET", "exportJsonLd", Map.of("configTypeId", DefaultProfiles.JSON_LD_ID, "spaceId",
                space, "exportElement", "true"), null, "Viewer"), 400, "query.exportElement",
                "did you mean `exportElements`?");
        logical(client().call("GET", "exportJsonSchema", Map.of("configTypeId", DefaultProfiles.JSON_SCHEMA_ID,
                "spaceId", space, "useAnchorsForRef", "false"), null, "Viewer"), 400,
                "did you mean `useAnchorForRef`?");
        logical(client().call("POST", "mergeJsonSchema", Map.of("SpaceId", space, "ConfigTypeId",
                DefaultProfiles.JSON_SCHEMA_ID), "[{\"FileURL\":\"x\",\"Branch\":\"b\",\"Fileurl2\":1}]", "Admin"),
                400, "Fileurl2");
    }

    @Test
    void enumReferencesUseAnchorsAndInlineObjectsGainNone() throws Exception {
        String space = space();
        String schema = """
                {"$schema":"https://json-schema.org/draft/2020-12/schema","title":"Customer","type":"object",
                 "properties":{"home":{"$ref":"#/$defs/Address"},"status":{"$ref":"#/$defs/CustomerStatus"},
                               "note":{"type":"object","properties":{"text":{"type":"string"}}}},
                 "$defs":{"Address":{"type":"object","properties":{"city":{"type":"string"}}},
                          "CustomerStatus":{"enum":["active","closed"]}}}""";
        client().ok(client().call("POST", "mergeJsonSchema", Map.of("SpaceId", space, "ConfigTypeId",
                DefaultProfiles.JSON_SCHEMA_ID), MergeRoutesTest.sources(server.put("/c/customer.json", schema)),
                "Admin"));
        String text = get("exportJsonSchema", Map.of("configTypeId", DefaultProfiles.JSON_SCHEMA_ID, "spaceId", space,
                "useAnchorForRef", "true")).asText();
        JsonNode doc = Json.parse(text);
        assertFalse(text.contains("#/$defs/CustomerStatus"), text);
        assertTrue(text.contains("\"#CustomerStatus\""), text);
        assertTrue(text.contains("\"#Address\""), text);
        List<String> anchored = new ArrayList<>();
        collectAnchors(doc, "", anchored);
        for (String at : anchored) {
            assertTrue(at.matches("/\\$defs/[^/]+"), "an $anchor outside a $defs entry: " + at + " in " + text);
        }
    }

    private Answer merge(String space, String url,
            String... flags) {
        Map<String, String> q = new HashMap<>(Map.of("SpaceId", space, "ConfigTypeId",
                DefaultProfiles.JSON_SCHEMA_ID));
        for (String f : flags) {
            q.put(f, "true");
        }
        return client().call("POST", "mergeJsonSchema", q, MergeRoutesTest.sources(url), "Admin");
    }

    private String exportSpace(String space) {
        return get("exportJsonSchema", Map.of("configTypeId", DefaultProfiles.JSON_SCHEMA_ID, "spaceId", space))
                .asText();
    }

    @Test
    void theFirstMergeIntoAHandBuiltSpaceWarnsBeforeRemovingHandMadeNodes() {
        String space = space();
        String person = type(space, "Person", "nickname", "STRING");
        String shoe = UUID.randomUUID().toString();
        apply(List.of(new GraphChanges.NodeUpsert(shoe, "shoeSize", NodeType.Element, List.of(space))),
                List.of(new Relation(UUID.randomUUID().toString(), shoe, person, DefaultRelationGroups.DOMAIN_INCLUDES)),
                List.of());
        String url = server.put("/f2/person.json", MergeRoutesTest.PERSON);
        String message = logical(merge(space, url), 409, "OverrideOverwriteWarning", "never merged", "'shoeSize'",
                shoe, "'nickname'");
        assertTrue(message.contains("remove 2 node(s)"), message);
        assertTrue(exportSpace(space).contains("shoeSize"), "nothing written");

        // the flag given without a value is true (docs/exchange.md)
        JsonNode status = client().ok(client().send("POST", "mergeJsonSchema", "SpaceId=" + space + "&ConfigTypeId="
                + DefaultProfiles.JSON_SCHEMA_ID + "&OverrideOverwriteWarning", MergeRoutesTest.sources(url), "Admin",
                Map.of()));
        assertEquals(2, status.path("removed").asInt(), status.toString());
        assertEquals("OverrideOverwriteWarning", status.path("warningsOverridden").get(0).asText());
        List<String> removed = new ArrayList<>();
        status.path("removedNodes").forEach(n -> removed.add(n.path("label").asText() + "/" + n.path("Id").asText()));
        assertTrue(removed.contains("shoeSize/" + shoe), status.toString());
        assertEquals(2, removed.size(), status.toString());
    }

    @Test
    void aMergeMakesTheSpaceSayWhatTheFileSays() {
        String space = space();
        String url = server.put("/f3/person.json", MergeRoutesTest.PERSON);
        client().ok(merge(space, url));
        String name = client().module.spaces().snapshot(project, space).nodes().stream()
                .filter(n -> n.label().equals("name") && n.nodeType() == NodeType.Element).findFirst().orElseThrow()
                .id();
        apply(List.of(), List.of(), List.of(new MixinValue(name, DefaultMixins.CONSTRAINTS, Map.of("maxLength",
                Json.MAPPER.getNodeFactory().numberNode(34)))));
        assertTrue(exportSpace(space).contains("\"maxLength\" : 34"), exportSpace(space));

        JsonNode kept = client().ok(merge(space, url, "OverrideOverwriteWarning", "OverrideDifferentSourceWarning",
                "OnlyAddAndUpdate"));
        assertEquals(0, kept.path("updated").asInt(), "OnlyAddAndUpdate never removes: " + kept);
        assertTrue(exportSpace(space).contains("\"maxLength\" : 34"), exportSpace(space));

        JsonNode status = client().ok(merge(space, url, "OverrideOverwriteWarning", "OverrideDifferentSourceWarning"));
        assertEquals(1, status.path("updated").asInt(), status.toString());
        assertEquals("name", status.path("updatedNodes").get(0).path("label").asText(), status.toString());
        assertFalse(exportSpace(space).contains("maxLength"), exportSpace(space));
    }

    private static void collectAnchors(JsonNode node, String at, List<String> out) {
        if (node.isObject()) {
            if (node.has("$anchor")) {
                out.add(at);
            }
            node.fields().forEachRemaining(f -> collectAnchors(f.getValue(), at + "/" + f.getKey(), out));
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                collectAnchors(node.get(i), at + "/" + i, out);
            }
        }
    }
}
