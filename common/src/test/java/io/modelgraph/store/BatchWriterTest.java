package io.modelgraph.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelgraph.platform.Services;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.SdkResponse;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * BatchWriter against the real DynamoDB Local. Throttling is simulated by an SDK interceptor that
 * withholds part of a real request and reports it back as unprocessed, exactly as DynamoDB does when it
 * throttles, so the retry path runs against the real store.
 */
class BatchWriterTest {
    private final Services services = TestStores.services();
    private final String table = services.stores().historyTable();

    @Test
    void writesEveryItemAcrossChunks() {
        String pk = TestStores.newProjectId() + "#batch";
        int calls = new BatchWriter(services.dynamo()).write(table, items(pk, 137));
        assertEquals(6, calls, "137 items are 6 chunks of at most 25");
        assertEquals(137, count(services.dynamo(), pk));
    }

    @Test
    void retriesUnprocessedItemsUntilAllAreWritten() {
        AtomicInteger throttled = new AtomicInteger();
        DynamoDbClient flaky = throttlingClient(3, throttled);
        String pk = TestStores.newProjectId() + "#retry";
        int calls = new BatchWriter(flaky).write(table, items(pk, 60));

        assertEquals(3, throttled.get());
        assertTrue(calls > 3, "retries add calls: " + calls);
        assertEquals(60, count(services.dynamo(), pk), "every item is written despite throttling");
    }

    @Test
    void givesUpWithACountWhenThrottlingNeverStops() {
        DynamoDbClient flaky = throttlingClient(Integer.MAX_VALUE, new AtomicInteger());
        String pk = TestStores.newProjectId() + "#stuck";
        var e = assertThrows(BatchWriter.UnprocessedItemsException.class,
                () -> new BatchWriter(flaky).write(table, items(pk, 10)));
        assertTrue(e.getMessage().contains("still unprocessed"), e.getMessage());
    }

    private DynamoDbClient throttlingClient(int timesToThrottle, AtomicInteger throttled) {
        ExecutionInterceptor throttle = new ExecutionInterceptor() {
            private final ThreadLocal<List<WriteRequest>> withheld = new ThreadLocal<>();

            @Override
            public SdkRequest modifyRequest(Context.ModifyRequest context, ExecutionAttributes attributes) {
                if (!(context.request() instanceof BatchWriteItemRequest request)) {
                    return context.request();
                }
                List<WriteRequest> writes = request.requestItems().get(table);
                if (throttled.get() >= timesToThrottle) {
                    withheld.set(List.of());
                    return request;
                }
                throttled.incrementAndGet();
                // Send the first half; report the rest unprocessed. A single item is sent and still reported
                // unprocessed (puts are idempotent), so endless throttling stays endless.
                int keep = Math.max(1, writes.size() / 2);
                withheld.set(List.copyOf(writes.size() == 1 ? writes : writes.subList(keep, writes.size())));
                return request.toBuilder().requestItems(Map.of(table, writes.subList(0, keep))).build();
            }

            @Override
            public SdkResponse modifyResponse(Context.ModifyResponse context, ExecutionAttributes attributes) {
                if (!(context.response() instanceof BatchWriteItemResponse response)) {
                    return context.response();
                }
                List<WriteRequest> held = withheld.get();
                if (held == null || held.isEmpty()) {
                    return response;
                }
                return response.toBuilder().unprocessedItems(Map.of(table, held)).build();
            }
        };
        return DynamoDbClient.builder()
                .endpointOverride(services.stores().dynamoEndpoint().orElseThrow())
                .region(software.amazon.awssdk.regions.Region.US_EAST_1)
                .credentialsProvider(software.amazon.awssdk.auth.credentials.StaticCredentialsProvider.create(
                        software.amazon.awssdk.auth.credentials.AwsBasicCredentials.create("x", "y")))
                .httpClient(AwsClients.dynamoHttp())
                .overrideConfiguration(c -> c.addExecutionInterceptor(throttle))
                .build();
    }

    private static List<WriteRequest> items(String pk, int n) {
        List<WriteRequest> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Map<String, AttributeValue> item = new HashMap<>();
            item.put(Tables.PK, Attr.s(pk));
            item.put(Tables.SK, Attr.s(String.format("%05d", i)));
            out.add(WriteRequest.builder().putRequest(PutRequest.builder().item(item).build()).build());
        }
        return out;
    }

    private int count(DynamoDbClient dynamo, String pk) {
        return dynamo.query(b -> b.tableName(table).keyConditionExpression("#pk = :pk")
                .expressionAttributeNames(Map.of("#pk", Tables.PK))
                .expressionAttributeValues(Map.of(":pk", Attr.s(pk))).select("COUNT")).count();
    }
}
