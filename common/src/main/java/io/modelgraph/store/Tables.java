package io.modelgraph.store;

import java.util.ArrayList;
import java.util.List;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ResourceInUseException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.BucketAlreadyOwnedByYouException;

/**
 * The table and bucket layout, in one place. {@code template.yaml} declares the same tables for AWS
 * (a test compares the two); local runs and tests create them from here. See docs/storage.md.
 */
public final class Tables {
    // Graph table: everything of a project lives under pk = "P#<projectId>".
    public static final String PK = "pk";
    public static final String SK = "sk";
    /** Per-(project, space, node type) partition of the sort indexes: "<projectId>#<spaceId>#<NodeType>". */
    public static final String TYPE_PK = "tpk";
    public static final String LABEL_SK = "lsk";
    public static final String CREATED_SK = "csk";
    public static final String UPDATED_SK = "usk";
    /** Incoming-relation index: "<projectId>#<toNodeId>". */
    public static final String TARGET_PK = "rpk";

    public static final String INDEX_TYPE_LABEL = "typeLabel";
    public static final String INDEX_TYPE_CREATED = "typeCreated";
    public static final String INDEX_TYPE_UPDATED = "typeUpdated";
    public static final String INDEX_REL_TARGET = "relTarget";
    /**
     * The graph table's TTL attribute (epoch seconds; template.yaml's TimeToLiveSpecification). Only items that are
     * worthless once past it carry one: the large-write lease. Journals never do: an unsettled journal must outlive
     * any deadline until the sweep has undone its write.
     */
    public static final String EXPIRES_AT = "expiresAt";

    // API-key table: one item per key, addressed by the key's SHA-256.
    public static final String KEY_HASH = "keyHash";
    public static final String KEY_PROJECT = "projectId";
    public static final String KEY_ID = "keyId";
    public static final String INDEX_KEYS_BY_PROJECT = "byProject";

    /** The graph table's TTL attribute (epoch seconds): jobs carry it (io.modelgraph.jobs.JobStore). */
    public static final String TTL = "expiresAt";

    public static List<CreateTableRequest> definitions(StoreConfig config) {
        List<CreateTableRequest> out = new ArrayList<>();
        out.add(CreateTableRequest.builder()
                .tableName(config.graphTable())
                .billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(attr(PK), attr(SK), attr(TYPE_PK), attr(LABEL_SK), attr(CREATED_SK),
                        attr(UPDATED_SK), attr(TARGET_PK))
                .keySchema(hash(PK), range(SK))
                .globalSecondaryIndexes(
                        index(INDEX_TYPE_LABEL, TYPE_PK, LABEL_SK),
                        index(INDEX_TYPE_CREATED, TYPE_PK, CREATED_SK),
                        index(INDEX_TYPE_UPDATED, TYPE_PK, UPDATED_SK),
                        index(INDEX_REL_TARGET, TARGET_PK, SK))
                .build());
        out.add(CreateTableRequest.builder()
                .tableName(config.historyTable())
                .billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(attr(PK), attr(SK))
                .keySchema(hash(PK), range(SK))
                .build());
        out.add(CreateTableRequest.builder()
                .tableName(config.apiKeyTable())
                .billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(attr(KEY_HASH), attr(KEY_PROJECT), attr(KEY_ID))
                .keySchema(hash(KEY_HASH))
                .globalSecondaryIndexes(index(INDEX_KEYS_BY_PROJECT, KEY_PROJECT, KEY_ID))
                .build());
        return out;
    }

    /** Creates whatever is missing; safe to call on every start of a local gateway or test JVM. */
    public static void ensure(DynamoDbClient dynamo, S3Client s3, StoreConfig config) {
        for (CreateTableRequest table : definitions(config)) {
            try {
                dynamo.createTable(table);
                dynamo.waiter().waitUntilTableExists(b -> b.tableName(table.tableName()));
            } catch (ResourceInUseException alreadyThere) {
                // created by an earlier start
            }
        }
        try {
            dynamo.updateTimeToLive(b -> b.tableName(config.graphTable()).timeToLiveSpecification(
                    t -> t.attributeName(TTL).enabled(true)));
        } catch (software.amazon.awssdk.services.dynamodb.model.DynamoDbException alreadyOn) {
            // enabled by an earlier start (DynamoDB refuses to enable it twice)
        }
        try {
            s3.createBucket(b -> b.bucket(config.bucket()));
        } catch (BucketAlreadyOwnedByYouException alreadyThere) {
            // created by an earlier start
        } catch (software.amazon.awssdk.services.s3.model.S3Exception e) {
            if (e.statusCode() != 409) {
                throw e;
            }
        }
    }

    private static AttributeDefinition attr(String name) {
        return AttributeDefinition.builder().attributeName(name).attributeType(ScalarAttributeType.S).build();
    }

    private static KeySchemaElement hash(String name) {
        return KeySchemaElement.builder().attributeName(name).keyType(KeyType.HASH).build();
    }

    private static KeySchemaElement range(String name) {
        return KeySchemaElement.builder().attributeName(name).keyType(KeyType.RANGE).build();
    }

    private static GlobalSecondaryIndex index(String name, String hashKey, String rangeKey) {
        return GlobalSecondaryIndex.builder()
                .indexName(name)
                .keySchema(hash(hashKey), range(rangeKey))
                .projection(Projection.builder().projectionType(ProjectionType.ALL).build())
                .build();
    }

    private Tables() {
    }
}
