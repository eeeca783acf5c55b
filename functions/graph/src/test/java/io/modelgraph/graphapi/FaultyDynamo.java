package io.modelgraph.graphapi;

import io.modelgraph.platform.Services;
import io.modelgraph.store.Attr;
import io.modelgraph.store.Tables;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.Supplier;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttribute;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;

/**
 * A real DynamoDbClient on the shared DynamoDB Local whose TransactWriteItems and BatchWriteItem calls can be
 * disturbed on cue by an SDK interceptor: failed before they are sent (the SDK call crashes), failed after
 * DynamoDB applied them (the answer is lost), preceded by a real write of another client (a concurrent
 * writer), all failed from some call on (DynamoDB away), or hit by an {@link Error} (the process dies mid-write).
 * Cues are predicates on the request, since writes go out in parallel and their order is not fixed.
 * Nothing is mocked: every call that goes through reaches DynamoDB Local.
 */
final class FaultyDynamo implements ExecutionInterceptor {
    private final AtomicInteger transactions = new AtomicInteger();
    private final AtomicInteger batchWrites = new AtomicInteger();
    private final AtomicInteger writes = new AtomicInteger();
    private volatile Predicate<TransactWriteItemsRequest> failTransactionWhen = r -> false;
    private volatile Predicate<BatchWriteItemRequest> failBatchWhen = r -> false;
    private volatile Supplier<? extends Throwable> batchFault = () -> SdkClientException.create("injected");
    private volatile Predicate<TransactWriteItemsRequest> crashTransactionWhen = r -> false;
    private volatile Supplier<? extends Throwable> transactionFault = () -> SdkClientException.create("injected");
    private volatile int failBeforeSending = -1;
    private volatile int failAfterLanding = -1;
    private volatile int failFrom = Integer.MAX_VALUE;
    private static final ExecutionAttribute<Integer> NUMBER = new ExecutionAttribute<>("transactionNumber");
    private volatile Predicate<TransactWriteItemsRequest> interfereWhen = r -> false;
    private volatile Consumer<TransactWriteItemsRequest> interference = r -> { };
    final DynamoDbClient client;
    final Services services;

    FaultyDynamo() {
        this.services = io.modelgraph.store.TestStores.observed(this);
        this.client = services.dynamo();
    }

    /** The n-th TransactWriteItems call from now (1-based) fails before it reaches DynamoDB. */
    FaultyDynamo failBeforeSending(int n) {
        failBeforeSending = transactions.get() + n;
        return this;
    }

    /** The n-th TransactWriteItems call from now is applied by DynamoDB, then the SDK call fails. */
    FaultyDynamo failAfterLanding(int n) {
        failAfterLanding = transactions.get() + n;
        return this;
    }

    /** True when the transaction deletes the item with sort key {@code sk}. */
    static boolean deletes(TransactWriteItemsRequest r, String sk) {
        return r.transactItems().stream().anyMatch(t -> t.delete() != null
                && sk.equals(t.delete().key().get(io.modelgraph.store.Tables.SK).s()));
    }

    /** The first TransactWriteItems call matching {@code when} fails before it reaches DynamoDB. */
    FaultyDynamo failBeforeSending(Predicate<TransactWriteItemsRequest> when) {
        failTransactionWhen = once(when);
        return this;
    }

    /** The first TransactWriteItems call matching {@code when} throws {@code fault} instead of being sent. */
    FaultyDynamo crashBeforeSending(Predicate<TransactWriteItemsRequest> when, Supplier<? extends Throwable> fault) {
        transactionFault = fault;
        crashTransactionWhen = once(when);
        return this;
    }

    /** The first BatchWriteItem call matching {@code when} throws {@code fault} instead of being sent. */
    FaultyDynamo failBatchWrite(Predicate<BatchWriteItemRequest> when, Supplier<? extends Throwable> fault) {
        batchFault = fault;
        failBatchWhen = once(when);
        return this;
    }

    /**
     * From the n-th write call (TransactWriteItems or BatchWriteItem) from now on, every one fails before it
     * is sent (DynamoDB is away for writes).
     */
    FaultyDynamo failFrom(int n) {
        failFrom = writes.get() + n;
        return this;
    }

