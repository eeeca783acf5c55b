package io.modelgraph.graph.store;

import io.modelgraph.store.Attr;
import io.modelgraph.store.Tables;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import io.modelgraph.store.BatchWriter;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * The state a large write keeps beside the graph until it is finished, and everything that clears it (docs/graph.md
 * "Large writes"). Overwrites and removals are staged: the stored item stays as it is and only gains a lock
 * {@code sg = <writeId>} (which every other writer's condition refuses); its new version goes to
 * {@code ~<writeId>#<sk>}, a key nobody else knows, with {@code of = <sk>} and the after-image's attributes (index
 * attributes included, so the staged version stands at its own place in the indexes), or {@code tomb} for a
 * removal. The keys of the write's new items are recorded at {@code ~<writeId>!<n>} before the first of them goes
 * out, so a given-up write can be removed whoever finds it. One Query of {@code ~<writeId>} finds all of it.
 *
 * <p>Readers show the stored item while the write is open or given up, and the staged version once it committed
 * ({@link OpenWrites}). A committed write is {@link #finish}ed (staged versions moved in place, records dropped); a
 * given-up one is {@link #abandon}ed (new items deleted, locks lifted, staged copies dropped). {@link #settle} does
 * whichever a project's listed writes still need, for writers that died: run before every large write and by a
 * small writer a lock keeps refusing.
 */
final class StagedWrites {
    static final String LOCK = "sg";
    static final String OF = "of";
    static final String TOMBSTONE = "tomb";
    static final String PREFIX = "~";
    private static final String KEYS = "keys";
    /** A key record stays well under DynamoDB's 400 KB item cap. */
    private static final int RECORD_BYTES = 300_000;
    /** Two transaction items per staged version (its move in place, the staged copy's deletion). */
    private static final int PER_TRANSACTION = 49;
    private static final int ATTEMPTS = 8;

    private final DynamoDbClient dynamo;
    private final String table;
    private final DynamoCalls calls;
    private final ProjectVersion versions;
    private final WriteLease lease;
    private final Clock clock;

    StagedWrites(DynamoDbClient dynamo, String table, ProjectVersion versions, WriteLease lease, Clock clock) {
        this.dynamo = dynamo;
        this.table = table;
        this.calls = new DynamoCalls(dynamo, table);
        this.versions = versions;
        this.lease = lease;
        this.clock = clock;
    }

    static String stagedSk(String writeId, String sk) {
        return PREFIX + writeId + "#" + sk;
    }

    static boolean isStaged(Map<String, AttributeValue> item) {
        return item.containsKey(OF);
    }

    /** Whether a change of a large write is staged: it overwrites or removes a stored item. */
    static boolean stages(ItemChange c) {
        return c.before().isPresent();
    }

    /** The two new changes that stage {@code c}: the lock on the stored item, and its staged version. */
    static List<ItemChange> stage(ItemChange c, String writeId) {
        Map<String, AttributeValue> locked = new HashMap<>(c.before().orElseThrow());
        locked.put(LOCK, Attr.s(writeId));
        Map<String, AttributeValue> staged = new HashMap<>();
        c.after().ifPresentOrElse(staged::putAll, () -> staged.put(TOMBSTONE, Attr.bool(true)));
        staged.put(Tables.PK, Attr.s(c.pk()));
        staged.put(Tables.SK, Attr.s(stagedSk(writeId, c.sk())));
        staged.put(OF, Attr.s(c.sk()));
        return List.of(new ItemChange(c.pk(), c.sk(), c.before(), Optional.of(locked)),
                ItemChange.created(c.pk(), staged));
    }

    /** The version a staged item holds, under its own key; empty for a removal. */
    static Optional<Map<String, AttributeValue>> version(Map<String, AttributeValue> staged) {
        if (staged.containsKey(TOMBSTONE)) {
            return Optional.empty();
        }
        Map<String, AttributeValue> out = new HashMap<>(staged);
        out.remove(OF);
        out.remove(OpenWrites.ATTRIBUTE);
        out.put(Tables.SK, staged.get(OF));
        return Optional.of(out);
    }

    /** Records the keys of the write's new items; throws if it cannot (then nothing of the write may go out). */
    void recordNew(String projectId, String writeId, List<String> sks) {
        List<AttributeValue> part = new ArrayList<>();
        int bytes = 0;
        int n = 0;
        for (int i = 0; i <= sks.size(); i++) {
            if (i == sks.size() || (bytes + sks.get(i).length() * 3 > RECORD_BYTES && !part.isEmpty())) {
                Map<String, AttributeValue> item = new HashMap<>(GraphStore.key(projectId,
                        PREFIX + writeId + "!" + n++));
                item.put(KEYS, AttributeValue.builder().l(part).build());
                dynamo.putItem(r -> r.tableName(table).item(item));
                part = new ArrayList<>();
                bytes = 0;
            }
            if (i < sks.size()) {
                part.add(Attr.s(sks.get(i)));
                bytes += sks.get(i).length() * 3 + 4;
            }
        }
    }

    /**
     * Finishes committed write {@code writeId}: moves its staged versions in place, drops its key records and takes
     * it off {@code applying}. Idempotent, so whoever finds it unfinished runs it (its writer, a settle after it
     * died): a version whose stored item no longer holds the lock was moved already, and only its copy is dropped.
     */
    void finish(String projectId, String writeId) {
        List<Map<String, AttributeValue>> left = leftOf(projectId, writeId);
        List<Map<String, AttributeValue>> staged = left.stream().filter(StagedWrites::isStaged).toList();
        for (int i = 0; i < staged.size(); i += PER_TRANSACTION) {
            send(staged.subList(i, Math.min(staged.size(), i + PER_TRANSACTION)), writeId);
        }
        dropAll(left.stream().filter(i -> !isStaged(i)).toList());
        versions.applied(projectId, writeId);
    }

    /**
     * Removes what given-up write {@code writeId} left: its new items (each only while it still carries the write's
     * id), its locks (each only while it is the write's) with their staged copies, then its key records, and moves
     * it from {@code aborted} to {@code forgotten}. False when something could not be removed (it stays listed,
     * so hidden, and the next settle tries again).
     */
    boolean abandon(String projectId, String writeId) {
        List<Map<String, AttributeValue>> left = leftOf(projectId, writeId);
        List<TransactWriteItem> undo = new ArrayList<>(); // the pairs first, so no chunk of 100 splits one
        List<TransactWriteItem> deletes = new ArrayList<>();
        List<Map<String, AttributeValue>> records = new ArrayList<>();
        Map<String, String> names = Map.of("#l", LOCK, "#pk", Tables.PK);
        Map<String, AttributeValue> values = Map.of(":w", Attr.s(writeId));
        for (Map<String, AttributeValue> item : left) {
            if (isStaged(item)) {
                // the lock goes with its staged copy in one transaction; a lock never placed is refused, and skipped
                undo.add(TransactWriteItem.builder().update(u -> u.tableName(table)
                        .key(Map.of(Tables.PK, item.get(Tables.PK), Tables.SK, item.get(OF)))
                        .updateExpression("REMOVE #l").conditionExpression("attribute_exists(#pk) AND #l = :w")
                        .expressionAttributeNames(names).expressionAttributeValues(values)).build());
                undo.add(drop(item));
                continue;
            }
            for (AttributeValue sk : item.get(KEYS).l()) {
                // absent (never landed) or this write's: never an item another writer put there since
                deletes.add(TransactWriteItem.builder().delete(d -> d.tableName(table)
                        .key(GraphStore.key(projectId, sk.s()))
                        .conditionExpression("attribute_not_exists(#pk) OR #g = :w")
                        .expressionAttributeNames(Map.of("#g", OpenWrites.ATTRIBUTE, "#pk", Tables.PK))
                        .expressionAttributeValues(values)).build());
            }
            records.add(item);
        }
        undo.addAll(deletes);
        try {
            if (!transactAll(undo)) {
                return false;
            }
            dropAll(records);
        } catch (RuntimeException unreachable) {
            return false;
        }
        versions.forget(projectId, writeId, clock.instant());
        return true;
    }

    /**
     * Finishes or removes the large writes of the project whose writer is gone: committed ones still
     * {@code applying} are finished, open ones whose writer no longer holds the project's lease are given up, given-up
     * ones are removed; {@code forgotten} ids older than any read are pruned. One item read when nothing is listed.
     */
    void settle(String projectId) {
        ProjectVersion.Listed listed = versions.listed(projectId);
        for (String w : listed.applying()) {
            finish(projectId, w);
        }
        Set<String> given = new HashSet<>(listed.aborted());
        for (String w : listed.open()) {
            if (!lease.heldBy(projectId, w) && versions.abort(projectId, w)) {
                given.add(w); // its writer died, or lost the lease and stops at its next step
                lease.release(projectId, w); // a dead writer's lease, run out (conditional on its id)
            }
        }
        for (String w : given) {
            abandon(projectId, w);
        }
        versions.prune(projectId, clock.instant().minus(WriteLease.LENGTH));
    }

    /** Deletes key records (plain batches: nobody else writes them); throws when some could not be deleted. */
    private void dropAll(List<Map<String, AttributeValue>> records) {
        if (records.isEmpty()) {
            return;
        }
        new BatchWriter(dynamo).writeUntilFailure(table, records.stream().map(r -> WriteRequest.builder()
                .deleteRequest(d -> d.key(Map.of(Tables.PK, r.get(Tables.PK), Tables.SK, r.get(Tables.SK)))).build())
                .toList()).failure().ifPresent(f -> {
                    throw new IllegalStateException("Could not drop the key records of a large write", f);
                });
    }

    /** The staged copies and key records of {@code writeId}: everything it keeps beside the graph. */
    private List<Map<String, AttributeValue>> leftOf(String projectId, String writeId) {
        return calls.queryRaw(b -> b
                .keyConditionExpression("#pk = :pk AND begins_with(#sk, :p)").consistentRead(true)
                .expressionAttributeNames(Map.of("#pk", Tables.PK, "#sk", Tables.SK))
                .expressionAttributeValues(Map.of(":pk", Attr.s(GraphKeys.pk(projectId)),
                        ":p", Attr.s(PREFIX + writeId))));
    }

    /**
     * Sends {@code items} in transactions of up to 100 (pairs never split: 100 is even), four at a time; an item
     * refused by its condition is dropped and the rest sent again, other faults retried. False when some are owed.
     */
    private boolean transactAll(List<TransactWriteItem> items) {
        List<Future<Boolean>> sent = new ArrayList<>();
        for (int i = 0; i < items.size(); i += AtomicWriter.TRANSACTION_ITEMS) {
            List<TransactWriteItem> chunk = items.subList(i, Math.min(items.size(), i + AtomicWriter.TRANSACTION_ITEMS));
            sent.add(AtomicWriter.POOL.submit(() -> transact(chunk)));
        }
        boolean all = true;
        for (Future<Boolean> f : sent) {
            try {
                all &= f.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            } catch (ExecutionException e) {
                all = false;
            }
        }
        return all;
    }

    private boolean transact(List<TransactWriteItem> chunk) {
        List<TransactWriteItem> pending = new ArrayList<>(chunk);
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            if (pending.isEmpty()) {
                return true;
            }
            List<TransactWriteItem> tx = pending;
            try {
                dynamo.transactWriteItems(b -> b.transactItems(tx));
                return true;
            } catch (TransactionCanceledException e) {
                List<TransactWriteItem> rest = new ArrayList<>();
                for (int i = 0; i < pending.size(); i++) {
                    if (!Cancellation.conditionFailedAt(e, i)) {
                        rest.add(pending.get(i));
                    }
                }
                if (rest.size() == pending.size()) {
                    DynamoCalls.sleep(attempt + 1); // another transaction held an item, or throttling
                }
                pending = rest;
            } catch (SdkException e) {
                if (DynamoCalls.outOfTime(e)) {
                    return false;
                }
                DynamoCalls.sleep(attempt + 1);
            }
        }
        return pending.isEmpty();
    }

    private void send(List<Map<String, AttributeValue>> chunk, String writeId) {
        List<Map<String, AttributeValue>> pending = new ArrayList<>(chunk);
        List<Map<String, AttributeValue>> movedAlready = new ArrayList<>();
        for (int attempt = 0; !pending.isEmpty(); attempt++) {
            List<TransactWriteItem> tx = new ArrayList<>();
            pending.forEach(s -> tx.add(inPlace(s, writeId)));
            pending.forEach(s -> tx.add(drop(s)));
            movedAlready.forEach(s -> tx.add(drop(s)));
            try {
                dynamo.transactWriteItems(b -> b.transactItems(tx));
                return;
            } catch (TransactionCanceledException e) {
                List<Map<String, AttributeValue>> locked = new ArrayList<>();
                for (int i = 0; i < pending.size(); i++) {
                    boolean refused = e.hasCancellationReasons() && e.cancellationReasons().size() > i
                            && "ConditionalCheckFailed".equals(e.cancellationReasons().get(i).code());
                    (refused ? movedAlready : locked).add(pending.get(i));
                }
                if (locked.size() == pending.size()) {
                    if (attempt == ATTEMPTS - 1) {
                        throw e; // the staged copies stay; the next settle finishes the move
                    }
                    DynamoCalls.sleep(attempt + 1); // another transaction held an item, or throttling
                }
                pending = locked;
            }
        }
        if (!movedAlready.isEmpty()) {
            dynamo.transactWriteItems(b -> b.transactItems(movedAlready.stream().map(this::drop).toList()));
        }
    }

    /** The staged version put in place (or the stored item deleted), only while the item holds this write's lock. */
    private TransactWriteItem inPlace(Map<String, AttributeValue> staged, String writeId) {
        Map<String, AttributeValue> key = Map.of(Tables.PK, staged.get(Tables.PK), Tables.SK, staged.get(OF));
        Map<String, String> names = Map.of("#l", LOCK);
        Map<String, AttributeValue> values = Map.of(":w", Attr.s(writeId));
        Optional<Map<String, AttributeValue>> version = version(staged);
        if (version.isPresent()) {
            return TransactWriteItem.builder().put(Put.builder().tableName(table).item(version.get())
                    .conditionExpression("#l = :w").expressionAttributeNames(names).expressionAttributeValues(values)
                    .build()).build();
        }
        return TransactWriteItem.builder().delete(Delete.builder().tableName(table).key(key)
                .conditionExpression("#l = :w").expressionAttributeNames(names).expressionAttributeValues(values)
                .build()).build();
    }

    private TransactWriteItem drop(Map<String, AttributeValue> staged) {
        return TransactWriteItem.builder().delete(Delete.builder().tableName(table)
                .key(Map.of(Tables.PK, staged.get(Tables.PK), Tables.SK, staged.get(Tables.SK))).build()).build();
    }
}
