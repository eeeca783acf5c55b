package io.modelgraph.local;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2CustomAuthorizerEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.amazonaws.services.lambda.runtime.events.SimpleIAMPolicyResponse;
import io.modelgraph.api.ApiProblem;
import io.modelgraph.auth.CredentialKind;
import io.modelgraph.authorizer.ApiKeyAuthorizerHandler;
import io.modelgraph.http.Route;
import io.modelgraph.http.Router;
import io.modelgraph.json.Json;
import java.io.IOException;
import java.io.PrintStream;
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
    private LoopbackHttpServer server;
    private final ReferencePage reference = new ReferencePage();
    /** Off while the start loads the demo model, so the banner is the first thing on the console. */
    private volatile boolean echo = true;

    private LocalGateway(RouteTable table, JwtAuthorizer jwtAuthorizer, ApiKeyAuthorizerHandler apiKeyAuthorizer,
            String jwks, Clock clock, PrintStream log) {
        this.table = table;
        this.jwtAuthorizer = jwtAuthorizer;
        this.apiKeyAuthorizer = apiKeyAuthorizer;
        this.jwks = jwks;
        this.clock = clock;
        this.log = log;
    }

    /** Binds 127.0.0.1:{@code port} (0: any free port) and starts serving. */
    public static LocalGateway start(int port, List<RouteGroup> groups, LocalIssuer issuer,
            ApiKeyAuthorizerHandler apiKeyAuthorizer, Clock clock, PrintStream log) throws IOException {
        RouteTable table = new RouteTable(groups);
        JwtAuthorizer jwt = new JwtAuthorizer(issuer.publicKeys(), LocalIssuer.ISSUER, LocalIssuer.AUDIENCE, clock);
        LocalGateway gateway = new LocalGateway(table, jwt, apiKeyAuthorizer, issuer.publicKeys().toString(), clock,
                log);
        gateway.server = LoopbackHttpServer.start(port, 64, MAX_PAYLOAD_BYTES, gateway::handle, LocalGateway::refused);
        return gateway;
    }

    public int port() {
        return server.port();
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
        server.close();
    }

    // ---- one request ----------------------------------------------------------------------------

    /** What goes back on the wire. */
    record Answer(int status, Map<String, List<String>> headers, byte[] body) {
        static Answer gateway(int status, String message) {
            return new Answer(status, Map.of("Content-Type", List.of("application/json")),
                    ("{\"message\":\"" + message + "\"}").getBytes(StandardCharsets.UTF_8));
        }
    }

    /** A request the server could not read: API Gateway's JSON answer, naming why. */
    static Answer refused(int status, String reason) {
        return new Answer(status, Map.of("Content-Type", List.of("application/json")),
                Json.write(Map.of("message", LoopbackHttpServer.reason(status) + ": " + reason))
                        .getBytes(StandardCharsets.UTF_8));
    }

    private Answer handle(LoopbackHttpServer.Request request) {
        long started = System.nanoTime();
        String requestId = requestId();
        String method = request.method();
        RequestTarget target = RequestTarget.of(request.target());
        Answer answer;
        try {
            Optional<RequestTarget.Problem> problem = target.problem();
            if (problem.isPresent()) {
                answer = malformed(method, target, problem.get());
            } else if (request.body() == null) {
                answer = Answer.gateway(413, "Request Entity Too Large");
            } else {
                GatewayEvents.Incoming in = new GatewayEvents.Incoming(method, target.rawPath(),
                        target.rawQuery().orElse(null), request.headers(), request.body(), request.remoteAddress(),
                        request.protocol());
                answer = answer(in, requestId);
            }
        } catch (RuntimeException e) {
            e.printStackTrace(log);
            answer = Answer.gateway(500, "Internal Server Error");
        }
        Map<String, List<String>> headers = new LinkedHashMap<>(answer.headers());
        headers.put("apigw-requestid", List.of(requestId));
        if (echo) {
            log.println(consoleLine(method, target.rawPath(), answer.status(),
                    (System.nanoTime() - started) / 1_000_000));
        }
        return new Answer(answer.status(), headers, answer.body());
    }

    /**
     * A target with a character no request target may hold: 400 naming where, in the route's envelope when the path
     * names a route (the query is the route's input), else in API Gateway's.
     */
    private Answer malformed(String method, RequestTarget target, RequestTarget.Problem problem) {
        Optional<RouteTable.Match> route = problem.where().equals("path") ? Optional.empty()
                : table.match(method, target.rawPath());
        if (route.isPresent()) {
            return fromLambda(Router.renderProblem(route.get().route().style(),
                    ApiProblem.badRequest(problem.where(), problem.message())));
        }
        return refused(400, problem.message());
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

    /** API Gateway request ids look like {@code Ab1cDEFGHIjKLmN=}; a UUID-based stand-in. */
    private static String requestId() {
        String u = UUID.randomUUID().toString().replace("-", "");
        return u.substring(0, 14) + "=";
    }
}
