package io.modelgraph.store;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
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
        Outcome outcome = writeUntilFailure(table, requests);
        if (outcome.failure().isPresent()) {
            Throwable t = outcome.failure().get();
            if (t instanceof RuntimeException re) {
                throw re;
            }
            if (t instanceof Error e) {
                throw e;
            }
            throw new IllegalStateException(t);
        }
        return outcome.calls();
    }

    /**
     * What {@link #writeUntilFailure} did: the calls made, the requests of chunks never started (so certainly
     * not written), and the first failure. Chunks that started and then failed may be partly written.
     */
    public record Outcome(int calls, List<WriteRequest> unsent, Optional<Throwable> failure) {
        public Outcome {
            unsent = List.copyOf(unsent);
        }
    }

    /**
     * Like {@link #write}, but after the first failing chunk no further chunk starts, every chunk already in
     * flight is waited for (so nothing is still being written when this returns: a caller undoing the write
     * must not race its own late batches), and the failure - an Error included - is returned, not thrown.
     */
    public Outcome writeUntilFailure(String table, List<WriteRequest> requests) {
        AtomicBoolean stop = new AtomicBoolean();
        List<List<WriteRequest>> chunks = new ArrayList<>();
        List<Future<Integer>> futures = new ArrayList<>();
        for (int i = 0; i < requests.size(); i += CHUNK) {
            List<WriteRequest> chunk = requests.subList(i, Math.min(requests.size(), i + CHUNK));
            chunks.add(chunk);
            futures.add(POOL.submit(() -> {
                if (stop.get()) {
                    return -1; // not started
                }
                try {
                    return writeChunk(table, chunk);
                } catch (RuntimeException | Error e) {
                    stop.set(true);
                    throw e;
                }
            }));
        }
        int calls = 0;
        List<WriteRequest> unsent = new ArrayList<>();
        Throwable failure = null;
        for (int i = 0; i < futures.size(); i++) {
            try {
                int made = futures.get(i).get();
                if (made < 0) {
                    unsent.addAll(chunks.get(i));
                } else {
                    calls += made;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                stop.set(true);
                failure = failure == null ? new IllegalStateException("Interrupted while writing a batch", e) : failure;
            } catch (ExecutionException e) {
                failure = failure == null ? e.getCause() : failure;
            }
        }
        return new Outcome(calls, unsent, Optional.ofNullable(failure));
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
