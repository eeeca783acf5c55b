package io.modelgraph.authorizer;

import java.util.List;
import io.modelgraph.auth.ProjectId;
import io.modelgraph.http.Priming;
import io.modelgraph.log.RequestLog;
import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2CustomAuthorizerEvent;
import com.amazonaws.services.lambda.runtime.events.SimpleIAMPolicyResponse;
import io.modelgraph.api.FatalError;
import io.modelgraph.auth.ApiKeyStore;
import io.modelgraph.auth.Authenticator;
import io.modelgraph.platform.Services;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * HTTP API Lambda REQUEST authorizer (payload 2.0, simple responses) for the machine-to-machine routes.
 * It always answers {@code isAuthorized: true} and puts the verdict in the context: an HTTP API would
 * otherwise answer a denial with its own 403 body, while the API promises 401 in the route's envelope.
 * The route handler enforces the verdict (see {@link Authenticator#fromApiKeyContext}).
 */
public final class ApiKeyAuthorizerHandler
        implements RequestHandler<APIGatewayV2CustomAuthorizerEvent, SimpleIAMPolicyResponse> {

    private static final class Container {
        static final ApiKeyVerifier VERIFIER = warmed(verifier(Services.fromEnvironment()));
        static final Priming PRIMING = priming(VERIFIER);
    }

    /**
     * SnapStart priming: one verification of a well-formed key that was never issued (a GetItem on the key table
     * that finds nothing, so no last-used stamp is written). It is also the client's warm-up: this function may
     * read only the key table (template.yaml), so not {@link Services#primed()}'s graph-table read.
     */
    public static Priming priming(ApiKeyVerifier verifier) {
        return Priming.register(() -> { }, () -> List.of(primingVerification(verifier)));
    }

    private static String primingVerification(ApiKeyVerifier verifier) {
        return verifier.verify(Optional.of("Bearer " + PRIMING_KEY), Optional.of(Priming.PROJECT)).toString();
    }

    /** Init's warm-up of the SDK client: the priming verification, its failure ignored (the first call pays). */
    private static ApiKeyVerifier warmed(ApiKeyVerifier verifier) {
        try {
            primingVerification(verifier);
        } catch (RuntimeException ignored) {
            // no table, no network: the first real request pays instead
        }
        return verifier;
    }

    /** Shaped like an issued key, never issued. */
    static final String PRIMING_KEY = "mgk_" + "0".repeat(43);

    private final ApiKeyVerifier verifier;

    /** Used by the Lambda runtime, during the init phase (which SnapStart snapshots). */
    public ApiKeyAuthorizerHandler() {
        this.verifier = Container.VERIFIER;
    }

    public ApiKeyAuthorizerHandler(Services services) {
        this.verifier = verifier(services);
    }

    private static ApiKeyVerifier verifier(Services services) {
        return new ApiKeyVerifier(new ApiKeyStore(services.dynamo(), services.stores().apiKeyTable()),
                services.clock());
    }

    @Override
    public SimpleIAMPolicyResponse handleRequest(APIGatewayV2CustomAuthorizerEvent event, Context context) {
        long started = System.nanoTime();
        Map<String, String> verdict = verdict(event);
        // the verdict's status as the route will answer it; the key itself is never logged, only its id
        int status = verdict.containsKey(Authenticator.CTX_FAULT) ? 500
                : verdict.containsKey(Authenticator.CTX_DENIED) ? 401 : 200;
        String project = event.getPathParameters() == null ? "" : event.getPathParameters().get("projectId");
        RequestLog.STDOUT.record(new RequestLog.Entry(
                event.getRequestContext() == null ? "" : event.getRequestContext().getRequestId(),
                "authorizer " + event.getRouteKey(), ProjectId.isValid(project) ? project : "",
                verdict.containsKey(Authenticator.CTX_KEY_ID) ? "apikey:" + verdict.get(Authenticator.CTX_KEY_ID) : "",
                status, (System.nanoTime() - started) / 1e6));
        return SimpleIAMPolicyResponse.builder().withIsAuthorized(true).withContext(verdict).build();
    }

    private Map<String, String> verdict(APIGatewayV2CustomAuthorizerEvent event) {
        Map<String, String> verdict;
        try {
            Map<String, String> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
            if (event.getHeaders() != null) {
                headers.putAll(event.getHeaders());
            }
            Optional<String> project = Optional.ofNullable(event.getPathParameters())
                    .map(p -> p.get("projectId"));
            verdict = verifier.verify(Optional.ofNullable(headers.get("Authorization")), project);
        } catch (RuntimeException e) {
            FatalError fatal = FatalError.record(e, Map.of("authorizer", "api-key",
                    "routeKey", String.valueOf(event.getRouteKey())));
            // the key could not be looked up: an infrastructure fault, which the route answers 500, never 401
            verdict = Map.of(Authenticator.CTX_FAULT, fatal.message());
        }
        return verdict;
    }
}
