package io.modelgraph.graph.store;

import io.modelgraph.log.JsonLog;
import io.modelgraph.store.Attr;
import io.modelgraph.store.Tables;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * Undos a failed large write still owes after {@link Restorer} gave up (DynamoDB unavailable for longer than
 * its retries), kept durably in the project's partition as {@code J#<writeId>#<part>} items: per item its
 * key, its pre-image and the stamp of what the failed write put there. {@link #settle} (run before every large
 * write and bulkCreate of the project) performs them, still conditional on the stamp, and drops the record.
 */
final class WriteJournal {
    static final String PREFIX = "J#";
    /** A journal item stays well under DynamoDB's 400 KB item cap. */
    private static final int PART_BYTES = 300_000;
    private static final String UNDO = "undo";
    private static final String AT = "at";
    private static final JsonLog LOG = JsonLog.of(WriteJournal.class);

    private final DynamoDbClient dynamo;
    private final String table;
    private final Restorer restorer;
    private final Clock clock;

    WriteJournal(DynamoDbClient dynamo, String table, Restorer restorer, Clock clock) {
        this.dynamo = dynamo;
        this.table = table;
        this.restorer = restorer;
        this.clock = clock;
    }

    /** Records the owed undos; false when even that failed (the caller logs it for a manual repair). */
    boolean record(String projectId, String writeId, List<ItemChange> owed) {
        List<List<AttributeValue>> parts = new ArrayList<>();
        List<AttributeValue> part = new ArrayList<>();
        int bytes = 0;
        for (ItemChange c : owed) {
            AttributeValue entry = encode(c);
            int size = ItemChange.approxBytes(entry.m());
            if (!part.isEmpty() && bytes + size > PART_BYTES) {
                parts.add(part);
                part = new ArrayList<>();
                bytes = 0;
            }
            part.add(entry);
            bytes += size;
        }
        parts.add(part);
        for (int i = 0; i < parts.size(); i++) {
            Map<String, AttributeValue> item = new HashMap<>();
            item.put(Tables.PK, Attr.s(GraphKeys.pk(projectId)));
            item.put(Tables.SK, Attr.s(PREFIX + writeId + "#" + i));
            item.put(AT, Attr.s(clock.instant().toString()));
            item.put(UNDO, AttributeValue.builder().l(parts.get(i)).build());
            if (!put(item)) {
                return false;
            }
        }
        return true;
    }

    /** Performs every owed undo of the project; an undo that fails again stays recorded for the next call. */
    void settle(String projectId) {
        QueryResponse pending = dynamo.query(b -> b.tableName(table).consistentRead(true)
                .keyConditionExpression("#pk = :pk AND begins_with(#sk, :j)")
                .expressionAttributeNames(Map.of("#pk", Tables.PK, "#sk", Tables.SK))
                .expressionAttributeValues(Map.of(":pk", Attr.s(GraphKeys.pk(projectId)), ":j", Attr.s(PREFIX))));
        for (Map<String, AttributeValue> item : pending.items()) {
            String pk = item.get(Tables.PK).s();
            List<ItemChange> owed = item.get(UNDO).l().stream().map(e -> decode(pk, e)).toList();
            Restorer.Outcome outcome = restorer.revert(owed);
            Map<String, AttributeValue> key = Map.of(Tables.PK, item.get(Tables.PK), Tables.SK, item.get(Tables.SK));
            if (outcome.complete()) {
                dynamo.deleteItem(b -> b.tableName(table).key(key));
                LOG.info("Finished an incomplete large write", Map.of("projectId", projectId, "journal",
                        item.get(Tables.SK).s(), "reverted", outcome.reverted()));
            } else {
                Map<String, AttributeValue> rest = new HashMap<>(item);
                rest.put(UNDO, AttributeValue.builder().l(outcome.owed().stream().map(WriteJournal::encode).toList())
                        .build());
                put(rest);
            }
        }
    }

    private boolean put(Map<String, AttributeValue> item) {
        for (int attempt = 0; attempt < Restorer.ATTEMPTS; attempt++) {
            try {
                dynamo.putItem(b -> b.tableName(table).item(item));
                return true;
            } catch (SdkException e) {
                DynamoCalls.sleep(attempt + 1);
            }
        }
        return false;
    }

    private static AttributeValue encode(ItemChange c) {
        Map<String, AttributeValue> m = new HashMap<>();
        m.put("sk", Attr.s(c.sk()));
        c.before().ifPresent(b -> m.put("before", AttributeValue.builder().m(b).build()));
        // only the stamp of what the write put there: enough to recognise it, a fraction of the size
        c.after().ifPresent(a -> m.put("after", AttributeValue.builder().m(ItemStamp.attributesOf(a)).build()));
        return AttributeValue.builder().m(m).build();
    }

    private static ItemChange decode(String pk, AttributeValue entry) {
        Map<String, AttributeValue> m = entry.m();
        return new ItemChange(pk, m.get("sk").s(), Optional.ofNullable(m.get("before")).map(AttributeValue::m),
                Optional.ofNullable(m.get("after")).map(AttributeValue::m));
    }
}
