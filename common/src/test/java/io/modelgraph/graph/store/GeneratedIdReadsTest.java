package io.modelgraph.graph.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelgraph.graph.GeneratedIds;
import io.modelgraph.graph.GraphChanges;
import io.modelgraph.graph.GraphSnapshot;
import io.modelgraph.graph.MainSpace;
import io.modelgraph.graph.NodeType;
import io.modelgraph.graph.Relation;
import io.modelgraph.platform.Services;
import io.modelgraph.store.Tables;
import io.modelgraph.store.TestStores;
import io.modelgraph.testing.MovableClock;
import io.modelgraph.testing.WatchedDynamo;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;

/**
 * {@code apply} with the ids the caller generated (docs/graph.md "Large writes", step 1): the keys made of them
 * are not read before the write, every other key still is, and the write is the same. Every key the store reads is
 * recorded as it goes to DynamoDB Local.
 */
class GeneratedIdReadsTest {
    private static final int COUNT = 120; // over one transaction: the large-write path

    private final Services services = TestStores.services();
    private final ConcurrentLinkedQueue<String> keysRead = new ConcurrentLinkedQueue<>();
    private final GraphStore store = new GraphStore(new WatchedDynamo(services.dynamo())
            .before(call -> call.request(BatchGetItemRequest.class).ifPresent(r -> r.requestItems().values()
                    .forEach(ka -> ka.keys().forEach(k -> keysRead.add(k.get(Tables.SK).s())))))
            .client(), services.stores().graphTable(), new MovableClock());

    /** {@code COUNT} new types, one given id among them, and a chain of relations between them. */
    private record Planned(GraphChanges changes, Set<String> generated) {
    }

    private static Planned planned(String projectId) {
        GeneratedIds ids = new GeneratedIds();
        String main = MainSpace.idFor(projectId);
        List<GraphChanges.NodeUpsert> nodes = new ArrayList<>();
        List<String> nodeIds = new ArrayList<>();
        for (int i = 0; i < COUNT; i++) {
            String id = i == 0 ? "given-0" : ids.get();
            nodeIds.add(id);
            nodes.add(new GraphChanges.NodeUpsert(id, "type " + i, NodeType.Type, List.of(main)));
        }
        List<Relation> relations = new ArrayList<>();
        for (int i = 0; i < COUNT; i++) {
            relations.add(new Relation(ids.get(), nodeIds.get(i), nodeIds.get((i + 1) % COUNT), "subclass-of"));
        }
        return new Planned(GraphChanges.additions(nodes, relations, List.of()), ids.all());
    }

    private List<String> readWith(String projectId, Planned p, Set<String> generated) {
        store.ensureMainSpace(projectId, "tester");
        keysRead.clear();
        store.apply(projectId, p.changes(), "tester", generated);
        return List.copyOf(keysRead);
    }

    @Test
    void keysOfGeneratedIdsAreNotReadAndTheWriteIsTheSame() {
        String projectId = TestStores.newProjectId();
        Planned p = planned(projectId);
        List<String> read = readWith(projectId, p, p.generated());

        assertEquals(List.of(), read.stream().filter(sk -> p.generated().stream().anyMatch(sk::contains)).toList(),
                "keys made of a generated id are not read");
        assertTrue(read.contains(GraphKeys.nodeSk("given-0")), "a given id is still read: " + read);
        GraphSnapshot s = store.load(projectId, List.of());
        assertEquals(COUNT + 1, s.nodes().size(), "the types and the main space");
        assertEquals(COUNT, s.relations().size());
    }

    @Test
    void withoutGeneratedIdsEveryKeyIsRead() {
        String projectId = TestStores.newProjectId();
        Planned p = planned(projectId);
        List<String> read = readWith(projectId, p, Set.of());

        // what the generated ids save: the node items of the new nodes twice (validation, and the re-check under
        // the lease this apply takes) and the relations' keys once
        assertEquals(2 * (COUNT - 1) + COUNT, read.stream()
                .filter(sk -> p.generated().stream().anyMatch(sk::contains)).count());
        assertEquals(COUNT, store.load(projectId, List.of()).relations().size());
    }

    @Test
    void aGivenIdThatIsStoredIsStillUpdatedNotCreated() {
        String projectId = TestStores.newProjectId();
        Planned first = planned(projectId);
        readWith(projectId, first, first.generated());
        Planned again = planned(projectId); // "given-0" again, every other id new
        readWith(projectId, again, again.generated());

        GraphSnapshot s = store.load(projectId, List.of());
        assertEquals(2 * COUNT, s.nodes().size(), "given-0 once, twice the generated ones, and the main space");
        assertEquals(2, s.nodes().stream().filter(n -> n.id().equals("given-0")).findFirst().orElseThrow()
                .version(), "given-0 was read as stored and updated");
    }
}
