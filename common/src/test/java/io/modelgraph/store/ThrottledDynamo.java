package io.modelgraph.store;

import java.util.function.Predicate;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;

/**
 * A client of the same embedded DynamoDB Local whose chosen requests fail as DynamoDB fails under load
 * (throttling), before they are sent; every other request reaches the real store. Infrastructure faults are
 * hard to provoke on a local store, and the code under test must answer them without touching its data.
 */
public final class ThrottledDynamo {
    public static DynamoDbClient failing(Predicate<SdkRequest> fails) {
        return DynamoDbClient.builder()
                .region(Region.of(TestStores.services().stores().region()))
                .endpointOverride(TestStores.services().stores().dynamoEndpoint().orElseThrow())
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(
                        AwsClients.LOCAL_ACCESS_KEY, AwsClients.LOCAL_SECRET_KEY)))
                .overrideConfiguration(c -> c.addExecutionInterceptor(new ExecutionInterceptor() {
                    @Override
                    public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
                        if (fails.test(context.request())) {
                            throw ProvisionedThroughputExceededException.builder()
                                    .message("Rate exceeded (injected by the test)").build();
                        }
                    }
                }))
                .build();
    }

    private ThrottledDynamo() {
    }
}
