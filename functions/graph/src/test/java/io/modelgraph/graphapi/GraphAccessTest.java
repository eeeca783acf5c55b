package io.modelgraph.graphapi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.IntNode;
import io.modelgraph.api.ApiProblems;
import io.modelgraph.graph.GraphChanges;
import io.modelgraph.graph.GraphSnapshot;
import io.modelgraph.graph.MixinValue;
import io.modelgraph.graph.Node;
import io.modelgraph.graph.NodeType;
import io.modelgraph.graph.Relation;
import io.modelgraph.graph.store.GraphStore;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The GraphAccess side of the store, used by the schema surfaces: whole-space loads and all-or-nothing change sets. */
class GraphAccessTest {
    private final GraphApi api = new GraphApi();
    private final GraphStore store = GraphStore.of(GraphApi.SERVICES);

    @Test
    void applyWritesAChangeSetAndLoadReadsTheSpaceBack() {
        store.apply(api.project(), GraphChanges.additions(
                List.of(new GraphChanges.NodeUpsert("p", "Person", NodeType.Type, List.of()),
                        new GraphChanges.NodeUpsert("n", "name", NodeType.Element, List.of())),
                List.of(new Relation("r", "n", "p", "domain-includes")),
                List.of(new MixinValue("n", "cardinality", Map.of("minOccurs", IntNode.valueOf(1))))), "importer");
        GraphSnapshot snap = store.load(api.project(), List.of());
        assertEquals(3, snap.nodes().size(), "the main space node, p and n");
        assertEquals(1, snap.relations().size());
        assertEquals(1, snap.mixinValues().size());
        assertEquals("importer", api.fetch("n", false, false).path("createdBy").asText());

        store.apply(api.project(), new GraphChanges(
                List.of(new GraphChanges.NodeUpsert("p", "Human", NodeType.Type, List.of())), List.of(),
                List.of(new MixinValue("n", "cardinality", Map.of("maxOccurs", IntNode.valueOf(3)))), List.of(),
                List.of(new Relation("r", "n", "p", "domain-includes"))), "importer");
        GraphSnapshot after = store.load(api.project(), List.of());
        assertEquals(0, after.relations().size());
        // a change set's mixin value replaces the stored one (a merge says what the file says: docs/exchange.md)
        assertEquals(Map.of("maxOccurs", IntNode.valueOf(3)), after.mixinValues().get(0).columns(), "values replace");
        assertEquals("Human", api.fetch("p", false, false).path("label").asText());
    }

    @Test
    void aNeverWrittenProjectLoadsEmptyAndItsFirstWriteShowsAtOnce() {
        String fresh = "never-written-" + UUID.randomUUID();
        GraphSnapshot empty = store.load(fresh, List.of("s"));
        assertEquals(List.of("s"), empty.spaceIds());
        assertTrue(empty.nodes().isEmpty() && empty.relations().isEmpty() && empty.mixinValues().isEmpty());

        // a space node is its own space: the project's first write, with no main space put before it
        Instant now = Instant.now();
        store.createNode(fresh, new Node("s", "Space S", NodeType.Space, List.of("s"), now, now, "u", "u", false, 1));
        GraphSnapshot written = store.load(fresh, List.of("s"));
        assertEquals(List.of("s"), written.nodes().stream().map(Node::id).toList());
    }

    @Test
    void anInvalidChangeSetIsRefusedWholeWithEveryProblemListed() {
        ApiProblems problems = assertThrows(ApiProblems.class, () -> store.apply(api.project(), GraphChanges.additions(
                List.of(new GraphChanges.NodeUpsert("ok", "fine", NodeType.Type, List.of()),
                        new GraphChanges.NodeUpsert("bad#id", "x", NodeType.Type, List.of())),
                List.of(new Relation("r", "ok", "ghost", "subclass-of")),
                List.of(new MixinValue("ok", "nope", Map.of()))), "importer"));
        assertEquals(3, problems.problems().size());
        assertTrue(problems.getMessage().contains("changes.relations[0].toNodeId"), problems.getMessage());
        api.get("fetchNode?NodeId=ok").fails(404);
    }
}
