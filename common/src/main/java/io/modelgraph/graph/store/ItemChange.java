package io.modelgraph.graph.store;

import io.modelgraph.store.Attr;
import io.modelgraph.store.Tables;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * One item of a project going from {@code before} to {@code after} (empty: absent). The forward write is
 * conditional on {@code before}, so a concurrent writer makes it fail instead of being overwritten.
 */
record ItemChange(String pk, String sk, Optional<Map<String, AttributeValue>> before,
        Optional<Map<String, AttributeValue>> after) {

    ItemChange {
        before = before.map(Map::copyOf);
        after = after.map(Map::copyOf);
    }

    /** A new item: the write requires its key to be free. */
    static ItemChange created(String pk, Map<String, AttributeValue> item) {
        return new ItemChange(pk, item.get(Tables.SK).s(), Optional.empty(), Optional.of(item));
    }

    /** Nothing to write: the item is absent before and after (removing a relation that is not there). */
    boolean isNoop() {
        return before.isEmpty() && after.isEmpty();
    }

    TransactWriteItem forward(String table) {
        return write(table, after, ItemStamp.of(before));
    }

    /** Rough request size of the forward write (DynamoDB caps a transaction at 4 MB). */
    int approxBytes() {
        return 64 + sk.length() + after.map(ItemChange::approxBytes).orElse(0)
                + before.map(b -> 80).orElse(0);
    }

    private TransactWriteItem write(String table, Optional<Map<String, AttributeValue>> image, ItemStamp guard) {
        if (image.isPresent()) {
            Put.Builder put = Put.builder().tableName(table).item(image.get())
                    .conditionExpression(guard.expression()).expressionAttributeNames(guard.names());
            if (!guard.values().isEmpty()) {
                put.expressionAttributeValues(guard.values());
            }
            return TransactWriteItem.builder().put(put.build()).build();
        }
        Delete.Builder delete = Delete.builder().tableName(table).key(key())
                .conditionExpression(guard.expression()).expressionAttributeNames(guard.names());
        if (!guard.values().isEmpty()) {
            delete.expressionAttributeValues(guard.values());
        }
        return TransactWriteItem.builder().delete(delete.build()).build();
    }

    Map<String, AttributeValue> key() {
        return Map.of(Tables.PK, Attr.s(pk), Tables.SK, Attr.s(sk));
    }

    static int approxBytes(Map<String, AttributeValue> item) {
        return ItemSize.bytes(item);
    }
}
