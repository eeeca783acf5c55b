package io.modelgraph.graph.store;

import io.modelgraph.api.FatalError;
import io.modelgraph.store.BatchWriter;
import io.modelgraph.store.Tables;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
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
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Writes a project's item changes all-or-nothing (docs/graph.md "Large writes"). Up to 99 items: one
 * TransactWriteItems, so DynamoDB itself makes it atomic. More: under the project's {@link WriteLease} and a
 * write-ahead {@link WriteJournal} record, in three phases of a {@link WritePlan}: new items nobody else can
 * reach as plain BatchWriteItem, then everything that overwrites stored state as conditional transactions
 * (four at a time, each item conditional on the pre-image the caller read), then the node items of new nodes
 * as plain BatchWriteItem. If anything fails, nothing further starts and everything that did or may have
 * landed is undone by {@link Restorer}; undos still owed after its retries are recorded in the journal and
 * logged with a tracking code, and the next large write to the project finishes them. An {@link Error}
 * (the process is failing) is rethrown without undoing: the write-ahead record does that once its lease ends.
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

    /** A phase's outcome: the items that did or may have landed, and its failure, if any. */
    private record PhaseResult(List<ItemChange> toUndo, Optional<Throwable> failure) {
        PhaseResult {
            toUndo = List.copyOf(toUndo);
        }
    }

    private final DynamoDbClient dynamo;
    private final String table;
    private final Restorer restorer;
    private final WriteJournal journal;
    private final WriteLease lease;
    private final ProjectVersion versions;
    private final DynamoCalls calls;
    private final BatchWriter batches;
    private final StagedWrites staged;

    AtomicWriter(DynamoDbClient dynamo, String table, Restorer restorer, WriteJournal journal, WriteLease lease,
            ProjectVersion versions) {
        this.versions = versions;
        this.dynamo = dynamo;
        this.table = table;
        this.restorer = restorer;
        this.journal = journal;
        this.lease = lease;
        this.calls = new DynamoCalls(dynamo, table);
        this.batches = new BatchWriter(dynamo);
        this.staged = new StagedWrites(dynamo, table);
    }

    /**
     * Applies every change or none. Throws {@link StoreConflictException} when another writer changed one of
     * the items first; rethrows any other fault once the items written so far are restored.
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
        // a lease taken here is listed first (ProjectLease.take), so a writer killed before its journal is found
        ProjectLease writing = held.orElseGet(() -> ProjectLease.take(lease, journal, projectId,
                UUID.randomUUID().toString()));
        String writeId = writing.writeId();
        Instant leaseUntil = writing.until();
        boolean crashed = false;
        boolean committed = false;
        try {
            // every new item carries the write's id: readers hide it until the commit below (OpenWrites)
            // overwrites and removals are staged: the stored item is only locked until the commit (StagedWrites)
            List<ItemChange> staged = new ArrayList<>();
            for (ItemChange c : changes) {
                staged.addAll(StagedWrites.stages(c) ? StagedWrites.stage(c, writeId) : List.of(c));
            }
            boolean stages = staged.size() > changes.size();
            WritePlan plan = WritePlan.of(staged.stream().map(c -> hiddenUntilCommit(c, writeId)).toList(), newNodeIds,
                    generatedIds);
            if (held.isEmpty()) {
                requireStillAbsent(projectId, plan.recheck());
            }
            // one item of every guarded transaction is its landing mark (see WriteJournal.MARK)
            List<List<ItemChange>> guarded = chunks(plan.guarded(), TRANSACTION_ITEMS - 1);
            Map<String, Integer> chunkOf = new HashMap<>();
            for (int i = 0; i < guarded.size(); i++) {
                for (ItemChange c : guarded.get(i)) {
                    chunkOf.put(c.sk(), i);
                }
            }
            writing.journaled(); // from here its registry entry belongs to the journal, even if begin fails part-way
            versions.open(projectId, writeId); // before its first item: listed, its items are hidden from readers
            int parts = journal.begin(projectId, writeId, plan.all(), chunkOf, leaseUntil);
            List<ItemChange> toUndo = new ArrayList<>();
            Optional<Throwable> failure = Optional.empty();
            for (int phase = 0; phase < 3 && failure.isEmpty(); phase++) {
                if (writing.lost()) { // taken over after it ran out: stop before sending more, and undo
                    failure = Optional.of(StoreConflictException.busy("The large write lost the project's lease"
                            + " part-way; nothing was written, apply the changes again."));
                    break;
                }
                PhaseResult r = phase == 0 ? batch(plan.hidden()) : phase == 1
                        ? transactions(projectId, writeId, guarded) : batch(plan.reveal());
                toUndo.addAll(r.toUndo());
                failure = r.failure();
            }
            if (failure.isPresent() && failure.get() instanceof Error e) {
                crashed = true;
                throw e; // the process is failing: leave the undo to the write-ahead record's lease
            }
            if (failure.isEmpty()) {
                try {
                    // the commit point: every reader sees the whole write from this one conditional update on
                    versions.commit(projectId, writeId);
                    committed = true;
                } catch (RuntimeException notCommitted) {
                    failure = Optional.of(notCommitted);
                }
            }
            if (!committed && !versions.abort(projectId, writeId) && !versions.hidden(projectId).contains(writeId)) {
                committed = true; // the commit landed though its answer was lost: never undo it
            }
            if (committed) {
                if (stages) {
                    try {
                        this.staged.apply(projectId, writeId);
                    } catch (RuntimeException notMoved) {
                        // committed all the same: readers see the staged versions through the locks, and the
                        // settle that finds this journal once its lease is out finishes the move
                        return;
                    }
                }
                // a journal left behind (DynamoDB failing now) is dropped by the settle, which sees the commit
                journal.finish(projectId, writeId, parts);
                dropChunks(spilled.superseded());
                return;
            }
            // given up above for good before the undo, so the commit can never happen after it (items stay hidden)
            RuntimeException fault = runtime(failure.orElseThrow());
            boolean complete = restore(projectId, journal.landedOnly(projectId, writeId, toUndo, chunkOf), fault);
            journal.finish(projectId, writeId, parts); // if this fails, the record's lease ends and it is re-undone
            if (complete) {
                journal.forgetIfUndone(projectId, writeId, plan.all());
            }
            throw fault;
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
     * it: an undo puts the old node items back, and they need their chunks. Best effort: a chunk left behind is
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
     * GUID, so such a small write goes ahead while one runs instead of being refused.
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
        ChunkResult r = send(changes, extra, new AtomicBoolean());
        if (r.landed() == Landed.MAYBE) {
            restore(projectId, changes, r.failure()); // the call failed after it may have landed
        }
        if (r.failure() != null) {
            throw r.failure();
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

    /** Plain BatchWriteItem of new items; what may have landed is every chunk that was started. */
    private PhaseResult batch(List<ItemChange> items) {
        if (items.isEmpty()) {
            return new PhaseResult(List.of(), Optional.empty());
        }
        List<WriteRequest> requests = items.stream()
                .map(c -> WriteRequest.builder().putRequest(p -> p.item(c.after().orElseThrow())).build()).toList();
        BatchWriter.Outcome outcome = batches.writeUntilFailure(table, requests);
        if (outcome.failure().isEmpty()) {
            return new PhaseResult(items, Optional.empty());
        }
        Set<String> unsent = new HashSet<>();
        outcome.unsent().forEach(w -> unsent.add(w.putRequest().item().get(Tables.SK).s()));
        return new PhaseResult(items.stream().filter(c -> !unsent.contains(c.sk())).toList(), outcome.failure());
    }

    /** Conditional transactions of up to 100 items, four in flight; stops starting new ones at the first failure. */
    private PhaseResult transactions(String projectId, String writeId, List<List<ItemChange>> chunks) {
        if (chunks.isEmpty()) {
            return new PhaseResult(List.of(), Optional.empty());
        }
        AtomicBoolean stop = new AtomicBoolean();
        List<Future<ChunkResult>> futures = new ArrayList<>();
        for (int i = 0; i < chunks.size(); i++) {
            List<ItemChange> chunk = chunks.get(i);
            List<TransactWriteItem> mark = List.of(journal.landingMark(projectId, writeId, i));
            futures.add(POOL.submit(() -> send(chunk, mark, stop)));
        }
        List<ItemChange> toUndo = new ArrayList<>();
        Throwable failure = null;
        for (int i = 0; i < futures.size(); i++) {
            ChunkResult r;
            try {
                r = futures.get(i).get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                stop.set(true);
                r = new ChunkResult(Landed.MAYBE, new IllegalStateException("Interrupted during a large write", e));
            } catch (ExecutionException e) {
                stop.set(true);
                if (e.getCause() instanceof Error err) {
                    failure = err; // wins over any other failure: the caller must not undo
                    continue;
                }
                r = new ChunkResult(Landed.MAYBE, new IllegalStateException("A large write failed", e.getCause()));
            }
            if (r.landed() == Landed.YES || r.landed() == Landed.MAYBE) {
                toUndo.addAll(chunks.get(i));
            }
            if (r.failure() != null && (failure == null)) {
                failure = r.failure();
            }
        }
        return new PhaseResult(toUndo, Optional.ofNullable(failure));
    }

    private static RuntimeException runtime(Throwable t) {
        return t instanceof RuntimeException re ? re : new IllegalStateException(t);
    }

    /** Undoes {@code toUndo}; true when nothing is owed afterwards. */
    private boolean restore(String projectId, List<ItemChange> toUndo, RuntimeException failure) {
        Restorer.Outcome outcome = restorer.revert(toUndo);
        try {
            versions.bumpNow(projectId, true); // undos put back pre-images with their old update stamps
        } catch (RuntimeException unreachable) {
            // DynamoDB is failing: the owed undos are journaled below, and settling them moves the version
        }
        if (outcome.complete()) {
            return true;
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
        return false;
    }

    private ChunkResult send(List<ItemChange> chunk, List<TransactWriteItem> extra, AtomicBoolean stop) {
        List<TransactWriteItem> tx = new ArrayList<>(chunk.size() + extra.size());
        chunk.forEach(c -> tx.add(c.forward(table)));
        tx.addAll(extra);
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
