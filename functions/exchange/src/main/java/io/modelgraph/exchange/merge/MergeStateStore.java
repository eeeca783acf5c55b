package io.modelgraph.exchange.merge;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.graph.store.ProjectVersion;
import io.modelgraph.json.Json;
import java.util.List;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import io.modelgraph.store.Attr;
import io.modelgraph.store.Tables;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The merge state of each space: one item in the graph table under the project's partition,
 * sk {@code MRG#<spaceId>}. Written only after a merge was applied, so a failed merge leaves it unchanged.
 */
public final class MergeStateStore {
    static final String SK_PREFIX = "MRG#";

    private final DynamoDbClient dynamo;
    private final String table;

    public MergeStateStore(DynamoDbClient dynamo, String table) {
        this.dynamo = dynamo;
        this.table = table;
    }

    public Optional<MergeState> get(String projectId, String spaceId) {
        Map<String, AttributeValue> item = dynamo.getItem(b -> b.tableName(table).key(key(projectId, spaceId))
                .consistentRead(true)).item();
        if (item == null || item.isEmpty()) {
            return Optional.empty();
        }
        Map<String, String> annotations = new java.util.TreeMap<>();
        try {
            JsonNode a = Json.parse(Attr.str(item, "modelAnnotations").orElse("{}"));
            a.fields().forEachRemaining(f -> annotations.put(f.getKey(), f.getValue().asText()));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("merge state of space " + spaceId + " holds invalid JSON", e);
        }
        return Optional.of(new MergeState(Attr.str(item, "sourceKey").orElse(""),
                Attr.str(item, "fingerprint").orElse(""), Attr.str(item, "format").orElse(""),
                Attr.str(item, "configTypeId").orElse(""), Attr.str(item, "mergedAt").orElse(""),
                Attr.str(item, "modelName").orElse(""), Attr.str(item, "modelDescription"), annotations));
    }

    public void put(String projectId, String spaceId, MergeState state) {
        Map<String, AttributeValue> item = new HashMap<>(key(projectId, spaceId));
        item.put("sourceKey", Attr.s(state.sourceKey()));
        item.put("fingerprint", Attr.s(state.fingerprint()));
        item.put("format", Attr.s(state.format()));
        item.put("configTypeId", Attr.s(state.configTypeId()));
        item.put("mergedAt", Attr.s(state.mergedAt()));
        item.put("modelName", Attr.s(state.modelName()));
        state.modelDescription().ifPresent(d -> item.put("modelDescription", Attr.s(d)));
        item.put("modelAnnotations", Attr.s(Json.write(new java.util.TreeMap<>(state.modelAnnotations()))));
        // with the version move: validateJSON and the exports cache what they derive from the space and its state
        new ProjectVersion(dynamo, table).transact(projectId, List.of(TransactWriteItem.builder()
                .put(Put.builder().tableName(table).item(item).build()).build()));
    }

    private static Map<String, AttributeValue> key(String projectId, String spaceId) {
        return Map.of(Tables.PK, Attr.s("P#" + projectId), Tables.SK, Attr.s(SK_PREFIX + spaceId));
    }
}
