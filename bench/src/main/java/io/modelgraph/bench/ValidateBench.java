package io.modelgraph.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.JsonSchema;
import io.modelgraph.api.Reply;
import io.modelgraph.auth.Role;
import io.modelgraph.exchange.ExchangeModule;
import io.modelgraph.exchange.SpaceModels;
import io.modelgraph.exchange.jsonschema.JsonSchemaExporter;
import io.modelgraph.exchange.jsonschema.Validators;
import io.modelgraph.graph.MainSpace;
import io.modelgraph.graph.MixinValue;
import io.modelgraph.graph.Node;
import io.modelgraph.graph.NodeType;
import io.modelgraph.graph.Relation;
import io.modelgraph.graph.store.GraphStore;
import io.modelgraph.graph.store.ProjectVersion;
import io.modelgraph.http.HttpApiHandler;
import io.modelgraph.http.Route;
import io.modelgraph.http.Router;
import io.modelgraph.json.Json;
import io.modelgraph.local.LocalServer;
import io.modelgraph.local.RouteGroup;
import io.modelgraph.platform.Services;
import io.modelgraph.store.AwsClients;
import java.io.PrintStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * validateJSON on spaces of 5 and of 500 Types (10 properties each), warm, the same document each call
 * (docs/graph.md "Read caches"): DynamoDB items read per call (counted by {@link GraphBench.ReadCounter} on the
 * server's own client), the median through the local gateway against an empty route's round trip (same
 * authorizer, same envelope, no work), and in-process the service's validate path after the version read against
 * networknt alone (parse + validate) on the same compiled schema.
 */
public final class ValidateBench {
    private static final int HTTP_CALLS = 300;
    private static final int WARM_UP_CALLS = 200;
    private static final int LOOP = 20_000;

    /**
     * The empty route: the same gateway, authorizer and envelope as validateJSON, and nothing else; and the
     * version route: the empty route plus validateJSON's one item read.
     */
    static final class EmptyHandler extends HttpApiHandler {
        EmptyHandler(Services services) {
            this(services, GraphStore.of(services));
        }

        private EmptyHandler(Services services, GraphStore store) {
            super(new Router(List.of(Route.v1("GET", "/v1/{projectId}/emptyBench")
                    .query("configTypeId", "jsonString", "rootNodeId").role(Role.Viewer, call -> Reply.data(Map.of())),
                    // the one item validateJSON reads, alone: what of the difference is the store's round trip
                    Route.v1("GET", "/v1/{projectId}/versionBench")
                    .query("configTypeId", "jsonString", "rootNodeId").role(Role.Viewer, call -> Reply.data(Map.of(
                            "version", store.versions().read(call.projectId()).version())))),
                    services.authenticator()));
        }
    }

    public static void main(String[] args) throws Exception {
        var dir = Files.createTempDirectory("validate-bench");
        LocalServer server = LocalServer.start(new LocalServer.Options(0, true, dir, false), Map.of(),
                new PrintStream(java.io.OutputStream.nullOutputStream()),
                List.of(s -> new RouteGroup("bench", new EmptyHandler(s), new EmptyHandler(s).router())));
        int status = 0;
        try {
            new ValidateBench().run(server);
        } catch (Exception e) {
            e.printStackTrace();
            status = 1;
        } finally {
            server.close();
        }
        System.exit(status);
    }

    private void run(LocalServer server) throws Exception {
        Services plain = server.services();
        // the server's DynamoDB client with the read counter: the bench counts what validateJSON reads
        Services counted = GraphBench.countingServices(plain);
        GraphStore store = GraphStore.of(plain);
        String small = newProject();
        String large = newProject();
        seed(store, small, 5);
        seed(store, large, 500);
        HttpClient http = HttpClient.newHttpClient();
        String document = Json.write(Map.of("p0_0", "text", "p0_1", "more", "p0_2", 3));
        System.out.println("ValidateBench: local gateway " + server.baseUrl() + ", " + Runtime.getRuntime()
                .availableProcessors() + " cores; the same document each call: " + document);

        String query = "configTypeId=jsonschema-2020-12&rootNodeId=T0&jsonString="
                + URLEncoder.encode(document, StandardCharsets.UTF_8);
        List<String> routes = List.of("emptyBench", "validateJSON", "versionBench");
        Map<String, String> tokens = new LinkedHashMap<>();
        Map<String, JsonNode> firstCalls = new LinkedHashMap<>();
        for (String project : List.of(small, large)) {
            tokens.put(project, server.issuer().mint("bench", project, Role.Admin));
            // the first call loads the space and compiles its schema; the container keeps both
            JsonNode first = Json.parse(get(http, server, project, "validateJSON?" + query, tokens.get(project)));
            if (!first.path("success").asBoolean()) {
                throw new IllegalStateException("validateJSON failed: " + first);
            }
            firstCalls.put(project, first);
        }
        // warm for the JIT as well, on both spaces and every route, before anything is timed
        for (int i = 0; i < WARM_UP_CALLS; i++) {
            for (String project : List.of(small, large)) {
                for (String route : routes) {
                    get(http, server, project, route + "?" + query, tokens.get(project));
                }
            }
        }
        for (String project : List.of(small, large)) {
            Map<String, List<Long>> times = new LinkedHashMap<>();
            routes.forEach(route -> times.put(route, new ArrayList<>()));
            for (int i = 0; i < HTTP_CALLS; i++) {
                // each route takes each place in the round in turn: no route always follows the same one
                for (int k = 0; k < routes.size(); k++) {
                    String route = routes.get((i + k) % routes.size());
                    long t0 = System.nanoTime();
                    get(http, server, project, route + "?" + query, tokens.get(project));
                    times.get(route).add(System.nanoTime() - t0);
                }
            }
            List<Long> empty = times.get("emptyBench");
            List<Long> validate = times.get("validateJSON");
            List<Long> versionOnly = times.get("versionBench");
            System.out.printf("%s types: validateJSON through the gateway median %.2f ms (p90 %.2f), empty route "
                    + "median %.2f ms (p90 %.2f): difference %.2f ms (goal <= 3) over %d calls each%n",
                    project.equals(small) ? "5" : "500", pct(validate, 50), pct(validate, 90), pct(empty, 50),
                    pct(empty, 90), pct(validate, 50) - pct(empty, 50), HTTP_CALLS);
            System.out.printf("  the version item's read alone through the gateway (the empty route + one GetItem): "
                    + "median %.2f ms%n", pct(versionOnly, 50));
            JsonNode first = firstCalls.get(project);
            System.out.println("  first call (cold for this space): " + first.path("data").path("isValid")
                    + ", errors " + first.path("data").path("jsonSchemaValidationErrors"));
        }

        // items read per call, on the server's own code path with a counting client
        ExchangeModule countedModule = ExchangeModule.of(counted);
        for (String project : List.of(small, large)) {
            countedModule.operations().validate(project, "jsonschema-2020-12", document, Optional.empty(),
                    Optional.of("T0"));
            long before = GraphBench.ITEMS_READ.get();
            int calls = 200;
            for (int i = 0; i < calls; i++) {
                countedModule.operations().validate(project, "jsonschema-2020-12", document, Optional.empty(),
                        Optional.of("T0"));
            }
            System.out.printf("%s types: DynamoDB items read per warm validateJSON: %.2f (goal: the same on both, "
                    + "<= 2)%n", project.equals(small) ? "5" : "500",
                    (double) (GraphBench.ITEMS_READ.get() - before) / calls);
        }

        // in-process: the service's path after the version read vs networknt alone on the same compiled schema
        ExchangeModule module = ExchangeModule.of(plain);
        for (String project : List.of(small, large)) {
            ProjectVersion.Stamp stamp = module.spaces().version(project);
            SpaceModels.Loaded loaded = module.spaces().load(project, module.spaces().requireSpace(project,
                    MainSpace.idFor(project), "bench"));
            String rootName = loaded.snapshot().nodes().stream().filter(n -> n.id().equals("T0")).findFirst()
                    .map(loaded::nameOf).orElseThrow();
            JsonSchema schema = Validators.compile(JsonSchemaExporter.export(loaded.model(), Optional.of(rootName),
                    false));
            module.operations().validateAt(stamp, project, "jsonschema-2020-12", document, Optional.empty(),
                    Optional.of("T0"));
            List<Double> service = new ArrayList<>();
            List<Double> alone = new ArrayList<>();
            long sink = 0;
            // alternating which runs first, so a neighbour's load burst does not always hit the same side
            for (int round = 0; round < 23; round++) {
                for (int side = 0; side < 2; side++) {
                    boolean serviceSide = (side == 0) == (round % 2 == 0);
                    long t0 = System.nanoTime();
                    for (int i = 0; i < LOOP; i++) {
                        sink += serviceSide ? module.operations().validateAt(stamp, project, "jsonschema-2020-12",
                                document, Optional.empty(), Optional.of("T0")).size()
                                : schema.validate(Json.parse(document)).size();
                    }
                    double us = (System.nanoTime() - t0) / (double) LOOP / 1000;
                    if (round > 2) { // three warm-up rounds
                        (serviceSide ? service : alone).add(us);
                    }
                }
            }
            Collections.sort(service);
            Collections.sort(alone);
            double s = service.get(service.size() / 2);
            double a = alone.get(alone.size() / 2);
            System.out.printf("%s types in-process: service validate path (after the version read) median %.2f us, "
                    + "networknt alone (parse + validate, same compiled schema) %.2f us: ratio %.2f (goal <= 1.5)"
                    + " [%d]%n", project.equals(small) ? "5" : "500", s, a, s / a, sink % 2);
            long t0 = System.nanoTime();
            for (int i = 0; i < 2000; i++) {
                module.operations().validate(project, "jsonschema-2020-12", document, Optional.empty(),
                        Optional.of("T0"));
            }
            System.out.printf("  with the version read (one GetItem on DynamoDB Local in this JVM): %.1f us per call%n",
                    (System.nanoTime() - t0) / 2000.0 / 1000);
        }
        compareHttpClients(plain, small);
    }

    /**
     * The version read through the service's DynamoDB HTTP client against the SDK's url-connection client (its
     * peer: same JDK connection, but the body streamed, so each call on a kept-alive connection waits for the JDK's
     * 1 ms probe), alternated in rounds in one run.
     */
    private static void compareHttpClients(Services plain, String project) {
        Map<String, GraphStore> stores = new LinkedHashMap<>();
        stores.put("BufferedBodyHttpClient", GraphStore.of(withHttp(plain, AwsClients.dynamoHttp())));
        stores.put("SDK UrlConnectionHttpClient", GraphStore.of(withHttp(plain, UrlConnectionHttpClient.create())));
        Map<String, List<Double>> medians = new LinkedHashMap<>();
        stores.keySet().forEach(name -> medians.put(name, new ArrayList<>()));
        for (int round = 0; round < 12; round++) {
            for (Map.Entry<String, GraphStore> side : stores.entrySet()) {
                List<Long> times = new ArrayList<>();
                for (int i = 0; i < 300; i++) {
                    long t0 = System.nanoTime();
                    side.getValue().versions().read(project);
                    times.add(System.nanoTime() - t0);
                }
                if (round >= 2) { // two warm-up rounds
                    medians.get(side.getKey()).add(pct(times, 50));
                }
            }
        }
        double ours = median(medians.get("BufferedBodyHttpClient"));
        double peer = median(medians.get("SDK UrlConnectionHttpClient"));
        System.out.printf("version GetItem, median of 10 rounds of 300: BufferedBodyHttpClient %.3f ms, SDK "
                + "UrlConnectionHttpClient %.3f ms: %.2f times faster%n", ours, peer, peer / ours);
    }

    private static Services withHttp(Services plain, SdkHttpClient http) {
        DynamoDbClient dynamo = GraphBench.localDynamo(plain.stores().dynamoEndpoint().orElseThrow(), http);
        return new Services(plain.stores(), dynamo, plain.s3(), plain.settings(), plain.clock());
    }

    private static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return sorted.get(sorted.size() / 2);
    }

    /** Types T0..T(n-1), each with 10 string Elements p{t}_{i} (domain-includes), in the main space. */
    private static void seed(GraphStore store, String project, int types) {
        store.ensureMainSpace(project, "bench");
        String main = MainSpace.idFor(project);
        Instant now = Instant.now();
        List<Node> nodes = new ArrayList<>();
        List<Relation> relations = new ArrayList<>();
        List<MixinValue> values = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        for (int t = 0; t < types; t++) {
            nodes.add(new Node("T" + t, "Type" + t, NodeType.Type, List.of(main), now, now, "bench", "bench", false, 1));
            for (int i = 0; i < 10; i++) {
                String id = "p" + t + "_" + i;
                nodes.add(new Node(id, id, NodeType.Element, List.of(main), now, now, "bench", "bench", false, 1));
                relations.add(new Relation("r" + id, id, "T" + t, "domain-includes"));
                values.add(new MixinValue(id, "data-type", Map.of("dataType", Json.valueToTree(i == 2 ? "INTEGER"
                        : "STRING"))));
            }
        }
        nodes.forEach(n -> ids.add(n.id()));
        store.bulkWrite(project, nodes, relations, values, "bench", Set.of());
    }

    private static String get(HttpClient http, LocalServer server, String project, String path, String token)
            throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create(server.baseUrl() + "/v1/" + project + "/" + path))
                .header("Authorization", "Bearer " + token).GET().build();
        return http.send(request, HttpResponse.BodyHandlers.ofString()).body();
    }

    private static double pct(List<Long> nanos, int p) {
        List<Long> sorted = new ArrayList<>(nanos);
        Collections.sort(sorted);
        return sorted.get(Math.max(0, (int) Math.ceil(p / 100.0 * sorted.size()) - 1)) / 1e6;
    }

    private static String newProject() {
        return java.util.UUID.randomUUID().toString().replace("-", "");
    }
}
