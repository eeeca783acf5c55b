package io.modelgraph.store;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Append-only trails (audit runs): pk = {@code <projectId>#<trail>}, sk = {@code <subject>#<timestamp>#<runId>},
 * so one Query returns a subject's runs newest first and trimming deletes the oldest beyond the cap.
 */
public final class HistoryStore {
    private final DynamoDbClient dynamo;
    private final String table;

    public HistoryStore(DynamoDbClient dynamo, String table) {
        this.dynamo = dynamo;
        this.table = table;
    }

    public static String partition(String projectId, String trail) {
        return projectId + "#" + trail;
    }

    /** Appends one run and drops the oldest runs of the same subject beyond {@code keep}. */
    public void append(String projectId, String trail, String subject, String sortSuffix,
            Map<String, AttributeValue> attributes, int keep) {
        Map<String, AttributeValue> item = new HashMap<>(attributes);
        item.put(Tables.PK, Attr.s(partition(projectId, trail)));
        item.put(Tables.SK, Attr.s(subject + "#" + sortSuffix));
        item.put("subject", Attr.s(subject));
        dynamo.putItem(b -> b.tableName(table).item(item));
        List<Map<String, AttributeValue>> runs = list(projectId, trail, subject, Integer.MAX_VALUE);
        for (int i = keep; i < runs.size(); i++) {
            Map<String, AttributeValue> old = runs.get(i);
            dynamo.deleteItem(b -> b.tableName(table).key(Map.of(Tables.PK, old.get(Tables.PK), Tables.SK,
                    old.get(Tables.SK))));
        }
    }

    /** A subject's runs, newest first. */
    public List<Map<String, AttributeValue>> list(String projectId, String trail, String subject, int limit) {
        return query(projectId, trail, subject + "#", limit);
    }

    /** Every run of a trail (all subjects), grouped by the caller; newest first within a subject. */
    public List<Map<String, AttributeValue>> listAll(String projectId, String trail) {
        return query(projectId, trail, "", Integer.MAX_VALUE);
    }

    private List<Map<String, AttributeValue>> query(String projectId, String trail, String prefix, int limit) {
        List<Map<String, AttributeValue>> out = new ArrayList<>();
        var items = dynamo.queryPaginator(b -> {
            b.tableName(table).scanIndexForward(false);
            if (prefix.isEmpty()) {
                b.keyConditionExpression("#pk = :pk")
                        .expressionAttributeNames(Map.of("#pk", Tables.PK))
                        .expressionAttributeValues(Map.of(":pk", Attr.s(partition(projectId, trail))));
            } else {
                b.keyConditionExpression("#pk = :pk AND begins_with(#sk, :prefix)")
                        .expressionAttributeNames(Map.of("#pk", Tables.PK, "#sk", Tables.SK))
                        .expressionAttributeValues(Map.of(":pk", Attr.s(partition(projectId, trail)), ":prefix",
                                Attr.s(prefix)));
            }
        }).items();
        for (Map<String, AttributeValue> item : items) { // lazy: stops reading pages at the limit
            if (out.size() >= limit) {
                break;
            }
            out.add(item);
        }
        return out;
    }
}
