package io.modelgraph.store;

import java.time.Duration;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.retries.api.BackoffStrategy;
import software.amazon.awssdk.retries.api.RetryStrategy;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.EnvironmentVariableCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * Builds the SDK clients. Handlers call this once in static init; JDK HTTP clients (no Netty, no Apache) and
 * environment credentials keep cold starts short (no credential-chain probing on Lambda). DynamoDB sends through
 * {@link BufferedBodyHttpClient}, S3 through the SDK's streaming url-connection client.
 */
public final class AwsClients {

    public static DynamoDbClient dynamo(StoreConfig config) {
        var builder = DynamoDbClient.builder()
                .region(Region.of(config.region()))
                .credentialsProvider(credentials(config.dynamoEndpoint().isPresent()))
                .httpClient(dynamoHttp())
                .overrideConfiguration(dynamoOverride(config.dynamoEndpoint().isPresent()));
        config.dynamoEndpoint().ifPresent(builder::endpointOverride);
        return builder.build();
    }

    public static S3Client s3(StoreConfig config) {
        var builder = S3Client.builder()
                .region(Region.of(config.region()))
                .credentialsProvider(credentials(config.s3Endpoint().isPresent()))
                .httpClient(http())
                .overrideConfiguration(s3Override(config.s3Endpoint().isPresent()))
                .forcePathStyle(config.s3Endpoint().isPresent());
        config.s3Endpoint().ifPresent(builder::endpointOverride);
        return builder.build();
    }

    /** Attempts per DynamoDB call: the first and up to four retries (docs/reliability.md, faults). */
    public static final int DYNAMO_ATTEMPTS = 5;

    /**
     * The SDK's standard retry conditions (throttling, 5xx, I/O), bounded to fit a request: at most
     * {@link #DYNAMO_ATTEMPTS} attempts with full-jitter backoff, at most 3 s of waiting when throttled. The SDK's
     * default for DynamoDB (nine attempts, throttling backoff up to 20 s) held a write under lasting throttling
     * for 52 s, past the HTTP API's 29 s, so the caller got the gateway's timeout instead of the envelope.
     */
    public static RetryStrategy dynamoRetries() {
        return AwsRetryStrategy.standardRetryStrategy().toBuilder()
                .maxAttempts(DYNAMO_ATTEMPTS)
                .backoffStrategy(BackoffStrategy.exponentialDelay(Duration.ofMillis(50), Duration.ofSeconds(1)))
                .throttlingBackoffStrategy(BackoffStrategy.exponentialDelay(Duration.ofMillis(200),
                        Duration.ofSeconds(2)))
                .build();
    }

    /** How long one DynamoDB attempt may wait for its answer before the SDK gives it up and retries. */
    public static final Duration DYNAMO_ATTEMPT_TIMEOUT = Duration.ofSeconds(4);
    /**
     * How long one DynamoDB call may take, its retries and backoff included: a failed large write makes two calls
     * in a row (its chunk and the undo), which must both fit in the HTTP API's 29 s with the rest of the request.
     */
    public static final Duration DYNAMO_CALL_TIMEOUT = Duration.ofSeconds(8);
    /** How long one S3 attempt may wait (objects are at most a few MB, in the same region). */
    public static final Duration S3_ATTEMPT_TIMEOUT = Duration.ofSeconds(5);
    /** How long one S3 call may take, its retries included. */
    public static final Duration S3_CALL_TIMEOUT = Duration.ofSeconds(10);

    /**
     * The retries of {@link #dynamoRetries} and time bounds on each attempt and on the whole call. Without them a
     * store that answers late held each attempt for the socket timeout (20 s), five times: a request waited
     * 100 s, past the HTTP API's 29 s, and the caller got the gateway's timeout instead of the envelope.
     */
    public static ClientOverrideConfiguration dynamoOverride() {
        return dynamoOverride(false);
    }

    /**
     * {@link #dynamoOverride()}, or for the embedded DynamoDB Local ({@code embedded}) bounds five times as long:
     * it runs in the same JVM as the service on a developer's or CI's shared cores, where a cold first call has
     * taken over 8 s, and a store that is slow because the machine is busy is not the fault the bounds are for.
     */
    public static ClientOverrideConfiguration dynamoOverride(boolean embedded) {
        int factor = embedded ? EMBEDDED_FACTOR : 1;
        return ClientOverrideConfiguration.builder()
                .retryStrategy(dynamoRetries())
                .apiCallAttemptTimeout(DYNAMO_ATTEMPT_TIMEOUT.multipliedBy(factor))
                .apiCallTimeout(DYNAMO_CALL_TIMEOUT.multipliedBy(factor))
                .build();
    }

    /** The SDK's standard retries for S3, with the same kind of time bounds as DynamoDB's. */
    public static ClientOverrideConfiguration s3Override() {
        return s3Override(false);
    }

    /** {@link #s3Override()}, or for the embedded S3Proxy bounds five times as long (see {@link #dynamoOverride}). */
    public static ClientOverrideConfiguration s3Override(boolean embedded) {
        int factor = embedded ? EMBEDDED_FACTOR : 1;
        return ClientOverrideConfiguration.builder()
                .apiCallAttemptTimeout(S3_ATTEMPT_TIMEOUT.multipliedBy(factor))
                .apiCallTimeout(S3_CALL_TIMEOUT.multipliedBy(factor))
                .build();
    }

    private static final int EMBEDDED_FACTOR = 5;

    /** Every DynamoDB client of the service, tests and benches included, sends through this one. */
    public static SdkHttpClient dynamoHttp() {
        return new BufferedBodyHttpClient(Duration.ofSeconds(3), Duration.ofSeconds(20));
    }

    private static SdkHttpClient http() {
        return UrlConnectionHttpClient.builder()
                .connectionTimeout(Duration.ofSeconds(3))
                .socketTimeout(Duration.ofSeconds(20))
                .build();
    }

    /** On Lambda the runtime sets the environment variables; an endpoint override without them means a local store. */
    public static AwsCredentialsProvider credentials(boolean localEndpoint) {
        if (System.getenv("AWS_ACCESS_KEY_ID") != null && System.getenv("AWS_SECRET_ACCESS_KEY") != null) {
            return EnvironmentVariableCredentialsProvider.create();
        }
        if (localEndpoint) {
            return StaticCredentialsProvider.create(AwsBasicCredentials.create(LOCAL_ACCESS_KEY, LOCAL_SECRET_KEY));
        }
        return DefaultCredentialsProvider.builder().build();
    }

    /** Fixed keys the embedded S3 server is configured with; DynamoDB Local 2.x accepts only letters and digits. */
    public static final String LOCAL_ACCESS_KEY = "modelgraphlocal";
    public static final String LOCAL_SECRET_KEY = "modelgraphlocalsecret";

    private AwsClients() {
    }
}
