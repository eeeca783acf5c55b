package io.modelgraph.integrations;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.auth.Authenticator;
import io.modelgraph.auth.RoleClaim;
import io.modelgraph.json.Json;
import io.modelgraph.store.TestStores;
import java.util.HashMap;
import java.util.Map;

/** Handler-level calls of the integration routes against the real embedded DynamoDB Local and S3 server. */
final class IntegrationCalls {
    record Result(int status, Map<String, String> headers, String text) {
        JsonNode body() {
            try {
                return Json.parse(text);
            } catch (Exception e) {
                throw new AssertionError("Not JSON: " + text, e);
            }
        }

        boolean success() {
            return body().path("success").asBoolean(false);
        }

        String firstMessage() {
            return body().path("errors").path(0).path("message").asText();
        }

        String firstPath() {
            return body().path("errors").path(0).path("path").asText();
        }

        @Override
        public String toString() {
            return status + " " + text;
        }
    }

    private final IntegrationsHandler handler;
    private final String projectId = TestStores.newProjectId();

    IntegrationCalls() {
        this(TestStores.services());
    }

    /** Calls through a handler on {@code services} (the same stores through other clients, such as faulty ones). */
    IntegrationCalls(io.modelgraph.platform.Services services) {
        this.handler = new IntegrationsHandler(services);
    }

    /** Calls through a handler that reads artifacts within {@code parseDeadline}. */
    IntegrationCalls(io.modelgraph.codec.ParseDeadline parseDeadline) {
        io.modelgraph.platform.Services services = TestStores.services();
        this.handler = new IntegrationsHandler(IntegrationsHandler.routes(services, java.util.Optional.empty(),
                java.util.Optional.empty(), parseDeadline));
    }

    String projectId() {
        return projectId;
    }

    Result call(String method, String path, String body, String role) {
        Map<String, String> claims = role == null ? null : Map.of("sub", "tester", "exp",
                Long.toString(System.currentTimeMillis() / 1000 + 3600), RoleClaim.NAME, projectId + ":" + role);
        var auth = claims == null ? null : APIGatewayV2HTTPEvent.RequestContext.Authorizer.builder()
                .withJwt(APIGatewayV2HTTPEvent.RequestContext.Authorizer.JWT.builder().withClaims(claims).build())
                .build();
        return send(method, path.replace("{projectId}", projectId), body, auth);
    }

    /** As the API-key authorizer passes a verified key to the route. */
    Result callWithKey(String method, String path, String body, String role) {
        Map<String, Object> context = new HashMap<>();
        context.put(Authenticator.CTX_PROJECT, projectId);
        context.put(Authenticator.CTX_ROLE, role);
        context.put(Authenticator.CTX_KEY_ID, "k1");
        var auth = APIGatewayV2HTTPEvent.RequestContext.Authorizer.builder().withLambda(context).build();
        return send(method, path.replace("{projectId}", projectId), body, auth);
    }

    private Result send(String method, String path, String body,
            APIGatewayV2HTTPEvent.RequestContext.Authorizer auth) {
        var http = APIGatewayV2HTTPEvent.RequestContext.Http.builder().withMethod(method).withPath(path).build();
        var ctx = APIGatewayV2HTTPEvent.RequestContext.builder().withHttp(http).withRequestId("t");
        if (auth != null) {
            ctx.withAuthorizer(auth);
        }
        Map<String, String> headers = new HashMap<>();
        if (body != null) {
            headers.put("content-type", "application/json");
        }
        APIGatewayV2HTTPEvent event = APIGatewayV2HTTPEvent.builder().withVersion("2.0").withRouteKey("$default")
                .withRawPath(path).withRawQueryString("").withHeaders(headers).withBody(body)
                .withIsBase64Encoded(false).withRequestContext(ctx.build()).build();
        APIGatewayV2HTTPResponse r = handler.handleRequest(event, null);
        return new Result(r.getStatusCode(), r.getHeaders(), r.getBody());
    }
}
