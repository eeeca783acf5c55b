package io.modelgraph.graph.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The existence read of a bulkCreate's given ids (docs/graph.md "Large writes"): {@code nodesAmong} answers what
 * {@code nodes} answers for the same ids (deleted nodes included, items of an uncommitted large write left out),
 * with one Query of the ids' key range while that range holds no more items than the ids, and id by id otherwise.
 * The reader's DynamoDB client ({@link WatchedDynamo}) counts its calls and passes each on to DynamoDB Local.
 */
class NodesAmongTest {
    private static final int CALL = 150;

    private final Services services = TestStores.services();
    private final MovableClock clock = new MovableClock();
    private final String table = services.stores().graphTable();
    private final GraphStore writer = new GraphStore(services.dynamo(), table, clock);
    private final WatchedDynamo dynamo = new WatchedDynamo(services.dynamo());
    private final AtomicInteger queries = dynamo.counter(call -> call.is("query"));
    private final AtomicInteger batchGets = dynamo.counter(call -> call.is("batchGetItem"));
    private final GraphStore reader = new GraphStore(dynamo.client(), table, clock);

    private String project() {
        String projectId = TestStores.newProjectId();
        writer.ensureMainSpace(projectId, "tester");
        return projectId;
    }

    private Node node(String projectId, String id) {
        return new Node(id, "node " + id, NodeType.Element, List.of(MainSpace.idFor(projectId)), clock.instant(),
                clock.instant(), "tester", "tester", false, 1);
    }

    /** {@code ids} stored by one large write (with a relation each, so the partition holds more than node items). */
    private void stored(String projectId, List<String> ids) {
        List<Node> nodes = ids.stream().map(id -> node(projectId, id)).toList();
        List<Relation> relations = new ArrayList<>();
        for (int i = 0; i < ids.size(); i++) {
            relations.add(new Relation("r" + i, ids.get(i), ids.get((i + 1) % ids.size()), "subclass-of"));
        }
        writer.bulkWrite(projectId, nodes, relations, List.of(), "tester");
    }

    /** Ids {@code prefix}000 on, {@code count} of them, in key order. */
    private static List<String> ids(String prefix, int from, int count) {
        List<String> out = new ArrayList<>();
        for (int i = from; i < from + count; i++) {
            out.add(String.format("%s%03d", prefix, i));
        }
        return out;
    }

    /** The answer of {@code nodesAmong}, checked against {@code nodes}; the counters hold its own calls. */
    private Map<String, Node> among(String projectId, List<String> ids) {
        Map<String, Node> byId = writer.nodes(projectId, ids);
        queries.set(0);
        batchGets.set(0);
        Map<String, Node> out = reader.nodesAmong(projectId, ids);
        assertEquals(byId, out, "the same answer as the read id by id");
        return out;
    }

    @Test
    void aFreshProjectIsAnsweredByOneQueryOfTheRange() {
        String projectId = project();
        assertTrue(among(projectId, ids("n", 0, CALL)).isEmpty());
        assertEquals(1, queries.get());
        assertEquals(0, batchGets.get());
    }

    @Test
    void storedNodesInsideTheRangeAreFoundAndOthersBesideThemLeftOut() {
        String projectId = project();
        List<String> taken = List.of("n010", "n075", "n149");
        stored(projectId, List.of("n010", "n075", "n149", "n0100x", "m000", "o000"));
        Map<String, Node> found = among(projectId, ids("n", 0, CALL));
        assertEquals(Set.copyOf(taken), found.keySet(), "n0100x is in the range but not asked for");
        found.values().forEach(n -> assertFalse(n.deleted()));
        assertEquals(1, queries.get());
        assertEquals(0, batchGets.get());
    }

    @Test
    void aRangeHoldingMoreItemsThanTheIdsIsReadIdById() {
        String projectId = project();
        List<String> all = ids("n", 0, 2 * CALL);
        stored(projectId, all);
        List<String> asked = new ArrayList<>();
        for (int i = 0; i < all.size(); i += 2) {
            asked.add(all.get(i)); // every other stored node: the range holds twice as many node items
        }
        asked.set(asked.size() - 1, "n298x"); // one absent id, last in the range
        Map<String, Node> found = among(projectId, asked);
        assertEquals(CALL - 1, found.size());
        assertFalse(found.containsKey("n298x"));
        assertEquals(2, batchGets.get(), "the fallback: 150 ids in two BatchGetItem");
        assertTrue(queries.get() >= 1, "the range was read first, up to one item more than the ids");
    }

    @Test
    void aDeletedNodeIsAnsweredDeleted() {
        String projectId = project();
        stored(projectId, ids("n", 0, 120));
        writer.modifyNode(projectId, "n050", n -> new Node(n.id(), n.label(), n.nodeType(), n.spaceIds(),
                n.createdAt(), n.updatedAt(), n.createdBy(), n.updatedBy(), true, n.version()), "tester");
        Map<String, Node> found = among(projectId, ids("n", 0, CALL));
        assertEquals(120, found.size());
        assertTrue(found.get("n050").deleted());
        assertFalse(found.get("n049").deleted());
        assertEquals(0, batchGets.get());
    }

    @Test
    void aNodeOfAnUncommittedLargeWriteIsNotThereUntilItsCommit() {
        String projectId = project();
        stored(projectId, List.of("n001"));
        ProjectVersion versions = new ProjectVersion(services.dynamo(), table);
        versions.open(projectId, "w-open"); // listed before its first item, as a large write does
        Map<String, AttributeValue> hidden = OpenWrites.stamped(NodeItems.encode(projectId,
                node(projectId, "n100")).get(0), "w-open");
        services.dynamo().putItem(b -> b.tableName(table).item(hidden));

        assertEquals(Set.of("n001"), among(projectId, ids("n", 0, CALL)).keySet());
        assertEquals(0, batchGets.get());

        versions.commit(projectId, "w-open");
        assertEquals(Set.of("n001", "n100"), among(projectId, ids("n", 0, CALL)).keySet());
    }
}
