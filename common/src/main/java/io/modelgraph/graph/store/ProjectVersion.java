package io.modelgraph.graph.store;

import io.modelgraph.store.Attr;
import io.modelgraph.store.Tables;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Set;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.TransactionConflictException;
import software.amazon.awssdk.services.dynamodb.model.Update;

/**
 * The project's write version (docs/graph.md "Read caches"): one item, {@code sk = X#version}, whose counter
 * {@code v} every write to the project moves, inside the write's own transaction where it has one. A reader that
 * keeps something derived from the project (a compiled schema, a label index) reads this one item and reuses
 * what it holds while the counter has not moved. {@code rb} is the counter value of the last write whose items
 * may carry older update stamps than the moment they landed (large writes, undos): a cache that follows changes
 * through the update-time index must then rebuild instead.
 *
 * <p>One item per project, not per space: a relation or mixin value write would otherwise have to learn which
 * spaces its nodes are in (another read, racing with moves between spaces), and most projects write into their
 * main space anyway, so per-space items would contend just the same.
 */
public final class ProjectVersion {
    static final String SK = "X#version";
    static final String COUNTER = "v";
    static final String REBUILD = "rb";
    /** Large writes under way: their new items carry {@code g = <writeId>} and stay hidden (see {@link OpenWrites}). */
    static final String OPEN = "open";
    /** Large writes given up: their new items stay hidden until their undo has deleted them, and for good after. */
    static final String ABORTED = "aborted";
    /** Given-up writes with nothing left, for two minutes more still hidden ({@link #forget}). */
    static final String FORGOTTEN = "forgotten";
    /** How long a forgotten write stays hidden: longer than any read (see {@link #forget}). */
    static final java.time.Duration FORGOTTEN_FOR = java.time.Duration.ofMinutes(2);
    /** Committed writes whose staged versions and key records are not yet cleared ({@link StagedWrites#finish}). */
    static final String APPLYING = "applying";
    private static final int ATTEMPTS = 10;

    /** What a reader compares: the counter, and the counter value of the last write that forces a rebuild. */
    public record Stamp(long version, long rebuildAt) {
        public static final Stamp NONE = new Stamp(0, 0);
    }

    private final DynamoDbClient dynamo;
    private final String table;

    public ProjectVersion(DynamoDbClient dynamo, String table) {
        this.dynamo = dynamo;
        this.table = table;
    }

    /** The transaction item that moves the version; add it to a write's transaction. */
    public TransactWriteItem bump(String projectId) {
        return TransactWriteItem.builder().update(update(projectId, false)).build();
    }

    private Update update(String projectId, boolean rebuild) {
        return Update.builder().tableName(table).key(GraphStore.key(projectId, SK))
                .updateExpression(rebuild ? "SET #v = if_not_exists(#v, :zero) + :one, #rb = if_not_exists(#v, :zero) + :one"
                        : "SET #v = if_not_exists(#v, :zero) + :one")
                .expressionAttributeNames(rebuild ? Map.of("#v", COUNTER, "#rb", REBUILD) : Map.of("#v", COUNTER))
                .expressionAttributeValues(Map.of(":zero", Attr.n(0), ":one", Attr.n(1))).build();
    }

    /**
     * Moves the version on its own, for writes that cannot carry it in their transaction (a large write when
     * it settles, an undo). {@code rebuild}: the write's items may carry update stamps older than now.
     */
    public void bumpNow(String projectId, boolean rebuild) {
        Update u = update(projectId, rebuild);
        for (int attempt = 0; ; attempt++) {
            try {
                dynamo.updateItem(b -> b.tableName(table).key(u.key()).updateExpression(u.updateExpression())
                        .expressionAttributeNames(u.expressionAttributeNames())
                        .expressionAttributeValues(u.expressionAttributeValues()));
                return;
            } catch (TransactionConflictException busy) {
                if (attempt == ATTEMPTS - 1) {
                    throw busy;
                }
                DynamoCalls.sleep(attempt);
            }
        }
    }

    /**
     * Runs {@code items} plus the version bump as one transaction, again while the only reason it was cancelled
     * is another transaction holding one of its items (the version item is shared by every writer of the
     * project). A failed condition, or anything else, is thrown to the caller; reason indexes match
     * {@code items}.
     */
    public void transact(String projectId, List<TransactWriteItem> items) {
        List<TransactWriteItem> tx = new ArrayList<>(items);
        tx.add(bump(projectId));
        for (int attempt = 0; ; attempt++) {
            try {
                dynamo.transactWriteItems(b -> b.transactItems(tx));
                return;
            } catch (TransactionCanceledException e) {
                if (Cancellation.anyConditionFailed(e) || !Cancellation.contended(e) || attempt == ATTEMPTS - 1) {
                    throw e;
                }
                DynamoCalls.sleep(attempt);
            }
        }
    }

    /** The current stamp (strongly consistent: a write that returned is seen). One item read. */
    public Stamp read(String projectId) {
        GetItemResponse r = dynamo.getItem(b -> b.tableName(table).key(GraphStore.key(projectId, SK))
                .consistentRead(true));
        if (!r.hasItem() || r.item().isEmpty()) {
            return Stamp.NONE;
        }
        Map<String, AttributeValue> item = r.item();
        return new Stamp(Attr.num(item, COUNTER, 0), Attr.num(item, REBUILD, 0));
    }

    /**
     * Lists a large write as open before its first item goes out: readers hide every item carrying its id until
     * {@link #commit} (docs/graph.md "Large writes").
     */
    void open(String projectId, String writeId) {
        change(projectId, "ADD #o :w", Map.of("#o", OPEN), Map.of(":w", ids(writeId)), null);
    }

