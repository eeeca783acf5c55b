package io.modelgraph.store;

import io.modelgraph.embedded.EmbeddedAws;
import io.modelgraph.platform.Services;
import io.modelgraph.platform.Settings;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import java.time.Clock;
import java.util.Map;
import java.util.UUID;

/** The real embedded DynamoDB Local and S3 server, started once per test JVM, tables created. */
public final class TestStores {
    private static Services services;

    public static synchronized Services services() {
        if (services == null) {
            EmbeddedAws aws = EmbeddedAws.shared();
            StoreConfig config = StoreConfig.from(Map.of()).withEndpoints(aws.dynamoEndpoint(), aws.s3Endpoint());
            services = Services.of(config, Settings.from(Map.of()).withPagingSecret("test-secret"));
            Tables.ensure(services.dynamo(), services.s3(), config);
        }
        return services;
    }

    /**
     * Stores of their own on the same embedded servers: fresh, empty tables and bucket. For a test that compares
     * everything the stores hold before and after an action (StoreContents): it reads what it made, not all that
     * the earlier classes of the same JVM wrote (a full scan of those took most of the graph priming test).
     */
    public static Services isolated() {
        EmbeddedAws aws = EmbeddedAws.shared();
        String suffix = "-" + newProjectId().substring(0, 12);
        StoreConfig config = StoreConfig.from(Map.of(
                StoreConfig.ENV_GRAPH_TABLE, "modelgraph-graph" + suffix,
                StoreConfig.ENV_HISTORY_TABLE, "modelgraph-history" + suffix,
                StoreConfig.ENV_APIKEY_TABLE, "modelgraph-apikeys" + suffix,
                StoreConfig.ENV_BUCKET, "modelgraph-blobs" + suffix))
                .withEndpoints(aws.dynamoEndpoint(), aws.s3Endpoint());
        Services isolated = Services.of(config, Settings.from(Map.of()).withPagingSecret("test-secret"));
        Tables.ensure(isolated.dynamo(), isolated.s3(), config);
        return isolated;
    }

    /**
     * The same stores through another real client of the shared DynamoDB Local whose every call passes through
     * {@code interceptor} (a counter of items read, injected faults): observed, never mocked.
     */
    public static Services observed(ExecutionInterceptor interceptor) {
        Services real = services();
        DynamoDbClient client = DynamoDbClient.builder()
                .endpointOverride(real.stores().dynamoEndpoint().orElseThrow())
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("x", "y")))
                .httpClient(AwsClients.dynamoHttp())
                .overrideConfiguration(AwsClients.dynamoOverride(true).toBuilder().addExecutionInterceptor(interceptor)
                        .build())
                .build();
        return new Services(real.stores(), client, real.s3(), real.settings(), Clock.systemUTC());
    }

    public static String newProjectId() {
        return UUID.randomUUID().toString().replace("-", "");
    }

    private TestStores() {
    }
}
