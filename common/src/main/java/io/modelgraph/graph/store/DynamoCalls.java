package io.modelgraph.graph.store;

import io.modelgraph.store.Tables;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;
import software.amazon.awssdk.core.exception.ApiCallTimeoutException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/** Paged Query and chunked, parallel BatchGetItem with retry of unprocessed keys: the two bulk read shapes. */
final class DynamoCalls {
    static final int GET_CHUNK = 100;
    private static final int MAX_ATTEMPTS = 10;

    private static final ExecutorService POOL = Executors.newFixedThreadPool(4, r -> {
        Thread t = new Thread(r, "graph-batch-get");
        t.setDaemon(true);
        return t;
    });

    private final DynamoDbClient dynamo;
    private final String table;
    private final OpenWrites open;

    DynamoCalls(DynamoDbClient dynamo, String table) {
        this(dynamo, table, Map.of());
    }

    /** Judging large writes' items by the lists of a version read made before (see {@link OpenWrites}). */
    DynamoCalls(DynamoDbClient dynamo, String table, Map<String, java.util.Set<String>> listedBefore) {
        this.dynamo = dynamo;
        this.table = table;
        this.open = new OpenWrites(dynamo, table, listedBefore);
    }

    /**
     * Every item of a query; the SDK's paginator follows LastEvaluatedKey. Items of large writes not yet committed
     * are left out ({@link OpenWrites}), as by {@link #batchGet}.
     */
    List<Map<String, AttributeValue>> queryAll(Consumer<QueryRequest.Builder> shape) {
        String index = QueryRequest.builder().applyMutation(shape).build().indexName();
        return index == null ? open.visible(queryRaw(shape)) : open.visible(queryRaw(shape), walkOf(index));
    }

    /** A walk of one of the graph table's indexes: a type index of {@link NodeOrder}, else the relations' targets. */
    private static OpenWrites.Walk walkOf(String index) {
        return java.util.Arrays.stream(NodeOrder.values()).filter(o -> o.index().equals(index)).findFirst()
                .map(OpenWrites.Walk::over).orElseGet(() -> OpenWrites.Walk.of(Tables.TARGET_PK, Tables.SK));
    }

    /**
     * As {@link #queryAll}, when the query holds at most {@code most} items; empty as soon as it has read more (then
     * nothing was judged, and the caller reads another way). Its pages ask for no more than the items still allowed,
     * so it never reads more than {@code most + 1}.
     */
    java.util.Optional<List<Map<String, AttributeValue>>> queryAtMost(Consumer<QueryRequest.Builder> shape,
            int most) {
        QueryRequest.Builder b = QueryRequest.builder().tableName(table);
        shape.accept(b);
        List<Map<String, AttributeValue>> out = new ArrayList<>();
        Map<String, AttributeValue> start = null;
        do {
            QueryResponse page = dynamo.query(b.limit(most + 1 - out.size()).exclusiveStartKey(start).build());
            out.addAll(page.items());
            if (out.size() > most) {
                return java.util.Optional.empty();
            }
            start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
        } while (start != null);
        return java.util.Optional.of(open.visible(out));
    }

    /** Every item of a query as stored, large writes' staging included. */
    List<Map<String, AttributeValue>> queryRaw(Consumer<QueryRequest.Builder> shape) {
        QueryRequest.Builder b = QueryRequest.builder().tableName(table);
        shape.accept(b);
        List<Map<String, AttributeValue>> out = new ArrayList<>();
        dynamo.queryPaginator(b.build()).items().forEach(out::add);
        return out;
    }

    /** As {@link #batchGet}, the items as stored. */
    List<Map<String, AttributeValue>> batchGetRaw(List<Map<String, AttributeValue>> keys) {
        return batchGetAll(keys);
    }

    /** One item by key, strongly consistent, as readers see it: empty when absent or part of an uncommitted write. */
    java.util.Optional<Map<String, AttributeValue>> get(Map<String, AttributeValue> key) {
        GetItemResponse r = dynamo.getItem(b -> b.tableName(table).key(key).consistentRead(true));
        return open.visible(r.hasItem() && !r.item().isEmpty() ? List.of(r.item()) : List.of()).stream().findFirst();
    }

    /** Strongly consistent BatchGetItem of distinct keys, 100 per call, chunks in parallel. */
    List<Map<String, AttributeValue>> batchGet(List<Map<String, AttributeValue>> keys) {
        return open.visible(batchGetAll(keys));
    }

