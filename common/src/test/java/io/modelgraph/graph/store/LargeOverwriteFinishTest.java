package io.modelgraph.graph.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.TextNode;
import io.modelgraph.graph.MainSpace;
import io.modelgraph.graph.MixinValue;
import io.modelgraph.graph.Node;
import io.modelgraph.graph.NodeType;
import io.modelgraph.platform.Services;
import io.modelgraph.store.TestStores;
import io.modelgraph.testing.MovableClock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A large write whose overwritten node items are large: finishing it moves each staged version in place in one
 * transaction with its copy's deletion, and those transactions must stay under DynamoDB's 4 MB per transaction, or
 * the write stays {@code applying} with its nodes locked (docs/graph.md "Large writes", step 7).
 */
class LargeOverwriteFinishTest {
    private static final int NODES = 60;
    private final Services services = TestStores.services();
    private final MovableClock clock = new MovableClock();
    private final GraphStore store = new GraphStore(services.dynamo(), services.stores().graphTable(), clock);

    @Test
    void largeOverwrittenItemsAreFinishedAndUnlocked() {
        String projectId = TestStores.newProjectId();
        store.ensureMainSpace(projectId, "tester");
        List<Node> nodes = new ArrayList<>();
        for (int i = 0; i < NODES; i++) {
            nodes.add(new Node("n" + i, "node " + i, NodeType.Element, List.of(MainSpace.idFor(projectId)),
                    clock.instant(), clock.instant(), "tester", "tester", false, 1));
        }
        store.bulkWrite(projectId, nodes, List.of(), List.of(), "tester");
        // 60 node items of ~120 KB each: ~7 MB of staged versions, over one transaction's 4 MB at 50 pairs
        String big = "x".repeat(120_000);
        List<MixinValue> values = new ArrayList<>();
        for (int i = 0; i < NODES; i++) {
            values.add(new MixinValue("n" + i, "description", Map.of("description", TextNode.valueOf(big + i))));
        }
        store.bulkWrite(projectId, List.of(), List.of(), values, "tester");

        ProjectVersion.Listed listed = store.versions().listed(GraphKeys.pk(projectId));
        assertEquals(List.of(), List.copyOf(listed.applying()), "writes left applying");
        List<String> locked = new ArrayList<>();
        store.items(projectId, nodes.stream().map(n -> GraphKeys.nodeSk(n.id())).toList()).forEach((sk, item) -> {
            if (item.containsKey(StagedWrites.LOCK)) {
                locked.add(sk);
            }
        });
        assertEquals(List.of(), locked, "node items still locked");
        assertTrue(store.mixinValues(projectId, "n7").get(0).columns().get("description").asText().endsWith("x7"));
    }
}
