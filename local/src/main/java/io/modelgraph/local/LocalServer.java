package io.modelgraph.local;

import io.modelgraph.auth.Role;
import io.modelgraph.authorizer.ApiKeyAuthorizerHandler;
import io.modelgraph.embedded.EmbeddedAws;
import io.modelgraph.http.Route;
import io.modelgraph.platform.Services;
import io.modelgraph.platform.Settings;
import io.modelgraph.store.AwsClients;
import io.modelgraph.store.StoreConfig;
import io.modelgraph.store.Tables;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * The whole local stack: stores (embedded, LocalStack or AWS, see {@link Stores}), services, the route
 * groups, the API-key authorizer, the JWT issuer and the gateway in front of them.
 */
public final class LocalServer implements AutoCloseable {
    public static final String ENV_USE_AWS = "MODELGRAPH_USE_AWS";

    /** sqlite4java warns "unknown jar version" on every start when shaded; kept referenced so the level sticks. */
    private static final java.util.logging.Logger SQLITE_LOG = java.util.logging.Logger.getLogger("com.almworks.sqlite4java");

    /** Command-line options of the serve command. */
    public record Options(int port, boolean inMemory, Path dataDir, boolean allowLoopbackUrls) {
    }

    /** Where the stores are, and how they were chosen (for the start-up banner). */
    public record Stores(StoreConfig config, String description, Optional<EmbeddedAws> embedded) {
    }

    /** A ready sample call: method, path and query against the demo project. */
    public record Sample(String method, String pathAndQuery) {
    }

    private final Options options;
    private final Stores stores;
    private final Services services;
    private final DataDir dataDir;
    private final LocalIssuer issuer;
    private final LocalGateway gateway;
    private final List<RouteGroup> groups;
    /** The local stand-in for the EventBridge schedule of ScheduledReauditFunction in template.yaml. */
    private final java.util.concurrent.ScheduledExecutorService sweeper;
    /** The local stand-in for the job functions' asynchronous invocations. */
    private final LocalJobs jobs;


