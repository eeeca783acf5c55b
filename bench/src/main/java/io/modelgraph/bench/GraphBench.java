package io.modelgraph.bench;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.embedded.EmbeddedAws;
import io.modelgraph.graph.MainSpace;
import io.modelgraph.graph.MixinValue;
import io.modelgraph.graph.Node;
import io.modelgraph.graph.NodeType;
import io.modelgraph.graph.Relation;
import io.modelgraph.graph.store.GraphKeys;
import io.modelgraph.graph.store.GraphStore;
import io.modelgraph.graphapi.GraphHandler;
import io.modelgraph.json.Json;
import io.modelgraph.platform.Services;
import io.modelgraph.platform.Settings;
import io.modelgraph.store.AwsClients;
import io.modelgraph.store.StoreConfig;
import io.modelgraph.store.Tables;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.SdkResponse;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.interceptor.SdkExecutionAttribute;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Measures the graph API on DynamoDB Local in this JVM (docs/graph.md "Benchmark"):
 * bulkCreate against raw BatchWriteItem of the same items, and fetchNodes latency and DynamoDB items
 * read per node returned on a large project. Flags: {@code --nodes=N} (project size, default 100000),
 * {@code --bulk=N} (entries of each kind in the bulk call, default 10000), {@code --rounds=N} (bulk rounds, default 3),
 * {@code --timeline=true} and {@code --cpu=true} (see below).
 */
public final class GraphBench {
    /** Every item DynamoDB read for us: Query ScannedCount, GetItem hits, BatchGetItem items. */
    static final AtomicLong ITEMS_READ = new AtomicLong();

    /** Requests sent, by operation, and items they carried (written or read), while {@link #counting} is set. */
    static final Map<String, long[]> REQUESTS = new java.util.concurrent.ConcurrentHashMap<>();
    static volatile boolean counting;
    /** --timeline=true: print each round's bulkCreate requests in time order (where the call's time goes). */
    static boolean timeline;
    /**
     * --cpu=true: print each round's CPU time of both sides (this process: the service and DynamoDB Local, which runs
     * in it), the bulkCreate caller thread's share and the collectors' pauses: the work a call does, which a loaded
     * machine's wall times hide.
     */
    static boolean cpu;

    /** Start and end (System.nanoTime) of every request sent while {@link #counting} is set, by operation. */
    static final List<long[]> CALLS = java.util.Collections.synchronizedList(new ArrayList<>());
    static final List<String> CALL_OPS = java.util.Collections.synchronizedList(new ArrayList<>());
    private static final software.amazon.awssdk.core.interceptor.ExecutionAttribute<Long> STARTED =
            new software.amazon.awssdk.core.interceptor.ExecutionAttribute<>("bench-started");

    static final class ReadCounter implements ExecutionInterceptor {
        @Override
        public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
            attributes.putAttribute(STARTED, System.nanoTime());
        }

