package io.modelgraph.graphapi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelgraph.graph.NodeType;
import io.modelgraph.graph.store.GraphKeys;
import io.modelgraph.graph.store.GraphStore;
import io.modelgraph.graph.store.NodeOrder;
import io.modelgraph.json.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Expression through the label index answers exactly what the partition walk answers (same nodes, order, pages and
 * tokens), on DynamoDB Local, over many random terms and parameter sets - also after single writes the index follows
 * through the update-time index (relabels, deletes, restores, moves between spaces) without reading the spaces again.
 */
class ExpressionIndexTest {
    private static final String[] WORDS = {"Alpha", "beta", "GAMMA", "delta", "Needle", "omega", "Zeta", "a", "Ä",
        "customer", "Straße", "İstanbul", "x"};

    private static final int NODES = 200;
    /** Just above the size from which a space's label index is stored as a snapshot (1,000 entries). */
    private static final int SNAPSHOT_NODES = 1_100;

    private final GraphApi api = new GraphApi();
    private final Random random = new Random(20);

    @Test
    void indexAnswersAsTheWalkOverRandomTermsAndWrites() {
        String space2 = api.createNode("Second", "Space");
        List<Map<String, Object>> nodes = new ArrayList<>();
        NodeType[] types = {NodeType.Element, NodeType.Type, NodeType.Taxonomy, NodeType.Tag};
        // 200 nodes: answers of many pages in every space combination (pages of 1 to 9 half the time, 12 pages
        // at most per term); the walk each page is compared with reads all of them, so the data set, not the
        // number of compared queries, sets the time
        for (int i = 0; i < NODES; i++) {
            int s = random.nextInt(3);
            nodes.add(Map.of("Id", "n" + i, "label", label(), "nodeType", types[random.nextInt(types.length)].name(),
                    "spaceIds", s == 0 ? List.of(api.mainSpace()) : s == 1 ? List.of(space2)
                            : List.of(api.mainSpace(), space2)));
        }
        api.post("bulkCreate", Map.of("nodes", nodes)).ok();
        GraphStore store = GraphStore.of(GraphApi.SERVICES);
        PagingToken tokens = new PagingToken("test-secret");
        FetchNodesQuery walk = new FetchNodesQuery(store, tokens, false);
        FetchNodesQuery index = new FetchNodesQuery(store, tokens, true);
        List<String> spaces = List.of(api.mainSpace(), space2);

        compareMany(walk, index, spaces, 60);
        long builds = store.labels().builds();

        // single writes: the index follows them through the update-time index, not by reading the spaces again
        for (int round = 0; round < 6; round++) {
            for (int w = 0; w < 8; w++) {
                String id = "n" + random.nextInt(NODES);
                int kind = random.nextInt(4);
                if (kind == 0) {
                    api.put("node", Map.of("Id", id, "label", label())).ok();
                } else if (kind == 1) {
                    api.delete("node/" + id, null);
                } else if (kind == 2) {
                    api.post("node/" + id + "/restore", Map.of());
                } else {
                    api.put("node", Map.of("Id", id, "label", label(), "spaceIds",
                            random.nextBoolean() ? List.of(space2) : List.of(api.mainSpace())));
                }
            }
            compareMany(walk, index, spaces, 12);
        }
        assertEquals(builds, store.labels().builds(), "single writes are followed, not re-read");
    }

