package io.modelgraph.graphapi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.modelgraph.graph.MainSpace;
import io.modelgraph.graph.MixinValue;
import io.modelgraph.graph.Node;
import io.modelgraph.graph.NodeType;
import io.modelgraph.graph.Relation;
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
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * What a fetchNodes page costs in reads of the project's version item (docs/graph.md "Large writes", "What readers
 * see"): one before the page and one after it, whatever the page meets. Counted by a client that passes every call
 * on to DynamoDB Local, over items one large write put (each carries its write's id, so each must be judged).
 */
class FetchNodesVersionReadTest {
    private static final int NODES = 150;
    private final DynamoDbClient real = GraphApi.SERVICES.dynamo();
    private final String table = GraphApi.SERVICES.stores().graphTable();
    private final WatchedDynamo dynamo = new WatchedDynamo(real);
    private final AtomicInteger versionReads = dynamo.counter(LargeWriteCalls::isVersionRead);
    private final GraphStore reader = new GraphStore(dynamo.client(), table, Clock.systemUTC());

    /** A project whose nodes, relations and values one large write put. */
    private String written() {
        GraphStore writer = new GraphStore(real, table, Clock.systemUTC());
        String project = TestStores.newProjectId();
        writer.ensureMainSpace(project, "tester");
        Instant now = Instant.now();
        List<Node> nodes = new ArrayList<>();
        List<Relation> relations = new ArrayList<>();
        List<MixinValue> values = new ArrayList<>();
        for (int i = 0; i < NODES; i++) {
            nodes.add(new Node("n" + i, "node " + i, NodeType.Element, List.of(MainSpace.idFor(project)), now, now,
                    "tester", "tester", false, 1));
            relations.add(new Relation("r" + i, "n" + i, "n" + ((i + 1) % NODES), "subclass-of"));
            values.add(new MixinValue("n" + i, "description", Map.of("description", TextNode.valueOf("d" + i))));
        }
        writer.bulkWrite(project, nodes, relations, values, "tester");
        return project;
    }

    private JsonNode page(String project, Optional<String> expression) {
        FetchNodesRequest q = new FetchNodesRequest(Optional.of(NodeType.Element), List.of(), expression, List.of(),
                true, true, Optional.empty(), false, 50, Optional.empty(), false);
        versionReads.set(0);
        return Json.valueToTree(new FetchNodesQuery(reader, new PagingToken("test-secret")).run(project, q));
    }

    @Test
    void aPageOverANewLargeWriteReadsTheVersionTwice() {
        JsonNode page = page(written(), Optional.empty());
        assertEquals(50, page.path("nodes").size());
        assertEquals("d0", page.path("nodes").get(0).path("mixins").get(0).path("columns").get(0).path("value")
                .asText(), "the page's values: " + page.path("nodes").get(0));
        assertEquals(2, page.path("nodes").get(0).path("relations").size(), "relations of node 0");
        // before: a third read judged the write's items, which no version read before them had listed
        assertEquals(2, versionReads.get(), "version reads of one page");
    }

    @Test
    void anExpressionPageReadsTheVersionTwice() {
        JsonNode page = page(written(), Optional.of("node 1"));
        // node 1, node 10-19, node 100-149: 61 labels contain "node 1"
        assertEquals(50, page.path("nodes").size());
        assertEquals(false, page.path("lastPage").asBoolean());
        // before: the label index read the version a third time for its own stamp
        assertEquals(2, versionReads.get(), "version reads of one Expression page");
    }
}
