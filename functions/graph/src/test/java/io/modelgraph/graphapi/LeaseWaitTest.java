package io.modelgraph.graphapi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelgraph.graph.store.GraphStore;
import io.modelgraph.graph.store.ProjectLease;
import io.modelgraph.platform.Services;
import io.modelgraph.store.TestStores;
import io.modelgraph.testing.MovableClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;

/**
 * Writes that meet a large write in progress (docs/graph.md "Large writes"): a small write whose nodes have ids the
 * service generates goes ahead at once, and a large one waits its turn for the project's lease, as long as its time
 * allows, instead of being refused after a fixed few seconds (the load generator's write mix met 409s from six
 * writes a second, every one a bulkCreate of 100 that found another holding the lease). All on the real DynamoDB
 * Local; the test never sleeps: it moves on when the waiting writer's refused tries are seen, or moves the clock.
 */
class LeaseWaitTest {
    /** Calls {@code onRefusal} with the running count each time a try to take the project's lease is refused. */
    private static final class LeaseRefusals implements ExecutionInterceptor {
        private final AtomicInteger refused = new AtomicInteger();
        private volatile IntConsumer onRefusal = n -> {
        };

        @Override
        public void onExecutionFailure(Context.FailedExecution context, ExecutionAttributes attributes) {
            if (context.request() instanceof PutItemRequest put && put.item().containsKey("sk")
                    && "L#largeWrite".equals(put.item().get("sk").s())
                    && context.exception() instanceof ConditionalCheckFailedException) {
                onRefusal.accept(refused.incrementAndGet());
            }
        }
    }

    private static Map<String, Object> generatedNodes(int count) {
        List<Map<String, Object>> nodes = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            nodes.add(Map.of("label", "Bulk " + i, "nodeType", "Element"));
        }
        return Map.of("nodes", nodes);
    }

    @Test
    void aSmallBulkOfGeneratedIdsIsWrittenWhileALargeWriteHoldsTheProject() {
        GraphApi api = new GraphApi();
        GraphStore store = GraphStore.of(GraphApi.SERVICES);
        api.post("node", Map.of("label", "first", "nodeType", "Type")).ok(); // the main space exists
        try (ProjectLease held = store.holdForLargeWrite(api.project())) {
            GraphApi.Response written = api.post("bulkCreate", generatedNodes(10)).ok();
            assertEquals(10, written.data().path("nodeIds").size());
            String id = written.data().path("nodeIds").get(3).asText();
            assertEquals("Bulk 3", api.get("fetchNode?NodeId=" + id).ok().data().path("label").asText());
            // a given id still waits for the large write and is refused: it may be one that write is creating
            api.post("bulkCreate", Map.of("nodes", List.of(Map.of("Id", "given-1", "label", "x", "nodeType",
                    "Element")))).fails(409);
        }
    }

    @Test
    void aLargeBulkWaitsItsTurnInsteadOfBeingRefused() throws Exception {
        LeaseRefusals refusals = new LeaseRefusals();
        Services observed = TestStores.observed(refusals);
        GraphApi api = new GraphApi();
        GraphApi waiting = api.via(new GraphHandler(observed));
        api.post("node", Map.of("label", "first", "nodeType", "Type")).ok();
        // more refused tries than the fixed twelve (about 8 s) after which the lease used to be given up
        CompletableFuture<Integer> longWait = new CompletableFuture<>();
        refusals.onRefusal = n -> {
            if (n == 20) {
                longWait.complete(n);
            }
        };
        CompletableFuture<GraphApi.Response> bulk;
        try (ProjectLease held = GraphStore.of(GraphApi.SERVICES).holdForLargeWrite(api.project())) {
            bulk = CompletableFuture.supplyAsync(() -> waiting.post("bulkCreate", generatedNodes(100)));
            CompletableFuture.anyOf(longWait, bulk).get(120, TimeUnit.SECONDS);
            assertTrue(longWait.isDone(), () -> "the bulkCreate stopped waiting: " + bulk.join());
        } // the large write ends: the waiting bulkCreate takes the lease
        GraphApi.Response written = bulk.get(120, TimeUnit.SECONDS).ok();
        assertEquals(100, written.data().path("nodeIds").size());
        String id = written.data().path("nodeIds").get(99).asText();
        assertEquals("Bulk 99", api.get("fetchNode?NodeId=" + id).ok().data().path("label").asText());
    }

    @Test
    void theWaitEndsAtItsBoundWithNothingWritten() throws Exception {
        LeaseRefusals refusals = new LeaseRefusals();
        Services real = TestStores.observed(refusals);
        MovableClock clock = new MovableClock();
        Services clocked = new Services(real.stores(), real.dynamo(), real.s3(), real.settings(), clock);
        GraphApi api = new GraphApi();
        GraphApi waiting = api.via(new GraphHandler(clocked));
        api.post("node", Map.of("label", "first", "nodeType", "Type")).ok();
        // the first refusal moves the clock past the longest wait, but not past the holder's two-minute lease
        refusals.onRefusal = n -> {
            if (n == 1) {
                clock.advance(GraphStore.LONGEST_LEASE_WAIT.plusSeconds(1));
            }
        };
        int before = api.get("fetchNodes?NodeType=Element").ok().data().path("nodes").size();
        try (ProjectLease held = new GraphStore(real.dynamo(), real.stores().graphTable(), clock)
                .holdForLargeWrite(api.project())) {
            GraphApi.Response refused = waiting.post("bulkCreate", generatedNodes(100));
            refused.fails(409);
            assertTrue(refused.message().contains("waited 20.0 s"), refused.message());
        }
        assertEquals(before, api.get("fetchNodes?NodeType=Element").ok().data().path("nodes").size());
        assertTrue(refusals.refused.get() < 10, "the bound, not a count of tries, ended the wait: "
                + refusals.refused.get());
        assertEquals(Duration.ofSeconds(20), GraphStore.LONGEST_LEASE_WAIT);
    }
}
