package io.modelgraph.local;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2CustomAuthorizerEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.amazonaws.services.lambda.runtime.events.SimpleIAMPolicyResponse;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.modelgraph.api.ApiProblem;
import io.modelgraph.auth.CredentialKind;
import io.modelgraph.authorizer.ApiKeyAuthorizerHandler;
import io.modelgraph.http.Route;
import io.modelgraph.http.Router;
import io.modelgraph.json.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An HTTP API on 127.0.0.1 in front of the route groups' Lambda handlers, run in this JVM. For each request
 * it selects the route, runs the route's authorizer, builds the payload 2.0 event and invokes the handler,
 * then writes the handler's response back. Differences from AWS are listed in docs/local.md.
 */
public final class LocalGateway implements AutoCloseable {
    /** HTTP APIs refuse request bodies over 10 MB with 413 before any integration runs. */
    static final int MAX_PAYLOAD_BYTES = 10 * 1024 * 1024;

    public static final String JWKS_PATH = "/.well-known/jwks.json";
    public static final String OPENID_PATH = "/.well-known/openid-configuration";

    private final RouteTable table;
    private final JwtAuthorizer jwtAuthorizer;
    private final ApiKeyAuthorizerHandler apiKeyAuthorizer;
    private final String jwks;
    private final Clock clock;
    private final PrintStream log;
    private final HttpServer server;
    private final ExecutorService workers;
    private final ReferencePage reference = new ReferencePage();
    /** Off while the start loads the demo model, so the banner is the first thing on the console. */
    private volatile boolean echo = true;

    private LocalGateway(RouteTable table, JwtAuthorizer jwtAuthorizer, ApiKeyAuthorizerHandler apiKeyAuthorizer,
            String jwks, Clock clock, PrintStream log, HttpServer server, ExecutorService workers) {
        this.table = table;
        this.jwtAuthorizer = jwtAuthorizer;
        this.apiKeyAuthorizer = apiKeyAuthorizer;
        this.jwks = jwks;
        this.clock = clock;
        this.log = log;
        this.server = server;
        this.workers = workers;
    }

    static {
        // The JDK server leaves Nagle on unless told otherwise: a response written as headers then body waits for the
        // client's delayed ACK, about 40 ms on Linux, on every keep-alive call (ValidateBench: an empty route took
        // 45.7 ms median with it, 1.4-2.8 ms without). Read once when the server's config class loads, so set first.
        if (System.getProperty("sun.net.httpserver.nodelay") == null) {
            System.setProperty("sun.net.httpserver.nodelay", "true");
        }
    }

