package io.modelgraph.graph.store;

import io.modelgraph.store.Attr;
import io.modelgraph.store.Tables;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * One large write per project at a time (docs/graph.md "Large writes"): the item {@code L#largeWrite} names the write
 * holding the project and until when; every other creator of nodes with a given id checks it in its transaction.
 */
final class WriteLease {
    static final String SK = "L#largeWrite";
    /** A holder that dies just after renewing frees the project 90 s later: within two minutes, retries included. */
    static final Duration LENGTH = Duration.ofSeconds(90);
    /** How long a large write waits for another holder unless its caller allows more (bulkCreate, by its budget). */
    static final Duration DEFAULT_WAIT = Duration.ofSeconds(8);
    /** The longest wait any caller may ask for: within the HTTP API's 29 s with the write itself after it. */
    static final Duration MAX_WAIT = Duration.ofSeconds(20);
    private static final String WRITE_ID = "writeId";
    private static final String UNTIL = "lease";
    private static final String FREE = "attribute_not_exists(#sk) OR #until < :now";

    private final DynamoDbClient dynamo;
    private final String table;
    private final Clock clock;
    /** {@link #LENGTH} for requests; a job run's store holds it past the job function's timeout instead. */
    private final Duration length;

    WriteLease(DynamoDbClient dynamo, String table, Clock clock, Duration length) {
        this.dynamo = dynamo;
        this.table = table;
        this.clock = clock;
        this.length = length;
    }

    /** Takes the lease for a new write id ({@link #acquire}), renewed 4 times a length: one lost call keeps it. */
    ProjectLease take(String projectId, Duration wait) {
        String writeId = UUID.randomUUID().toString();
        acquire(projectId, writeId, wait);
        return new ProjectLease(this, projectId, writeId, Math.max(1_000, length.toMillis() / 4));
    }

    /**
     * Takes the lease for {@code writeId}, trying again every 10-250 ms (jittered, so the next writer follows soon
     * after a release) for up to {@code wait} (at most {@link #MAX_WAIT}) by the store's clock, or twice that in real
     * time when the clock stands still (a test's); then {@link StoreConflictException}.
     */
    void acquire(String projectId, String writeId, Duration wait) {
        Duration bound = wait.isNegative() ? Duration.ZERO : wait.compareTo(MAX_WAIT) > 0 ? MAX_WAIT : wait;
        Instant deadline = clock.instant().plus(bound);
        long realDeadline = System.nanoTime() + 2 * bound.toNanos();
        for (int attempt = 0; attempt == 0 || (!clock.instant().isAfter(deadline)
                && System.nanoTime() - realDeadline <= 0); attempt++) {
            try {
                put(projectId, writeId, FREE, Map.of("#sk", Tables.SK, "#until", UNTIL),
                        Map.of(":now", Attr.n(clock.instant().toEpochMilli())));
                return;
            } catch (ConditionalCheckFailedException held) {
                DynamoCalls.pause(Math.min(250, 20L << Math.min(attempt, 8))); // jittered, up to this cap
            }
        }
        throw StoreConflictException.busy("Another large write to the project is in progress (waited "
                + bound.toMillis() / 1000.0 + " s for it); nothing was written, apply the changes again when it is"
                + " done.");
    }

    /** Moves {@code writeId}'s lease end a full length on; false when it is no longer its own or DynamoDB is away. */
    boolean renew(String projectId, String writeId) {
        try {
            put(projectId, writeId, "#w = :w", Map.of("#w", WRITE_ID), Map.of(":w", Attr.s(writeId)));
            return true;
        } catch (SdkException lostOrUnreachable) {
            return false;
        }
    }

    private void put(String projectId, String writeId, String condition, Map<String, String> names,
            Map<String, AttributeValue> values) {
        Instant until = clock.instant().plus(length);
        dynamo.putItem(b -> b.tableName(table).item(Map.of(Tables.PK, Attr.s(GraphKeys.pk(projectId)), Tables.SK,
                Attr.s(SK), WRITE_ID, Attr.s(writeId), UNTIL, Attr.n(until.toEpochMilli()),
                // a lease never released is deleted by DynamoDB TTL a day after it ran out
                Tables.EXPIRES_AT, Attr.n(until.plus(Duration.ofDays(1)).getEpochSecond())))
                .conditionExpression(condition).expressionAttributeNames(names)
                .expressionAttributeValues(values));
    }

    /** Whether {@code writeId} still holds the lease, unexpired (its writer is alive). One item read. */
    boolean heldBy(String projectId, String writeId) {
        Map<String, AttributeValue> item = dynamo.getItem(b -> b.tableName(table)
                .key(GraphStore.key(projectId, SK)).consistentRead(true)).item();
        return item != null && item.containsKey(WRITE_ID) && writeId.equals(item.get(WRITE_ID).s())
                && Attr.num(item, UNTIL, 0) >= clock.instant().toEpochMilli();
    }

    /** Gives the lease back (best effort: otherwise it runs out). */
    void release(String projectId, String writeId) {
        try {
            dynamo.deleteItem(b -> b.tableName(table).key(GraphStore.key(projectId, SK)).conditionExpression("#w = :w")
                    .expressionAttributeNames(Map.of("#w", WRITE_ID))
                    .expressionAttributeValues(Map.of(":w", Attr.s(writeId))));
        } catch (SdkException takenOverOrUnreachable) {
            // the lease runs out by itself
        }
    }

    /**
     * A transaction item that fails while a large write holds the project (for every other creator of nodes), or,
     * given a {@code holder}, unless that write holds it (a small write under a lease its caller holds).
     */
    TransactWriteItem check(String projectId, Optional<String> holder) {
        return TransactWriteItem.builder().conditionCheck(ConditionCheck.builder().tableName(table)
                .key(GraphStore.key(projectId, SK)).conditionExpression(holder.isPresent() ? "#w = :w" : FREE)
                .expressionAttributeNames(holder.isPresent() ? Map.of("#w", WRITE_ID)
                        : Map.of("#sk", Tables.SK, "#until", UNTIL))
                .expressionAttributeValues(holder.map(w -> Map.of(":w", Attr.s(w)))
                        .orElseGet(() -> Map.of(":now", Attr.n(clock.instant().toEpochMilli())))).build()).build();
    }
}
