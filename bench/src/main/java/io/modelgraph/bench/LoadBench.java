package io.modelgraph.bench;

import io.modelgraph.auth.Role;
import io.modelgraph.local.LocalServer;
import java.io.PrintStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;

/**
 * A bounded open-loop load generator against the local gateway on loopback (docs/reliability.md, "Load"): a read
 * mix (fetchNode, fetchNodes, exportJsonSchema, validateJSON, badge, in turn) and a write mix (node, mixinValue,
 * bulkCreate of 100, in turn), each at increasing rates for a fixed time per rate. Requests are sent on schedule
 * whatever the answers do, and each latency is counted from its scheduled time, so a server that falls behind shows
 * in p99 rather than slowing the generator. Prints, per rate: requests, throughput, p50, p99 and errors (any answer
 * but 2xx, or no answer within 30 s). Usage: {@code LoadBench [secondsPerRate] [readRates] [writeRates]}, e.g.
 * {@code LoadBench 10 25,50,100,200 5,10,20}.
 */
public final class LoadBench {
    private record Call(String method, String path, String body) {
    }

    private record Step(String mix, int rate, int sent, double throughput, long p50, long p99, int errors,
            Map<String, Integer> errorKinds, long gcMillis, int peakInFlight, Map<String, String> byRoute) {
    }

    private final LocalServer server;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final String project = UUID.randomUUID().toString().replace("-", "");
    private final String token;
    private String spaceId;
    private final AtomicInteger sequence = new AtomicInteger();

    private LoadBench(LocalServer server) {
        this.server = server;
        this.token = server.issuer().mint("load", project, Role.Admin);
    }

    public static void main(String[] args) throws Exception {
        int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        List<Integer> reads = rates(args.length > 1 ? args[1] : "25,50,100,200");
        List<Integer> writes = rates(args.length > 2 ? args[2] : "5,10,20");
        LocalServer server = LocalServer.start(new LocalServer.Options(0, true, Files.createTempDirectory("load"),
                false), Map.of(), new PrintStream(java.io.OutputStream.nullOutputStream()));
        int status = 0;
        try {
            new LoadBench(server).run(seconds, reads, writes);
        } catch (Exception e) {
            e.printStackTrace();
            status = 1;
        } finally {
            server.close();
        }
        System.exit(status);
    }

    private static List<Integer> rates(String list) {
        return java.util.Arrays.stream(list.split(",")).map(String::trim).map(Integer::parseInt).toList();
    }

    private void run(int seconds, List<Integer> readRates, List<Integer> writeRates) throws Exception {
        seed();
        System.out.println("LoadBench: local gateway " + server.baseUrl() + ", " + Runtime.getRuntime()
                .availableProcessors() + " cores, " + seconds + " s per rate");
        List<Call> readMix = readMix();
        // warm up: every read and write once, then a short run, so the JIT and the caches are not measured
        for (Call c : readMix) {
            send(c);
        }
        for (int i = 0; i < 3; i++) {
            send(writeCall(i));
        }
        step("warm-up", 20, 5, i -> readMix.get(i % readMix.size()));
        List<Step> steps = new ArrayList<>();
        for (int rate : readRates) {
            steps.add(step("read", rate, seconds, i -> readMix.get(i % readMix.size())));
        }
        for (int rate : writeRates) {
            steps.add(step("write", rate, seconds, this::writeCall));
        }
        System.out.println("| mix | offered /s | sent | throughput /s | p50 ms | p99 ms | errors | by status | GC ms |"
                + " peak in flight | p50/p99 ms by route |");
        System.out.println("|---|---|---|---|---|---|---|---|---|---|---|");
        for (Step s : steps) {
            System.out.printf("| %s | %d | %d | %.1f | %d | %d | %d | %s | %d | %d | %s |%n", s.mix(), s.rate(),
                    s.sent(), s.throughput(), s.p50(), s.p99(), s.errors(), s.errorKinds(), s.gcMillis(),
                    s.peakInFlight(), s.byRoute());
        }
    }

    private void seed() throws Exception {
        StringBuilder nodes = new StringBuilder("{\"nodes\":[");
        for (int i = 0; i < 50; i++) {
            nodes.append(i == 0 ? "" : ",").append("{\"Id\":\"T").append(i).append("\",\"label\":\"Type ").append(i)
                    .append("\",\"nodeType\":\"Type\"}");
        }
        require(send(new Call("POST", "/v1/" + project + "/bulkCreate", nodes.append("]}").toString())));
        String node = require(send(new Call("GET", "/v1/" + project + "/fetchNode?NodeId=T0", null)));
        int at = node.indexOf("\"spaceIds\":[\"") + 13;
        spaceId = node.substring(at, node.indexOf('"', at));
    }

    private static String require(HttpResponse<String> r) {
        if (r.statusCode() / 100 != 2) {
            throw new IllegalStateException("seeding failed: " + r.statusCode() + " " + r.body());
        }
        return r.body();
    }

    private List<Call> readMix() {
        String v1 = "/v1/" + project + "/";
        String document = URLEncoder.encode("{\"label\":\"x\"}", StandardCharsets.UTF_8);
        return List.of(new Call("GET", v1 + "fetchNode?NodeId=T1&AddMixins=true", null),
                new Call("GET", v1 + "fetchNodes?NodeIds=T1,T2,T3,T4,T5,T6,T7,T8,T9,T10", null),
                new Call("GET", v1 + "exportJsonSchema?spaceId=" + spaceId + "&configTypeId=jsonschema-2020-12", null),
                new Call("GET", v1 + "validateJSON?configTypeId=jsonschema-2020-12&rootNodeId=T1&jsonString="
                        + document, null),
                new Call("GET", "/graph/integrations/capture/badge/" + project, null));
    }

