package io.modelgraph.bench;

import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.jsonschema.JsonSchemaCodec;
import io.modelgraph.graph.GraphChanges;
import io.modelgraph.graph.MainSpace;
import io.modelgraph.graph.store.GraphStore;
import io.modelgraph.jobs.WriteRate;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.graph.ModelGraphMapper;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.UUID;

/**
 * The figure behind {@link WriteRate#MEASURED_UNITS_PER_SECOND}: change units (node upserts, relations, mixin
 * values, removals) written per second by {@code GraphStore.apply} into a fresh project on the embedded
 * DynamoDB Local, for TransformBench's 500-entity / 5,000-property model. Prints each round and the median.
 * A main of the bench module: {@code java -cp <bench class path> io.modelgraph.bench.WriteRateBench [rounds]}.
 */
public final class WriteRateBench {
    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        var services = TransformCalls.services();
        GraphStore graph = GraphStore.of(services);
        SchemaModel model = new JsonSchemaCodec().decode(TransformBench.jsonSchema(), CodecOptions.NONE,
                new LossinessLedger());
        List<Double> rates = new ArrayList<>();
        for (int round = 1; round <= rounds; round++) {
            String projectId = TransformCalls.newProjectId();
            graph.ensureMainSpace(projectId, "bench");
            GraphChanges changes = new ModelGraphMapper().toChanges(model, graph.load(projectId, List.of()),
                    List.of(MainSpace.idFor(projectId)), () -> UUID.randomUUID().toString(), new LossinessLedger());
            int units = WriteRate.units(changes);
            long t0 = System.nanoTime();
            graph.apply(projectId, changes, "bench");
            double seconds = (System.nanoTime() - t0) / 1e9;
            rates.add(units / seconds);
            System.out.printf(Locale.ROOT, "round %d: %,d change units in %.2f s = %,.0f units/s%n", round, units,
                    seconds, units / seconds);
        }
        Collections.sort(rates);
        double median = rates.get(rates.size() / 2);
        WriteRate used = WriteRate.measured();
        System.out.printf(Locale.ROOT, "median %,.0f units/s; the service assumes %,.0f with safety factor %.0f: a"
                + " 29 s request (less %d ms reserve) writes inline at most %,d units%n", median, used.unitsPerSecond(),
                used.safetyFactor(), io.modelgraph.jobs.WriteBudget.RESERVE_MILLIS,
                used.unitsWithin(29_000 - io.modelgraph.jobs.WriteBudget.RESERVE_MILLIS));
        System.exit(0);
    }
}
