package io.modelgraph.graph.store;

import io.modelgraph.store.BatchWriter;
import io.modelgraph.store.Tables;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Writes a project's item changes all-or-nothing (docs/graph.md "Large writes"). Up to 99 items: one
 * TransactWriteItems, so DynamoDB itself makes it atomic. More: under the project's {@link WriteLease}, listed
 * {@code open} in the project's version item, with every new item carrying the write's id and every overwrite or
 * removal staged ({@link StagedWrites}), in the three phases of a {@link WritePlan}; nothing of it is seen until one
 * conditional commit. A write that fails is given up and removed ({@link StagedWrites#abandon}); one whose writer
 * dies is given up by the next settle of the project once its lease has run out. An {@link Error} (the process
 * is failing) is rethrown without any clean-up: that settle does it.
 */
final class AtomicWriter {
    static final int TRANSACTION_ITEMS = 100;
    /** Under DynamoDB's 4 MB per transaction, with room for the conditions. */
    static final int TRANSACTION_BYTES = 3_000_000;
    private static final int ATTEMPTS = 6;

    static final ExecutorService POOL = Executors.newFixedThreadPool(4, r -> {
        Thread t = new Thread(r, "graph-atomic-write");
        t.setDaemon(true);
        return t;
    });

    private final DynamoDbClient dynamo;
    private final String table;
    private final WriteLease lease;
    private final ProjectVersion versions;
    private final DynamoCalls calls;
    private final BatchWriter batches;
    private final StagedWrites staged;

    AtomicWriter(DynamoDbClient dynamo, String table, WriteLease lease, ProjectVersion versions,
            StagedWrites staged) {
        this.versions = versions;
        this.dynamo = dynamo;
        this.table = table;
        this.lease = lease;
        this.calls = new DynamoCalls(dynamo, table);
        this.batches = new BatchWriter(dynamo);
        this.staged = staged;
    }

    /**
     * Applies every change or none. Throws {@link StoreConflictException} when another writer changed one of
     * the items first; rethrows any other fault once what was written is removed.
     *
     * @param newNodeIds nodes the changes create (validated absent)
     * @param generatedIds node and relation ids the service generated (GUIDs nobody else can know)
     */
    void write(String projectId, List<ItemChange> all, Set<String> newNodeIds, Set<String> generatedIds) {
        write(projectId, all, newNodeIds, generatedIds, Optional.empty());
    }

    /**
     * As above; {@code held}: the project's lease, taken by the caller before it validated the changes (so the
     * new given-id nodes it read as absent cannot have been created since, and are not read again). The caller
     * releases it; this writer only marks it kept when the process fails mid-write.
     */
    void write(String projectId, List<ItemChange> all, Set<String> newNodeIds, Set<String> generatedIds,
            Optional<ProjectLease> held) {
        List<ItemChange> given = all.stream().filter(c -> !c.isNoop()).toList();
        if (given.isEmpty()) {
            return;
        }
        // node items too large for one item keep their largest values out of line, in chunks of this same write
        SpilledValues.Spilled spilled = SpilledValues.spill(given, () -> UUID.randomUUID().toString());
        List<ItemChange> changes = spilled.changes();
        requireFits(changes);
        // room for the lease check and the version; sized only when the count allows one transaction at all
        if (changes.size() < TRANSACTION_ITEMS - 1 && chunks(changes).size() == 1) {
            writeOneTransaction(projectId, changes, generatedIds, held);
            dropChunks(spilled.superseded());
            return;
        }
        ProjectLease writing = held.orElseGet(() -> ProjectLease.take(lease, projectId, UUID.randomUUID().toString()));
        String writeId = writing.writeId();
        boolean crashed = false;
        try {
            // every new item carries the write's id: readers hide it until the commit below (OpenWrites)
            // overwrites and removals are staged: the stored item is only locked until the commit (StagedWrites)
            List<ItemChange> stagedChanges = new ArrayList<>();
            for (ItemChange c : changes) {
                stagedChanges.addAll(StagedWrites.stages(c) ? StagedWrites.stage(c, writeId) : List.of(c));
            }
            WritePlan plan = WritePlan.of(stagedChanges.stream().map(c -> hiddenUntilCommit(c, writeId)).toList(),
                    newNodeIds, generatedIds);
            if (held.isEmpty()) {
                requireStillAbsent(projectId, plan.recheck());
            }
            Optional<Throwable> failure = Optional.empty();
            boolean committed = false;
            versions.open(projectId, writeId); // before its first item: listed, its items are hidden from readers
            try {
                staged.recordNew(projectId, writeId, plan.all().stream().filter(c -> c.before().isEmpty())
                        .map(ItemChange::sk).filter(sk -> !sk.startsWith(StagedWrites.PREFIX)).toList());
                for (int phase = 0; phase < 3 && failure.isEmpty(); phase++) {
                    if (writing.lost()) { // taken over after it ran out: stop before sending more
                        failure = Optional.of(StoreConflictException.busy("The large write lost the project's"
                                + " lease part-way; nothing was written, apply the changes again."));
                        break;
                    }
                    failure = phase == 0 ? batch(plan.hidden()) : phase == 1
                            ? transactions(chunks(plan.guarded(), TRANSACTION_ITEMS)) : batch(plan.reveal());
                }
                if (failure.isPresent() && failure.get() instanceof Error e) {
                    crashed = true;
                    throw e; // the process is failing: the settle gives the write up once its lease runs out
                }
                if (failure.isEmpty()) {
                    // the commit point: every reader sees the whole write from this one conditional update on
                    versions.commit(projectId, writeId);
                    committed = true;
                }
            } catch (RuntimeException notCommitted) {
                failure = Optional.of(notCommitted);
            }
            try {
                if (!committed && !versions.abort(projectId, writeId)
                        && !versions.hidden(projectId).contains(writeId)) {
                    committed = true; // the commit landed though its answer was lost: never remove it
                }
            } catch (RuntimeException unreachable) {
                // still open, so hidden: the settle gives it up once its lease is out
                throw runtime(failure.orElse(unreachable));
            }
            if (committed) {
                try {
                    staged.finish(projectId, writeId);
                    dropChunks(spilled.superseded());
                } catch (RuntimeException notFinished) {
                    // committed all the same: readers see the staged versions through the locks, and the next
                    // settle of the project (listed as applying) finishes it
                }
                return;
            }
            // given up above for good, so it can never commit after this (its items stay hidden while removed)
            try {
                staged.abandon(projectId, writeId); // what it cannot remove stays listed as given up for the settle
            } catch (RuntimeException unreachable) {
                // given up, so hidden: the next settle removes it
            }
            throw runtime(failure.orElseThrow());
        } finally {
            if (crashed) {
                writing.keep();
            } else if (held.isEmpty()) {
                writing.close();
            }
        }
    }

    /** A new item of large write {@code writeId} carries its id; overwrites and removals are left as they are. */
    private static ItemChange hiddenUntilCommit(ItemChange c, String writeId) {
        return c.before().isEmpty() && c.after().isPresent()
                ? new ItemChange(c.pk(), c.sk(), c.before(), Optional.of(OpenWrites.stamped(c.after().get(), writeId)))
                : c;
    }

    /**
     * Every item must fit DynamoDB's cap, counted in UTF-8 bytes of the whole item (a node item's fields and all
     * its mixin values, stored ones included): checked before anything goes out, so an oversized item refuses the write instead of
     * failing it part-way.
     */
    private static void requireFits(List<ItemChange> changes) {
        for (ItemChange c : changes) {
            c.after().ifPresent(item -> ItemSize.requireFits(item, "", describe(c.sk())));
        }
    }

    /**
     * Deletes chunks of out-of-line values that the committed write left unreferenced. After the commit, never in
     * it: readers see the old node items until then, and they need their chunks. Best effort: a chunk left behind is
     * unreachable and costs only its storage.
     */
    private void dropChunks(List<Map<String, AttributeValue>> keys) {
        if (keys.isEmpty()) {
            return;
        }
        try {
            batches.write(table, keys.stream().map(k -> WriteRequest.builder().deleteRequest(d -> d.key(k)).build())
                    .toList());
        } catch (RuntimeException cleanupFailed) {
            // the write itself committed; readers never reach these chunks again
        }
    }

    /** A readable name for an item key: the node (with its mixin values), the relation. */
    static String describe(String sk) {
        String[] parts = sk.split("#");
        if (sk.startsWith(GraphKeys.NODE_PREFIX) && parts.length >= 2) {
            return "node '" + parts[1] + "' with its mixin values";
        }
        if (sk.startsWith("R#") && parts.length >= 3) {
            return "relation '" + parts[2] + "' from node '" + parts[1] + "'";
        }
        return "item '" + sk + "'";
    }

    /**
     * At most 99 items: one transaction, plus the lease check when it creates nodes with given ids (see
     * {@link WriteLease}). Nodes whose ids the service generated need none: no large write can be creating the same
     * GUID, so such a small write goes ahead while one runs instead of being refused. A failure whose answer
     * was lost leaves the project before or after it, never between: the fault is answered.
     */
    private void writeOneTransaction(String projectId, List<ItemChange> changes, Set<String> generatedIds,
            Optional<ProjectLease> held) {
        // under a lease the caller holds, the check is that it is still ours (nobody else can have created nodes)
        TransactWriteItem leaseCheck = held.map(h -> lease.heldCheck(projectId, h.writeId()))
                .orElseGet(() -> lease.freeCheck(projectId));
        boolean checked = changes.stream().anyMatch(c -> createsNode(c) && (held.isPresent()
                || !generatedIds.contains(c.sk().substring(GraphKeys.NODE_PREFIX.length()))));
        List<TransactWriteItem> extra = checked
                ? List.of(leaseCheck, versions.bump(projectId)) : List.of(versions.bump(projectId));
        RuntimeException failure = send(changes, extra, new AtomicBoolean());
        if (failure != null) {
            throw failure;
        }
    }

    private static boolean createsNode(ItemChange c) {
        return c.before().isEmpty() && c.after().isPresent() && c.sk().startsWith(GraphKeys.NODE_PREFIX);
    }

    /** New given-id nodes were absent at validation; under the lease nobody else can create them from now on. */
    private void requireStillAbsent(String projectId, List<ItemChange> newNodeItems) {
        if (newNodeItems.isEmpty()) {
            return;
        }
        List<Map<String, AttributeValue>> keys = newNodeItems.stream().map(ItemChange::key).toList();
        List<Map<String, AttributeValue>> found = calls.batchGet(keys);
        if (!found.isEmpty()) {
            throw new StoreConflictException("Node '" + found.get(0).get(Tables.SK).s().substring(2)
                    + "' was created meanwhile; nothing was written, apply the changes again.");
        }
    }

    /** Plain BatchWriteItem of new items, stopping at the first failure. */
    private Optional<Throwable> batch(List<ItemChange> items) {
        if (items.isEmpty()) {
            return Optional.empty();
        }
        return batches.writeUntilFailure(table, items.stream()
                .map(c -> WriteRequest.builder().putRequest(p -> p.item(c.after().orElseThrow())).build()).toList())
                .failure();
    }

    /** Conditional transactions of up to 100 items, four in flight; stops starting new ones at the first failure. */
    private Optional<Throwable> transactions(List<List<ItemChange>> chunks) {
        AtomicBoolean stop = new AtomicBoolean();
        List<Future<RuntimeException>> futures = new ArrayList<>();
        for (List<ItemChange> chunk : chunks) {
            futures.add(POOL.submit(() -> send(chunk, List.of(), stop)));
        }
        Throwable failure = null;
        for (Future<RuntimeException> f : futures) {
            try {
                RuntimeException r = f.get();
                failure = failure == null ? r : failure;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                stop.set(true);
                failure = failure == null ? new IllegalStateException("Interrupted during a large write", e) : failure;
            } catch (ExecutionException e) {
                stop.set(true);
                // an Error wins over any other failure: the caller must not clean up
                failure = e.getCause() instanceof Error || failure == null ? e.getCause() : failure;
            }
        }
        return Optional.ofNullable(failure);
    }

    private static RuntimeException runtime(Throwable t) {
        return t instanceof RuntimeException re ? re : new IllegalStateException(t);
    }

    /** One transaction; null when it landed, else why not (after retrying contention). */
    private RuntimeException send(List<ItemChange> chunk, List<TransactWriteItem> extra, AtomicBoolean stop) {
        List<TransactWriteItem> tx = new ArrayList<>(chunk.size() + extra.size());
        chunk.forEach(c -> tx.add(c.forward(table)));
        tx.addAll(extra);
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            if (stop.get()) {
                return null;
            }
            try {
                dynamo.transactWriteItems(b -> b.transactItems(tx));
                return null;
            } catch (TransactionCanceledException e) {
                if (refusedByCondition(e)) {
                    stop.set(true);
                    return new StoreConflictException(
                            "The graph changed while the changes were applied; nothing was written, apply them again.");
                }
                if (attempt == ATTEMPTS - 1) {
                    stop.set(true);
                    return contended(e) ? new StoreConflictException("The graph kept changing while the changes"
                            + " were applied; nothing was written, apply them again.") : e;
                }
                DynamoCalls.sleep(attempt + 1); // another transaction held an item, or throttling: try again
            } catch (RuntimeException e) {
                stop.set(true); // the SDK has retried already
                return e;
            } catch (Error e) {
                stop.set(true); // the process is failing: start nothing more
                throw e;
            }
        }
        throw new IllegalStateException("unreachable");
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
        return chunks(changes, TRANSACTION_ITEMS);
    }

    static List<List<ItemChange>> chunks(List<ItemChange> changes, int maxItems) {
        List<List<ItemChange>> out = new ArrayList<>();
        List<ItemChange> current = new ArrayList<>();
        int bytes = 0;
        for (ItemChange c : changes) {
            int size = c.approxBytes();
            if (!current.isEmpty() && (current.size() == maxItems || bytes + size > TRANSACTION_BYTES)) {
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
