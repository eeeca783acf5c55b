package io.modelgraph.graphapi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelgraph.graph.Node;
import io.modelgraph.graph.store.GraphStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ConcurrencyTest {
    private final GraphApi api = new GraphApi();

    @Test
    void concurrentUpdatesOfOneNodeAreSerializedAndNoneIsLost() throws Exception {
        String id = api.createNode("start", "Type");
        int writers = 8;
        ExecutorService pool = Executors.newFixedThreadPool(writers);
        CountDownLatch go = new CountDownLatch(1);
        List<Future<Integer>> results = new ArrayList<>();
        for (int i = 0; i < writers; i++) {
            String label = "label-" + i;
            results.add(pool.submit(() -> {
                go.await();
                return api.put("node", Map.of("Id", id, "label", label)).status();
            }));
        }
        go.countDown();
        for (Future<Integer> f : results) {
            assertEquals(200, f.get());
        }
        pool.shutdown();
        Node stored = GraphStore.of(GraphApi.SERVICES).node(api.project(), id).orElseThrow();
        assertEquals(1 + writers, stored.version(), "every update landed as its own version");
        assertTrue(stored.label().startsWith("label-"));
    }

    @Test
    void aReadModifyWriteReappliesItsChangeWhenTheNodeMovedUnderIt() {
        String id = api.createNode("start", "Type");
        GraphStore store = GraphStore.of(GraphApi.SERVICES);
        AtomicInteger calls = new AtomicInteger();
        Node result = store.modifyNode(api.project(), id, current -> {
            if (calls.getAndIncrement() == 0) {
                // another writer lands between our read and our write
                api.put("node", Map.of("Id", id, "label", "from the other writer")).ok();
            }
            return new Node(current.id(), current.label() + " + mine", current.nodeType(), current.spaceIds(),
                    current.createdAt(), current.updatedAt(), current.createdBy(), current.updatedBy(), false,
                    current.version());
        }, "me").orElseThrow();
        assertEquals(2, calls.get(), "the losing write re-read and re-applied");
        assertEquals("from the other writer + mine", result.label());
        assertEquals("from the other writer + mine", api.fetch(id, false, false).path("label").asText());
        assertEquals(3, result.version());
    }

    @Test
    void concurrentNodeUpdatesAndValueWritesOnOneNodeAllLand() throws Exception {
        // values live in the node item: a node update must not overwrite them, nor a value write another value
        String id = api.createNode("start", "Element");
        List<String> columns = List.of("", "minLength", "", "maxLength", "", "minimum", "", "maximum");
        int writers = 8;
        ExecutorService pool = Executors.newFixedThreadPool(writers);
        CountDownLatch go = new CountDownLatch(1);
        List<Future<Integer>> results = new ArrayList<>();
        for (int i = 0; i < writers; i++) {
            int n = i;
            results.add(pool.submit(() -> {
                go.await();
                return n % 2 == 0 ? api.put("node", Map.of("Id", id, "label", "label-" + n)).status()
                        : api.post("mixinValue", Map.of("targetNodeId", id, "mixinId", "constraints",
                                "mixinColumns", List.of(Map.of("Id", columns.get(n), "value", n)))).status();
            }));
        }
        go.countDown();
        for (Future<Integer> f : results) {
            assertEquals(200, f.get());
        }
        pool.shutdown();
        Node node = GraphStore.of(GraphApi.SERVICES).node(api.project(), id).orElseThrow();
        assertEquals(1 + writers / 2, node.version(), "every node update landed as its own version");
        var stored = api.fetch(id, false, true).path("mixins").get(0).path("columns");
        assertEquals(writers / 2, stored.size(), "every value write landed: " + stored);
    }
}