    /** node, mixinValue and bulkCreate of 100 in turn; every write makes new items or changes one value. */
    private Call writeCall(int i) {
        String v1 = "/v1/" + project + "/";
        int n = sequence.incrementAndGet();
        return switch (i % 3) {
            case 0 -> new Call("POST", v1 + "node", "{\"label\":\"Load " + n + "\",\"nodeType\":\"Element\"}");
            case 1 -> new Call("POST", v1 + "mixinValue", "{\"targetNodeId\":\"T" + (n % 50) + "\",\"mixinId\":"
                    + "\"description\",\"mixinColumns\":[{\"Id\":\"description\",\"value\":\"text " + n + "\"}]}");
            default -> {
                StringBuilder b = new StringBuilder("{\"nodes\":[");
                for (int k = 0; k < 100; k++) {
                    b.append(k == 0 ? "" : ",").append("{\"label\":\"Bulk ").append(n).append('-').append(k)
                            .append("\",\"nodeType\":\"Element\"}");
                }
                yield new Call("POST", v1 + "bulkCreate", b.append("]}").toString());
            }
        };
    }

    private HttpResponse<String> send(Call c) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(server.baseUrl() + c.path()))
                .timeout(Duration.ofSeconds(30)).header("Authorization", "Bearer " + token);
        if (c.body() == null) {
            b.GET();
        } else {
            b.header("Content-Type", "application/json").method(c.method(),
                    HttpRequest.BodyPublishers.ofString(c.body()));
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** Sends {@code rate} calls a second for {@code seconds}, each on its own schedule. */
    private Step step(String mix, int rate, int seconds, IntFunction<Call> calls) throws Exception {
        int total = rate * seconds;
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(256, Math.max(8, rate * 2)));
        List<Future<Long>> answers = new ArrayList<>(total);
        List<String> routes = new ArrayList<>(total);
        AtomicInteger errors = new AtomicInteger();
        AtomicInteger inFlight = new AtomicInteger();
        AtomicInteger peak = new AtomicInteger();
        long gcBefore = gcMillis();
        Map<String, Integer> kinds = new java.util.concurrent.ConcurrentSkipListMap<>();
        long start = System.nanoTime();
        long interval = 1_000_000_000L / rate;
        for (int i = 0; i < total; i++) {
            long due = start + i * interval;
            long wait = due - System.nanoTime();
            if (wait > 0) {
                Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
            }
            Call call = calls.apply(i);
            routes.add(route(call));
            answers.add(pool.submit(() -> {
                peak.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
                try {
                    HttpResponse<String> answer = send(call);
                    int status = answer.statusCode();
                    if (status / 100 != 2) {
                        errors.incrementAndGet();
                        String kind = status + " " + call.path().replaceAll(".*/", "").replaceAll("\\?.*", "");
                        if (kinds.merge(kind, 1, Integer::sum) == 1) {
                            // the first answer of each kind, so an error can be told apart from the figures alone
                            System.out.println("LoadBench first " + kind + ": " + answer.body());
                        }
                    }
                } catch (Exception e) {
                    errors.incrementAndGet();
                    kinds.merge(e.getClass().getSimpleName(), 1, Integer::sum);
                } finally {
                    inFlight.decrementAndGet();
                }
                return (System.nanoTime() - due) / 1_000_000;
            }));
        }
        List<Long> millis = new ArrayList<>(total);
        Map<String, List<Long>> perRoute = new java.util.TreeMap<>();
        for (int i = 0; i < total; i++) {
            long m = answers.get(i).get();
            millis.add(m);
            perRoute.computeIfAbsent(routes.get(i), r -> new ArrayList<>()).add(m);
        }
        double elapsed = (System.nanoTime() - start) / 1e9;
        pool.shutdown();
        long gc = gcMillis() - gcBefore;
        Map<String, String> byRoute = new java.util.TreeMap<>();
        perRoute.forEach((r, list) -> {
            Collections.sort(list);
            byRoute.put(r, percentile(list, 0.5) + "/" + percentile(list, 0.99));
        });
        Collections.sort(millis);
        Step s = new Step(mix, rate, total, total / elapsed, percentile(millis, 0.5), percentile(millis, 0.99),
                errors.get(), Map.copyOf(kinds), gc, peak.get(), byRoute);
        System.out.printf("LoadBench %s %d/s: %d sent, %.1f/s, p50 %d ms, p99 %d ms, %d errors %s; GC %d ms, peak %d"
                + " in flight; p50/p99 by route %s%n", mix, rate, total, s.throughput(), s.p50(), s.p99(), s.errors(),
                s.errorKinds(), gc, s.peakInFlight(), byRoute);
        return s;
    }

    /** The nearest-rank percentile of sorted values. */
    private static long percentile(List<Long> sorted, double p) {
        return sorted.get(Math.min(sorted.size() - 1, Math.max(0, (int) Math.ceil(sorted.size() * p) - 1)));
    }

    /** Time the collectors have spent since the JVM started (pauses and, for a concurrent one, its cycles). */
    private static long gcMillis() {
        long sum = 0;
        for (var gc : java.lang.management.ManagementFactory.getGarbageCollectorMXBeans()) {
            sum += Math.max(0, gc.getCollectionTime());
        }
        return sum;
    }

    private static String route(Call c) {
        return c.path().replaceAll("\\?.*", "").replaceAll(".*/", "").replaceAll("^[0-9a-f]{32}$", "badge");
    }
}
