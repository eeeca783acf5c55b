package io.modelgraph.graphapi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelgraph.graph.store.GraphStore;
import io.modelgraph.graph.store.ProjectVersion;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every write route moves the project's version (what validateJSON, the exports and the label index trust), a
 * refused write does not, and large writes set the rebuild mark that the label index's delta reads rely on.
 */
class ProjectVersionTest {
    private final GraphApi api = new GraphApi();
    private final GraphStore store = GraphStore.of(GraphApi.SERVICES);

    @Test
    void everyWriteMovesTheVersionAndLargeWritesMarkARebuild() {
        String a = api.createNode("A", "Element");
        String t = api.createNode("T", "Type");
        ProjectVersion.Stamp start = stamp();
        assertTrue(start.version() > 0, "the first writes moved it");

        long v = moved(start.version(), () -> api.put("node", Map.of("Id", a, "label", "A2")).ok(), "node update");
        String[] rel = new String[1];
        v = moved(v, () -> rel[0] = api.relate(a, t, "domain-includes"), "relation create");
        v = moved(v, () -> api.delete("relation", Map.of("fromNodeId", a, "toNodeId", t, "relationGroupId",
                "domain-includes", "Id", rel[0])).ok(), "relation delete");
        v = moved(v, () -> api.post("mixinValue", Map.of("targetNodeId", a, "mixinId", "description",
                "mixinColumns", List.of(Map.of("Id", "description", "value", "d")))).ok(), "mixin set");
        v = moved(v, () -> api.delete("mixinValue", Map.of("targetNodeId", a, "mixinId", "description",
                "mixinColumnIds", List.of("description"))).ok(), "mixin remove");
        v = moved(v, () -> api.delete("node/" + a, null).ok(), "node delete");
        v = moved(v, () -> api.post("node/" + a + "/restore", Map.of()).ok(), "node restore");
        v = moved(v, () -> api.post("relationGroup", Map.of("label", "Custom", "from", List.of("Element"), "to",
                List.of("Type"))).ok(), "custom relation group");
        v = moved(v, () -> api.post("mixin", Map.of("label", "Custom mixin", "type", "normal mixin", "columns",
                List.of(Map.of("Id", "c1", "Label", "C1")))).ok(), "custom mixin");

        // a refused write leaves it alone
        api.put("node", Map.of("Id", "no-such-node", "label", "x"));
        assertEquals(v, stamp().version(), "a refused write does not move the version");

        // small bulk: one transaction with the bump, no rebuild mark; large bulk: bumped once, rebuild marked
        long beforeSmall = stamp().rebuildAt();
        v = moved(v, () -> api.post("bulkCreate", Map.of("nodes", List.of(Map.of("label", "small", "nodeType",
                "Tag")))).ok(), "small bulkCreate");
        assertEquals(beforeSmall, stamp().rebuildAt());
        List<Map<String, Object>> many = new java.util.ArrayList<>();
        for (int i = 0; i < 150; i++) {
            many.add(Map.of("label", "bulk " + i, "nodeType", "Tag"));
        }
        long beforeLarge = v;
        api.post("bulkCreate", Map.of("nodes", many)).ok();
        ProjectVersion.Stamp after = stamp();
        assertEquals(beforeLarge + 1, after.version(), "a large write moves it once, when it has settled");
        assertEquals(after.version(), after.rebuildAt(), "and marks a rebuild (its items carry its start time)");
    }

    private long moved(long before, Runnable write, String what) {
        write.run();
        long now = stamp().version();
        assertTrue(now > before, what + " moves the version (" + before + " -> " + now + ")");
        return now;
    }

    private ProjectVersion.Stamp stamp() {
        return store.versions().read(api.project());
    }
}
