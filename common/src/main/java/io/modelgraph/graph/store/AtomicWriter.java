package io.modelgraph.graph.store;

import io.modelgraph.api.FatalError;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * Writes a project's item changes all-or-nothing (docs/graph.md "Large writes"). Up to 100 items: one
 * TransactWriteItems, so DynamoDB itself makes it atomic. More: transactions of up to 100 items, four at a
 * time, each item conditional on the pre-image the caller read (a concurrent writer fails the write instead
 * of being overwritten). If any transaction fails, the rest are not started and every transaction that did
 * or may have landed is undone by {@link Restorer}; undos still owed after its retries are recorded in the
 * {@link WriteJournal} and logged with a tracking code, and the next large write to the project finishes them.
 */
final class AtomicWriter {
    static final int TRANSACTION_ITEMS = 100;
    /** Under DynamoDB's 4 MB per transaction, with room for the conditions. */
    static final int TRANSACTION_BYTES = 3_000_000;
    private static final int ATTEMPTS = 6;

    private static final ExecutorService POOL = Executors.newFixedThreadPool(4, r -> {
        Thread t = new Thread(r, "graph-atomic-write");
        t.setDaemon(true);
        return t;
    });

    private enum Landed { YES, NO, MAYBE, NOT_SENT }

    private record ChunkResult(Landed landed, RuntimeException failure) {
    }

    private final DynamoDbClient dynamo;
    private final String table;
    private final Restorer restorer;
    private final WriteJournal journal;

    AtomicWriter(DynamoDbClient dynamo, String table, Restorer restorer, WriteJournal journal) {
        this.dynamo = dynamo;
        this.table = table;
        this.restorer = restorer;
        this.journal = journal;
    }

    /**
     * Applies every change or none. Throws {@link StoreConflictException} when another writer changed one of
     * the items first; rethrows any other fault once the items written so far are restored.
     */
    void write(String projectId, List<ItemChange> all) {
        List<ItemChange> changes = all.stream().filter(c -> !c.isNoop()).toList();
        if (changes.isEmpty()) {
            return;
        }
        List<List<ItemChange>> chunks = chunks(changes);
        if (chunks.size() == 1) {
            ChunkResult r = send(chunks.get(0), new AtomicBoolean());
            if (r.landed() == Landed.MAYBE) {
                restore(projectId, chunks.get(0), r.failure()); // the call failed after it may have landed
            }
            if (r.failure() != null) {
                throw r.failure();
            }
            return;
        }
        AtomicBoolean stop = new AtomicBoolean();
        List<Future<ChunkResult>> futures = new ArrayList<>();
        for (List<ItemChange> chunk : chunks) {
            futures.add(POOL.submit(() -> send(chunk, stop)));
        }
        List<ItemChange> toUndo = new ArrayList<>();
        RuntimeException failure = null;
        for (int i = 0; i < futures.size(); i++) {
            ChunkResult r = await(futures.get(i));
            if (r.landed() == Landed.YES || r.landed() == Landed.MAYBE) {
                toUndo.addAll(chunks.get(i));
            }
            if (r.failure() != null && failure == null) {
                failure = r.failure();
            }
        }
        if (failure == null) {
            return;
        }
        restore(projectId, toUndo, failure);
        throw failure;
    }

    private void restore(String projectId, List<ItemChange> toUndo, RuntimeException failure) {
        Restorer.Outcome outcome = restorer.revert(toUndo);
        if (outcome.complete()) {
            return;
        }
        String writeId = UUID.randomUUID().toString();
        boolean journaled = journal.record(projectId, writeId, outcome.owed());
        Map<String, Object> context = new LinkedHashMap<>();
        context.put("event", "incompleteLargeWrite");
        context.put("projectId", projectId);
        context.put("writeId", writeId);
        context.put("itemsStillToRestore", outcome.owed().size());
        context.put("journaled", journaled);
        context.put("finishedBy", journaled ? "the next large write to the project" : "nobody: restore by hand");
        FatalError.record(failure, context); // logs under a tracking code
    }

    private ChunkResult send(List<ItemChange> chunk, AtomicBoolean stop) {
        List<TransactWriteItem> tx = chunk.stream().map(c -> c.forward(table)).toList();
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            if (stop.get()) {
                return new ChunkResult(Landed.NOT_SENT, null);
            }
            try {
                dynamo.transactWriteItems(b -> b.transactItems(tx));
                return new ChunkResult(Landed.YES, null);
            } catch (TransactionCanceledException e) {
                if (refusedByCondition(e)) {
                    stop.set(true);
                    return new ChunkResult(Landed.NO, new StoreConflictException(
                            "The graph changed while the changes were applied; nothing was written, apply them again."));
                }
                if (attempt == ATTEMPTS - 1) {
                    stop.set(true);
                    return new ChunkResult(Landed.NO, contended(e) ? new StoreConflictException(
                            "The graph kept changing while the changes were applied; nothing was written, apply"
                                    + " them again.") : e);
                }
                DynamoCalls.sleep(attempt + 1); // another transaction held an item, or throttling: try again
            } catch (SdkException e) {
                // the SDK has retried already; the transaction may or may not have landed
                stop.set(true);
                return new ChunkResult(Landed.MAYBE, e);
            } catch (RuntimeException e) {
                stop.set(true);
                return new ChunkResult(Landed.MAYBE, e);
            }
        }
        throw new IllegalStateException("unreachable");
    }

    private static ChunkResult await(Future<ChunkResult> future) {
        try {
            return future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new ChunkResult(Landed.MAYBE, new IllegalStateException("Interrupted during a large write", e));
        } catch (ExecutionException e) {
            return new ChunkResult(Landed.MAYBE, new IllegalStateException("A large write failed", e.getCause()));
        }
    }

    private static boolean refusedByCondition(TransactionCanceledException e) {
        return e.hasCancellationReasons()
                && e.cancellationReasons().stream().anyMatch(r -> "ConditionalCheckFailed".equals(r.code()));
    }

    private static boolean contended(TransactionCanceledException e) {
        return e.hasCancellationReasons()
                && e.cancellationReasons().stream().anyMatch(r -> "TransactionConflict".equals(r.code()));
    }

    /** Up to 100 items and about 3 MB per transaction. */
    static List<List<ItemChange>> chunks(List<ItemChange> changes) {
        List<List<ItemChange>> out = new ArrayList<>();
        List<ItemChange> current = new ArrayList<>();
        int bytes = 0;
        for (ItemChange c : changes) {
            int size = c.approxBytes();
            if (!current.isEmpty() && (current.size() == TRANSACTION_ITEMS || bytes + size > TRANSACTION_BYTES)) {
                out.add(current);
                current = new ArrayList<>();
                bytes = 0;
            }
            current.add(c);
            bytes += size;
        }
        if (!current.isEmpty()) {
            out.add(current);
        }
        return out;
    }
}
