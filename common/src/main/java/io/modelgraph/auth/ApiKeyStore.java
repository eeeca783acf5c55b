package io.modelgraph.auth;

import io.modelgraph.store.Attr;
import io.modelgraph.store.Tables;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/**
 * API keys in DynamoDB, addressed by the SHA-256 of the key (the authorizer's one GetItem), listed per
 * project through the {@code byProject} index.
 */
public final class ApiKeyStore {
    private final DynamoDbClient dynamo;
    private final String table;

    public ApiKeyStore(DynamoDbClient dynamo, String table) {
        this.dynamo = dynamo;
        this.table = table;
    }

    public static String sha256(String key) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 missing from the JVM", e);
        }
    }

    /** Stores a new key; fails if the hash already exists (which a 256-bit random key never does). */
    public void create(String keyHash, ApiKeyRecord record) {
        Map<String, AttributeValue> item = new HashMap<>();
        item.put(Tables.KEY_HASH, Attr.s(keyHash));
        item.put(Tables.KEY_ID, Attr.s(record.keyId()));
        item.put(Tables.KEY_PROJECT, Attr.s(record.projectId()));
        item.put("role", Attr.s(record.role().name()));
        item.put("label", Attr.s(record.label()));
        item.put("createdAt", Attr.s(record.createdAt().toString()));
        item.put("createdBy", Attr.s(record.createdBy()));
        item.put("revoked", Attr.bool(false));
        dynamo.putItem(b -> b.tableName(table).item(item).conditionExpression("attribute_not_exists(#h)")
                .expressionAttributeNames(Map.of("#h", Tables.KEY_HASH)));
    }

    public Optional<ApiKeyRecord> findByHash(String keyHash) {
        var response = dynamo.getItem(b -> b.tableName(table).key(Map.of(Tables.KEY_HASH, Attr.s(keyHash)))
                .consistentRead(true));
        return response.hasItem() && !response.item().isEmpty() ? Optional.of(toRecord(response.item()))
                : Optional.empty();
    }

    public List<ApiKeyRecord> list(String projectId) {
        List<ApiKeyRecord> out = new ArrayList<>();
        for (Map<String, AttributeValue> item : projectItems(projectId)) {
            out.add(toRecord(item));
        }
        return out;
    }

    /** Revokes by id within the project; false when the project has no such key. */
    public boolean revoke(String projectId, String keyId, Instant at) {
        for (Map<String, AttributeValue> item : projectItems(projectId)) {
            if (keyId.equals(Attr.str(item, Tables.KEY_ID).orElse(""))) {
                dynamo.updateItem(b -> b.tableName(table)
                        .key(Map.of(Tables.KEY_HASH, item.get(Tables.KEY_HASH)))
                        .updateExpression("SET revoked = :t, revokedAt = :at")
                        .conditionExpression("#p = :p")
                        .expressionAttributeNames(Map.of("#p", Tables.KEY_PROJECT))
                        .expressionAttributeValues(Map.of(":t", Attr.bool(true), ":at", Attr.s(at.toString()),
                                ":p", Attr.s(projectId))));
                return true;
            }
        }
        return false;
    }

    /** Records use at most once a minute per key, so a busy CI job does not write on every call. */
    public void touch(String keyHash, Instant now) {
        try {
            dynamo.updateItem(b -> b.tableName(table)
                    .key(Map.of(Tables.KEY_HASH, Attr.s(keyHash)))
                    .updateExpression("SET lastUsedAt = :now")
                    .conditionExpression("attribute_exists(#h) AND (attribute_not_exists(lastUsedAt) OR lastUsedAt < :cut)")
                    .expressionAttributeNames(Map.of("#h", Tables.KEY_HASH))
                    .expressionAttributeValues(Map.of(":now", Attr.s(now.toString()), ":cut",
                            Attr.s(now.minusSeconds(60).toString()))));
        } catch (ConditionalCheckFailedException recent) {
            // used within the last minute: nothing to record
        }
    }

    private List<Map<String, AttributeValue>> projectItems(String projectId) {
        List<Map<String, AttributeValue>> out = new ArrayList<>();
        dynamo.queryPaginator(b -> b.tableName(table).indexName(Tables.INDEX_KEYS_BY_PROJECT)
                .keyConditionExpression("#p = :p")
                .expressionAttributeNames(Map.of("#p", Tables.KEY_PROJECT))
                .expressionAttributeValues(Map.of(":p", Attr.s(projectId))))
                .items().forEach(out::add);
        return out;
    }

    private static ApiKeyRecord toRecord(Map<String, AttributeValue> item) {
        return new ApiKeyRecord(
                Attr.str(item, Tables.KEY_ID).orElse(""),
                Attr.str(item, Tables.KEY_PROJECT).orElse(""),
                Role.parse(Attr.str(item, "role").orElse("")).orElse(Role.Viewer),
                Attr.str(item, "label").orElse(""),
                Attr.str(item, "createdAt").map(Instant::parse).orElse(Instant.EPOCH),
                Attr.str(item, "createdBy").orElse(""),
                Attr.str(item, "lastUsedAt").map(Instant::parse),
                Attr.flag(item, "revoked"),
                Attr.str(item, "revokedAt").map(Instant::parse));
    }
}
