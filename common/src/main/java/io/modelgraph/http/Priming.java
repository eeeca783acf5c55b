package io.modelgraph.http;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import io.modelgraph.auth.RoleClaim;
import io.modelgraph.log.RequestLog;
import io.modelgraph.platform.Services;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.crac.Context;
import org.crac.Core;
import org.crac.Resource;

/**
 * SnapStart priming: just before Lambda snapshots an initialised function ({@link #beforeCheckpoint}), run the
 * function's hot path once so that the classes it loads, the SDK's marshalling and the connection to DynamoDB,
 * Jackson's serializers and the route's own code are all in the snapshot instead of in the first request.
 *
 * <p>Never writes: every priming request is a read route called as a Viewer of {@link #PROJECT}, a project id no
 * caller is given, and the request log line is built but dropped ({@link RequestLog#DISCARD}) so no call is
 * counted that nobody made. Failures are swallowed: priming is an optimisation, never a reason to fail the
 * snapshot. Without SnapStart (or CRaC) the hook never runs and costs nothing at cold start.
 */
public final class Priming implements Resource {
    /** The project every priming request addresses: valid in shape, never created (all zeros). */
    public static final String PROJECT = "00000000000000000000000000000000";
    public static final String SUBJECT = "modelgraph-priming";

    private final Runnable clientPriming;
    private final Supplier<List<String>> hotPath;
    private volatile List<String> lastOutcomes = List.of();

    private Priming(Runnable clientPriming, Supplier<List<String>> hotPath) {
        this.clientPriming = clientPriming;
        this.hotPath = hotPath;
    }

    /**
     * A priming resource registered with the global CRaC context. The caller keeps the answer in a static field:
     * the context may hold its resources weakly.
     */
    public static Priming register(Services services, Supplier<List<String>> hotPath) {
        return register(services::primed, hotPath);
    }

    /**
     * As above, with the function's own client warm-up instead of {@link Services#primed()}'s graph-table read:
     * for a function that may not read the graph table (the authorizer reads only the key table).
     */
    public static Priming register(Runnable clientPriming, Supplier<List<String>> hotPath) {
        Priming priming = new Priming(clientPriming, hotPath);
        Core.getGlobalContext().register(priming);
        return priming;
    }

    /** A route group's priming: each event through the whole handler path (event decoding, router, envelope). */
    public static Priming register(Services services, Router router, List<APIGatewayV2HTTPEvent> events) {
        return register(services, () -> {
            List<String> outcomes = new ArrayList<>();
            for (APIGatewayV2HTTPEvent event : events) {
                int status = HttpApiHandler.handle(router, event, RequestLog.DISCARD).getStatusCode();
                outcomes.add(event.getRouteKey() + " " + status);
            }
            return outcomes;
        });
    }

    /**
     * A read request of {@link #PROJECT} as the JWT authorizer would pass it. {@code template} is the route
     * (its {@code {projectId}} is filled in), {@code path} the concrete path when it has other parameters.
     */
    public static APIGatewayV2HTTPEvent request(String method, String template, String path, String rawQuery,
            String body) {
        String rawPath = path.replace("{projectId}", PROJECT);
        var http = APIGatewayV2HTTPEvent.RequestContext.Http.builder().withMethod(method).withPath(rawPath).build();
        var claims = Map.of("sub", SUBJECT, "exp", "4102444800", RoleClaim.NAME, PROJECT + ":Viewer");
        var ctx = APIGatewayV2HTTPEvent.RequestContext.builder().withHttp(http).withRequestId("priming")
                .withRouteKey(method + " " + template)
                .withAuthorizer(APIGatewayV2HTTPEvent.RequestContext.Authorizer.builder()
                        .withJwt(APIGatewayV2HTTPEvent.RequestContext.Authorizer.JWT.builder().withClaims(claims)
                                .build())
                        .build());
        return APIGatewayV2HTTPEvent.builder()
                .withVersion("2.0")
                .withRouteKey(method + " " + template)
                .withRawPath(rawPath)
                .withRawQueryString(rawQuery)
                .withHeaders(body == null ? Map.of("accept", "application/json")
                        : Map.of("accept", "application/json", "content-type", "application/json"))
                .withBody(body)
                .withIsBase64Encoded(false)
                .withRequestContext(ctx.build())
                .build();
    }

    /**
     * Runs the priming: the SDK client again (a GetItem of a key that never exists) and the hot path. Answers
     * one outcome per hot-path step ({@code "<route key> <status>"}), for tests; never throws.
     */
    public List<String> prime() {
        clientPriming.run();
        List<String> outcomes;
        try {
            outcomes = List.copyOf(hotPath.get());
        } catch (RuntimeException | StackOverflowError e) {
            outcomes = List.of("failed: " + e.getClass().getSimpleName());
        }
        lastOutcomes = outcomes;
        return outcomes;
    }

    /** What the last priming answered (empty before the first): lets tests see that the hook ran. */
    public List<String> lastOutcomes() {
        return lastOutcomes;
    }

    @Override
    public void beforeCheckpoint(Context<? extends Resource> context) {
        prime();
    }

    @Override
    public void afterRestore(Context<? extends Resource> context) {
        // nothing to refresh: the SDK clients reconnect on their own and no credential is cached here
    }
}
