package io.modelgraph.integrations;

import io.modelgraph.platform.Services;
import io.modelgraph.store.AwsClients;
import io.modelgraph.store.TestStores;
import java.time.Clock;
import java.util.concurrent.atomic.AtomicInteger;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.PutObjectRequest;

/**
 * The shared embedded stores through real clients whose write calls (DynamoDB puts, updates, deletes, batches and
 * transactions; S3 puts) are counted, and the n-th of which fails before it is sent: a storage fault at one write
 * step. Reads and every other write reach DynamoDB Local and S3Proxy as usual; nothing is mocked.
 */
final class WriteFaults implements ExecutionInterceptor {
    private final AtomicInteger writes = new AtomicInteger();
    private volatile int failAt = -1;
    private volatile String failed = "none";
    final Services services;

    WriteFaults() {
        Services real = TestStores.services();
        S3Client s3 = S3Client.builder().region(Region.of(real.stores().region()))
                .credentialsProvider(AwsClients.credentials(true))
                .httpClient(UrlConnectionHttpClient.create())
                .forcePathStyle(true)
                .endpointOverride(real.stores().s3Endpoint().orElseThrow())
                .overrideConfiguration(c -> c.addExecutionInterceptor(this))
                .build();
        Services dynamo = TestStores.observed(this);
        this.services = new Services(real.stores(), dynamo.dynamo(), s3, real.settings(), Clock.systemUTC());
    }

    /** The n-th write call from now (1-based) fails; the others go through. */
    void failWrite(int n) {
        failAt = writes.get() + n;
    }

    /** No more faults. */
    void off() {
        failAt = -1;
    }

    /** The kind of call the last injected fault hit. */
    String failed() {
        return failed;
    }

    int writes() {
        return writes.get();
    }

    @Override
    public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
        SdkRequest r = context.request();
        boolean write = r instanceof PutItemRequest || r instanceof UpdateItemRequest || r instanceof DeleteItemRequest
                || r instanceof BatchWriteItemRequest || r instanceof TransactWriteItemsRequest
                || r instanceof PutObjectRequest;
        if (write && writes.incrementAndGet() == failAt) {
            failed = r.getClass().getSimpleName();
            throw SdkClientException.create("injected: storage fault at write #" + failAt + " ("
                    + r.getClass().getSimpleName() + ")");
        }
    }
}
