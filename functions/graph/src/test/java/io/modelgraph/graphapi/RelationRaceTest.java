package io.modelgraph.graphapi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelgraph.api.ApiProblem;
import io.modelgraph.graph.Node;
import io.modelgraph.graph.store.GraphStore;
import io.modelgraph.http.Body;
import io.modelgraph.json.Json;
import java.time.Clock;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * A relation create that loses to a concurrent delete of one of its end nodes (the node was live when read and
 * is deleted before the write lands, on the real DynamoDB Local) answers 400 at the member naming that node, and
 * writes nothing.
 */
class RelationRaceTest {
    private static final String TABLE = GraphApi.SERVICES.stores().graphTable();
    private final GraphApi api = new GraphApi();
    private final String project = api.project();
    private final GraphStore plain = GraphStore.of(GraphApi.SERVICES);
    private final FaultyDynamo faulty = new FaultyDynamo();
    private final GraphStore store = new GraphStore(faulty.client, TABLE, Clock.systemUTC());

    private ApiProblem createLosingTo(String deleted, String from, String to) {
        AtomicBoolean interfered = new AtomicBoolean();
        faulty.interfere(r -> r.transactItems().stream().map(FaultyDynamo::sortKeyOfPut)
                .anyMatch(sk -> sk != null && sk.startsWith("R#")), r -> {
                    interfered.set(true);
                    plain.modifyNode(project, deleted, n -> new Node(n.id(), n.label(), n.nodeType(), n.spaceIds(),
                            n.createdAt(), n.updatedAt(), n.createdBy(), n.updatedBy(), true, n.version()), "other");
                });
        Body body = new Body(Json.valueToTree(Map.of("fromNodeId", from, "toNodeId", to, "relationGroupId",
                "domain-includes")), "body");
        ApiProblem problem = assertThrows(ApiProblem.class, () -> new RelationService(store).create(project, body,
                "alice"));
        assertTrue(interfered.get(), "the delete ran between the read and the write");
        return problem;
    }

    @Test
    void theDeletedToNodeIsNamed() {
        String element = api.createNode("name", "Element");
        String type = api.createNode("Person", "Type");
        ApiProblem problem = createLosingTo(type, element, type);
        assertEquals(400, problem.status());
        assertEquals("body.toNodeId", problem.path());
        assertTrue(problem.getMessage().contains("Node '" + type + "' was deleted"), problem.getMessage());
        assertEquals(0, api.fetch(element, true, false).path("relations").size(), "nothing was written");
    }

    @Test
    void theDeletedFromNodeIsNamed() {
        String element = api.createNode("name", "Element");
        String type = api.createNode("Person", "Type");
        ApiProblem problem = createLosingTo(element, element, type);
        assertEquals("body.fromNodeId", problem.path());
        assertTrue(problem.getMessage().contains("Node '" + element + "' was deleted"), problem.getMessage());
    }
}
