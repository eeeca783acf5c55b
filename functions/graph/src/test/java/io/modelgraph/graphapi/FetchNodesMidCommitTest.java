package io.modelgraph.graphapi;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.modelgraph.graph.MainSpace;
import io.modelgraph.graph.MixinValue;
import io.modelgraph.graph.Node;
import io.modelgraph.graph.NodeType;
import io.modelgraph.graph.store.GraphStore;
import io.modelgraph.graph.store.LargeWriteCalls;
import io.modelgraph.json.Json;
import io.modelgraph.store.TestStores;
import io.modelgraph.testing.WatchedDynamo;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A fetchNodes page is made of several DynamoDB reads: the index query that picks the page's nodes, then (with
 * AddMixins) the node items for their values. A large write that commits between the two must not give a page of
 * the nodes before it with the values after it (docs/graph.md "Large writes", "What readers see"); the crash test
 * through the gateway ({@code KilledGatewayTest}) met exactly that page. Here the commit is placed between the two
 * reads on purpose.
 */
class FetchNodesMidCommitTest {
    private static final int OLD = 30;
    private static final int NEW = 120;
    private final DynamoDbClient real = GraphApi.SERVICES.dynamo();
    private final String table = GraphApi.SERVICES.stores().graphTable();

    @Test
    void aCommitBetweenThePageAndItsValuesGivesAPageWhollyBeforeOrAfterIt() throws Exception {
        CountDownLatch atCommit = new CountDownLatch(1);
        CountDownLatch mayCommit = new CountDownLatch(1);
        CountDownLatch committed = new CountDownLatch(1);
        WatchedDynamo writerDynamo = new WatchedDynamo(real).before(call -> {
            if (LargeWriteCalls.isCommit(call)) {
                atCommit.countDown();
                await(mayCommit);
            }
        }).after(call -> {
            if (LargeWriteCalls.isCommit(call)) {
                committed.countDown();
            }
        });
        AtomicBoolean armed = new AtomicBoolean();
        WatchedDynamo readerDynamo = new WatchedDynamo(real).before(call -> {
            // the reads after the page's index query: let the write commit first
            if (call.is("batchGetItem") && armed.compareAndSet(true, false)) {
                mayCommit.countDown();
                await(committed);
            }
        });

        GraphStore writer = new GraphStore(writerDynamo.client(), table, Clock.systemUTC());
        GraphStore reader = new GraphStore(readerDynamo.client(), table, Clock.systemUTC());
        String project = TestStores.newProjectId();
        writer.ensureMainSpace(project, "tester");
        List<Node> old = new ArrayList<>();
        List<MixinValue> before = new ArrayList<>();
        for (int i = 0; i < OLD; i++) {
            old.add(node(project, "old" + i));
            before.add(value("old" + i, "before"));
        }
        writer.bulkWrite(project, old, List.of(), before, "tester"); // small: one transaction
        List<Node> added = new ArrayList<>();
        List<MixinValue> after = new ArrayList<>();
        for (int i = 0; i < NEW; i++) {
            added.add(node(project, "new" + i));
            after.add(value("new" + i, "after"));
        }
        for (int i = 0; i < OLD; i++) {
            after.add(value("old" + i, "after")); // overwrites: staged until the commit
        }

        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            Future<Integer> write = pool.submit(() -> writer.bulkWrite(project, added, List.of(), after, "tester"));
            assertTrue(atCommit.await(60, TimeUnit.SECONDS), "the large write reaches its commit");
            armed.set(true);
            FetchNodesRequest q = new FetchNodesRequest(Optional.of(NodeType.Element), List.of(), Optional.empty(),
                    List.of(), false, true, Optional.empty(), false, 250, Optional.empty(), false);
            JsonNode page = Json.valueToTree(new FetchNodesQuery(reader, new PagingToken("test-secret"))
                    .run(project, q));
            mayCommit.countDown();
            write.get(60, TimeUnit.SECONDS);
            assertTrue(!armed.get(), "the commit landed between the page's reads");

            Set<String> seen = new TreeSet<>();
            for (JsonNode n : page.path("nodes")) {
                seen.add(n.path("label").asText() + " = " + descriptionOf(n));
            }
            Set<String> wholeBefore = new TreeSet<>();
            Set<String> wholeAfter = new TreeSet<>();
            for (int i = 0; i < OLD; i++) {
                wholeBefore.add("N old" + i + " = old" + i + " before");
                wholeAfter.add("N old" + i + " = old" + i + " after");
            }
            for (int i = 0; i < NEW; i++) {
                wholeAfter.add("N new" + i + " = new" + i + " after");
            }
            assertTrue(seen.equals(wholeBefore) || seen.equals(wholeAfter), "a page neither before nor after the"
                    + " write: " + seen.size() + " nodes, e.g. " + seen.stream().limit(3).toList());
        } finally {
            mayCommit.countDown();
            pool.shutdownNow();
        }
    }

    private static String descriptionOf(JsonNode node) {
        for (JsonNode m : node.path("mixins")) {
            for (JsonNode c : m.path("columns")) {
                if (c.path("Id").asText().equals("description")) {
                    return c.path("value").asText();
                }
            }
        }
        return "(none)";
    }

    private static Node node(String project, String id) {
        Instant now = Instant.now();
        return new Node(id, "N " + id, NodeType.Element, List.of(MainSpace.idFor(project)), now, now, "tester",
                "tester", false, 1);
    }

    private static MixinValue value(String node, String text) {
        return new MixinValue(node, "description", Map.of("description", TextNode.valueOf(node + " " + text)));
    }

    private static void await(CountDownLatch latch) {
        try {
            assertTrue(latch.await(60, TimeUnit.SECONDS), "waited 60 s");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
