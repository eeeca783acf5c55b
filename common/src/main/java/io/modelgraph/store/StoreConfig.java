package io.modelgraph.store;

import java.net.URI;
import java.util.Map;
import java.util.Optional;

/**
 * Where the stores live: endpoints (empty on AWS, set for LocalStack or the embedded servers),
 * region, and the table and bucket names. Read from environment variables so one build runs anywhere.
 */
public record StoreConfig(String region, Optional<URI> dynamoEndpoint, Optional<URI> s3Endpoint, String graphTable,
        String historyTable, String apiKeyTable, String bucket) {

    public static final String ENV_REGION = "AWS_REGION";
    public static final String ENV_DYNAMODB_ENDPOINT = "MODELGRAPH_DYNAMODB_ENDPOINT";
    public static final String ENV_S3_ENDPOINT = "MODELGRAPH_S3_ENDPOINT";
    public static final String ENV_GRAPH_TABLE = "GRAPH_TABLE";
    public static final String ENV_HISTORY_TABLE = "HISTORY_TABLE";
    public static final String ENV_APIKEY_TABLE = "APIKEY_TABLE";
    public static final String ENV_BUCKET = "BLOB_BUCKET";

    public static StoreConfig fromEnvironment() {
        return from(System.getenv());
    }

    public static StoreConfig from(Map<String, String> env) {
        return new StoreConfig(
                env.getOrDefault(ENV_REGION, "us-east-1"),
                uri(env.get(ENV_DYNAMODB_ENDPOINT)),
                uri(env.get(ENV_S3_ENDPOINT)),
                env.getOrDefault(ENV_GRAPH_TABLE, "modelgraph-graph"),
                env.getOrDefault(ENV_HISTORY_TABLE, "modelgraph-history"),
                env.getOrDefault(ENV_APIKEY_TABLE, "modelgraph-apikeys"),
                env.getOrDefault(ENV_BUCKET, "modelgraph-blobs"));
    }

    public StoreConfig withEndpoints(URI dynamo, URI s3) {
        return new StoreConfig(region, Optional.of(dynamo), Optional.of(s3), graphTable, historyTable, apiKeyTable,
                bucket);
    }

    private static Optional<URI> uri(String text) {
        return text == null || text.isBlank() ? Optional.empty() : Optional.of(URI.create(text.trim()));
    }
}
