package io.modelgraph.graph.store;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * Puts items back to their pre-images after a large write failed part-way. Each undo is conditional on the
 * item still holding what the failed write put there: an item the write never reached, or one another
 * writer has changed since, is left alone (reverting it would destroy that writer's change). Undos go in
 * transactions of up to 100; an undo refused by its condition is dropped from its transaction and the rest
 * is sent again; anything else (throttling, a failing call) is retried with backoff.
 */
final class Restorer {
    static final int ATTEMPTS = 8;

    private static final ExecutorService POOL = Executors.newFixedThreadPool(4, r -> {
        Thread t = new Thread(r, "graph-restore");
        t.setDaemon(true);
        return t;
    });

    /** What a revert did: undos still owed after every retry, and how many items were left to another writer. */
    record Outcome(List<ItemChange> owed, int reverted, int leftToOthers) {
        Outcome {
            owed = List.copyOf(owed);
        }

        boolean complete() {
            return owed.isEmpty();
        }
    }

    private final DynamoDbClient dynamo;
    private final String table;

    Restorer(DynamoDbClient dynamo, String table) {
        this.dynamo = dynamo;
        this.table = table;
    }

    Outcome revert(List<ItemChange> changes) {
        List<Future<Outcome>> futures = new ArrayList<>();
        for (int i = 0; i < changes.size(); i += AtomicWriter.TRANSACTION_ITEMS) {
            List<ItemChange> chunk = changes.subList(i, Math.min(changes.size(), i + AtomicWriter.TRANSACTION_ITEMS));
            futures.add(POOL.submit(() -> revertChunk(chunk)));
        }
        List<ItemChange> owed = new ArrayList<>();
        int reverted = 0;
        int left = 0;
        for (int i = 0; i < futures.size(); i++) {
            try {
                Outcome o = futures.get(i).get();
                owed.addAll(o.owed());
                reverted += o.reverted();
                left += o.leftToOthers();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                owed.addAll(chunkAt(changes, i));
            } catch (ExecutionException e) {
                owed.addAll(chunkAt(changes, i)); // revertChunk catches SDK faults; this is a bug or an Error
            }
        }
        return new Outcome(owed, reverted, left);
    }

    private static List<ItemChange> chunkAt(List<ItemChange> changes, int index) {
        int from = index * AtomicWriter.TRANSACTION_ITEMS;
        return changes.subList(from, Math.min(changes.size(), from + AtomicWriter.TRANSACTION_ITEMS));
    }

    private Outcome revertChunk(List<ItemChange> chunk) {
        List<ItemChange> pending = new ArrayList<>(chunk);
        int left = 0;
        for (int attempt = 0; attempt < ATTEMPTS && !pending.isEmpty(); attempt++) {
            List<TransactWriteItem> tx = pending.stream().map(c -> c.undo(table)).toList();
            try {
                dynamo.transactWriteItems(b -> b.transactItems(tx));
                return new Outcome(List.of(), chunk.size() - left, left);
            } catch (TransactionCanceledException e) {
                List<ItemChange> stillOurs = withoutRefused(pending, e);
                if (stillOurs.size() < pending.size()) {
                    left += pending.size() - stillOurs.size();
                    pending = stillOurs;
                    attempt--; // a refused undo is an answer, not a fault: resend the rest at once
                    continue;
                }
                DynamoCalls.sleep(attempt + 1); // conflict with another transaction, or throttling
            } catch (SdkException e) {
                if (DynamoCalls.outOfTime(e)) {
                    break;
                }
                DynamoCalls.sleep(attempt + 1);
            }
        }
        return new Outcome(pending, chunk.size() - left - pending.size(), left);
    }

    /** The changes whose undo was not refused by its condition (the item is still what the write put there). */
    private static List<ItemChange> withoutRefused(List<ItemChange> pending, TransactionCanceledException e) {
        if (!e.hasCancellationReasons() || e.cancellationReasons().size() != pending.size()) {
            return pending;
        }
        List<ItemChange> out = new ArrayList<>();
        for (int i = 0; i < pending.size(); i++) {
            CancellationReason reason = e.cancellationReasons().get(i);
            if (!"ConditionalCheckFailed".equals(reason.code())) {
                out.add(pending.get(i));
            }
        }
        return out;
    }
}
