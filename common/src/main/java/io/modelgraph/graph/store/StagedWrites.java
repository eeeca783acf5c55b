package io.modelgraph.graph.store;

import io.modelgraph.store.Attr;
import io.modelgraph.store.Tables;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * Overwrites and removals of a large write, staged until its commit (docs/graph.md "Large writes"). The stored
 * item stays as it is and only gains a lock {@code sg = <writeId>} (which every other writer's condition refuses);
 * its new version goes to {@code ~<writeId>#<sk>}, a key nobody else knows, with {@code of = <sk>} and the
 * after-image's attributes (index attributes included, so the staged version stands at its own place in the
 * indexes), or {@code tomb} for a removal. Readers show the stored item while the write is open or given up, and
 * the staged version once it committed ({@link OpenWrites}); after the commit {@link #apply} moves every staged
 * version in place, each with the deletion of its staged copy in one transaction, so a reader never meets both.
 */
final class StagedWrites {
    static final String LOCK = "sg";
    static final String OF = "of";
    static final String TOMBSTONE = "tomb";
    static final String PREFIX = "~";
    /** Two transaction items per staged version (its move in place, the staged copy's deletion). */
    private static final int PER_TRANSACTION = 49;

    private final DynamoDbClient dynamo;
    private final String table;
    private final DynamoCalls calls;

    StagedWrites(DynamoDbClient dynamo, String table) {
        this.dynamo = dynamo;
        this.table = table;
        this.calls = new DynamoCalls(dynamo, table);
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

    /**
     * Moves the staged versions of committed write {@code writeId} in place. Idempotent, so whoever finds a
     * committed write with staged items left (its writer, or a settle after it died) runs it: a version whose
     * stored item no longer holds the lock was moved already, and only its staged copy is dropped.
     */
    void apply(String projectId, String writeId) {
        List<Map<String, AttributeValue>> staged = calls.queryRaw(b -> b
                .keyConditionExpression("#pk = :pk AND begins_with(#sk, :p)").consistentRead(true)
                .expressionAttributeNames(Map.of("#pk", Tables.PK, "#sk", Tables.SK))
                .expressionAttributeValues(Map.of(":pk", Attr.s(GraphKeys.pk(projectId)),
                        ":p", Attr.s(stagedSk(writeId, "")))));
        for (int i = 0; i < staged.size(); i += PER_TRANSACTION) {
            send(staged.subList(i, Math.min(staged.size(), i + PER_TRANSACTION)), writeId);
        }
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
                    if (attempt == Restorer.ATTEMPTS - 1) {
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
