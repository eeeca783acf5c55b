package io.modelgraph.bench;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.bench.TransformCalls.Result;
import io.modelgraph.json.Json;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * The 500-type import figures of docs/graph.md "Benchmark": the jsonschema import of TransformBench's
 * 500-entity / 5,000-property model into a new project through the transform handler, then the same import again
 * into that project, with every DynamoDB item the second one writes counted. It uses only the handler and the
 * harness ({@link TransformCalls}), so {@code bench/write-figures.sh} compiles it against an older build as well and
 * runs both builds alternately. {@code java -cp <bench class path> io.modelgraph.bench.ImportFigures [rounds]} prints
 * one {@code IMPORT_MS <ms> REIMPORT_MS <ms> REIMPORT_WRITES <items> <requests>} line per round.
 *
 * <p>Writes are counted by {@link WriteCounter}, which the AWS SDK adds to every DynamoDB client when the class path
 * lists it in {@code software/amazon/awssdk/services/dynamodb/execution.interceptors} (the script writes that file);
 * without it the line says {@code REIMPORT_WRITES uncounted}.
 */
public final class ImportFigures {

    /** Items and requests of every DynamoDB write made while {@link #counting} is set. */
    public static final class WriteCounter implements ExecutionInterceptor {
        static volatile boolean installed;
        static volatile boolean counting;
        static final AtomicLong ITEMS = new AtomicLong();
        static final AtomicLong REQUESTS = new AtomicLong();

        public WriteCounter() {
            installed = true;
        }

        @Override
        public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
            if (!counting) {
                return;
            }
            Object request = context.request();
            long items = 0;
            if (request instanceof BatchWriteItemRequest b) {
                items = b.requestItems().values().stream().mapToLong(List::size).sum();
            } else if (request instanceof TransactWriteItemsRequest t) {
                items = t.transactItems().size();
            } else if (request instanceof PutItemRequest || request instanceof UpdateItemRequest
                    || request instanceof DeleteItemRequest) {
                items = 1;
            }
            if (items > 0) {
                ITEMS.addAndGet(items);
                REQUESTS.incrementAndGet();
            }
        }
    }

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 1;
        TransformCalls.services();
        ObjectNode body = Json.object().put("format", "jsonschema").put("schema", TransformBench.jsonSchema());
        // a small import first, so class loading and the embedded stores' start are not timed
        check(new TransformCalls(TransformCalls.newProjectId()).post("schema/import", Json.object()
                .put("format", "jsonschema").put("schema", "{\"$defs\": {\"A\": {\"type\": \"object\", "
                        + "\"properties\": {\"x\": {\"type\": \"string\"}}}}}"), "Admin"), "warm-up import");
        for (int round = 1; round <= rounds; round++) {
            TransformCalls calls = new TransformCalls(TransformCalls.newProjectId());
            String load = loadAverage();
            long t0 = System.nanoTime();
            check(calls.post("schema/import", body, "Admin"), "schema/import");
            long t1 = System.nanoTime();
            WriteCounter.ITEMS.set(0);
            WriteCounter.REQUESTS.set(0);
            WriteCounter.counting = true;
            long t2 = System.nanoTime();
            check(calls.post("schema/import", body, "Admin"), "schema/import of the unchanged schema");
            long t3 = System.nanoTime();
            WriteCounter.counting = false;
            System.out.printf(Locale.ROOT, "IMPORT_MS %d REIMPORT_MS %d REIMPORT_WRITES %s LOAD %s%n",
                    (t1 - t0) / 1_000_000, (t3 - t2) / 1_000_000, WriteCounter.installed
                            ? WriteCounter.ITEMS.get() + " " + WriteCounter.REQUESTS.get() : "uncounted",
                    load.replace(' ', '/'));
        }
        System.exit(0); // the embedded stores leave non-daemon threads
    }

    /** The 1, 5 and 15 minute load averages (Linux), or "?" where there is no /proc; every bench prints it. */
    static String loadAverage() {
        try {
            String[] f = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/loadavg")).split(" ");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (java.io.IOException | RuntimeException e) {
            return "?";
        }
    }

    private static void check(Result r, String what) {
        if (!r.success()) {
            System.out.println(what + " FAILED: " + r);
            System.exit(1);
        }
    }

    private ImportFigures() {
    }
}