    /**
     * The commit point of a large write: one conditional UpdateItem that moves the write from {@code open} to
     * {@code applying} (its items become visible to every reader at once) and moves the version (with {@code rb}: its items carry the
     * write's start time as update stamp). Refused, with {@link StoreConflictException}, when the write is no
     * longer open: a settle gave it up after its lease ran out.
     */
    void commit(String projectId, String writeId) {
        try {
            change(projectId, "SET #v = if_not_exists(#v, :zero) + :one, #rb = if_not_exists(#v, :zero) + :one"
                    + " DELETE #o :w ADD #p :w", Map.of("#v", COUNTER, "#rb", REBUILD, "#o", OPEN, "#p", APPLYING),
                    Map.of(":zero", Attr.n(0), ":one", Attr.n(1), ":w", ids(writeId), ":id", Attr.s(writeId)),
                    "contains(#o, :id)");
        } catch (ConditionalCheckFailedException givenUp) {
            throw StoreConflictException.busy("The large write ran past its lease and was given up; nothing was"
                    + " written, apply the changes again.");
        }
    }

    /** A committed write is finished: nothing of it is left to move in place or clear. */
    void applied(String projectId, String writeId) {
        change(projectId, "DELETE #p :w", Map.of("#p", APPLYING), Map.of(":w", ids(writeId)), null);
    }

    /**
     * What one strongly consistent read of the version item says: the stamp and the large writes listed, by state
     * ({@code forgotten} entries as {@code <writeId>@<epoch ms>}).
     */
    record Listed(Stamp stamp, Set<String> open, Set<String> aborted, Set<String> applying, Set<String> forgotten) {
        /** The writes whose items readers hide: open, given up, and forgotten (see {@link #forget}). */
        Set<String> hidden() {
            Set<String> out = new HashSet<>(open);
            out.addAll(aborted);
            forgotten.forEach(e -> out.add(e.substring(0, e.lastIndexOf('@'))));
            return out;
        }
    }

    Listed listed(String pk) {
        GetItemResponse r = dynamo.getItem(b -> b.tableName(table)
                .key(Map.of(Tables.PK, Attr.s(pk), Tables.SK, Attr.s(SK))).consistentRead(true));
        Map<String, AttributeValue> item = r.hasItem() ? r.item() : Map.of();
        return new Listed(new Stamp(Attr.num(item, COUNTER, 0), Attr.num(item, REBUILD, 0)), set(item, OPEN),
                set(item, ABORTED), set(item, APPLYING), set(item, FORGOTTEN));
    }

    private static Set<String> set(Map<String, AttributeValue> item, String attribute) {
        AttributeValue v = item.get(attribute);
        return v != null && v.hasSs() ? Set.copyOf(v.ss()) : Set.of();
    }

    /**
     * Gives an open write up for good, so it can never commit: moved from {@code open} to {@code aborted}, its items
     * stay hidden while they are undone. False when it was not open (committed, or given up already).
     */
    boolean abort(String projectId, String writeId) {
        try {
            change(projectId, "DELETE #o :w ADD #a :w", Map.of("#o", OPEN, "#a", ABORTED),
                    Map.of(":w", ids(writeId), ":id", Attr.s(writeId)), "contains(#o, :id)");
            return true;
        } catch (ConditionalCheckFailedException notOpen) {
            return false;
        }
    }

    /**
     * Takes a given-up write off {@code aborted}, once nothing of it is left in the project (see
     * {@link StagedWrites#abandon}). It goes to {@code forgotten} as {@code <writeId>@<epoch ms>} first,
     * which readers still hide: a reader that read one of its items just before the undo deleted it, and reads this
     * item just after, must not take the write for committed. {@link #prune} drops such entries once they are older
     * than any read (two minutes), so the lists hold only writes with something left to hide.
     */
    void forget(String projectId, String writeId, java.time.Instant now) {
        change(projectId, "DELETE #a :w ADD #f :f", Map.of("#a", ABORTED, "#f", FORGOTTEN),
                Map.of(":w", ids(writeId), ":f", ids(writeId + "@" + now.toEpochMilli())), null);
    }

    /** Drops the {@code forgotten} entries older than {@code before} (one write, if there are any). */
    void prune(String projectId, Set<String> forgotten, java.time.Instant before) {
        List<String> old = forgotten.stream().filter(e -> Long.parseLong(e.substring(e.lastIndexOf('@') + 1))
                < before.toEpochMilli()).toList();
        if (!old.isEmpty()) {
            change(projectId, "DELETE #f :f", Map.of("#f", FORGOTTEN),
                    Map.of(":f", AttributeValue.builder().ss(old).build()), null);
        }
    }

    /** The writes whose items readers hide (strongly consistent, one item read). */
    Set<String> hidden(String projectId) {
        return listed(GraphKeys.pk(projectId)).hidden();
    }

    private static AttributeValue ids(String writeId) {
        return AttributeValue.builder().ss(writeId).build();
    }

    private void change(String projectId, String expression, Map<String, String> names,
            Map<String, AttributeValue> values, String condition) {
        for (int attempt = 0; ; attempt++) {
            try {
                dynamo.updateItem(b -> {
                    b.tableName(table).key(GraphStore.key(projectId, SK)).updateExpression(expression)
                            .expressionAttributeNames(names).expressionAttributeValues(values);
                    if (condition != null) {
                        b.conditionExpression(condition);
                    }
                });
                return;
            } catch (TransactionConflictException busy) {
                if (attempt == ATTEMPTS - 1) {
                    throw busy;
                }
                DynamoCalls.sleep(attempt);
            }
        }
    }

    static boolean isVersionKey(String sk) {
        return SK.equals(sk);
    }
}
