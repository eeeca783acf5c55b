package io.modelgraph.graph.store;

import io.modelgraph.store.BatchWriter;
import io.modelgraph.store.Tables;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import java.util.function.ToIntFunction;
import java.util.stream.Stream;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Writes a project's item changes all-or-nothing (docs/graph.md "Large writes"): up to 98 items in one
 * TransactWriteItems, more in the phases of a {@link WritePlan} under the project's lease, seen by nobody until one
 * conditional commit. An {@link Error} (the process is failing) skips every clean-up: the next settle does it.
 */
final class AtomicWriter {
    /** Under DynamoDB's 4 MB per transaction, with room for the conditions. */
    static final int TRANSACTION_BYTES = 3_000_000;
    private static final int ATTEMPTS = 6;

    private final DynamoDbClient dynamo;
    private final String table;
    private final WriteLease lease;
    private final ProjectVersion versions;
    private final StagedWrites staged;

    AtomicWriter(DynamoDbClient dynamo, String table, WriteLease lease, ProjectVersion versions,
            StagedWrites staged) {
        this.dynamo = dynamo;
        this.table = table;
        this.lease = lease;
        this.versions = versions;
        this.staged = staged;
    }

    /**
     * Applies every change or none: {@link StoreConflictException} when another writer changed one of the items
     * first; any other fault is rethrown once what was written is removed.
     *
     * @param newNodeIds nodes the changes create (validated absent)
     * @param generatedIds node and relation ids the service generated (GUIDs nobody else can know)
     * @param held the project's lease when the caller took it before validating (so the new given-id nodes it read
     *     as absent stay absent); the caller closes it
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
        // every item must fit DynamoDB's cap: checked before anything goes out, so the write is refused, not torn
        changes.forEach(c -> c.after().ifPresent(i -> ItemSize.requireFits(i, "", GraphKeys.describe(c.sk()))));
        // room for the lease check and the version
        if (changes.size() < GraphStore.TRANSACTION_ITEMS - 1
                && changes.stream().mapToInt(ItemChange::approxBytes).sum() <= TRANSACTION_BYTES) {
            writeOneTransaction(projectId, changes, generatedIds, held);
        } else {
            ProjectLease writing = held.orElseGet(() -> lease.take(projectId, WriteLease.DEFAULT_WAIT));
            try {
                writeLarge(projectId, WritePlan.of(changes, writing.writeId(), newNodeIds, generatedIds), writing,
                        held.isEmpty());
            } catch (Error e) {
                writing.keep(); // the settle gives the write up once the lease has run out
                throw e;
            } finally {
                if (held.isEmpty()) {
                    writing.close();
                }
            }
        }
        try { // chunks the old node items named; readers need them until the commit, and never after it
            staged.dropAll(spilled.superseded());
        } catch (RuntimeException leftBehind) {
            // unreachable, so only storage
        }
    }

    private void writeLarge(String projectId, WritePlan plan, ProjectLease writing, boolean recheck) {
        String writeId = writing.writeId();
        if (recheck) {
            requireStillAbsent(projectId, plan.recheck());
        }
        versions.open(projectId, writeId); // before its first item: listed, its items are hidden from readers
        try {
            staged.recordNew(projectId, writeId, plan.recorded());
            AtomicBoolean stop = new AtomicBoolean();
            for (Runnable phase : List.<Runnable>of(() -> batch(plan.hidden()), () -> ConcurrentReads.all(chunks(
                    plan.guarded(), GraphStore.TRANSACTION_ITEMS, TRANSACTION_BYTES, ItemChange::approxBytes).stream()
                    .map(c -> (Supplier<Boolean>) () -> send(c, List.of(), stop)).toList()),
                    () -> batch(plan.reveal()))) {
                if (writing.lost()) { // taken over after it ran out: send nothing more
                    throw StoreConflictException.busy("The large write lost the project's lease part-way; nothing"
                            + " was written, apply the changes again.");
                }
                phase.run();
            }
            versions.commit(projectId, writeId); // the commit point: every reader sees the whole write from here
        } catch (RuntimeException failed) {
            giveUp(projectId, writeId, failed);
        }
        staged.finish(projectId, writeId);
    }

    /**
     * Gives the write up for good and removes it, then throws {@code failed}; returns when the give-up shows that the
     * commit landed though its answer was lost.
     */
    private void giveUp(String projectId, String writeId, RuntimeException failed) {
        try {
            if (!versions.abort(projectId, writeId) && !versions.hidden(projectId).contains(writeId)) {
                return; // committed: never remove it
            }
        } catch (RuntimeException unreachable) {
            throw failed;
        }
        staged.abandon(projectId, writeId); // what is left stays hidden for the next settle
        throw failed;
    }