    private static <T> Predicate<T> once(Predicate<T> when) {
        AtomicInteger done = new AtomicInteger();
        return r -> done.get() == 0 && when.test(r) && done.incrementAndGet() == 1;
    }

    /** DynamoDB is reachable again. */
    void recover() {
        failFrom = Integer.MAX_VALUE;
    }

    /** Just before the first TransactWriteItems call matching {@code when} is sent, runs {@code write} once. */
    FaultyDynamo interfere(Predicate<TransactWriteItemsRequest> when, Consumer<TransactWriteItemsRequest> write) {
        AtomicInteger done = new AtomicInteger();
        interfereWhen = r -> done.get() == 0 && when.test(r) && done.incrementAndGet() == 1;
        interference = write;
        return this;
    }

    int transactions() {
        return transactions.get();
    }

    int batchWrites() {
        return batchWrites.get();
    }

    @Override
    public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
        if (context.request() instanceof BatchWriteItemRequest batch) {
            batchWrites.incrementAndGet();
            if (writes.incrementAndGet() >= failFrom) {
                throw SdkClientException.create("injected: connection reset before BatchWriteItem");
            }
            if (failBatchWhen.test(batch)) {
                throwUnchecked(batchFault.get());
            }
        }
        if (!(context.request() instanceof TransactWriteItemsRequest request)) {
            return;
        }
        int n = transactions.incrementAndGet();
        attributes.putAttribute(NUMBER, n);
        if (crashTransactionWhen.test(request)) {
            throwUnchecked(transactionFault.get());
        }
        if (writes.incrementAndGet() >= failFrom || n == failBeforeSending || failTransactionWhen.test(request)) {
            throw SdkClientException.create("injected: connection reset before TransactWriteItems #" + n);
        }
        if (interfereWhen.test(request)) {
            interference.accept(request);
        }
    }

    @Override
    public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
        Integer n = attributes.getAttribute(NUMBER);
        if (context.request() instanceof TransactWriteItemsRequest && n != null && n == failAfterLanding) {
            throw SdkClientException.create("injected: response of an applied TransactWriteItems lost");
        }
    }

    private static void throwUnchecked(Throwable t) {
        if (t instanceof Error e) {
            throw e;
        }
        throw (RuntimeException) t;
    }

    /** Whether the batch puts an item whose sort key starts with {@code prefix}. */
    static boolean batchPuts(BatchWriteItemRequest request, String prefix) {
        return request.requestItems().values().stream().flatMap(List::stream)
                .anyMatch(w -> w.putRequest() != null && w.putRequest().item().get(Tables.SK).s().startsWith(prefix));
    }

    /** Whether the request puts an item whose sort key starts with {@code prefix}. */
    static boolean puts(TransactWriteItemsRequest request, String prefix) {
        return request.transactItems().stream().anyMatch(t -> sortKeyOfPut(t).startsWith(prefix));
    }

    static String sortKeyOfPut(TransactWriteItem t) {
        return t.put() == null ? "" : t.put().item().get(Tables.SK).s();
    }

    /** Every item of the project's partition by sort key, read with the plain client (strongly consistent). */
    static Map<String, Map<String, AttributeValue>> partition(String projectId) {
        Map<String, Map<String, AttributeValue>> out = new HashMap<>();
        Map<String, AttributeValue> start = null;
        do {
            Map<String, AttributeValue> from = start;
            QueryResponse page = GraphApi.SERVICES.dynamo().query(b -> {
                b.tableName(GraphApi.SERVICES.stores().graphTable()).consistentRead(true)
                        .keyConditionExpression("#pk = :pk").expressionAttributeNames(Map.of("#pk", Tables.PK))
                        .expressionAttributeValues(Map.of(":pk", Attr.s("P#" + projectId)));
                if (from != null) {
                    b.exclusiveStartKey(from);
                }
            });
            // the project's version item moves with every write and every undo (that is its purpose), and `g`
            // names the large write that put an item (an undo restoring a rebuilt pre-image may leave it out): the
            // graph's state before and after is what these tests compare
            page.items().stream().filter(i -> !"X#version".equals(i.get(Tables.SK).s()))
                    .forEach(i -> {
                        Map<String, AttributeValue> item = new HashMap<>(i);
                        item.remove("g");
                        out.put(i.get(Tables.SK).s(), item);
                    });
            start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
        } while (start != null);
        return out;
    }
}
