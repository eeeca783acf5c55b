package io.modelgraph.bench;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import io.modelgraph.embedded.EmbeddedAws;
import io.modelgraph.graphapi.GraphHandler;
import io.modelgraph.jobs.WriteBudget;
import io.modelgraph.jobs.WriteKind;
import io.modelgraph.jobs.WriteRate;
import io.modelgraph.platform.Services;
import io.modelgraph.platform.Settings;
import io.modelgraph.store.AwsClients;
import io.modelgraph.store.StoreConfig;
import io.modelgraph.store.Tables;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The figure behind {@link WriteRate#MEASURED_BULK_UNITS_PER_SECOND}: change units (nodes, relations, mixin
 * values, as bulkCreate's budget counts them) per second of a whole bulkCreate call through the graph handler on
 * DynamoDB Local in this JVM, every round into a fresh table (docs/graph.md "Time budget and jobs"). The call's
 * entries are GraphBench's (given node Ids, so validation reads them all). Prints each round and the median.
 * {@code java -cp "bench/target/classes:$(cat bench/target/classpath.txt)" io.modelgraph.bench.BulkRateBench
 * [rounds] [entries of each kind]}.
 */
public final class BulkRateBench {
    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 7;
        int n = args.length > 1 ? Integer.parseInt(args[1]) : 3_000;
        EmbeddedAws aws = EmbeddedAws.start(Optional.empty());
        try {
            StoreConfig cfg = StoreConfig.from(Map.of()).withEndpoints(aws.dynamoEndpoint(), aws.s3Endpoint());
            Services base = new Services(cfg, AwsClients.dynamo(cfg), AwsClients.s3(cfg),
                    Settings.from(Map.of()).withPagingSecret("bench"), Clock.systemUTC());
            Tables.ensure(base.dynamo(), base.s3(), cfg);
            List<Double> rates = new ArrayList<>();
            int units = 3 * n;
            // round 0 warms the JIT and is not counted
            for (int round = 0; round <= rounds; round++) {
                StoreConfig tables = GraphBench.withGraphTable(cfg, "bulk-rate-" + round);
                Tables.ensure(base.dynamo(), base.s3(), tables);
                GraphHandler handler = new GraphHandler(new Services(tables, base.dynamo(), base.s3(), base.settings(),
                        base.clock()));
                String body = GraphBench.bulkBody(n);
                String load = ImportFigures.loadAverage();
                long t0 = System.nanoTime();
                APIGatewayV2HTTPResponse r = GraphBench.call(handler, GraphBench.newProject(), "POST", "bulkCreate",
                        body);
                double seconds = (System.nanoTime() - t0) / 1e9;
                if (r.getStatusCode() != 200) {
                    throw new IllegalStateException("bulkCreate failed: " + r.getBody());
                }
                base.dynamo().deleteTable(b -> b.tableName(tables.graphTable()));
                if (round > 0) {
                    rates.add(units / seconds);
                    System.out.printf(Locale.ROOT, "round %d: %,d units in %.2f s = %,.0f units/s (load average %s)%n",
                            round, units, seconds, units / seconds, load);
                }
            }
            Collections.sort(rates);
            double median = rates.get(rates.size() / 2);
            WriteRate used = WriteRate.measured();
            long usable = 29_000 - WriteBudget.RESERVE_MILLIS;
            System.out.printf(Locale.ROOT, "bulkCreate median %,.0f units/s; the service assumes %,.0f with safety "
                    + "factor %.0f: a 29 s request (less %d ms reserve) takes at most %,d units inline (change sets: "
                    + "%,d)%n", median, used.unitsPerSecond(WriteKind.BULK_CREATE), used.safetyFactor(),
                    WriteBudget.RESERVE_MILLIS, used.unitsWithin(WriteKind.BULK_CREATE, usable),
                    used.unitsWithin(usable));
        } finally {
            aws.close();
        }
        System.exit(0); // DynamoDB Local leaves non-daemon threads
    }

    private BulkRateBench() {
    }
}