    /**
     * A cold container takes a large space's index from the snapshot another container stored (docs/graph.md
     * "Read caches") plus the changes since, instead of reading the space whole, and answers as the walk does;
     * after a large write the snapshot is passed over, and a snapshot with a chunk gone is read around.
     */
    @Test
    void coldContainersStartFromTheStoredSnapshot() {
        List<Map<String, Object>> nodes = new ArrayList<>();
        for (int i = 0; i < SNAPSHOT_NODES; i++) {
            nodes.add(Map.of("Id", "s" + i, "label", label(), "nodeType", i % 5 == 0 ? "Type" : "Element"));
        }
        api.post("bulkCreate", Map.of("nodes", nodes)).ok();
        PagingToken tokens = new PagingToken("test-secret");
        List<String> main = List.of(api.mainSpace());

        GraphStore first = GraphStore.of(GraphApi.SERVICES);
        compareMany(new FetchNodesQuery(first, tokens, false), new FetchNodesQuery(first, tokens, true), main, 3);
        assertEquals(1, first.labels().builds(), "the first container reads the space whole");
        Map<String, AttributeValue> header = snapshotHeader();
        assertTrue(Long.parseLong(header.get("entries").n()) >= SNAPSHOT_NODES, header.toString());

        // single writes after the snapshot: a cold container must see them through the update-time index
        for (int w = 0; w < 12; w++) {
            String id = "s" + random.nextInt(SNAPSHOT_NODES);
            switch (w % 3) {
                case 0 -> api.put("node", Map.of("Id", id, "label", "needle " + label())).ok();
                case 1 -> api.delete("node/" + id, null);
                default -> api.createNode("needle fresh " + w, "Element");
            }
        }
        GraphStore cold = GraphStore.of(GraphApi.SERVICES);
        FetchNodesQuery coldIndex = new FetchNodesQuery(cold, tokens, true);
        compareMany(new FetchNodesQuery(cold, tokens, false), coldIndex, main, 30);
        FetchNodesRequest needle = new FetchNodesRequest(Optional.empty(), List.of(), Optional.of("needle"), main,
                false, false, Optional.empty(), false, 200, Optional.empty(), false);
        assertEquals(Json.write(new FetchNodesQuery(cold, tokens, false).run(api.project(), needle)),
                Json.write(coldIndex.run(api.project(), needle)), "the writes after the snapshot are found");
        assertEquals(0, cold.labels().builds(), "a cold container does not read the space whole");
        assertEquals(1, cold.labels().snapshotLoads());

        // a large write after the snapshot: passed over, the space read whole and stored again
        List<Map<String, Object>> late = new ArrayList<>();
        for (int i = 0; i < 150; i++) { // more than one transaction holds: a large write, with its rebuild mark
            late.add(Map.of("Id", "late" + i, "label", "needle late " + i, "nodeType", "Element"));
        }
        api.post("bulkCreate", Map.of("nodes", late)).ok();
        GraphStore afterLarge = GraphStore.of(GraphApi.SERVICES);
        compareMany(new FetchNodesQuery(afterLarge, tokens, false), new FetchNodesQuery(afterLarge, tokens, true),
                main, 10);
        assertEquals(1, afterLarge.labels().builds());
        assertEquals(0, afterLarge.labels().snapshotLoads());
        assertTrue(Long.parseLong(snapshotHeader().get("v").n()) > Long.parseLong(header.get("v").n()),
                "a newer snapshot replaced the one the large write made stale");

        // a chunk gone (expired): read around, not trusted
        String prefix = "X#labels#" + api.mainSpace() + "#";
        GraphApi.SERVICES.dynamo().queryPaginator(b -> b.tableName(GraphApi.SERVICES.stores().graphTable())
                .keyConditionExpression("pk = :p AND begins_with(sk, :s)")
                .expressionAttributeValues(Map.of(":p", AttributeValue.fromS(GraphKeys.pk(api.project())), ":s",
                        AttributeValue.fromS(prefix)))).items()
                .forEach(item -> GraphApi.SERVICES.dynamo().deleteItem(b -> b.tableName(
                        GraphApi.SERVICES.stores().graphTable()).key(Map.of("pk", item.get("pk"), "sk", item.get("sk")))));
        GraphStore noChunks = GraphStore.of(GraphApi.SERVICES);
        compareMany(new FetchNodesQuery(noChunks, tokens, false), new FetchNodesQuery(noChunks, tokens, true), main, 10);
        assertEquals(1, noChunks.labels().builds());
        assertEquals(0, noChunks.labels().snapshotLoads());
    }

    private Map<String, AttributeValue> snapshotHeader() {
        Map<String, AttributeValue> item = GraphApi.SERVICES.dynamo().getItem(b -> b.consistentRead(true)
                .tableName(GraphApi.SERVICES.stores().graphTable()).key(Map.of("pk",
                        AttributeValue.fromS(GraphKeys.pk(api.project())), "sk",
                        AttributeValue.fromS("X#labels#" + api.mainSpace()))))
                .item();
        assertTrue(item != null && !item.isEmpty(), "no label index snapshot stored");
        return item;
    }

    private void compareMany(FetchNodesQuery walk, FetchNodesQuery index, List<String> spaces, int terms) {
        for (int t = 0; t < terms; t++) {
            String term = term();
            Optional<NodeType> type = random.nextInt(3) == 0 ? Optional.empty()
                    : Optional.of(NodeType.values()[random.nextInt(4) == 0 ? 0 : random.nextInt(NodeType.values().length)]);
            Optional<NodeOrder> order = random.nextBoolean() ? Optional.empty()
                    : Optional.of(NodeOrder.values()[random.nextInt(3)]);
            int pick = random.nextInt(3);
            List<String> searched = spaces.size() == 1 || pick == 2 ? spaces : List.of(spaces.get(pick));
            boolean desc = random.nextBoolean();
            int pageSize = random.nextBoolean() ? 1 + random.nextInt(9) : 10 + random.nextInt(120);
            Optional<String> token = Optional.empty();
            // the first pages of every walk (all of them when the term is rare or the pages large)
            for (int page = 0; page < 12; page++) {
                FetchNodesRequest q = new FetchNodesRequest(type, List.of(), Optional.of(term), searched, false, false,
                        order, desc, pageSize, token, false);
                String expected = Json.write(walk.run(api.project(), q));
                // the index's page is asked for once: the one compared is the one whose token pages on
                Map<String, Object> out = index.run(api.project(), q);
                assertEquals(expected, Json.write(out), "term '" + term + "' " + type + " " + order + " desc=" + desc
                        + " pageSize=" + pageSize + " spaces=" + searched.size() + " page " + page);
                if (Boolean.TRUE.equals(out.get("lastPage"))) {
                    break;
                }
                token = Optional.of((String) out.get("pagingToken"));
            }
        }
    }

    private String label() {
        String l = WORDS[random.nextInt(WORDS.length)];
        if (random.nextBoolean()) {
            l += " " + WORDS[random.nextInt(WORDS.length)];
        }
        return random.nextInt(3) == 0 ? l : l + " " + random.nextInt(200);
    }

    /** Parts of real labels in random case, and some that match nothing. */
    private String term() {
        if (random.nextInt(10) == 0) {
            return "zz" + random.nextInt(100);
        }
        String l = label();
        int from = random.nextInt(l.length());
        String part = l.substring(from, Math.min(l.length(), from + 1 + random.nextInt(5)));
        return random.nextBoolean() ? part.toUpperCase(java.util.Locale.ROOT) : part;
    }
}
