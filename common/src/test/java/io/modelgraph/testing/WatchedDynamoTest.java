package io.modelgraph.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelgraph.platform.Services;
import io.modelgraph.store.Attr;
import io.modelgraph.store.Tables;
import io.modelgraph.store.TestStores;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;

/** The watching client over DynamoDB Local: what its hooks see and when they run. */
class WatchedDynamoTest {
    private final Services services = TestStores.services();
    private final String table = services.stores().graphTable();
    private final WatchedDynamo dynamo = new WatchedDynamo(services.dynamo());
    private final Map<String, AttributeValue> key = Map.of(Tables.PK, Attr.s("P#" + UUID.randomUUID()),
            Tables.SK, Attr.s("X#watched"));

    private boolean stored() {
        return services.dynamo().getItem(b -> b.tableName(table).key(key).consistentRead(true)).hasItem();
    }

    @Test
    void aBuilderConsumerAndARequestObjectGiveTheSameRequest() {
        List<DynamoCall> seen = new CopyOnWriteArrayList<>();
        dynamo.before(seen::add);
        dynamo.client().getItem(b -> b.tableName(table).key(key));
        dynamo.client().getItem(GetItemRequest.builder().tableName(table).key(key).build());
        assertEquals(2, seen.size());
        assertEquals(seen.get(0), seen.get(1));
        assertTrue(seen.get(0).is("getItem"));
        assertEquals(key, seen.get(0).request(GetItemRequest.class).orElseThrow().key());
        assertTrue(seen.get(0).request(PutItemRequest.class).isEmpty(), "a getItem is no PutItemRequest");
    }

    @Test
    void aCounterCountsTheCallsItNames() {
        AtomicInteger puts = dynamo.counter(call -> call.is("putItem"));
        dynamo.client().putItem(b -> b.tableName(table).item(key));
        dynamo.client().getItem(b -> b.tableName(table).key(key));
        dynamo.client().putItem(PutItemRequest.builder().tableName(table).item(key).build());
        assertEquals(2, puts.get());
    }

    @Test
    void aBeforeHookThatThrowsKeepsTheCallFromDynamo() {
        AtomicInteger answered = new AtomicInteger();
        dynamo.before(call -> {
            if (call.is("putItem")) {
                throw new IllegalStateException("stopped by the test");
            }
        }).after(call -> answered.incrementAndGet());
        assertThrows(IllegalStateException.class, () -> dynamo.client().putItem(b -> b.tableName(table).item(key)));
        assertFalse(stored(), "the stopped put reached DynamoDB");
        assertEquals(0, answered.get());
    }

    @Test
    void afterHooksRunForAnsweredCallsOnly() {
        List<String> answered = new CopyOnWriteArrayList<>();
        dynamo.after(call -> answered.add(call.operation()));
        dynamo.client().putItem(b -> b.tableName(table).item(key));
        assertThrows(ResourceNotFoundException.class, () -> dynamo.client().getItem(b -> b.tableName("no-such-table")
                .key(key)));
        assertEquals(List.of("putItem"), answered);
        assertTrue(stored());
    }

    @Test
    void aCallHeldInItsBeforeHookIsNotUnderWay() throws Exception {
        CountDownLatch held = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        dynamo.before(call -> {
            held.countDown();
            try {
                release.await(60, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            Future<?> put = pool.submit(() -> dynamo.client().putItem(b -> b.tableName(table).item(key)));
            assertTrue(held.await(60, TimeUnit.SECONDS));
            assertTrue(dynamo.awaitNoneUnderWay(call -> true, Duration.ofSeconds(60)));
            release.countDown();
            put.get(60, TimeUnit.SECONDS);
            assertTrue(stored());
        } finally {
            release.countDown();
            pool.shutdownNow();
        }
    }
}