    private LocalServer(Options options, Stores stores, Services services, DataDir dataDir, LocalIssuer issuer,
            LocalGateway gateway, List<RouteGroup> groups, LocalJobs jobs) {
        this.jobs = jobs;
        this.options = options;
        this.stores = stores;
        this.services = services;
        this.dataDir = dataDir;
        this.issuer = issuer;
        this.gateway = gateway;
        this.groups = groups;
        this.sweeper = java.util.concurrent.Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "scheduled-reaudit");
            t.setDaemon(true);
            return t;
        });
        // the local stand-in for ScheduledReauditFunction's daily schedule
        io.modelgraph.integrations.ScheduledReauditHandler reaudit =
                new io.modelgraph.integrations.ScheduledReauditHandler(services);
        sweeper.scheduleWithFixedDelay(() -> {
            try {
                reaudit.handleRequest(Map.of(), null);
            } catch (RuntimeException e) {
                // the next run tries again, as the scheduled function would
            }
        }, REAUDIT_EVERY.toMillis(), REAUDIT_EVERY.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
    }

    /** As template.yaml's schedule: opted-in projects are reaudited once a day. */
    static final java.time.Duration REAUDIT_EVERY = java.time.Duration.ofDays(1);

    public static LocalServer start(Options options, Map<String, String> env, PrintStream log) throws IOException {
        return start(options, env, log, List.of());
    }

    /** As {@link #start(Options, Map, PrintStream)}, serving {@code extraGroups} beside the service's (tests). */
    public static LocalServer start(Options options, Map<String, String> env, PrintStream log,
            List<java.util.function.Function<Services, RouteGroup>> extraGroups) throws IOException {
        Clock clock = Clock.systemUTC();
        DataDir dataDir = new DataDir(options.dataDir());
        LocalIssuer issuer = LocalIssuer.of(dataDir, clock);
        Stores stores = stores(options, dataDir, env);
        try {
            Settings settings = Settings.from(env);
            if (settings.pagingSecret().isBlank()) {
                settings = settings.withPagingSecret(dataDir.pagingSecret());
            }
            if (options.allowLoopbackUrls()) {
                settings = settings.withAllowLoopbackUrls(true);
            }
            Services services = stores.embedded().isPresent()
                    ? new Services(stores.config(), embeddedDynamo(stores.config()), embeddedS3(stores.config()),
                            settings, clock)
                    : new Services(stores.config(), AwsClients.dynamo(stores.config()), AwsClients.s3(stores.config()),
                            settings, clock);
            if (!Boolean.parseBoolean(env.getOrDefault(ENV_USE_AWS, "false"))) {
                Tables.ensure(services.dynamo(), services.s3(), stores.config());
            }
            // the measured write rate, or WRITE_UNITS_PER_SECOND (tests lower it to make small writes jobs)
            LocalJobs jobs = new LocalJobs();
            List<RouteGroup> groups = new ArrayList<>(RouteGroup.all(services,
                    io.modelgraph.jobs.WriteRate.from(env), jobs));
            extraGroups.forEach(f -> groups.add(f.apply(services)));
            LocalGateway gateway = LocalGateway.start(options.port(), groups, issuer,
                    new ApiKeyAuthorizerHandler(services), clock, log);
            return new LocalServer(options, stores, services, dataDir, issuer, gateway, List.copyOf(groups), jobs);
        } catch (IOException | RuntimeException e) {
            stores.embedded().ifPresent(EmbeddedAws::close);
            throw e;
        }
    }

    /**
     * Real AWS with {@code MODELGRAPH_USE_AWS=true}; LocalStack (or any endpoint) when
     * {@code MODELGRAPH_DYNAMODB_ENDPOINT} or {@code MODELGRAPH_S3_ENDPOINT} is set; else the embedded
     * DynamoDB Local and S3Proxy, in memory or under the data directory.
     */
    static Stores stores(Options options, DataDir dataDir, Map<String, String> env) {
        StoreConfig fromEnv = StoreConfig.from(env);
        if (Boolean.parseBoolean(env.getOrDefault(ENV_USE_AWS, "false"))) {
            return new Stores(fromEnv, "AWS (region " + fromEnv.region() + ", tables " + fromEnv.graphTable() + ", "
                    + fromEnv.historyTable() + ", " + fromEnv.apiKeyTable() + ", bucket " + fromEnv.bucket() + ")",
                    Optional.empty());
        }
        if (fromEnv.dynamoEndpoint().isPresent() || fromEnv.s3Endpoint().isPresent()) {
            return new Stores(fromEnv, "DynamoDB at " + fromEnv.dynamoEndpoint().map(Object::toString).orElse("AWS")
                    + ", S3 at " + fromEnv.s3Endpoint().map(Object::toString).orElse("AWS"), Optional.empty());
        }
        sqliteTmpdir();
        EmbeddedAws embedded = quietly(() -> EmbeddedAws.start(options.inMemory() ? Optional.empty()
                : Optional.of(dataDir.root())));
        SQLITE_LOG.setLevel(java.util.logging.Level.SEVERE); // after the start, which resets java.util.logging
        StoreConfig config = fromEnv.withEndpoints(embedded.dynamoEndpoint(), embedded.s3Endpoint());
        String where = options.inMemory() ? "in memory" : "under " + dataDir.root();
        return new Stores(config, "embedded DynamoDB Local at " + embedded.dynamoEndpoint() + " and S3Proxy at "
                + embedded.s3Endpoint() + ", " + where, Optional.of(embedded));
    }

    /** DynamoDB Local unpacks its sqlite natives to {@code org.sqlite.tmpdir} but does not create that folder. */
    private static void sqliteTmpdir() {
        String dir = System.getProperty("org.sqlite.tmpdir");
        if (dir != null && !dir.isBlank()) {
            try {
                java.nio.file.Files.createDirectories(Path.of(dir));
            } catch (IOException e) {
                throw new java.io.UncheckedIOException("Cannot create org.sqlite.tmpdir " + dir, e);
            }
        }
    }

    /**
     * Clients of the embedded servers with their fixed keys, whatever AWS credentials the environment
     * holds (S3Proxy checks signatures against its own keys).
     */
    private static DynamoDbClient embeddedDynamo(StoreConfig config) {
        return DynamoDbClient.builder()
                .region(Region.of(config.region()))
                .endpointOverride(config.dynamoEndpoint().orElseThrow())
                // DynamoDB Local 2.x accepts any key id made of letters and digits only (no '-')
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("modelgraphlocal",
                        "modelgraphlocal")))
                .httpClient(AwsClients.dynamoHttp())
                .overrideConfiguration(AwsClients.dynamoOverride(true))
                .build();
    }

    private static S3Client embeddedS3(StoreConfig config) {
        return S3Client.builder()
                .region(Region.of(config.region()))
                .endpointOverride(config.s3Endpoint().orElseThrow())
                .forcePathStyle(true)
                .credentialsProvider(embeddedCredentials())
                .httpClient(UrlConnectionHttpClient.builder().build())
                .overrideConfiguration(AwsClients.s3Override(true))
                .build();
    }

    /** S3Proxy checks signatures against the keys it was started with. */
    private static StaticCredentialsProvider embeddedCredentials() {
        return StaticCredentialsProvider.create(AwsBasicCredentials.create(EmbeddedAws.ACCESS_KEY,
                EmbeddedAws.SECRET_KEY));
    }

    /** DynamoDB Local prints its configuration banner on stdout; keep it unless the start fails. */
    private static <T> T quietly(java.util.function.Supplier<T> start) {
        PrintStream stdout = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        synchronized (LocalServer.class) {
            System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
            try {
                return start.get();
            } catch (RuntimeException e) {
                stdout.print(captured.toString(StandardCharsets.UTF_8));
                throw e;
            } finally {
                System.setOut(stdout);
            }
        }
    }

    public int port() {
        return gateway.port();
    }

    public String baseUrl() {
        return gateway.baseUrl();
    }

    public LocalIssuer issuer() {
        return issuer;
    }

    public DataDir dataDir() {
        return dataDir;
    }

    public Services services() {
        return services;
    }

    public Stores stores() {
        return stores;
    }

    public List<RouteGroup> groups() {
        return groups;
    }

    public String demoProject() {
        return dataDir.demoProject();
    }

    /** A fresh Admin token on the demo project. */
    public String demoToken() {
        return issuer.mint("local-admin", demoProject(), Role.Admin);
    }

    /**
     * The call the banner suggests: {@code GET /v1/{projectId}/fetchNodes?NodeType=Type} (the Types of the
     * demo model, see {@link DemoProject}) once that route exists, else the API-key listing, else the first GET
     * route whose only parameter is the project.
     */
    public Sample sample() {
        String project = demoProject();
        List<Route> routes = gateway.routes().routes();
        for (Route r : routes) {
            if (r.routeKey().equals("GET /v1/{projectId}/fetchNodes")) {
                return new Sample("GET", "/v1/" + project + "/fetchNodes?NodeType=Type");
            }
        }
        for (Route r : routes) {
            if (r.routeKey().equals("GET /v1/{projectId}/apiKeys")) {
                return new Sample("GET", "/v1/" + project + "/apiKeys");
            }
        }
        for (Route r : routes) {
            if (r.method().equals("GET") && r.template().replace("{projectId}", "").indexOf('{') < 0
                    && r.credential() == io.modelgraph.auth.CredentialKind.JWT) {
                return new Sample("GET", r.template().replace("{projectId}", project));
            }
        }
        return new Sample("GET", LocalGateway.JWKS_PATH);
    }

    /**
     * What the start prints after {@code Listening on}: short, and every command in it pasteable. The
     * {@code export} line sets the variables the README's quick tour uses.
     */
    public String banner(String token) {
        Sample sample = sample();
        StringBuilder b = new StringBuilder();
        b.append("Modelgraph local on ").append(baseUrl()).append('\n');
        b.append("API reference: ").append(baseUrl()).append(ReferencePage.DOCS_PATH).append('\n');
        b.append("Stores: ").append(stores.description()).append('\n');
        b.append("Routes: ").append(gateway.routes().routes().size()).append(" in ").append(groups.size())
                .append(" groups. Demo project ").append(demoProject()).append("; Admin token valid ")
                .append(LocalIssuer.DEFAULT_LIFETIME.toHours()).append(" h.\n");
        b.append("Try:\n");
        b.append("  export MG=").append(baseUrl()).append(" P=").append(demoProject()).append(" TOKEN=")
                .append(token).append('\n');
        b.append("  curl -s -H \"Authorization: Bearer $TOKEN\" \"$MG")
                .append(sample.pathAndQuery().replace(demoProject(), "$P")).append("\"\n");
        b.append("More tokens: java -jar local/target/modelgraph-local.jar token --project $P --role Viewer|Editor|Admin")
                .append(" --data-dir ").append(dataDir.root()).append('\n');
        return b.toString();
    }

    public Options options() {
        return options;
    }

    LocalGateway gateway() {
        return gateway;
    }

    /** Waits until every job run this gateway launched has ended; false when {@code within} passes first. */
    boolean awaitJobs(java.time.Duration within) throws InterruptedException {
        return jobs.awaitIdle(within);
    }

    /** Whether each request prints its line on the console (off while the start loads the demo). */
    public void echoRequests(boolean on) {
        gateway.echoRequests(on);
    }

    @Override
    public void close() {
        sweeper.shutdownNow();
        jobs.close();
        gateway.close();
        stores.embedded().ifPresent(EmbeddedAws::close);
    }
}
