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

/**
 * validateJSON on spaces of 5 and of 500 Types (10 properties each), warm, the same document each call
 * (docs/graph.md "Read caches"): DynamoDB items read per call (counted by {@link GraphBench.ReadCounter} on the
 * server's own client), the median through the local gateway against an empty route's round trip (same
 * authorizer, same envelope, no work), and in-process the service's validate path after the version read against
 * networknt alone (parse + validate) on the same compiled schema.
 */
public final class ValidateBench {
    private static final int HTTP_CALLS = 300;
    private static final int LOOP = 20_000;

    /** The empty route: the same gateway, authorizer and envelope as validateJSON, and nothing else. */
    static final class EmptyHandler extends HttpApiHandler {
        EmptyHandler(Services services) {
            super(new Router(List.of(Route.v1("GET", "/v1/{projectId}/emptyBench")
                    .query("configTypeId", "jsonString", "rootNodeId").role(Role.Viewer, call -> Reply.data(Map.of()))),
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

        Map<String, List<Long>> rounds = new LinkedHashMap<>();
        for (String project : List.of(small, large)) {
            String token = server.issuer().mint("bench", project, Role.Admin);
            String query = "configTypeId=jsonschema-2020-12&rootNodeId=T0&jsonString="
                    + URLEncoder.encode(document, StandardCharsets.UTF_8);
            // warm: the first call loads the space and compiles its schema; the container keeps both
            JsonNode first = Json.parse(get(http, server, project, "validateJSON?" + query, token));
            if (!first.path("success").asBoolean()) {
                throw new IllegalStateException("validateJSON failed: " + first);
            }
            List<Long> empty = new ArrayList<>();
            List<Long> validate = new ArrayList<>();
            for (int i = 0; i < HTTP_CALLS; i++) {
                long t0 = System.nanoTime();
                get(http, server, project, "emptyBench?" + query, token);
                long t1 = System.nanoTime();
                get(http, server, project, "validateJSON?" + query, token);
                long t2 = System.nanoTime();
                empty.add(t1 - t0);
                validate.add(t2 - t1);
            }
            rounds.put(project, validate);
            System.out.printf("%s types: validateJSON through the gateway median %.2f ms (p90 %.2f), empty route "
                    + "median %.2f ms (p90 %.2f): difference %.2f ms (goal <= 3) over %d calls each%n",
                    project.equals(small) ? "5" : "500", pct(validate, 50), pct(validate, 90), pct(empty, 50),
                    pct(empty, 90), pct(validate, 50) - pct(empty, 50), HTTP_CALLS);
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
