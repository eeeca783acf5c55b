package io.modelgraph.testkit;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import io.modelgraph.auth.RoleClaim;
import io.modelgraph.http.HttpApiHandler;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;

/**
 * Calls go straight into one route group's handler as the event API Gateway would send after its JWT authorizer
 * (the caller's claims in the request context). API-key calls need the verdict the API-key authorizer would
 * attach: give it with {@link #withApiKeyVerdicts}; without it an API-key call is refused as a test setup error.
 */
public record InProcess(HttpApiHandler handler, Optional<Function<String, Map<String, Object>>> apiKeyVerdicts,
        Optional<Context> invocation) implements Transport {

    public static InProcess of(HttpApiHandler handler) {
        return new InProcess(handler, Optional.empty(), Optional.empty());
    }

    /** The same handler; API-key calls carry the context {@code verdicts} gives for their key. */
    public InProcess withApiKeyVerdicts(Function<String, Map<String, Object>> verdicts) {
        return new InProcess(handler, Optional.of(verdicts), invocation);
    }

    /**
     * The same handler, invoked as Lambda invokes it with {@code invocation} (its remaining time is the call's
     * deadline); without one the handler has no deadline.
     */
    public InProcess within(Context invocation) {
        return new InProcess(handler, apiKeyVerdicts, Optional.of(invocation));
    }

    @Override
    public Answer send(String method, String pathAndQuery, byte[] body, Map<String, String> headers, Caller as) {
        int q = pathAndQuery.indexOf('?');
        String path = q < 0 ? pathAndQuery : pathAndQuery.substring(0, q);
        APIGatewayV2HTTPEvent event = new APIGatewayV2HTTPEvent();
        event.setVersion("2.0");
        event.setRouteKey("$default");
        event.setRawPath(path);
        event.setRawQueryString(q < 0 ? "" : pathAndQuery.substring(q + 1));
        if (body != null) {
            // as API Gateway passes a body: text as it is, bytes that are not UTF-8 in base64
            Optional<String> text = utf8(body);
            event.setBody(text.orElseGet(() -> Base64.getEncoder().encodeToString(body)));
            event.setIsBase64Encoded(text.isEmpty());
        }
        Map<String, String> sent = new HashMap<>(headers);
        APIGatewayV2HTTPEvent.RequestContext.Http http = new APIGatewayV2HTTPEvent.RequestContext.Http();
        http.setMethod(method);
        http.setPath(path);
        APIGatewayV2HTTPEvent.RequestContext ctx = new APIGatewayV2HTTPEvent.RequestContext();
        ctx.setHttp(http);
        ctx.setRequestId(UUID.randomUUID().toString());
        APIGatewayV2HTTPEvent.RequestContext.Authorizer auth = new APIGatewayV2HTTPEvent.RequestContext.Authorizer();
        if (as instanceof Caller.InRole r) {
            auth.setJwt(jwt(Map.of("sub", r.subject(), RoleClaim.NAME, r.projectId() + ":" + r.role().name())));
        } else if (as instanceof Caller.WithoutRole w) {
            auth.setJwt(jwt(Map.of("sub", w.subject())));
        } else if (as instanceof Caller.Bearer b) {
            sent.put("authorization", "Bearer " + b.token());
        } else if (as instanceof Caller.ApiKey k) {
            sent.put("authorization", "Bearer " + k.key());
            auth.setLambda(apiKeyVerdicts.orElseThrow(() -> new IllegalStateException("This in-process transport"
                    + " has no API-key verdicts: build it with withApiKeyVerdicts(...)")).apply(k.key()));
        }
        // Caller.Anonymous: no credential, so the request context carries no authorizer result
        if (auth.getJwt() != null || auth.getLambda() != null) {
            ctx.setAuthorizer(auth);
        }
        event.setHeaders(sent);
        event.setRequestContext(ctx);
        APIGatewayV2HTTPResponse response = handler.handleRequest(event, invocation.orElse(null));
        Map<String, String> answered = response.getHeaders() == null ? Map.of() : response.getHeaders();
        return new Answer(response.getStatusCode(), answered, response.getBody());
    }

    private static Optional<String> utf8(byte[] body) {
        try {
            return Optional.of(StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(body)).toString());
        } catch (CharacterCodingException notText) {
            return Optional.empty();
        }
    }

    private static APIGatewayV2HTTPEvent.RequestContext.Authorizer.JWT jwt(Map<String, String> claims) {
        APIGatewayV2HTTPEvent.RequestContext.Authorizer.JWT jwt = new APIGatewayV2HTTPEvent.RequestContext.Authorizer.JWT();
        jwt.setClaims(claims);
        return jwt;
    }
}
