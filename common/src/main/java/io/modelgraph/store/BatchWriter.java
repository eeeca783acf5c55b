package io.modelgraph.store;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Writes many items with BatchWriteItem: chunks of 25, a few chunks in parallel, unprocessed items
 * retried with exponential backoff and full jitter. Throws only when items are still unprocessed after
 * every attempt, naming how many.
 */
public final class BatchWriter {
    public static final int CHUNK = 25;
    private static final int MAX_ATTEMPTS = 10;
    private static final long BASE_DELAY_MS = 20;
    private static final long MAX_DELAY_MS = 2_000;

    /** Shared per container; daemon threads so a handler's JVM can exit. */
    private static final ExecutorService POOL = Executors.newFixedThreadPool(4, r -> {
        Thread t = new Thread(r, "batch-writer");
        t.setDaemon(true);
        return t;
    });

    private final DynamoDbClient dynamo;

    public BatchWriter(DynamoDbClient dynamo) {
        this.dynamo = dynamo;
    }

    /** Writes all requests to one table; returns the number of BatchWriteItem calls made (retries included). */
    public int write(String table, List<WriteRequest> requests) {
        return write(table, requests, Function.identity());
    }

    /**
     * Writes the request of each item, built as its chunk goes out, so the SDK's copy of an item lives no longer
     * than its call. After the first failing chunk no further chunk starts, and every chunk already in flight is
     * waited for before the failure is thrown: nothing is still being written then, so a caller undoing the write
     * never races its own late batches.
     */
    public <T> int write(String table, List<T> items, Function<T, WriteRequest> request) {
        AtomicBoolean stop = new AtomicBoolean();
        List<Future<Integer>> futures = new ArrayList<>();
        for (int i = 0; i < items.size(); i += CHUNK) {
            List<T> chunk = items.subList(i, Math.min(items.size(), i + CHUNK));
            futures.add(POOL.submit(() -> {
                try {
                    return stop.get() ? 0 : writeChunk(table, chunk.stream().map(request).toList());
                } catch (RuntimeException | Error e) {
                    stop.set(true);
                    throw e;
                }
            }));
        }
        int calls = 0;
        Throwable failure = null;
        for (Future<Integer> future : futures) {
            try {
                calls += future.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                stop.set(true);
                failure = failure == null ? new IllegalStateException("Interrupted while writing a batch", e) : failure;
            } catch (ExecutionException e) {
                failure = failure == null ? e.getCause() : failure;
            }
        }
        if (failure instanceof Error e) {
            throw e;
        }
        if (failure != null) {
            throw failure instanceof RuntimeException re ? re : new IllegalStateException(failure);
        }
        return calls;
    }

    int writeChunk(String table, List<WriteRequest> chunk) {
        Map<String, List<WriteRequest>> pending = Map.of(table, List.copyOf(chunk));
        int calls = 0;
        for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
            if (attempt > 0) {
                sleep(backoff(attempt));
            }
            Map<String, List<WriteRequest>> sending = Map.copyOf(pending);
            BatchWriteItemResponse response = dynamo.batchWriteItem(b -> b.requestItems(sending));
            calls++;
            Map<String, List<WriteRequest>> left = response.unprocessedItems();
            if (left == null || left.isEmpty() || left.values().stream().allMatch(List::isEmpty)) {
                return calls;
            }
            pending = left;
        }
        int remaining = pending.values().stream().mapToInt(List::size).sum();
        throw new UnprocessedItemsException(remaining, MAX_ATTEMPTS);
    }

    static long backoff(int attempt) {
        long cap = Math.min(MAX_DELAY_MS, BASE_DELAY_MS << Math.min(attempt, 16));
        return ThreadLocalRandom.current().nextLong(cap / 2, cap + 1);
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted during batch retry backoff", e);
        }
    }

    /** Items DynamoDB kept refusing (throttling) after all retries. */
    public static final class UnprocessedItemsException extends RuntimeException {
        public UnprocessedItemsException(int remaining, int attempts) {
            super(remaining + " items were still unprocessed after " + attempts + " BatchWriteItem attempts");
        }
    }
}
