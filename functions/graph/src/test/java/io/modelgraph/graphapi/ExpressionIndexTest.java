package io.modelgraph.graphapi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.modelgraph.graph.NodeType;
import io.modelgraph.graph.store.GraphStore;
import io.modelgraph.graph.store.NodeOrder;
import io.modelgraph.json.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Expression through the label index answers exactly what the partition walk answers (same nodes, order, pages and
 * tokens), on DynamoDB Local, over many random terms and parameter sets - also after single writes the index follows
 * through the update-time index (relabels, deletes, restores, moves between spaces) without reading the spaces again.
 */
class ExpressionIndexTest {
    private static final String[] WORDS = {"Alpha", "beta", "GAMMA", "delta", "Needle", "omega", "Zeta", "a", "Ä",
        "customer", "Straße", "İstanbul", "x"};

    private final GraphApi api = new GraphApi();
    private final Random random = new Random(20);

    @Test
    void indexAnswersAsTheWalkOverRandomTermsAndWrites() {
        String space2 = api.createNode("Second", "Space");
        List<Map<String, Object>> nodes = new ArrayList<>();
        NodeType[] types = {NodeType.Element, NodeType.Type, NodeType.Taxonomy, NodeType.Tag};
        for (int i = 0; i < 1200; i++) {
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
                String id = "n" + random.nextInt(1200);
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

    private void compareMany(FetchNodesQuery walk, FetchNodesQuery index, List<String> spaces, int terms) {
        for (int t = 0; t < terms; t++) {
            String term = term();
            Optional<NodeType> type = random.nextInt(3) == 0 ? Optional.empty()
                    : Optional.of(NodeType.values()[random.nextInt(4) == 0 ? 0 : random.nextInt(NodeType.values().length)]);
            Optional<NodeOrder> order = random.nextBoolean() ? Optional.empty()
                    : Optional.of(NodeOrder.values()[random.nextInt(3)]);
            int pick = random.nextInt(3);
            List<String> searched = pick == 0 ? List.of(spaces.get(0)) : pick == 1 ? List.of(spaces.get(1)) : spaces;
            boolean desc = random.nextBoolean();
            int pageSize = random.nextBoolean() ? 1 + random.nextInt(9) : 10 + random.nextInt(120);
            Optional<String> token = Optional.empty();
            // the first pages of every walk (all of them when the term is rare or the pages large)
            for (int page = 0; page < 12; page++) {
                FetchNodesRequest q = new FetchNodesRequest(type, List.of(), Optional.of(term), searched, false, false,
                        order, desc, pageSize, token, false);
                String expected = Json.write(walk.run(api.project(), q));
                String actual = Json.write(index.run(api.project(), q));
                assertEquals(expected, actual, "term '" + term + "' " + type + " " + order + " desc=" + desc
                        + " pageSize=" + pageSize + " spaces=" + searched.size() + " page " + page);
                Map<String, Object> out = index.run(api.project(), q);
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