    /**
     * One transaction, plus the lease check when it creates nodes with given ids: generated ones are GUIDs no large
     * write can be creating too, so such a small write goes ahead while one runs.
     */
    private void writeOneTransaction(String projectId, List<ItemChange> changes, Set<String> generatedIds,
            Optional<ProjectLease> held) {
        String node = GraphKeys.NODE_PREFIX;
        boolean checked = changes.stream().anyMatch(c -> c.before().isEmpty() && c.sk().startsWith(node)
                && (held.isPresent() || !generatedIds.contains(c.sk().substring(node.length()))));
        List<TransactWriteItem> extra = new ArrayList<>(List.of(versions.bump(projectId)));
        if (checked) { // under a lease the caller holds, the check is that it is still its own
            extra.add(lease.check(projectId, held.map(ProjectLease::writeId)));
        }
        send(changes, extra, new AtomicBoolean());
    }

    /** New given-id nodes were absent at validation; under the lease nobody else can create them from now on. */
    private void requireStillAbsent(String projectId, List<ItemChange> newNodeItems) {
        List<Map<String, AttributeValue>> found = new DynamoCalls(dynamo, table).batchGet(newNodeItems.stream()
                .map(ItemChange::key).toList());
        if (!found.isEmpty()) {
            throw new StoreConflictException("Node '" + found.get(0).get(Tables.SK).s().substring(2)
                    + "' was created meanwhile; nothing was written, apply the changes again.");
        }
    }

    private void batch(List<ItemChange> items) {
        new BatchWriter(dynamo).write(table, items, c -> WriteRequest.builder().putRequest(p -> p.item(c.after()
                .orElseThrow())).build());
    }

    /**
     * One transaction (again while contended); false when it was not sent because another failed ({@code stop}).
     */
    private boolean send(List<ItemChange> chunk, List<TransactWriteItem> extra, AtomicBoolean stop) {
        List<TransactWriteItem> tx = Stream.concat(chunk.stream().map(c -> c.forward(table)), extra.stream()).toList();
        for (int attempt = 1; !stop.get(); attempt++) {
            try {
                dynamo.transactWriteItems(b -> b.transactItems(tx));
                return true;
            } catch (TransactionCanceledException e) {
                if (Cancellation.anyConditionFailed(e) || attempt == ATTEMPTS) {
                    stop.set(true);
                    throw Cancellation.anyConditionFailed(e) || Cancellation.contended(e)
                            ? new StoreConflictException("The graph changed while the changes were applied; nothing"
                                    + " was written, apply them again.") : e;
                }
                DynamoCalls.sleep(attempt); // another transaction held an item, or throttling: try again
            } catch (RuntimeException | Error e) {
                stop.set(true); // the SDK has retried already, or the process is failing: start nothing more
                throw e;
            }
        }
        return false;
    }

    /** {@code items} in order, in chunks of up to {@code most} items and {@code bytes} (an item larger stays alone). */
    static <T> List<List<T>> chunks(List<T> items, int most, int bytes, ToIntFunction<T> size) {
        List<List<T>> out = new ArrayList<>();
        int used = 0;
        for (T item : items) {
            if (out.isEmpty() || out.get(out.size() - 1).size() == most || used + size.applyAsInt(item) > bytes) {
                out.add(new ArrayList<>());
                used = 0;
            }
            out.get(out.size() - 1).add(item);
            used += size.applyAsInt(item);
        }
        return out;
    }
}
