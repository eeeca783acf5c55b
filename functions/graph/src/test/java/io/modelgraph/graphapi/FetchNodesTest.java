package io.modelgraph.graphapi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.platform.Services;
import io.modelgraph.testing.MovableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** Paging over a few thousand nodes, filters, and the paging token's guarantees. One project for the class. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FetchNodesTest {
    static final int ELEMENTS = 3000;
    private final GraphApi api = new GraphApi();
    private final Map<String, JsonNode> elements = new HashMap<>();
    private String space2;

    @BeforeAll
    void seed() {
        space2 = api.createNode("Second", "Space");
        Random random = new Random(42);
        String[] words = {"Alpha", "beta", "GAMMA", "delta", "Needle", "omega", "Zeta", "a", "Ä", "customer"};
        // three calls a second apart on the handler's clock, so creation times differ between batches (ties inside
        // a batch are broken by id)
        MovableClock clock = new MovableClock();
        Services base = GraphApi.SERVICES;
        GraphApi seeding = api.via(new GraphHandler(new Services(base.stores(), base.dynamo(), base.s3(),
                base.settings(), clock)));
        for (int batch = 0; batch < 3; batch++) {
            List<Map<String, Object>> nodes = new ArrayList<>();
            for (int i = 0; i < ELEMENTS / 3; i++) {
                String label = words[random.nextInt(words.length)] + (random.nextInt(4) == 0 ? "" : " " + random.nextInt(50));
                nodes.add(Map.of("label", label, "nodeType", "Element"));
            }
            for (int i = 0; i < 30; i++) {
                nodes.add(Map.of("label", "Needle type " + batch + "-" + i, "nodeType", "Type", "spaceIds",
                        i % 2 == 0 ? List.of(space2) : List.of(api.mainSpace(), space2)));
            }
            seeding.post("bulkCreate", Map.of("nodes", nodes)).ok();
            clock.advance(Duration.ofSeconds(1));
        }
        for (JsonNode n : walk("fetchNodes?NodeType=Element&pageSize=250", 250)) {
            elements.put(n.path("Id").asText(), n);
        }
        assertEquals(ELEMENTS, elements.size());
        // some later updates, so update order differs from creation order
        elements.keySet().stream().limit(25).forEach(id -> api.put("node", Map.of("Id", id, "label",
                elements.get(id).path("label").asText())).ok());
    }

    @Test
    void everySortOrderWalksAllNodesOnceInOrderBothWays() {
        Map<String, Function<JsonNode, String>> keys = new LinkedHashMap<>();
        keys.put("Label", n -> n.path("label").asText().toLowerCase(Locale.ROOT) + "\u0001" + n.path("Id").asText());
        keys.put("CreationTime", n -> String.format("%015d", Instant.parse(n.path("createdAt").asText()).toEpochMilli())
                + "#" + n.path("Id").asText());
        keys.put("UpdateTime", n -> String.format("%015d", Instant.parse(n.path("updatedAt").asText()).toEpochMilli())
                + "#" + n.path("Id").asText());
        for (Map.Entry<String, Function<JsonNode, String>> sort : keys.entrySet()) {
            for (boolean desc : new boolean[] {false, true}) {
                int pageSize = desc ? 173 : 250;
                List<JsonNode> walked = walk("fetchNodes?NodeType=Element&SortAttr=" + sort.getKey() + "&sortDesc=" + desc
                        + "&pageSize=" + pageSize, pageSize);
                List<String> ids = walked.stream().map(n -> n.path("Id").asText()).toList();
                assertEquals(ELEMENTS, ids.size(), sort.getKey());
                assertEquals(elements.keySet(), new HashSet<>(ids), "no gaps: " + sort.getKey());
                assertEquals(ELEMENTS, new HashSet<>(ids).size(), "no duplicates: " + sort.getKey());
                List<String> order = walked.stream().map(sort.getValue()).toList();
                List<String> expected = new ArrayList<>(order);
                expected.sort(desc ? Comparator.reverseOrder() : Comparator.naturalOrder());
                assertEquals(expected, order, sort.getKey() + (desc ? " desc" : " asc"));
            }
        }
    }

    @Test
    void labelIsTheDefaultOrder() {
        List<JsonNode> page = api.get("fetchNodes?NodeType=Element&pageSize=20").ok().data().path("nodes")
                .findParents("Id");
        List<String> labels = new ArrayList<>();
        page.forEach(n -> labels.add(n.path("label").asText().toLowerCase(Locale.ROOT)));
        List<String> sorted = new ArrayList<>(labels);
        sorted.sort(Comparator.naturalOrder());
        assertEquals(sorted, labels);
    }

    @Test
    void expressionMatchesPartOfTheLabelIgnoringCaseAcrossTypesAndSpaces() {
        long expectedElements = elements.values().stream()
                .filter(n -> n.path("label").asText().toLowerCase(Locale.ROOT).contains("eedl")).count();
        List<JsonNode> main = walk("fetchNodes?Expression=EEDL&pageSize=50", 50);
        // main space: the elements plus the Types placed in both spaces (15 per batch)
        assertEquals(expectedElements + 45, main.size());
        List<JsonNode> both = walk("fetchNodes?Expression=eEdL&SpaceIds=" + api.mainSpace() + "," + space2
                + "&pageSize=7", 7);
        assertEquals(expectedElements + 90, both.size());
        assertEquals(both.size(), both.stream().map(n -> n.path("Id").asText()).distinct().count());
        List<JsonNode> typesOnly = walk("fetchNodes?Expression=needle&NodeType=Type&SpaceIds=" + space2, 50);
        assertEquals(90, typesOnly.size());
        assertTrue(typesOnly.stream().allMatch(n -> n.path("NodeType").asText().equals("Type")));
    }

    @Test
    void nodeIdsReturnThoseNodesInTheGivenOrderOrSorted() {
        List<String> ids = new ArrayList<>(elements.keySet()).subList(0, 120);
        String list = String.join(",", ids);
        List<JsonNode> listed = walk("fetchNodes?NodeIds=" + list + "&pageSize=50", 50);
        assertEquals(ids, listed.stream().map(n -> n.path("Id").asText()).toList());
        List<JsonNode> repeated = walk("fetchNodes?" + String.join("&", ids.stream().map(i -> "NodeIds=" + i).toList())
                + "&pageSize=33", 33);
        assertEquals(ids, repeated.stream().map(n -> n.path("Id").asText()).toList(), "repeated parameter form");
        List<JsonNode> sorted = walk("fetchNodes?NodeIds=" + list + "&SortAttr=Label&pageSize=50", 50);
        List<String> labels = sorted.stream().map(n -> n.path("label").asText().toLowerCase(Locale.ROOT) + "\u0001"
                + n.path("Id").asText()).toList();
        List<String> expected = new ArrayList<>(labels);
        expected.sort(Comparator.naturalOrder());
        assertEquals(expected, labels);
        assertEquals(120, sorted.size());
        // unknown ids are skipped, other filters combine
        assertEquals(1, api.get("fetchNodes?NodeIds=unknown-id," + ids.get(0)).ok().data().path("nodes").size());
        assertEquals(0, api.get("fetchNodes?NodeType=Type&NodeIds=" + ids.get(0)).ok().data().path("nodes").size());
        String label = elements.get(ids.get(0)).path("label").asText();
        assertEquals(1, api.get("fetchNodes?NodeIds=" + ids.get(0) + "&Expression=" + GraphApi.enc(label)).ok().data()
                .path("nodes").size());
    }

    @Test
    void theLastPageSaysSoAndAnExactlyFullPageNeedsNoEmptyFollowUp() {
        JsonNode one = api.get("fetchNodes?NodeType=Space&SpaceIds=" + api.mainSpace()).ok().data();
        assertTrue(one.path("lastPage").asBoolean());
        assertEquals("", one.path("pagingToken").asText());
        List<String> ids = new ArrayList<>(elements.keySet()).subList(0, 10);
        JsonNode full = api.get("fetchNodes?NodeIds=" + String.join(",", ids) + "&pageSize=10").ok().data();
        assertEquals(10, full.path("nodes").size());
        assertTrue(full.path("lastPage").asBoolean());
        JsonNode first = api.get("fetchNodes?NodeIds=" + String.join(",", ids) + "&pageSize=5").ok().data();
        assertFalse(first.path("lastPage").asBoolean());
        assertFalse(first.path("pagingToken").asText().isEmpty());
    }

    @Test
    void tamperedForgedOrReplayedTokensAreLogicalErrors() {
        String query = "fetchNodes?NodeType=Element&pageSize=10";
        String token = api.get(query).ok().data().path("pagingToken").asText();
        api.get(query + "&pagingToken=" + GraphApi.enc(token)).ok();
        char last = token.charAt(token.length() - 2);
        String tampered = token.substring(0, token.length() - 2) + (last == 'A' ? 'B' : 'A') + token.charAt(token.length() - 1);
        assertTrue(api.get(query + "&pagingToken=" + GraphApi.enc(tampered)).fails(400).message().contains("altered"));
        String payloadEdited = (token.charAt(0) == 'e' ? 'f' : 'e') + token.substring(1);
        api.get(query + "&pagingToken=" + GraphApi.enc(payloadEdited)).fails(400);
        api.get(query + "&pagingToken=garbage").fails(400);
        api.get(query + "&pagingToken=" + GraphApi.enc("a.b.c")).fails(400);
        for (String other : List.of("fetchNodes?NodeType=Element&pageSize=11", "fetchNodes?NodeType=Type&pageSize=10",
                "fetchNodes?NodeType=Element&pageSize=10&sortDesc=true",
                "fetchNodes?NodeType=Element&pageSize=10&SortAttr=CreationTime",
                "fetchNodes?NodeType=Element&pageSize=10&SpaceIds=" + space2)) {
            assertTrue(api.get(other + "&pagingToken=" + GraphApi.enc(token)).fails(400).message()
                    .contains("different query"), other);
        }
        GraphApi otherProject = new GraphApi();
        otherProject.createNode("x", "Element");
        otherProject.get(query + "&pagingToken=" + GraphApi.enc(token)).fails(400);
    }

    @Test
    void badParametersAreLogicalErrorsThatNameTheParameter() {
        assertTrue(api.get("fetchNodes").fails(400).message().contains("NodeType, NodeIds or Expression"));
        assertTrue(api.get("fetchNodes?NodeType=element").fails(400).message().contains("Element, Type, Taxonomy"));
        assertTrue(api.get("fetchNodes?NodeType=Type&pageSize=0").fails(400).message().contains("pageSize"));
        assertTrue(api.get("fetchNodes?NodeType=Type&pageSize=251").fails(400).message().contains("250"));
        api.get("fetchNodes?NodeType=Type&pageSize=abc").fails(400);
        assertEquals(1, api.get("fetchNodes?NodeType=Element&pageSize=1").ok().data().path("nodes").size());
        assertEquals(250, api.get("fetchNodes?NodeType=Element&pageSize=250").ok().data().path("nodes").size());
        assertTrue(api.get("fetchNodes?NodeType=Type&SortAttr=Name").fails(400).message().contains("SortAttr"));
        api.get("fetchNodes?NodeType=Type&sortDesc=maybe").fails(400);
        api.get("fetchNodes?NodeType=Type&AddRelations=yes").fails(400);
        assertTrue(api.get("fetchNodes?NodeType=Type&SpaceIds=nope").fails(400).message().contains("query.SpaceIds[0]"));
        String element = elements.keySet().iterator().next();
        assertTrue(api.get("fetchNodes?NodeType=Type&SpaceIds=" + element).fails(400).message().contains("not a Space"));
        api.get("fetchNodes?NodeIds=bad%23id").fails(400);
        api.get("fetchNodes?Expression=" + "x".repeat(201)).fails(400);
    }

    /** Follows pagingToken until lastPage; checks page sizes on the way. */
    private List<JsonNode> walk(String query, int pageSize) {
        List<JsonNode> out = new ArrayList<>();
        String token = "";
        Set<String> tokens = new HashSet<>();
        for (int pages = 0; pages < 10_000; pages++) {
            JsonNode data = api.get(query + (token.isEmpty() ? "" : "&pagingToken=" + GraphApi.enc(token))).ok().data();
            JsonNode nodes = data.path("nodes");
            assertTrue(nodes.size() <= pageSize);
            nodes.forEach(out::add);
            if (data.path("lastPage").asBoolean()) {
                return out;
            }
            assertEquals(pageSize, nodes.size(), "only the last page may be short here");
            token = data.path("pagingToken").asText();
            assertTrue(tokens.add(token), "a token never repeats");
        }
        throw new AssertionError("walk did not end");
    }
}