        @Override
        public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
            SdkResponse r = context.response();
            if (counting) {
                synchronized (CALLS) {
                    CALLS.add(new long[] {attributes.getAttribute(STARTED), System.nanoTime()});
                    CALL_OPS.add(attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME));
                }
                long[] slot = REQUESTS.computeIfAbsent(attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME),
                        k -> new long[2]);
                synchronized (slot) {
                    slot[0]++;
                    slot[1] += itemsOf(context.request(), r);
                }
            }
            if (r instanceof QueryResponse q) {
                ITEMS_READ.addAndGet(q.scannedCount() == null ? q.count() : q.scannedCount());
            } else if (r instanceof GetItemResponse g) {
                ITEMS_READ.addAndGet(g.hasItem() && !g.item().isEmpty() ? 1 : 0);
            } else if (r instanceof BatchGetItemResponse b) {
                b.responses().values().forEach(items -> ITEMS_READ.addAndGet(items.size()));
            }
        }
    }

    /** Items a request wrote or a response read (one for single-item calls). */
    static long itemsOf(software.amazon.awssdk.core.SdkRequest request, SdkResponse response) {
        if (request instanceof BatchWriteItemRequest b) {
            return b.requestItems().values().stream().mapToLong(List::size).sum();
        }
        if (request instanceof TransactWriteItemsRequest t) {
            return t.transactItems().size();
        }
        if (response instanceof BatchGetItemResponse b) {
            return b.responses().values().stream().mapToLong(List::size).sum();
        }
        if (response instanceof QueryResponse q) {
            return q.scannedCount() == null ? q.count() : q.scannedCount();
        }
        return 1;
    }

    /** The same stores and settings, through a DynamoDB client that counts every item read into ITEMS_READ. */
    static Services countingServices(Services plain) {
        StoreConfig cfg = plain.stores();
        DynamoDbClient dynamo = localDynamo(cfg.dynamoEndpoint().orElseThrow(), AwsClients.dynamoHttp(),
                new ReadCounter());
        return new Services(cfg, dynamo, plain.s3(), plain.settings(), plain.clock());
    }

    /** A client of the embedded DynamoDB Local through {@code http}, every call passing the interceptors. */
    static DynamoDbClient localDynamo(URI endpoint, SdkHttpClient http, ExecutionInterceptor... interceptors) {
        return DynamoDbClient.builder()
                .region(Region.US_EAST_1)
                .endpointOverride(endpoint)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(
                        AwsClients.LOCAL_ACCESS_KEY, AwsClients.LOCAL_SECRET_KEY)))
                .httpClient(http)
                .overrideConfiguration(c -> List.of(interceptors).forEach(c::addExecutionInterceptor))
                .build();
    }

    private final GraphHandler handler;
    private final Services services;
    private final DynamoDbClient dynamo;

    private GraphBench(Services services) {
        this.services = services;
        this.dynamo = services.dynamo();
        this.handler = new GraphHandler(services);
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> flags = new HashMap<>();
        for (String a : args) {
            if (a.startsWith("--") && a.contains("=")) {
                flags.put(a.substring(2, a.indexOf('=')), a.substring(a.indexOf('=') + 1));
            }
        }
        int projectNodes = Integer.parseInt(flags.getOrDefault("nodes", "100000"));
        int bulk = Integer.parseInt(flags.getOrDefault("bulk", "10000"));
        int rounds = Integer.parseInt(flags.getOrDefault("rounds", "3"));
        timeline = Boolean.parseBoolean(flags.getOrDefault("timeline", "false"));
        cpu = Boolean.parseBoolean(flags.getOrDefault("cpu", "false"));
        EmbeddedAws aws = EmbeddedAws.start(Optional.empty());
        int status = 0;
        try {
            StoreConfig cfg = StoreConfig.from(Map.of()).withEndpoints(aws.dynamoEndpoint(), aws.s3Endpoint());
            DynamoDbClient dynamo = localDynamo(aws.dynamoEndpoint(), AwsClients.dynamoHttp(), new ReadCounter());
            Services services = new Services(cfg, dynamo, AwsClients.s3(cfg),
                    Settings.from(Map.of()).withPagingSecret("bench"), Clock.systemUTC());
            Tables.ensure(dynamo, services.s3(), cfg);
            GraphBench bench = new GraphBench(services);
            System.out.println("GraphBench on DynamoDB Local, " + Runtime.getRuntime().availableProcessors()
                    + " cores; project " + projectNodes + " nodes, bulk " + bulk + " + " + bulk + " + " + bulk);
            bench.bulkVersusRaw(bulk, rounds);
            if (projectNodes > 0) { // --nodes=0: the bulk comparison only
                bench.fetchNodes(projectNodes);
            }
        } catch (Exception e) {
            e.printStackTrace();
            status = 1;
        } finally {
            aws.close();
        }
        System.exit(status); // DynamoDB Local leaves non-daemon threads
    }

    // ---- 1. bulkCreate vs raw BatchWriteItem -------------------------------------------------

    private void bulkVersusRaw(int n, int rounds) throws Exception {
        List<Long> api = new ArrayList<>();
        List<Long> raw = new ArrayList<>();
        // round 0 warms the JIT at the full size and is not counted (after a 2,000-entry warm-up the compiler was still
        // at the call's code through rounds 1-2, whose ratios ran 1.4-1.8 against 1.1-1.2 after); every round writes
        // into two fresh, empty tables
        // (DynamoDB Local slows down as a table grows, which would otherwise favour whichever runs first)
        for (int round = 0; round <= rounds; round++) {
            int size = n;
            StoreConfig apiTables = withGraphTable(services.stores(), "bench-api-" + round);
            StoreConfig rawTables = withGraphTable(services.stores(), "bench-raw-" + round);
            Tables.ensure(dynamo, services.s3(), apiTables);
            Tables.ensure(dynamo, services.s3(), rawTables);
            GraphHandler roundHandler = new GraphHandler(new Services(apiTables, dynamo, services.s3(),
                    services.settings(), services.clock()));
            String project = newProject();
            String body = bulkBody(size);
            List<WriteRequest> items = rawItems(newProject(), size);
            String load = ImportFigures.loadAverage();
            REQUESTS.clear();
            CALLS.clear();
            CALL_OPS.clear();
            counting = true;
            CpuUse before = CpuUse.now();
            long t0 = System.nanoTime();
            APIGatewayV2HTTPResponse r = call(roundHandler, project, "POST", "bulkCreate", body);
            long t1 = System.nanoTime();
            CpuUse between = CpuUse.now();
            counting = false;
            if (r.getStatusCode() != 200) {
                throw new IllegalStateException("bulkCreate failed: " + r.getBody());
            }
            long rawNanos = timeRaw(rawTables.graphTable(), items);
            if (round > 0 && cpu) {
                System.out.println("  cpu: bulkCreate " + between.minus(before) + "; raw "
                        + CpuUse.now().minus(between));
            }
            if (round > 0 && timeline) {
                System.out.println("  bulkCreate timeline: " + timeline(t0, t1));
            }
            if (round > 0) {
                api.add(t1 - t0);
                raw.add(rawNanos);
                System.out.printf("round %d: bulkCreate %d ms, raw %d ms, ratio %.2f, load average %s%n", round,
                        (t1 - t0) / 1_000_000, rawNanos / 1_000_000, (double) (t1 - t0) / rawNanos, load);
            }
            if (round == rounds) {
                System.out.println("DynamoDB requests of one bulkCreate call (operation: requests, items): "
                        + new java.util.TreeMap<>(REQUESTS).entrySet().stream()
                                .map(e -> e.getKey() + " " + e.getValue()[0] + " / " + e.getValue()[1]).toList());
            }
            dynamo.deleteTable(b -> b.tableName(apiTables.graphTable()));
            dynamo.deleteTable(b -> b.tableName(rawTables.graphTable()));
        }
        long apiMs = median(api) / 1_000_000;
        long rawMs = median(raw) / 1_000_000;
        System.out.printf("bulkCreate %d nodes + %d relations + %d mixin values (given Ids, so their existence is "
                + "read too): median %d ms over %d rounds (%s)%n",
                n, n, n, apiMs, rounds, ms(api));
        System.out.printf("raw BatchWriteItem of the same %d items (values in their node items; 25 per call, 4 "
                + "threads): median %d ms (%s)%n", items(n), rawMs, ms(raw));
        System.out.printf("ratio bulkCreate / raw = %.2f (goal <= 1.2)%n", (double) apiMs / rawMs);
    }

    /**
     * The call's DynamoDB requests as runs of one operation in the order they started: each run's start and end
     * (ms from the call's start) and request count; the gaps between runs are the service's own work.
     */
    static String timeline(long t0, long t1) {
        List<Integer> order = new ArrayList<>();
        synchronized (CALLS) {
            for (int i = 0; i < CALLS.size(); i++) {
                order.add(i);
            }
            order.sort(java.util.Comparator.comparingLong(i -> CALLS.get(i)[0]));
            StringBuilder out = new StringBuilder();
            String op = null;
            long start = 0;
            long end = 0;
            int count = 0;
            for (int i : order) {
                String o = CALL_OPS.get(i);
                if (!o.equals(op)) {
                    if (op != null) {
                        out.append(String.format("%s x%d %d-%d; ", op, count, (start - t0) / 1_000_000,
                                (end - t0) / 1_000_000));
                    }
                    op = o;
                    start = CALLS.get(i)[0];
                    end = 0;
                    count = 0;
                }
                end = Math.max(end, CALLS.get(i)[1]);
                count++;
            }
            if (op != null) {
                out.append(String.format("%s x%d %d-%d; ", op, count, (start - t0) / 1_000_000,
                        (end - t0) / 1_000_000));
            }
            return out.append("end ").append((t1 - t0) / 1_000_000).toString();
        }
    }

    /** This process's CPU time, the calling thread's, and the collectors' accumulated pause time, at one moment. */
    private record CpuUse(long processNanos, long threadNanos, long gcMillis) {
        static CpuUse now() {
            long gc = java.lang.management.ManagementFactory.getGarbageCollectorMXBeans().stream()
                    .mapToLong(java.lang.management.GarbageCollectorMXBean::getCollectionTime).sum();
            return new CpuUse(((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory
                    .getOperatingSystemMXBean()).getProcessCpuTime(), java.lang.management.ManagementFactory
                    .getThreadMXBean().getCurrentThreadCpuTime(), gc);
        }

        String minus(CpuUse start) {
            return String.format("process %d ms cpu (caller thread %d ms, collector pauses %d ms)",
                    (processNanos - start.processNanos) / 1_000_000, (threadNanos - start.threadNanos) / 1_000_000,
                    gcMillis - start.gcMillis);
        }
    }

    /** Items of the bulk: a node item (its mixin value inside) and a relation per entry. */
    private static int items(int n) {
        return 2 * n;
    }

    static StoreConfig withGraphTable(StoreConfig c, String table) {
        return new StoreConfig(c.region(), c.dynamoEndpoint(), c.s3Endpoint(), table, c.historyTable(), c.apiKeyTable(),
                c.bucket());
    }

    private long timeRaw(String table, List<WriteRequest> items) throws Exception {
        long t0 = System.nanoTime();
        rawWrite(table, items);
        return System.nanoTime() - t0;
    }

    static String bulkBody(int n) {
        List<Map<String, Object>> nodes = new ArrayList<>(n);
        List<Map<String, Object>> relations = new ArrayList<>(n);
        List<Map<String, Object>> mixins = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            nodes.add(Map.of("Id", "n" + i, "label", "Node " + i, "nodeType", i % 2 == 0 ? "Type" : "Element"));
        }
        for (int i = 0; i < n; i++) {
            // each Element (odd) belongs to the Type before it; Types subclass the previous Type
            int from = i % n;
            String group = from % 2 == 1 ? "domain-includes" : "subclass-of";
            int to = from % 2 == 1 ? from - 1 : (from + 2) % n;
            relations.add(Map.of("fromNodeId", "n" + from, "toNodeId", "n" + to, "relationGroupId", group));
            mixins.add(Map.of("targetNodeId", "n" + i, "mixinId", "description", "mixinColumns",
                    List.of(Map.of("Id", "description", "value", "Description of node " + i))));
        }
        return Json.write(Map.of("nodes", nodes, "relations", relations, "mixins", mixins));
    }

    /** The same number and shape of items bulkCreate writes (node items carry the same index attributes). */
    private List<WriteRequest> rawItems(String project, int n) {
        String now = Instant.now().toString();
        String pk = GraphKeys.pk(project);
        String main = MainSpace.idFor(project);
        List<WriteRequest> out = new ArrayList<>(items(n));
        for (int i = 0; i < n; i++) {
            String id = "n" + i;
            NodeType type = i % 2 == 0 ? NodeType.Type : NodeType.Element;
            Map<String, AttributeValue> item = new HashMap<>();
            item.put(Tables.PK, s(pk));
            item.put(Tables.SK, s(GraphKeys.nodeSk(id)));
            item.put("id", s(id));
            item.put("label", s("Node " + i));
            item.put("lbl", s("node " + i));
            item.put("nt", s(type.name()));
            item.put("spaces", AttributeValue.builder().l(s(main)).build());
            item.put("cAt", s(now));
            item.put("uAt", s(now));
            item.put("cBy", s("bench"));
            item.put("uBy", s("bench"));
            item.put("del", AttributeValue.builder().bool(false).build());
            item.put("ver", AttributeValue.builder().n("1").build());
            item.put(Tables.TYPE_PK, s(GraphKeys.typePartition(project, main, type)));
            item.put(Tables.LABEL_SK, s(GraphKeys.labelKey("Node " + i, id)));
            item.put(Tables.CREATED_SK, s(GraphKeys.timeKey(System.currentTimeMillis(), id)));
            item.put(Tables.UPDATED_SK, s(GraphKeys.timeKey(System.currentTimeMillis(), id)));
            // the node's mixin value is an attribute of its node item (docs/graph.md "Key design")
            item.put("v#description#description", s("\"Description of node " + i + "\""));
            item.put("vv", AttributeValue.builder().n("1").build());
            out.add(put(item));
            String rel = UUID.randomUUID().toString();
            String to = "n" + (i % 2 == 1 ? i - 1 : (i + 2) % n);
            out.add(put(Map.of(Tables.PK, s(pk), Tables.SK, s(GraphKeys.relationSk(id, rel)), Tables.TARGET_PK,
                    s(GraphKeys.targetPartition(project, to)), "id", s(rel), "from", s(id), "to", s(to), "grp",
                    s("subclass-of"), "cAt", s(now), "cBy", s("bench"))));
        }
        return out;
    }

    private void rawWrite(String table, List<WriteRequest> items) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int i = 0; i < items.size(); i += 25) {
                List<WriteRequest> chunk = items.subList(i, Math.min(items.size(), i + 25));
                futures.add(pool.submit(() -> {
                    Map<String, List<WriteRequest>> pending = Map.of(table, chunk);
                    while (!pending.isEmpty()) {
                        Map<String, List<WriteRequest>> sending = pending;
                        BatchWriteItemResponse r = dynamo.batchWriteItem(b -> b.requestItems(sending));
                        pending = r.hasUnprocessedItems() ? r.unprocessedItems() : Map.of();
                    }
                }));
            }
            for (Future<?> f : futures) {
                f.get();
            }
        } finally {
            pool.shutdown();
        }
    }

    // ---- 2. fetchNodes on a large project ----------------------------------------------------

    private void fetchNodes(int size) throws Exception {
        String project = newProject();
        GraphStore store = GraphStore.of(services);
        store.ensureMainSpace(project, "bench");
        String main = MainSpace.idFor(project);
        Random random = new Random(7);
        String[] words = {"customer", "order", "invoice", "address", "product", "payment", "shipment", "account"};
        List<String> ids = new ArrayList<>(size);
        long t0 = System.nanoTime();
        Instant now = Instant.now();
        for (int start = 0; start < size; start += 10_000) {
            List<Node> nodes = new ArrayList<>();
            for (int i = start; i < Math.min(size, start + 10_000); i++) {
                String id = UUID.randomUUID().toString();
                ids.add(id);
                // 80% Elements, 20% Types; 1% of labels contain "needle"
                NodeType type = i % 5 == 4 ? NodeType.Type : NodeType.Element;
                // 1% of labels contain "needle", 0.01% "pin" (every 10,000th)
                String label = words[random.nextInt(words.length)] + " " + i + (i % 100 == 0 ? " needle" : "")
                        + (i % 10_000 == 5 ? " pin" : "");
                nodes.add(new Node(id, label, type, List.of(main), now, now, "bench", "bench", false, 1));
            }
            store.bulkWrite(project, nodes, List.<Relation>of(), List.<MixinValue>of(), "bench", Set.copyOf(ids.subList(start, ids.size())));
        }
        System.out.printf("seeded %d nodes in %d s%n", size, (System.nanoTime() - t0) / 1_000_000_000L);

        Stats byType = new Stats();
        walk(project, "fetchNodes?NodeType=Element&SortAttr=Label&pageSize=50", Integer.MAX_VALUE, byType);
        byType.print("NodeType=Element SortAttr=Label pageSize=50, every page of a full walk");

        Stats byIds = new Stats();
        for (int round = 0; round < 30; round++) {
            List<String> pick = new ArrayList<>(ids);
            Collections.shuffle(pick, random);
            walk(project, "fetchNodes?NodeIds=" + String.join(",", pick.subList(0, 500)) + "&pageSize=50",
                    Integer.MAX_VALUE, byIds);
        }
        byIds.print("NodeIds (500 listed ids, no SortAttr) pageSize=50, all 10 pages x 30 id sets");

        Stats byIdsSorted = new Stats();
        for (int round = 0; round < 5; round++) {
            List<String> pick = new ArrayList<>(ids);
            Collections.shuffle(pick, random);
            walk(project, "fetchNodes?NodeIds=" + String.join(",", pick.subList(0, 500))
                    + "&SortAttr=Label&pageSize=50", Integer.MAX_VALUE, byIdsSorted);
        }
        byIdsSorted.print("NodeIds (500 listed ids) SortAttr=Label pageSize=50, all pages x 5 id sets");

        // Expression through the label index: the first search of the container reads the space whole (cold)
        Stats cold = new Stats();
        walk(project, "fetchNodes?Expression=needle&pageSize=50", 1, cold);
        cold.print("Expression=needle pageSize=50, FIRST page on the first cold container (reads the space whole,"
                + " stores the label index snapshot)");
        // every later cold container (a new Lambda instance) starts from that snapshot plus the changes since
        for (int container = 0; container < 3; container++) {
            Stats fromSnapshot = new Stats();
            walk(new GraphHandler(services), project, "fetchNodes?Expression=needle&pageSize=50", 1, fromSnapshot);
            fromSnapshot.print("Expression=needle pageSize=50, FIRST page on another cold container (from the"
                    + " snapshot)");
        }
        String[][] searches = {
            {"needle", "1% of labels"}, {"customer", "~12% of labels"}, {"pin", "0.01% of labels"}};
        for (String[] search : searches) {
            for (String type : new String[] {"", "&NodeType=Element"}) {
                Stats stats = new Stats();
                walk(project, "fetchNodes?Expression=" + search[0] + type + "&pageSize=50", 60, stats);
                stats.print("Expression=" + search[0] + type + " (" + search[1] + ") pageSize=50, first 60 pages");
            }
        }
        // one small write moves the version: the next search follows the change through the update index
        String changed = ids.get(ids.size() / 2);
        call(project, "PUT", "node", Json.write(Map.of("Id", changed, "label", "customer needle pin moved")));
        Stats afterWrite = new Stats();
        walk(project, "fetchNodes?Expression=needle&pageSize=50", 1, afterWrite);
        afterWrite.print("Expression=needle pageSize=50, first page after one node update (delta through the update index)");
    }

    private void walk(String project, String query, int maxPages, Stats stats) throws Exception {
        walk(handler, project, query, maxPages, stats);
    }

    private static void walk(GraphHandler handler, String project, String query, int maxPages, Stats stats)
            throws Exception {
        String token = "";
        for (int page = 0; page < maxPages; page++) {
            long before = ITEMS_READ.get();
            long t0 = System.nanoTime();
            APIGatewayV2HTTPResponse r = call(handler, project, "GET", query + (token.isEmpty() ? ""
                    : "&pagingToken=" + URLEncoder.encode(token, StandardCharsets.UTF_8)), null);
            long elapsed = System.nanoTime() - t0;
            JsonNode data = Json.parse(r.getBody()).path("data");
            if (r.getStatusCode() != 200) {
                throw new IllegalStateException(query + " failed: " + r.getBody());
            }
            stats.add(elapsed, ITEMS_READ.get() - before, data.path("nodes").size());
            if (data.path("nodes").size() == 50) {
                stats.full(ITEMS_READ.get() - before, 50);
            }
            if (data.path("lastPage").asBoolean()) {
                return;
            }
            token = data.path("pagingToken").asText();
        }
    }

    static final class Stats {
        final List<Long> nanos = new ArrayList<>();
        long items;
        long nodes;
        double worstPerNode;

        void add(long elapsed, long read, int returned) {
            nanos.add(elapsed);
            items += read;
            nodes += returned;
            if (returned > 0) {
                worstPerNode = Math.max(worstPerNode, (double) read / returned);
            }
        }

        long worstFullPageItems;
        int fullPages;
        double worstFullPerNode;

        void full(long read, int returned) {
            fullPages++;
            worstFullPerNode = Math.max(worstFullPerNode, (double) read / returned);
        }

        void print(String what) {
            List<Long> sorted = new ArrayList<>(nanos);
            Collections.sort(sorted);
            System.out.printf("fetchNodes %s: %d pages (%d full), p50 %.1f ms, p95 %.1f ms, items read per node "
                    + "returned %.2f overall, %.2f worst page, %.2f worst full page, %d items read in all%n", what,
                    sorted.size(), fullPages, pct(sorted, 50), pct(sorted, 95),
                    nodes == 0 ? 0.0 : (double) items / nodes, worstPerNode, worstFullPerNode, items);
        }

        private static double pct(List<Long> sorted, int p) {
            int i = (int) Math.ceil(p / 100.0 * sorted.size()) - 1;
            return sorted.get(Math.max(0, i)) / 1e6;
        }
    }

    // ---- plumbing ----------------------------------------------------------------------------

    private APIGatewayV2HTTPResponse call(String project, String method, String path, String body) {
        return call(handler, project, method, path, body);
    }

    static APIGatewayV2HTTPResponse call(GraphHandler handler, String project, String method, String path,
            String body) {
        String full = "/v1/" + project + "/" + path;
        int q = full.indexOf('?');
        APIGatewayV2HTTPEvent event = new APIGatewayV2HTTPEvent();
        event.setRawPath(q < 0 ? full : full.substring(0, q));
        event.setRawQueryString(q < 0 ? "" : full.substring(q + 1));
        event.setHeaders(Map.of("content-type", "application/json"));
        event.setBody(body);
        APIGatewayV2HTTPEvent.RequestContext ctx = new APIGatewayV2HTTPEvent.RequestContext();
        APIGatewayV2HTTPEvent.RequestContext.Http http = new APIGatewayV2HTTPEvent.RequestContext.Http();
        http.setMethod(method);
        ctx.setHttp(http);
        APIGatewayV2HTTPEvent.RequestContext.Authorizer auth = new APIGatewayV2HTTPEvent.RequestContext.Authorizer();
        APIGatewayV2HTTPEvent.RequestContext.Authorizer.JWT jwt = new APIGatewayV2HTTPEvent.RequestContext.Authorizer.JWT();
        jwt.setClaims(Map.of("sub", "bench", "modelgraph_roles", project + ":Admin"));
        auth.setJwt(jwt);
        ctx.setAuthorizer(auth);
        event.setRequestContext(ctx);
        return handler.handleRequest(event, null);
    }

    static String newProject() {
        return UUID.randomUUID().toString().replace("-", "");
    }

    private static AttributeValue s(String v) {
        return AttributeValue.builder().s(v).build();
    }

    private static WriteRequest put(Map<String, AttributeValue> item) {
        return WriteRequest.builder().putRequest(PutRequest.builder().item(item).build()).build();
    }

    private static long median(List<Long> values) {
        List<Long> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return sorted.get(sorted.size() / 2);
    }

    private static String ms(List<Long> values) {
        return values.stream().map(v -> (v / 1_000_000) + " ms").toList().toString();
    }
}
