package io.modelgraph.graph.store;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.graph.MixinValue;
import io.modelgraph.json.Json;
import io.modelgraph.store.Attr;
import io.modelgraph.store.BatchWriter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Single mixin value writes (mixinValue set and remove): one update of the node item that names just the
 * columns it sets or removes ({@link NodeValues}) and adds 1 to {@code vv}, in one transaction with the project's
 * version bump ({@link ProjectVersion}), conditional on the node's {@code ver}
 * and {@code vv} still being what was read (and, for a set, on the node being live). The read is what the size
 * check is made on, so the condition makes the checked size the written one; a lost race reads again.
 */
final class ValueWrites {
    private static final int ATTEMPTS = 8;

    private final DynamoDbClient dynamo;
    private final String table;
    private final ProjectVersion versions;
    /** Settles the project's large writes whose writer is gone (a lock they left refuses this write). */
    private final java.util.function.Consumer<String> settle;

    ValueWrites(DynamoDbClient dynamo, String table, ProjectVersion versions,
            java.util.function.Consumer<String> settle) {
        this.settle = settle;
        this.dynamo = dynamo;
        this.table = table;
        this.versions = versions;
    }

    void set(String projectId, String nodeId, String mixinId, Map<String, JsonNode> columns) {
        MixinValue more = new MixinValue(nodeId, mixinId, columns);
        write(projectId, nodeId, true, stored -> {
            ItemSize.requireFits(NodeValues.merged(stored, more), "body.mixinColumns", "node '" + nodeId
                    + "' with these columns of mixin '" + mixinId + "' (its other values and stored columns included)");
            Update u = new Update();
            columns.forEach((column, json) -> u.set(NodeValues.attribute(mixinId, column), Attr.s(Json.write(json))));
            return Optional.of(u);
        });
    }

    boolean remove(String projectId, String nodeId, String mixinId, Collection<String> columnIds) {
        return write(projectId, nodeId, false, stored -> {
            if (!NodeValues.has(stored, mixinId)) {
                return Optional.empty();
            }
            Update u = new Update();
            columnIds.forEach(column -> u.remove(NodeValues.attribute(mixinId, column)));
            return Optional.of(u);
        });
    }

    /**
     * Read-modify-write of a node item's values: {@code change} sees the stored item and returns the update (empty:
     * nothing to do, answered false). A set ({@code live}) on a missing or deleted node is a conflict; a remove
     * there is false.
     */
    private boolean write(String projectId, String nodeId, boolean live,
            Function<Map<String, AttributeValue>, Optional<Update>> change) {
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            if (attempt > 0) {
                DynamoCalls.sleep(attempt);
            }
            Optional<Map<String, AttributeValue>> stored = GraphStore.nodeItem(dynamo, table, projectId, nodeId);
            if (stored.isEmpty() || (live && Attr.flag(stored.get(), NodeItems.DELETED))) {
                if (live) {
                    throw new StoreConflictException("Node '" + nodeId + "' was deleted meanwhile.");
                }
                return false;
            }
            Optional<Update> update = change.apply(stored.get());
            if (update.isEmpty()) {
                return false;
            }
            Update u = update.get().guardedBy(stored.get(), live);
            TransactWriteItem item = TransactWriteItem.builder().update(
                    software.amazon.awssdk.services.dynamodb.model.Update.builder().tableName(table)
                            .key(GraphStore.key(projectId, GraphKeys.nodeSk(nodeId))).updateExpression(u.expression())
                            .conditionExpression(u.condition).expressionAttributeNames(u.names)
                            .expressionAttributeValues(u.values).build()).build();
            try {
                versions.transact(projectId, List.of(item)); // with the project's version bump (read caches)
                dropReplaced(projectId, stored.get(), u.attributes());
                return true;
            } catch (TransactionCanceledException e) {
                if (Cancellation.tooLarge(e)) {
                    throw new ItemTooLargeException("body.mixinColumns", "The node item of '" + nodeId + "' with "
                            + "these values would exceed DynamoDB's 400 KB item limit, counted in UTF-8 bytes; nothing "
                            + "was written.");
                }
                if (!Cancellation.anyConditionFailed(e) && !Cancellation.contended(e)) {
                    throw e; // throttling or another fault: not the caller's doing, answered as a fault
                }
                // the node or its values changed since the read (or a transaction held it): read again
                if (attempt == 1) {
                    settle.accept(projectId); // refused twice: perhaps a lock of a large write whose writer died
                }
            }
        }
        throw StoreConflictException.busy("The values of node '" + nodeId + "' kept changing concurrently ("
                + ATTEMPTS + " attempts); nothing was written, try again.");
    }

    /**
     * Deletes the chunks of out-of-line values ({@link SpilledValues}) the committed write replaced or removed;
     * best effort, as after a large write: a chunk left behind is unreachable.
     */
    private void dropReplaced(String projectId, Map<String, AttributeValue> stored, Set<String> attributes) {
        List<Map<String, AttributeValue>> keys = SpilledValues.replaced(GraphKeys.pk(projectId), stored, attributes);
        if (keys.isEmpty()) {
            return;
        }
        try {
            new BatchWriter(dynamo).write(table, keys.stream()
                    .map(k -> WriteRequest.builder().deleteRequest(d -> d.key(k)).build()).toList());
        } catch (RuntimeException cleanupFailed) {
            // the value write itself committed; readers never reach these chunks again
        }
    }

    /** The SET and REMOVE parts of one value write, then its guard. */
    private static final class Update {
        private final Map<String, String> names = new HashMap<>();
        private final Map<String, AttributeValue> values = new HashMap<>();
        private final List<String> sets = new ArrayList<>();
        private final List<String> removes = new ArrayList<>();
        private final Set<String> attributes = new HashSet<>();
        private String condition = "";

        /** The value attributes this write sets or removes. */
        Set<String> attributes() {
            return attributes;
        }

        void set(String attribute, AttributeValue value) {
            attributes.add(attribute);
            String name = "#a" + names.size();
            String placeholder = ":a" + values.size();
            names.put(name, attribute);
            values.put(placeholder, value);
            sets.add(name + " = " + placeholder);
        }

        void remove(String attribute) {
            attributes.add(attribute);
            String name = "#a" + names.size();
            names.put(name, attribute);
            removes.add(name);
        }

        /** Conditional on {@code ver} and {@code vv} as in {@code stored} (and on the node being live). */
        Update guardedBy(Map<String, AttributeValue> stored, boolean live) {
            names.put("#vv", NodeValues.VERSION);
            names.put("#ver", NodeItems.VERSION);
            values.put(":one", Attr.n(1));
            values.put(":ver", stored.get(NodeItems.VERSION));
            AttributeValue vv = stored.get(NodeValues.VERSION);
            names.put("#sg", StagedWrites.LOCK); // a node a large write has staged waits for that write
            condition = "#ver = :ver AND attribute_not_exists(#sg) AND "
                    + (vv == null ? "attribute_not_exists(#vv)" : "#vv = :vv");
            if (vv != null) {
                values.put(":vv", vv);
            }
            if (live) {
                names.put("#del", NodeItems.DELETED);
                values.put(":false", Attr.bool(false));
                condition += " AND #del = :false";
            }
            return this;
        }

        String expression() {
            return (sets.isEmpty() ? "" : "SET " + String.join(", ", sets) + " ")
                    + "ADD #vv :one" + (removes.isEmpty() ? "" : " REMOVE " + String.join(", ", removes));
        }
    }
}