    /** Binds 127.0.0.1:{@code port} (0: any free port) and starts serving. */
    public static LocalGateway start(int port, List<RouteGroup> groups, LocalIssuer issuer,
            ApiKeyAuthorizerHandler apiKeyAuthorizer, Clock clock, PrintStream log) throws IOException {
        RouteTable table = new RouteTable(groups);
        JwtAuthorizer jwt = new JwtAuthorizer(issuer.publicKeys(), LocalIssuer.ISSUER, LocalIssuer.AUDIENCE, clock);
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 64);
        AtomicInteger n = new AtomicInteger();
        ExecutorService workers = Executors.newFixedThreadPool(16, r -> {
            Thread t = new Thread(r, "gateway-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        LocalGateway gateway = new LocalGateway(table, jwt, apiKeyAuthorizer, issuer.publicKeys().toString(), clock,
                log, server, workers);
        server.createContext("/", gateway::handle);
        server.setExecutor(workers);
        server.start();
        return gateway;
    }

    public int port() {
        return server.getAddress().getPort();
    }

    public String baseUrl() {
        return "http://127.0.0.1:" + port();
    }

    public RouteTable routes() {
        return table;
    }

    /** Whether each request prints its console line (see {@link #consoleLine}). */
    public void echoRequests(boolean on) {
        echo = on;
    }

    /**
     * The console's line for one request: method, route template (the path for the gateway's own pages),
     * status and milliseconds. Never the query string or the concrete path: both carry caller data (a
     * {@code jsonString} document, a paging token, ids).
     */
    String consoleLine(String method, String rawPath, int status, long millis) {
        String where = table.match(method, rawPath).map(m -> m.route().template())
                .orElse(status < 400 ? rawPath : "(no route)");
        return method + " " + where + " " + status + " " + millis + " ms";
    }

    @Override
    public void close() {
        server.stop(0);
        workers.shutdownNow();
        try {
            workers.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    // ---- one request ----------------------------------------------------------------------------

    /** What goes back on the wire. */
    record Answer(int status, Map<String, List<String>> headers, byte[] body) {
        static Answer gateway(int status, String message) {
            return new Answer(status, Map.of("Content-Type", List.of("application/json")),
                    ("{\"message\":\"" + message + "\"}").getBytes(StandardCharsets.UTF_8));
        }
    }

    private void handle(HttpExchange exchange) throws IOException {
        long started = System.nanoTime();
        String requestId = requestId();
        Answer answer;
        String method = exchange.getRequestMethod().toUpperCase(Locale.ROOT);
        String rawPath = exchange.getRequestURI().getRawPath();
        try {
            byte[] body = readBody(exchange.getRequestBody());
            GatewayEvents.Incoming in = new GatewayEvents.Incoming(method, rawPath,
                    exchange.getRequestURI().getRawQuery(), exchange.getRequestHeaders(), body,
                    exchange.getRemoteAddress().getAddress().getHostAddress(), exchange.getProtocol());
            answer = body == null ? Answer.gateway(413, "Request Entity Too Large") : answer(in, requestId);
        } catch (RuntimeException e) {
            e.printStackTrace(log);
            answer = Answer.gateway(500, "Internal Server Error");
        }
        try {
            answer.headers().forEach((name, values) -> exchange.getResponseHeaders().put(name, values));
            exchange.getResponseHeaders().set("apigw-requestid", requestId);
            if (method.equals("HEAD") || answer.status() == 204 || answer.status() == 304) {
                exchange.sendResponseHeaders(answer.status(), -1);
            } else {
                exchange.sendResponseHeaders(answer.status(), answer.body().length == 0 ? -1 : answer.body().length);
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(answer.body());
                }
            }
        } finally {
            exchange.close();
            if (echo) {
                log.println(consoleLine(method, rawPath, answer.status(), (System.nanoTime() - started) / 1_000_000));
            }
        }
    }

    Answer answer(GatewayEvents.Incoming in, String requestId) {
        if (in.method().equals("GET") && in.rawPath().equals(JWKS_PATH)) {
            return new Answer(200, Map.of("Content-Type", List.of("application/json")),
                    jwks.getBytes(StandardCharsets.UTF_8));
        }
        if (in.method().equals("GET") && in.rawPath().equals(OPENID_PATH)) {
            Map<String, Object> doc = new LinkedHashMap<>();
            doc.put("issuer", LocalIssuer.ISSUER);
            doc.put("jwks_uri", "http://" + in.host() + JWKS_PATH);
            doc.put("id_token_signing_alg_values_supported", List.of("RS256"));
            return new Answer(200, Map.of("Content-Type", List.of("application/json")),
                    Json.write(doc).getBytes(StandardCharsets.UTF_8));
        }
        if ((in.method().equals("GET") || in.method().equals("HEAD")) && in.rawPath().equals("/")) {
            // the base URL's best first stop is the API reference
            return new Answer(302, Map.of("Location", List.of(ReferencePage.DOCS_PATH)), new byte[0]);
        }
        Optional<RouteTable.Match> found = table.match(in.method(), in.rawPath());
        if (found.isEmpty()) {
            return reference.answer(in.method(), in.rawPath()).orElseGet(() -> Answer.gateway(404, "Not Found"));
        }
        RouteTable.Match match = found.get();
        Route route = match.route();
        Instant now = clock.instant();
        APIGatewayV2HTTPEvent event = GatewayEvents.httpEvent(in, route.routeKey(), match.pathParameters(), requestId,
                now);
        APIGatewayV2HTTPEvent.RequestContext.Authorizer authorizer = new APIGatewayV2HTTPEvent.RequestContext.Authorizer();
        if (route.credential() == CredentialKind.API_KEY) {
            APIGatewayV2CustomAuthorizerEvent authEvent = GatewayEvents.authorizerEvent(in, route.routeKey(),
                    match.pathParameters(), requestId, now);
            SimpleIAMPolicyResponse verdict;
            try {
                verdict = apiKeyAuthorizer.handleRequest(authEvent, new LocalContext(requestId, "AuthorizerFunction"));
            } catch (RuntimeException e) {
                e.printStackTrace(log);
                return Answer.gateway(500, "Internal Server Error");
            }
            if (verdict == null || !verdict.getIsAuthorized()) {
                return Answer.gateway(403, "Forbidden");
            }
            authorizer.setLambda(verdict.getContext() == null ? Map.of() : new LinkedHashMap<>(verdict.getContext()));
        } else {
            Map<String, String> claims;
            try {
                claims = jwtAuthorizer.verify(in.headerValues("authorization").stream().findFirst());
            } catch (JwtAuthorizer.Refused refused) {
                // AWS answers {"message":"Unauthorized"}; the API promises 401 in the route's envelope.
                return fromLambda(Router.renderProblem(route.style(), ApiProblem.unauthorized(refused.getMessage())));
            }
            APIGatewayV2HTTPEvent.RequestContext.Authorizer.JWT jwt = new APIGatewayV2HTTPEvent.RequestContext.Authorizer.JWT();
            jwt.setClaims(claims);
            jwt.setScopes(null);
            authorizer.setJwt(jwt);
        }
        event.getRequestContext().setAuthorizer(authorizer);
        APIGatewayV2HTTPResponse response;
        try {
            response = match.group().handler().handleRequest(event,
                    new LocalContext(requestId, functionName(match.group())));
        } catch (RuntimeException | Error e) {
            e.printStackTrace(log);
            return Answer.gateway(500, "Internal Server Error");
        }
        if (response == null) {
            return Answer.gateway(500, "Internal Server Error");
        }
        return fromLambda(response);
    }

    static String functionName(RouteGroup group) {
        return Character.toUpperCase(group.name().charAt(0)) + group.name().substring(1) + "Function";
    }

    /** A payload 2.0 Lambda response as API Gateway writes it out. */
    static Answer fromLambda(APIGatewayV2HTTPResponse response) {
        Map<String, List<String>> headers = new LinkedHashMap<>();
        if (response.getMultiValueHeaders() != null) {
            response.getMultiValueHeaders().forEach((k, v) -> headers.put(k, new ArrayList<>(v)));
        }
        if (response.getHeaders() != null) {
            response.getHeaders().forEach((k, v) -> headers.put(k, new ArrayList<>(List.of(v))));
        }
        if (response.getCookies() != null && !response.getCookies().isEmpty()) {
            headers.put("Set-Cookie", new ArrayList<>(response.getCookies()));
        }
        String body = response.getBody() == null ? "" : response.getBody();
        byte[] bytes;
        if (response.getIsBase64Encoded()) {
            try {
                bytes = Base64.getDecoder().decode(body);
            } catch (IllegalArgumentException e) {
                return Answer.gateway(500, "Internal Server Error");
            }
        } else {
            bytes = body.getBytes(StandardCharsets.UTF_8);
        }
        int status = response.getStatusCode() == 0 ? 200 : response.getStatusCode();
        return new Answer(status, headers, bytes);
    }

    /** The body, or null when it is over the HTTP API limit. */
    private static byte[] readBody(InputStream in) throws IOException {
        byte[] bytes = in.readNBytes(MAX_PAYLOAD_BYTES + 1);
        if (bytes.length > MAX_PAYLOAD_BYTES) {
            return null;
        }
        return bytes;
    }

    /** API Gateway request ids look like {@code Ab1cDEFGHIjKLmN=}; a UUID-based stand-in. */
    private static String requestId() {
        String u = UUID.randomUUID().toString().replace("-", "");
        return u.substring(0, 14) + "=";
    }
}
