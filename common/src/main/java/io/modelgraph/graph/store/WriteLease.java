package io.modelgraph.graph.store;

import io.modelgraph.store.Attr;
import io.modelgraph.store.Tables;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * One large write per project at a time: the item {@code L#largeWrite} names the write holding the project
 * and until when. Holding it is what lets a large write send its new nodes as plain BatchWriteItem: every
 * other creator of nodes (single creates, small change sets) checks the lease in its transaction, so nobody
 * else can create a node - in particular one with the same caller-given id - while it runs. The lease
 * outlives the functions' timeout (29 s in template.yaml; API Gateway cuts HTTP integrations at 30 s) with a
 * wide margin, and a live holder renews it ({@link ProjectLease}, every 30 s), so a write of any length (a job's
 * included) keeps it while its process lives, and one that dies blocks the project's large writes and node
 * creates for two minutes at most.
 */
final class WriteLease {
    static final String SK = "L#largeWrite";
    static final Duration LENGTH = Duration.ofMinutes(2);
    private static final String WRITE_ID = "writeId";
    private static final String UNTIL = "lease";
    /**
     * How long a large write waits for another holder unless its caller allows more: long enough for a typical
     * large write to finish. bulkCreate waits as long as its time budget leaves after its own write (docs/graph.md
     * "Large writes").
     */
    static final Duration DEFAULT_WAIT = Duration.ofSeconds(8);
    /** The longest wait any caller may ask for: within the HTTP API's 29 s with the write itself after it. */
    static final Duration MAX_WAIT = Duration.ofSeconds(20);
    /** Between two tries a waiter backs off from this up to {@link #POLL_CAP_MILLIS}, jittered. */
    private static final long POLL_FIRST_MILLIS = 20;
    /**
     * Short beside a large write's own time, so the lease is taken soon after it is released (a waiter that slept
     * a second past the release left the project idle that long while the next writers queued behind it).
     */
    private static final long POLL_CAP_MILLIS = 250;

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

    /** {@link #acquire(String, String, Duration)} with the {@link #DEFAULT_WAIT}. */
    Instant acquire(String projectId, String writeId) {
        return acquire(projectId, writeId, DEFAULT_WAIT);
    }

    /**
     * Takes the project's lease for {@code writeId}, waiting up to {@code wait} (at most {@link #MAX_WAIT}, by the
     * store's clock) for another holder to release it; returns its end. Refused with {@link StoreConflictException}
     * when the wait runs out. The time is the clock's, so a test moves it instead of waiting; a clock that stands
     * still still ends the wait after twice its length of real time.
     */
    Instant acquire(String projectId, String writeId, Duration wait) {
        Duration bound = bounded(wait);
        Instant deadline = clock.instant().plus(bound);
        long realDeadline = System.nanoTime() + 2 * bound.toNanos();
        for (int attempt = 0; ; attempt++) {
            Instant now = clock.instant();
            if (attempt > 0 && (now.isAfter(deadline) || System.nanoTime() - realDeadline > 0)) {
                break;
            }
            Instant until = now.plus(length);
            try {
                dynamo.putItem(b -> b.tableName(table)
                        .item(Map.of(Tables.PK, Attr.s(GraphKeys.pk(projectId)), Tables.SK, Attr.s(SK),
                                WRITE_ID, Attr.s(writeId), UNTIL, Attr.n(until.toEpochMilli()),
                                // a lease whose release failed is deleted by DynamoDB TTL a day after it ran out
                                Tables.EXPIRES_AT, Attr.n(until.plus(Duration.ofDays(1)).getEpochSecond())))
                        .conditionExpression("attribute_not_exists(#sk) OR #until < :now")
                        .expressionAttributeNames(Map.of("#sk", Tables.SK, "#until", UNTIL))
                        .expressionAttributeValues(Map.of(":now", Attr.n(now.toEpochMilli()))));
                return until;
            } catch (ConditionalCheckFailedException held) {
                pause(attempt);
            }
        }
        throw StoreConflictException.busy("Another large write to the project is in progress (waited "
                + bound.toMillis() / 1000.0 + " s for it); nothing was written, apply the changes again when it is"
                + " done.");
    }

    private static Duration bounded(Duration wait) {
        return wait.isNegative() ? Duration.ZERO : wait.compareTo(MAX_WAIT) > 0 ? MAX_WAIT : wait;
    }

    private static void pause(int attempt) {
        long cap = Math.min(POLL_CAP_MILLIS, POLL_FIRST_MILLIS << Math.min(attempt, 8));
        try {
            Thread.sleep(java.util.concurrent.ThreadLocalRandom.current().nextLong(cap / 2, cap + 1));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while waiting for the project's write lease", e);
        }
    }

    /**
     * Moves the end of {@code writeId}'s lease to a full {@link #LENGTH} from now (its holder is alive: see
     * {@link ProjectLease}). False when the lease is no longer its own (taken over after it ran out, or dropped by
     * a settle), or DynamoDB did not answer: the holder must then stop writing.
     */
    boolean renew(String projectId, String writeId) {
        Instant until = clock.instant().plus(length);
        try {
            dynamo.updateItem(b -> b.tableName(table).key(GraphStore.key(projectId, SK))
                    .updateExpression("SET #until = :until, #ttl = :ttl")
                    .conditionExpression("#w = :w")
                    .expressionAttributeNames(Map.of("#w", WRITE_ID, "#until", UNTIL, "#ttl", Tables.EXPIRES_AT))
                    .expressionAttributeValues(Map.of(":w", Attr.s(writeId), ":until", Attr.n(until.toEpochMilli()),
                            ":ttl", Attr.n(until.plus(Duration.ofDays(1)).getEpochSecond()))));
            return true;
        } catch (SdkException lostOrUnreachable) {
            return false;
        }
    }

    /** Whether {@code writeId} still holds the project's lease, unexpired (its writer is alive). One item read. */
    boolean heldBy(String projectId, String writeId) {
        var r = dynamo.getItem(b -> b.tableName(table).key(GraphStore.key(projectId, SK)).consistentRead(true));
        if (!r.hasItem() || r.item().isEmpty() || !r.item().containsKey(WRITE_ID) || !r.item().containsKey(UNTIL)) {
            return false;
        }
        return writeId.equals(r.item().get(WRITE_ID).s())
                && Long.parseLong(r.item().get(UNTIL).n()) >= clock.instant().toEpochMilli();
    }

    /** How often a live holder renews its lease: four renewals per length, so one lost call does not lose it. */
    Duration renewEvery() {
        Duration quarter = length.dividedBy(4);
        return quarter.compareTo(Duration.ofSeconds(1)) < 0 ? Duration.ofSeconds(1) : quarter;
    }

    /** Gives the lease back (best effort: if this fails the lease simply runs out). */
    void release(String projectId, String writeId) {
        try {
            dynamo.deleteItem(b -> b.tableName(table).key(GraphStore.key(projectId, SK))
                    .conditionExpression("#w = :w")
                    .expressionAttributeNames(Map.of("#w", WRITE_ID))
                    .expressionAttributeValues(Map.of(":w", Attr.s(writeId))));
        } catch (SdkException e) {
            // taken over after expiry, or DynamoDB unreachable: the lease runs out by itself
        }
    }

    /** A transaction item that fails unless the lease is still {@code writeId}'s (a small write under a held lease). */
    TransactWriteItem heldCheck(String projectId, String writeId) {
        return TransactWriteItem.builder().conditionCheck(ConditionCheck.builder().tableName(table)
                .key(GraphStore.key(projectId, SK))
                .conditionExpression("#w = :w")
                .expressionAttributeNames(Map.of("#w", WRITE_ID))
                .expressionAttributeValues(Map.of(":w", Attr.s(writeId))).build()).build();
    }

    /** A transaction item that fails while a large write holds the project (for every other creator of nodes). */
    TransactWriteItem freeCheck(String projectId) {
        return TransactWriteItem.builder().conditionCheck(ConditionCheck.builder().tableName(table)
                .key(GraphStore.key(projectId, SK))
                .conditionExpression("attribute_not_exists(#sk) OR #until < :now")
                .expressionAttributeNames(Map.of("#sk", Tables.SK, "#until", UNTIL))
                .expressionAttributeValues(Map.of(":now", Attr.n(clock.instant().toEpochMilli()))).build()).build();
    }
}
