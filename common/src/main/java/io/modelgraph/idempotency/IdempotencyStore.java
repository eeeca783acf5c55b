package io.modelgraph.idempotency;

import io.modelgraph.store.Attr;
import io.modelgraph.store.Gzip;
import io.modelgraph.store.Tables;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/**
 * Idempotency records in the graph table, outside every project's graph partition: {@code pk = I#<projectId>},
 * {@code sk = <caller>#<key>}, expiring through the table's TTL attribute 24 hours after the first request
 * (docs/idempotency.md). One conditional PutItem claims a key; the finished answer is written over it, gzipped.
 */
public final class IdempotencyStore {
    public static final String PK_PREFIX = "I#";
    /** How long a key is remembered (the draft leaves it to the resource; 24 h is the documented window). */
    public static final Duration TTL = Duration.ofHours(24);
    /**
     * A claim older than this whose answer never came is abandoned (a function that timed out or crashed: Lambda
     * runs at most 15 minutes); the key may then be claimed again rather than answering 409 for a day.
     */
    public static final Duration ABANDONED_AFTER = Duration.ofMinutes(16);
    /** Answers larger than this once gzipped are not kept: a DynamoDB item holds at most 400 KB. */
    static final int MAX_STORED_BODY = 300 * 1024;

    private final DynamoDbClient dynamo;
    private final String table;

    public IdempotencyStore(DynamoDbClient dynamo, String table) {
        this.dynamo = dynamo;
        this.table = table;
    }

    /** What a key holds: the first request's fingerprint and, once it ended, its answer. */
    public record Stored(String fingerprint, Optional<Answer> answer) {
    }

    /** A finished request's answer, as replayed. */
    public record Answer(int status, String contentType, Optional<String> location, String body) {
    }

    private static Map<String, AttributeValue> key(String projectId, String scope) {
        return Map.of(Tables.PK, Attr.s(PK_PREFIX + projectId), Tables.SK, Attr.s(scope));
    }

    /** Claims the key for a request with this fingerprint; false when a live claim or answer already holds it. */
    public boolean claim(String projectId, String scope, String fingerprint, Instant now) {
        Map<String, AttributeValue> item = new HashMap<>(key(projectId, scope));
        item.put("fp", Attr.s(fingerprint));
        item.put("state", Attr.s("running"));
        item.put("startedAt", Attr.n(now.toEpochMilli()));
        item.put(Tables.EXPIRES_AT, Attr.n(now.plus(TTL).getEpochSecond()));
        try {
            dynamo.putItem(b -> b.tableName(table).item(item)
                    .conditionExpression("attribute_not_exists(#pk) OR #exp < :now OR (#state = :running AND "
                            + "startedAt < :abandoned)")
                    .expressionAttributeNames(Map.of("#pk", Tables.PK, "#exp", Tables.EXPIRES_AT, "#state", "state"))
                    .expressionAttributeValues(Map.of(":now", Attr.n(now.getEpochSecond()), ":running",
                            Attr.s("running"), ":abandoned", Attr.n(now.minus(ABANDONED_AFTER).toEpochMilli()))));
            return true;
        } catch (ConditionalCheckFailedException held) {
            return false;
        }
    }

    /** The record under the key (read consistently, right after a refused claim). */
    public Optional<Stored> read(String projectId, String scope) {
        Map<String, AttributeValue> item = dynamo.getItem(b -> b.tableName(table).key(key(projectId, scope))
                .consistentRead(true)).item();
        if (item == null || item.isEmpty()) {
            return Optional.empty();
        }
        String fingerprint = Attr.str(item, "fp").orElse("");
        if (!"done".equals(Attr.str(item, "state").orElse(""))) {
            return Optional.of(new Stored(fingerprint, Optional.empty()));
        }
        AttributeValue body = item.get("body");
        return Optional.of(new Stored(fingerprint, Optional.of(new Answer((int) Attr.num(item, "status", 200),
                Attr.str(item, "ctype").orElse("application/json"), Attr.str(item, "loc"),
                body == null ? "" : Gzip.text(body.b().asByteArray())))));
    }

    /**
     * Keeps the answer for replays until the key expires; an answer too large for an item releases the key
     * instead (the request ran once; a retry with the key runs again, documented).
     */
    public void finish(String projectId, String scope, String fingerprint, Answer answer, Instant startedAt) {
        byte[] body = Gzip.bytes(answer.body());
        if (body.length > MAX_STORED_BODY) {
            release(projectId, scope);
            return;
        }
        Map<String, AttributeValue> item = new HashMap<>(key(projectId, scope));
        item.put("fp", Attr.s(fingerprint));
        item.put("state", Attr.s("done"));
        item.put("startedAt", Attr.n(startedAt.toEpochMilli()));
        item.put(Tables.EXPIRES_AT, Attr.n(startedAt.plus(TTL).getEpochSecond()));
        item.put("status", Attr.n(answer.status()));
        item.put("ctype", Attr.s(answer.contentType()));
        answer.location().ifPresent(l -> item.put("loc", Attr.s(l)));
        item.put("body", AttributeValue.fromB(SdkBytes.fromByteArray(body)));
        dynamo.putItem(b -> b.tableName(table).item(item));
    }

    /** Forgets the key: the request failed in a way a retry may fix (a fault of ours). */
    public void release(String projectId, String scope) {
        dynamo.deleteItem(b -> b.tableName(table).key(key(projectId, scope)));
    }
}
