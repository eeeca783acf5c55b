package io.modelgraph.schema.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelgraph.graph.GraphChanges;
import io.modelgraph.graph.GraphSnapshot;
import io.modelgraph.graph.store.GraphStore;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.store.TestStores;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** model → graph → model is the identity over generated models that use every field of the canonical model. */
class ModelGraphPropertyTest {
    private static final ModelGraphMapper MAPPER = new ModelGraphMapper();

    @Test
    void everyGeneratedModelComesBackEqualFromAnInMemoryGraph() {
        int models = 0;
        for (long seed = 1; seed <= 1_000; seed++) {
            SchemaModel model = new ModelGenerator(seed).next();
            AtomicInteger ids = new AtomicInteger();
            GraphSnapshot empty = new GraphSnapshot(List.of("main"), List.of(), List.of(), List.of());
            GraphChanges changes = MAPPER.toChanges(model, empty, List.of("main"), () -> "n" + ids.incrementAndGet());
            GraphSnapshot graph = SnapshotReplay.apply(empty, changes, "test", Instant.EPOCH);
            assertEquals(model, MAPPER.toModel(graph, "unused"), "seed " + seed);
            assertTrue(MAPPER.toChanges(model, graph, List.of("main"), () -> "m" + ids.incrementAndGet()).isEmpty(),
                    "seed " + seed + ": re-applying the same model must change nothing");
            models++;
        }
        System.out.println("ModelGraphPropertyTest: " + models + " generated models round-tripped in memory");
        assertEquals(1_000, models);
    }

    /** The same through the real graph store (DynamoDB Local): what the store hands back must read the same. */
    @Test
    void generatedModelsComeBackEqualFromTheGraphStore() {
        GraphStore store = GraphStore.of(TestStores.services());
        int models = 0;
        for (long seed = 2_001; seed <= 2_012; seed++) {
            SchemaModel model = new ModelGenerator(seed).next();
            String project = TestStores.newProjectId();
            GraphSnapshot before = store.load(project, List.of());
            List<String> space = List.of(io.modelgraph.graph.MainSpace.idFor(project));
            store.apply(project, MAPPER.toChanges(model, before, space, () -> UUID.randomUUID().toString()), "test");
            GraphSnapshot after = store.load(project, List.of());
            assertEquals(model, MAPPER.toModel(after, "unused"), "seed " + seed);
            assertTrue(MAPPER.toChanges(model, after, space, () -> UUID.randomUUID().toString()).isEmpty(),
                    "seed " + seed + ": re-applying the same model must change nothing");
            models++;
        }
        System.out.println("ModelGraphPropertyTest: " + models + " generated models round-tripped through DynamoDB Local");
    }
}
