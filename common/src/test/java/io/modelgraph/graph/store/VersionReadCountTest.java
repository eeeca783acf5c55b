package io.modelgraph.graph.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.modelgraph.graph.MainSpace;
import io.modelgraph.graph.Node;
import io.modelgraph.graph.NodeType;
import io.modelgraph.graph.Relation;
import io.modelgraph.platform.Services;
import io.modelgraph.store.TestStores;
import io.modelgraph.testing.MovableClock;
import io.modelgraph.testing.WatchedDynamo;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * What the reads that guard against a large write's commit cost (docs/graph.md "Large writes", "What readers
 * see"): the DynamoDB calls of {@code nodes} and {@code load}, counted by a client that passes every call on to
 * DynamoDB Local, over items a large write put (each carries its write's id, so each read must judge them).
 */
class VersionReadCountTest {
    private final Services services = TestStores.services();
    private final MovableClock clock = new MovableClock();
    private final String table = services.stores().graphTable();
    private final GraphStore writer = new GraphStore(services.dynamo(), table, clock);
    private final WatchedDynamo dynamo = new WatchedDynamo(services.dynamo());
    private final AtomicInteger getItems = dynamo.counter(call -> call.is("getItem"));
    private final AtomicInteger batchGets = dynamo.counter(call -> call.is("batchGetItem"));
    private final GraphStore reader = new GraphStore(dynamo.client(), table, clock);

    /** A project whose {@code count} nodes and {@code count} relations one large write put. */
    private String written(int count) {
        String projectId = TestStores.newProjectId();
        writer.ensureMainSpace(projectId, "tester");
        String main = MainSpace.idFor(projectId);
        List<Node> nodes = new ArrayList<>();
        List<Relation> relations = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            nodes.add(new Node("n" + i, "node " + i, NodeType.Element, List.of(main), clock.instant(),
                    clock.instant(), "tester", "tester", false, 1));
            relations.add(new Relation("r" + i, "n" + i, "n" + ((i + 1) % count), "subclass-of"));
        }
        writer.bulkWrite(projectId, nodes, relations, List.of(), "tester");
        return projectId;
    }

    private static List<String> ids(int count) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            out.add("n" + i);
        }
        return out;
    }

    /** The GetItem calls of {@code read}. */
    private int getItemsOf(Runnable read) {
        getItems.set(0);
        batchGets.set(0);
        read.run();
        return getItems.get();
    }

    @Test
    void aPageOfNodesByIdIsOneCallAndReadsTheVersionOnlyToJudgeANewWrite() {
        String projectId = written(60);
        List<String> page = ids(50);
        assertEquals(50, reader.nodes(projectId, page).size());
        // the first read of the write's items learns that it committed: one version read after the items
        assertEquals(1, getItems.get(), "version reads of the first page");
        assertEquals(1, batchGets.get());
        // from then on the write is known committed: the page is one BatchGetItem and nothing else
        assertEquals(0, getItemsOf(() -> assertEquals(50, reader.nodes(projectId, page).size())),
                "version reads of a page of known items");
        assertEquals(1, batchGets.get());
    }

    @Test
    void aReadOfSeveralCallsReadsTheVersionBeforeAndAfterAndJudgesEveryItemByIt() {
        String projectId = written(150);
        // a load: one Query per type partition and one for the relations, every one meeting the write's items
        assertEquals(2, getItemsOf(() -> assertEquals(1 + 150, reader.load(projectId, List.of()).nodes()
                .size())), "version reads of a load (the main space node and the 150)");
        // 150 ids: two BatchGetItem calls, so a commit could fall between them
        String other = written(150);
        assertEquals(2, getItemsOf(() -> assertEquals(150, reader.nodes(other, ids(150)).size())),
                "version reads of 150 nodes by id");
        assertEquals(2, batchGets.get());
    }
}
