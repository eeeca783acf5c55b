package io.modelgraph.store;

import java.time.Duration;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.EnvironmentVariableCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * Builds the SDK clients. Handlers call this once in static init; the url-connection HTTP client and
 * environment credentials keep cold starts short (no Netty, no credential-chain probing on Lambda).
 */
public final class AwsClients {

    public static DynamoDbClient dynamo(StoreConfig config) {
        var builder = DynamoDbClient.builder()
                .region(Region.of(config.region()))
                .credentialsProvider(config.dynamoEndpoint().isPresent() && !hasEnvironmentKeys()
                        ? StaticCredentialsProvider.create(AwsBasicCredentials.create(LOCAL_DYNAMO_ACCESS_KEY,
                                LOCAL_SECRET_KEY))
                        : credentials(config.dynamoEndpoint().isPresent()))
                .httpClient(http());
        config.dynamoEndpoint().ifPresent(builder::endpointOverride);
        return builder.build();
    }

    public static S3Client s3(StoreConfig config) {
        var builder = S3Client.builder()
                .region(Region.of(config.region()))
                .credentialsProvider(credentials(config.s3Endpoint().isPresent()))
                .httpClient(http())
                .forcePathStyle(config.s3Endpoint().isPresent());
        config.s3Endpoint().ifPresent(builder::endpointOverride);
        return builder.build();
    }

    private static software.amazon.awssdk.http.SdkHttpClient http() {
        return UrlConnectionHttpClient.builder()
                .connectionTimeout(Duration.ofSeconds(3))
                .socketTimeout(Duration.ofSeconds(20))
                .build();
    }

    /** On Lambda the runtime sets the environment variables; an endpoint override without them means a local store. */
    private static boolean hasEnvironmentKeys() {
        return System.getenv("AWS_ACCESS_KEY_ID") != null && System.getenv("AWS_SECRET_ACCESS_KEY") != null;
    }

    private static AwsCredentialsProvider credentials(boolean localEndpoint) {
        if (hasEnvironmentKeys()) {
            return EnvironmentVariableCredentialsProvider.create();
        }
        if (localEndpoint) {
            return StaticCredentialsProvider.create(AwsBasicCredentials.create(LOCAL_ACCESS_KEY, LOCAL_SECRET_KEY));
        }
        return DefaultCredentialsProvider.builder().build();
    }

    /** Fixed keys the embedded S3 server is configured with; DynamoDB Local accepts any. */
    public static final String LOCAL_ACCESS_KEY = "modelgraph-local";
    public static final String LOCAL_SECRET_KEY = "modelgraph-local-secret";
    /** DynamoDB Local 2.x refuses access key ids that are not purely letters and digits ("modelgraph-local" fails). */
    public static final String LOCAL_DYNAMO_ACCESS_KEY = "modelgraphlocal";

    private AwsClients() {
    }
}
