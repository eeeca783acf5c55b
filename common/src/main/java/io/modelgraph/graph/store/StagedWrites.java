package io.modelgraph.graph.store;

import io.modelgraph.store.Attr;
import io.modelgraph.store.BatchWriter;
import io.modelgraph.store.Tables;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.Update;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * What a large write keeps beside the graph until it is finished, and what clears it (docs/graph.md "Large
 * writes"): locks {@code sg = <writeId>} on the items it overwrites or removes, their staged versions at
 * {@code ~<writeId>#<sk>}, and the keys of its new items at {@code ~<writeId>!<n>}; one Query of {@code ~<writeId>}
 * finds all of it.
 */
final class StagedWrites {
    static final String LOCK = "sg";
    static final String OF = "of";
    static final String PREFIX = "~";
    private static final String TOMBSTONE = "tomb";
    private static final String KEYS = "keys";
    /** A key record stays well under DynamoDB's 400 KB item cap. */
    private static final int RECORD_BYTES = 300_000;
    private static final int ATTEMPTS = 8;

    private final DynamoDbClient dynamo;
    private final String table;
    private final ProjectVersion versions;
    private final WriteLease lease;
    private final Clock clock;

    StagedWrites(DynamoDbClient dynamo, String table, ProjectVersion versions, WriteLease lease, Clock clock) {
        this.dynamo = dynamo;
        this.table = table;
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

    /** The two changes that stage {@code c}: the lock on the stored item, and its staged version (hidden). */
    static List<ItemChange> stage(ItemChange c, String writeId) {
        Map<String, AttributeValue> locked = new HashMap<>(c.before().orElseThrow());
        locked.put(LOCK, Attr.s(writeId));
        Map<String, AttributeValue> staged = new HashMap<>(c.after().orElse(Map.of(TOMBSTONE, Attr.bool(true))));
        staged.putAll(Map.of(Tables.PK, Attr.s(c.pk()), Tables.SK, Attr.s(stagedSk(writeId, c.sk())),
                OF, Attr.s(c.sk()), OpenWrites.ATTRIBUTE, Attr.s(writeId)));
        return List.of(new ItemChange(c.pk(), c.sk(), c.before(), Optional.of(locked)),
                ItemChange.created(c.pk(), staged));
    }

    /** The version a staged item holds, under its own key; empty for a removal. */
    static Optional<Map<String, AttributeValue>> version(Map<String, AttributeValue> staged) {
        if (staged.containsKey(TOMBSTONE)) {
            return Optional.empty();
        }
        Map<String, AttributeValue> out = new HashMap<>(staged);
        out.keySet().removeAll(Set.of(OF, OpenWrites.ATTRIBUTE));
        out.put(Tables.SK, staged.get(OF));
        return Optional.of(out);
    }

    /** Records the keys of the write's new items; throws if it cannot (then nothing of the write may go out). */
    void recordNew(String projectId, String writeId, List<String> sks) {
        List<List<String>> records = AtomicWriter.chunks(sks, Integer.MAX_VALUE, RECORD_BYTES,
                sk -> ItemSize.utf8(sk) + 4);
        for (int n = 0; n < records.size(); n++) {
            Map<String, AttributeValue> item = new HashMap<>(GraphStore.key(projectId, PREFIX + writeId + "!" + n));
            item.put(KEYS, AttributeValue.builder().l(records.get(n).stream().map(Attr::s).toList()).build());
            dynamo.putItem(r -> r.tableName(table).item(item));
        }
    }

    /**
     * Finishes committed write {@code writeId} (docs/graph.md "Large writes", step 7): each staged version moved in
     * place in one transaction with its copy's deletion, so a reader never meets both. Idempotent; never throws: what
     * is left stays {@code applying} for the next settle.
     */
    void finish(String projectId, String writeId) {
        clear(projectId, writeId, item -> version(item).map(v -> TransactWriteItem.builder().put(Put.builder()
                .tableName(table).item(v).conditionExpression("#l = :w").expressionAttributeNames(Map.of("#l", LOCK))
                .expressionAttributeValues(Map.of(":w", Attr.s(writeId))).build()).build())
                .orElseGet(() -> delete(keyOf(item.get(Tables.PK), item.get(OF)), "#l = :w", Map.of("#l", LOCK),
                        writeId)), record -> List.of(), () -> versions.applied(projectId, writeId));
    }

    /**
     * Removes what given-up write {@code writeId} left (step 8), each item only while it is still the write's (never
     * one another writer put there since), and moves it to {@code forgotten}. Never throws: what is left stays
     * listed, so hidden, for the next settle.
     */
    void abandon(String projectId, String writeId) {
        clear(projectId, writeId, item -> TransactWriteItem.builder().update(Update.builder().tableName(table)
                .key(keyOf(item.get(Tables.PK), item.get(OF))).updateExpression("REMOVE #l")
                .conditionExpression("attribute_exists(#pk) AND #l = :w")
                .expressionAttributeNames(Map.of("#l", LOCK, "#pk", Tables.PK))
                .expressionAttributeValues(Map.of(":w", Attr.s(writeId))).build()).build(),
                record -> record.get(KEYS).l().stream().map(sk -> delete(GraphStore.key(projectId, sk.s()),
                        "attribute_not_exists(#pk) OR #g = :w", Map.of("#g", OpenWrites.ATTRIBUTE, "#pk", Tables.PK),
                        writeId)).toList(), () -> versions.forget(projectId, writeId, clock.instant()));
    }

    /**
     * Sends {@code ofCopy}'s item for the stored item of each staged copy of {@code writeId} with the copy's deletion,
     * and {@code ofRecord}'s items for each key record; then drops the records and marks the write {@code done}.
     * Never throws: until then the write stays listed as it was.
     */
    private void clear(String projectId, String writeId,
            Function<Map<String, AttributeValue>, TransactWriteItem> ofCopy,
            Function<Map<String, AttributeValue>, List<TransactWriteItem>> ofRecord, Runnable done) {
        List<List<TransactWriteItem>> groups = new ArrayList<>();
        List<Map<String, AttributeValue>> records = new ArrayList<>();
        try {
            for (Map<String, AttributeValue> item : leftOf(projectId, writeId)) {
                if (isStaged(item)) {
                    groups.add(List.of(ofCopy.apply(item), drop(item)));
                } else {
                    ofRecord.apply(item).forEach(t -> groups.add(List.of(t)));
                    records.add(item);
                }
            }
            if (transactAll(groups)) {
                dropAll(records);
                done.run();
            }
        } catch (RuntimeException unreachable) {
            // still applying or given up: readers see it whole or not at all, and the next settle goes on with it
        }
    }

    /**
     * Does what writers that died left (one item read when nothing is listed): committed writes still
     * {@code applying} are finished; open ones whose writer no longer holds the lease are given up and removed, as
     * are given-up ones; {@code forgotten} ids older than any read are pruned.
     */
    void settle(String projectId) {
        ProjectVersion.Listed listed = versions.listed(GraphKeys.pk(projectId));
        listed.applying().forEach(w -> finish(projectId, w));
        listed.aborted().forEach(w -> abandon(projectId, w));
        for (String w : listed.open()) { // its writer died, or lost the lease and stops at its next step
            if (!lease.heldBy(projectId, w) && versions.abort(projectId, w)) {
                lease.release(projectId, w); // run out; dropped so the project is left as before the write
                abandon(projectId, w);
            }
        }
        versions.prune(projectId, listed.forgotten(), clock.instant().minus(ProjectVersion.FORGOTTEN_FOR));
    }

    /** Deletes items nobody else writes (plain batches); throws when some could not be deleted. */
    void dropAll(List<Map<String, AttributeValue>> items) {
        new BatchWriter(dynamo).write(table, items, r -> WriteRequest.builder().deleteRequest(d -> d
                .key(keyOf(r.get(Tables.PK), r.get(Tables.SK)))).build());
    }

    /** The staged copies and key records of {@code writeId}: everything it keeps beside the graph. */
    private List<Map<String, AttributeValue>> leftOf(String projectId, String writeId) {
        return new DynamoCalls(dynamo, table).queryRaw(b -> b.consistentRead(true)
                .keyConditionExpression("#pk = :pk AND begins_with(#sk, :p)")
                .expressionAttributeNames(Map.of("#pk", Tables.PK, "#sk", Tables.SK))
                .expressionAttributeValues(Map.of(":pk", Attr.s(GraphKeys.pk(projectId)),
                        ":p", Attr.s(PREFIX + writeId))));
    }

    /**
     * Sends {@code groups} (a move or lift with its staged copy's deletion, never split, or one deletion) side by
     * side in transactions of up to 50 groups and ~3 MB (a move puts a whole item); an item refused by its condition
     * (done already, or never needed) is dropped and the rest sent again. False when some are owed.
     */
    private boolean transactAll(List<List<TransactWriteItem>> groups) {
        return ConcurrentReads.all(AtomicWriter.chunks(groups, GraphStore.TRANSACTION_ITEMS / 2,
                AtomicWriter.TRANSACTION_BYTES, g -> g.stream().mapToInt(t -> t.put() == null ? 1_000
                        : ItemSize.bytes(t.put().item())).sum()).stream().map(chunk -> (Supplier<Boolean>) ()
                        -> transact(chunk.stream().flatMap(List::stream).toList())).toList()).stream()
                .allMatch(Boolean::booleanValue);
    }

    private boolean transact(List<TransactWriteItem> chunk) {
        List<TransactWriteItem> pending = new ArrayList<>(chunk);
        for (int attempt = 0; attempt < ATTEMPTS && !pending.isEmpty(); attempt++) {
            List<TransactWriteItem> tx = pending;
            try {
                dynamo.transactWriteItems(b -> b.transactItems(tx));
                return true;
            } catch (TransactionCanceledException e) {
                List<TransactWriteItem> rest = IntStream.range(0, tx.size())
                        .filter(i -> !Cancellation.conditionFailedAt(e, i)).mapToObj(tx::get).toList();
                if (rest.size() == tx.size()) {
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

    private static Map<String, AttributeValue> keyOf(AttributeValue pk, AttributeValue sk) {
        return Map.of(Tables.PK, pk, Tables.SK, sk);
    }

    private TransactWriteItem delete(Map<String, AttributeValue> key, String condition, Map<String, String> names,
            String writeId) {
        return TransactWriteItem.builder().delete(Delete.builder().tableName(table).key(key)
                .conditionExpression(condition).expressionAttributeNames(names)
                .expressionAttributeValues(Map.of(":w", Attr.s(writeId))).build()).build();
    }

    private TransactWriteItem drop(Map<String, AttributeValue> item) {
        return TransactWriteItem.builder().delete(Delete.builder().tableName(table)
                .key(keyOf(item.get(Tables.PK), item.get(Tables.SK))).build()).build();
    }
}
