package io.modelgraph.graph.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.TextNode;
import io.modelgraph.graph.GraphChanges;
import io.modelgraph.graph.MainSpace;
import io.modelgraph.graph.MixinValue;
import io.modelgraph.graph.Node;
import io.modelgraph.graph.NodeType;
import io.modelgraph.platform.Services;
import io.modelgraph.store.TestStores;
import io.modelgraph.testing.MovableClock;
import io.modelgraph.testing.WatchedDynamo;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * An index walk that meets a committed large write's finish between two of its Query calls (docs/graph.md "What
 * readers see"): every node of the partition is seen exactly once, in its version after the write, in either
 * order, whether the write keeps a node's place in the index or moves it. The writer
 * dies just after its commit, so its locks and staged versions stand until the finish, which runs before the walk's
 * Query number {@code k}, for each {@code k} of a short walk in chunks of 1, 2, 4, ... items.
 */
class IndexReadDuringFinishTest {
    private static final int STORED = 10;
    private static final int NEW = 110; // with the stored overwrites, more than one transaction: a large write

    private final Services services = TestStores.services();
    private final MovableClock clock = new MovableClock();
    private final String table = services.stores().graphTable();
    private final GraphStore plain = new GraphStore(services.dynamo(), table, clock);

    @Test
    void aWalkAcrossTheFinishSeesEveryNodeOnceAsAfter() {
        walks(false);
    }

    @Test
    void aDescendingWalkAcrossTheFinishSeesEveryNodeOnceAsAfter() {
        walks(true);
    }

    private void walks(boolean descending) {
        for (int k = 2; k <= 7; k++) {
            String projectId = committedNotFinished();
            AtomicInteger queries = new AtomicInteger();
            AtomicBoolean finished = new AtomicBoolean();
            int at = k;
            WatchedDynamo watched = new WatchedDynamo(services.dynamo()).before(call -> {
                if (call.is("query") && queries.incrementAndGet() == at && finished.compareAndSet(false, true)) {
                    plain.settlePendingWrites(projectId); // the finish moves every staged version in place
                }
            });
            GraphStore reader = new GraphStore(watched.client(), table, clock);
            IndexCursor cursor = reader.cursor(projectId, MainSpace.idFor(projectId), NodeType.Element,
                    NodeOrder.LABEL, descending, Optional.empty(), 1);
            Map<String, List<String>> seen = new TreeMap<>();
            for (Optional<IndexEntry> e = cursor.next(); e.isPresent(); e = cursor.next()) {
                Node n = e.get().node();
                seen.computeIfAbsent(n.id(), id -> new ArrayList<>()).add(n.label());
            }
            Map<String, List<String>> expected = new TreeMap<>();
            for (int i = 0; i < STORED; i++) {
                expected.put("old" + i, List.of(label(i)));
            }
            assertTrue(finished.get() || queries.get() < k, "finish before Query " + k + " ran");
            assertEquals(expected, seen, "finish before Query " + k + " of " + queries.get());
        }
    }

    /** The label after the write: every third node's moves to another place in the label index. */
    private static String label(int i) {
        return i % 3 == 0 ? "renamed old" + i : "node old" + i;
    }

    /**
     * Ten stored Elements, then a large write giving each a new value (every third a new label too) whose writer
     * dies just after its commit.
     */
    private String committedNotFinished() {
        String projectId = TestStores.newProjectId();
        plain.ensureMainSpace(projectId, "tester");
        String main = MainSpace.idFor(projectId);
        List<Node> nodes = new ArrayList<>();
        for (int i = 0; i < STORED; i++) {
            nodes.add(new Node("old" + i, "node old" + i, NodeType.Element, List.of(main), clock.instant(),
                    clock.instant(), "tester", "tester", false, 1));
        }
        plain.bulkWrite(projectId, nodes, List.of(), List.of(), "tester");
        List<GraphChanges.NodeUpsert> upserts = new ArrayList<>();
        List<MixinValue> values = new ArrayList<>();
        for (int i = 0; i < STORED; i++) {
            upserts.add(new GraphChanges.NodeUpsert("old" + i, label(i), NodeType.Element, List.of(main)));
            values.add(new MixinValue("old" + i, "description", Map.of("description", TextNode.valueOf("v2 " + i))));
        }
        for (int i = 0; i < NEW; i++) {
            upserts.add(new GraphChanges.NodeUpsert("new" + i, "new " + i, NodeType.Component, List.of(main)));
        }
        AtomicBoolean committed = new AtomicBoolean();
        WatchedDynamo dying = new WatchedDynamo(services.dynamo()).before(call -> {
            if (committed.get()) {
                throw new OutOfMemoryError("the writer dies just after its commit");
            }
        }).after(call -> {
            if (LargeWriteCalls.isCommit(call)) {
                committed.set(true);
            }
        });
        try {
            new GraphStore(dying.client(), table, clock).apply(projectId,
                    GraphChanges.additions(upserts, List.of(), values), "tester");
        } catch (OutOfMemoryError dead) {
            // nothing after the commit ran: the staged versions wait for the finish
        }
        assertTrue(committed.get(), "the write committed");
        assertTrue(new ProjectVersion(services.dynamo(), table).listed(GraphKeys.pk(projectId)).applying()
                .size() == 1, "the write waits for its finish");
        return projectId;
    }
}
