package io.modelgraph.graph.store;

import io.modelgraph.store.Attr;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * Walks one index partition (one project, space and node type) in one order, strictly after a sort key,
 * fetching lazily in chunks. The position is the sort key itself (unique per partition, since it ends
 * with the node id), so a page can resume with a key condition instead of an ExclusiveStartKey: the
 * paging token then holds one string whatever the number of partitions merged.
 */
public final class IndexCursor {
    private final DynamoDbClient dynamo;
    private final String table;
    private final String partition;
    private final NodeOrder order;
    private final boolean descending;
    private final Optional<String> after;
    private final OpenWrites open;
    private final OpenWrites.Walk walk;
    private final Deque<IndexEntry> buffer = new ArrayDeque<>();
    private Map<String, AttributeValue> resumeAt;
    private boolean exhausted;
    private int chunk;

    IndexCursor(DynamoDbClient dynamo, String table, String partition, NodeOrder order, boolean descending,
            Optional<String> after, int firstChunk, Map<String, java.util.Set<String>> listedBefore) {
        this.dynamo = dynamo;
        this.table = table;
        this.partition = partition;
        this.order = order;
        this.descending = descending;
        this.after = after;
        this.chunk = Math.max(1, firstChunk);
        this.open = new OpenWrites(dynamo, table, listedBefore);
        this.walk = OpenWrites.Walk.over(order);
    }

    public Optional<IndexEntry> peek() {
        fill();
        return Optional.ofNullable(buffer.peekFirst());
    }

    public Optional<IndexEntry> next() {
        fill();
        return Optional.ofNullable(buffer.pollFirst());
    }

    private void fill() {
        while (buffer.isEmpty() && !exhausted) {
            fetch();
        }
    }

    private void fetch() {
        Map<String, String> names = new HashMap<>(Map.of("#p", io.modelgraph.store.Tables.TYPE_PK));
        Map<String, AttributeValue> values = new HashMap<>(Map.of(":p", Attr.s(partition)));
        String condition = "#p = :p";
        if (after.isPresent()) {
            condition += descending ? " AND #k < :k" : " AND #k > :k";
            values.put(":k", Attr.s(after.get()));
            names.put("#k", order.attribute());
        }
        QueryRequest.Builder request = QueryRequest.builder()
                .tableName(table)
                .indexName(order.index())
                .keyConditionExpression(condition)
                .expressionAttributeNames(names)
                .expressionAttributeValues(values)
                .scanIndexForward(!descending)
                .limit(chunk);
        if (resumeAt != null) {
            request.exclusiveStartKey(resumeAt);
        }
        QueryResponse response = dynamo.query(request.build());
        for (Map<String, AttributeValue> item : open.visible(response.items(), walk)) {
            buffer.addLast(new IndexEntry(NodeItems.orderKey(item, order), NodeItems.decode(item)));
        }
        if (response.hasLastEvaluatedKey() && !response.lastEvaluatedKey().isEmpty()) {
            resumeAt = response.lastEvaluatedKey();
        } else {
            exhausted = true;
        }
        // the first chunk is sized to the page; later ones grow so a long filtered walk needs few calls
        chunk = Math.min(500, chunk * 2);
    }
}