    /**
     * As {@link #batchGet}, when DynamoDB answers every key (at most {@link #GET_CHUNK}) in one call; empty when
     * it left some unprocessed (then nothing was judged, and the caller reads another way).
     */
    java.util.Optional<List<Map<String, AttributeValue>>> batchGetInOneCall(List<Map<String, AttributeValue>> keys) {
        List<Map<String, AttributeValue>> distinct = new ArrayList<>(new java.util.LinkedHashSet<>(keys));
        if (distinct.size() > GET_CHUNK) {
            return java.util.Optional.empty();
        }
        if (distinct.isEmpty()) {
            return java.util.Optional.of(List.of());
        }
        BatchGetItemResponse response = dynamo.batchGetItem(b -> b.requestItems(Map.of(table,
                KeysAndAttributes.builder().keys(distinct).consistentRead(true).build())));
        Map<String, KeysAndAttributes> left = response.unprocessedKeys();
        if (left != null && left.containsKey(table) && !left.get(table).keys().isEmpty()) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(open.visible(response.responses().getOrDefault(table, List.of())));
    }

    private List<Map<String, AttributeValue>> batchGetAll(List<Map<String, AttributeValue>> keys) {
        // BatchGetItem refuses a request that names one key twice
        Map<Map<String, AttributeValue>, Boolean> seen = new LinkedHashMap<>();
        keys.forEach(k -> seen.putIfAbsent(k, Boolean.TRUE));
        List<Map<String, AttributeValue>> distinct = new ArrayList<>(seen.keySet());
        if (distinct.size() <= GET_CHUNK) {
            return getChunk(distinct);
        }
        List<Future<List<Map<String, AttributeValue>>>> futures = new ArrayList<>();
        for (int i = 0; i < distinct.size(); i += GET_CHUNK) {
            List<Map<String, AttributeValue>> chunk = distinct.subList(i, Math.min(distinct.size(), i + GET_CHUNK));
            futures.add(POOL.submit(() -> getChunk(chunk)));
        }
        List<Map<String, AttributeValue>> out = new ArrayList<>();
        for (Future<List<Map<String, AttributeValue>>> f : futures) {
            try {
                out.addAll(f.get());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("Interrupted while reading a batch", e);
            } catch (ExecutionException e) {
                if (e.getCause() instanceof RuntimeException re) {
                    throw re;
                }
                throw new IllegalStateException(e.getCause());
            }
        }
        return out;
    }

    private List<Map<String, AttributeValue>> getChunk(List<Map<String, AttributeValue>> keys) {
        List<Map<String, AttributeValue>> out = new ArrayList<>();
        if (keys.isEmpty()) {
            return out;
        }
        Map<String, KeysAndAttributes> pending = Map.of(table,
                KeysAndAttributes.builder().keys(keys).consistentRead(true).build());
        for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
            if (attempt > 0) {
                sleep(attempt);
            }
            Map<String, KeysAndAttributes> sending = pending;
            BatchGetItemResponse response = dynamo.batchGetItem(b -> b.requestItems(sending));
            out.addAll(response.responses().getOrDefault(table, List.of()));
            Map<String, KeysAndAttributes> left = response.unprocessedKeys();
            if (left == null || left.isEmpty() || !left.containsKey(table) || left.get(table).keys().isEmpty()) {
                return out;
            }
            pending = left;
        }
        throw new IllegalStateException("BatchGetItem left keys unprocessed after " + MAX_ATTEMPTS + " attempts");
    }

    /**
     * Whether {@code e} says DynamoDB did not answer within a whole call's time ({@code AwsClients}' call timeout,
     * its own retries spent): retrying it again would multiply the wait past the request's time, so the loops
     * above the SDK give up at once and leave what is owed to the next settle (docs/graph.md "Large writes").
     */
    static boolean outOfTime(RuntimeException e) {
        return e instanceof ApiCallTimeoutException;
    }

    static void sleep(int attempt) {
        pause(Math.min(1_000, 10L << Math.min(attempt, 10)));
    }

    /** Sleeps between half of {@code cap} and {@code cap} milliseconds (jittered, so retriers spread out). */
    static void pause(long cap) {
        try {
            Thread.sleep(ThreadLocalRandom.current().nextLong(cap / 2, cap + 1));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted during retry backoff", e);
        }
    }
}
