package io.modelgraph.graphapi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelgraph.graph.store.GraphStore;
import io.modelgraph.graph.store.ProjectLease;
import io.modelgraph.store.TestStores;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * bulkCreate takes the project's large-write lease before it reads its given ids (docs/graph.md "Large writes"):
 * each given id is read once (by key, or in the one Query of their key range), not again under the lease, and while
 * the lease is held nobody else creates a node.
 */
class BulkLeaseTest {
    /**
     * How many times each sort key was asked for in a BatchGetItem, and the sort key ranges of node items read by
     * Query (from, to), on a real client of the shared DynamoDB Local.
     */
    static final class KeyReads implements ExecutionInterceptor {
        final Map<String, AtomicInteger> reads = new ConcurrentHashMap<>();
        final List<String[]> ranges = java.util.Collections.synchronizedList(new ArrayList<>());

        @Override
        public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
            if (context.request() instanceof BatchGetItemRequest r) {
                r.requestItems().values().forEach(k -> k.keys().forEach(key -> reads.computeIfAbsent(
                        key.get("sk").s(), s -> new AtomicInteger()).incrementAndGet()));
            }
            if (context.request() instanceof QueryRequest q && q.keyConditionExpression().contains("BETWEEN")) {
                ranges.add(new String[] {q.expressionAttributeValues().get(":lo").s(),
                        q.expressionAttributeValues().get(":hi").s()});
            }
        }

        /** The reads of one sort key: by key, and by the ranges that hold it (a range's pages each count). */
        int of(String sk) {
            long inRanges = ranges.stream().filter(r -> sk.compareTo(r[0]) >= 0 && sk.compareTo(r[1]) <= 0).count();
            return reads.getOrDefault(sk, new AtomicInteger()).get() + (int) inRanges;
        }
    }

    @Test
    void aLargeBulkReadsEachGivenIdOnce() {
        KeyReads counter = new KeyReads();
        GraphApi api = new GraphApi().via(new GraphHandler(TestStores.observed(counter)));
        List<Map<String, Object>> nodes = new ArrayList<>();
        List<Map<String, Object>> relations = new ArrayList<>();
        for (int i = 0; i < 150; i++) { // 300 items: a large write under the lease
            nodes.add(Map.of("Id", "given-" + i, "label", "Node " + i, "nodeType", "Type"));
            relations.add(Map.of("fromNodeId", "given-" + i, "toNodeId", "given-" + ((i + 1) % 150),
                    "relationGroupId", "subclass-of"));
        }
        api.post("bulkCreate", Map.of("nodes", nodes, "relations", relations)).ok();
        for (int i = 0; i < 150; i++) {
            assertEquals(1, counter.of("N#given-" + i), "given-" + i);
        }
        // a fresh project: one Query of the given ids' range answers for all of them (docs/graph.md "Large writes")
        assertEquals(0, counter.reads.keySet().stream().filter(sk -> sk.startsWith("N#given-")).count());
        assertEquals("Node 7", api.get("fetchNode?NodeId=given-7").ok().data().path("label").asText());
    }

    @Test
    void whileABulkHoldsTheLeaseNoOtherNodeIsCreated() {
        GraphApi api = new GraphApi();
        GraphStore store = GraphStore.of(GraphApi.SERVICES);
        api.post("node", Map.of("label", "first", "nodeType", "Type")).ok(); // the main space exists
        try (ProjectLease held = store.holdForLargeWrite(api.project())) {
            GraphApi.Response refused = api.post("node", Map.of("Id", "taken-meanwhile", "label", "x", "nodeType", "Type"));
            refused.fails(409);
            assertTrue(refused.message().contains("large write"), refused.message());
        }
        api.post("node", Map.of("Id", "taken-meanwhile", "label", "x", "nodeType", "Type")).ok();
    }

    @Test
    void whileABulkHoldsTheLeaseANodeWithAGeneratedIdIsCreatedAtOnce() {
        GraphApi api = new GraphApi();
        GraphStore store = GraphStore.of(GraphApi.SERVICES);
        api.post("node", Map.of("label", "first", "nodeType", "Type")).ok(); // the main space exists
        try (ProjectLease held = store.holdForLargeWrite(api.project())) {
            long start = System.nanoTime();
            String id = api.post("node", Map.of("label", "made meanwhile", "nodeType", "Type")).ok().data()
                    .path("Id").asText();
            assertTrue(System.nanoTime() - start < 2_000_000_000L, "it did not wait for the large write");
            assertEquals("made meanwhile", api.get("fetchNode?NodeId=" + id).ok().data().path("label").asText());
        }
    }
}
