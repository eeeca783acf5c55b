package io.modelgraph.schema.graph;

import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.SchemaEncoder;
import io.modelgraph.graph.GraphChanges;
import io.modelgraph.graph.GraphSnapshot;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.SchemaModel;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Model → graph changes → in-memory snapshot → model: the whole model comes back equal (model-level facts
 * included), and re-applying it is empty.
 * Every codec's conformance test checks its decoded models with it (shared through common's test-jar).
 */
public final class GraphRoundTrip {
    private static final ModelGraphMapper MAPPER = new ModelGraphMapper();

    public static boolean holds(SchemaModel model) {
        AtomicInteger ids = new AtomicInteger();
        GraphSnapshot empty = new GraphSnapshot(List.of("main"), List.of(), List.of(), List.of());
        GraphChanges changes = MAPPER.toChanges(model, empty, List.of("main"), () -> "n" + ids.incrementAndGet());
        GraphSnapshot graph = SnapshotReplay.apply(empty, changes, "test", Instant.EPOCH);
        SchemaModel back = MAPPER.toModel(graph, model.name());
        return back.equals(model) && MAPPER.toChanges(model, graph, List.of("main"), () -> "m" + ids.incrementAndGet()).isEmpty();
    }

    /** The model as the graph gives it back after storing it in an empty project. */
    public static SchemaModel through(SchemaModel model) {
        AtomicInteger ids = new AtomicInteger();
        GraphSnapshot empty = new GraphSnapshot(List.of("main"), List.of(), List.of(), List.of());
        GraphChanges changes = MAPPER.toChanges(model, empty, List.of("main"), () -> "n" + ids.incrementAndGet());
        return MAPPER.toModel(SnapshotReplay.apply(empty, changes, "test", Instant.EPOCH), model.name());
    }

    /** Whether a format writes the same document for the model before and after the graph stored it. */
    public static boolean exportsAlike(SchemaEncoder encoder, SchemaModel model) {
        return encoder.encode(model, CodecOptions.NONE, new LossinessLedger()).equals(encoder.encode(through(model),
                CodecOptions.NONE, new LossinessLedger()));
    }

    private GraphRoundTrip() {
    }
}
