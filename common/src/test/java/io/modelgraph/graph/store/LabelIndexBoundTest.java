package io.modelgraph.graph.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelgraph.graph.Node;
import io.modelgraph.graph.NodeType;
import io.modelgraph.store.TestStores;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The label index is bounded in bytes, not entries: a few dozen nodes with 1,000-character labels fill a bound
 * that their count is far below, and the least recently used space goes (real DynamoDB Local).
 */
class LabelIndexBoundTest {
    private final GraphStore store = GraphStore.of(TestStores.services());
    private final String project = TestStores.newProjectId();
    private final String table = TestStores.services().stores().graphTable();

    private void space(String id, int nodes, char letter) {
        Instant now = Instant.now();
        store.createNode(project, new Node(id, "space " + id, NodeType.Space, List.of(id), now, now, "t", "t", false,
                1));
        for (int i = 0; i < nodes; i++) {
            store.createNode(project, new Node(id + "-n" + i, String.valueOf(letter).repeat(1_000) + i,
                    NodeType.Type, List.of(id), now, now, "t", "t", false, 1));
        }
    }

    private List<LabelIndex.Candidate> search(LabelIndex index, String space, String needle) {
        return index.candidates(project, store.versions().read(project), List.of(space), List.of(NodeType.Type),
                NodeOrder.LABEL, false, Optional.empty(), needle, 100);
    }

    @Test
    void longLabelsFillTheBoundAndTheLeastRecentlyUsedSpaceGoes() {
        space("space-a", 30, 'a');
        space("space-b", 30, 'b');
        space("space-c", 30, 'c');
        DynamoCalls calls = new DynamoCalls(TestStores.services().dynamo(), table);
        Clock clock = Clock.systemUTC();
        LabelIndex unbounded = new LabelIndex(calls, new LabelSnapshots(TestStores.services().dynamo(), table, calls,
                clock), clock);
        assertEquals(30, search(unbounded, "space-a", "aaa").size());
        long oneSpace = unbounded.cachedBytes();
        assertTrue(oneSpace > 30 * 2_000, "a 1,000-character label costs over 2,000 bytes: " + oneSpace);

        // room for two such spaces, not three: 90 entries are far below any entry count bound
        LabelIndex bounded = new LabelIndex(calls, new LabelSnapshots(TestStores.services().dynamo(), table, calls,
                clock), clock, oneSpace * 5 / 2);
        assertEquals(30, search(bounded, "space-a", "aaa").size());
        assertEquals(30, search(bounded, "space-b", "bbb").size());
        assertEquals(2, bounded.cachedSpaces());
        assertEquals(30, search(bounded, "space-a", "aaa").size()); // a is now the most recently used
        assertEquals(30, search(bounded, "space-c", "ccc").size());
        assertEquals(2, bounded.cachedSpaces(), "b, the least recently used, went");
        assertTrue(bounded.cachedBytes() <= oneSpace * 5 / 2, "within the bound: " + bounded.cachedBytes());
        // what went is read again when asked for, with the same answer
        assertEquals(30, search(bounded, "space-b", "bbb").size());
        assertEquals(2, bounded.cachedSpaces());
    }
}
