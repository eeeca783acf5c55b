package io.modelgraph.transform;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.auth.RoleClaim;
import io.modelgraph.exchange.ExchangeHandler;
import io.modelgraph.json.Json;
import io.modelgraph.platform.Services;
import io.modelgraph.store.TestStores;
import io.modelgraph.platform.AiSettings;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Collectors;

/** Handler-level calls against the real embedded DynamoDB Local and S3 server. */
final class TransformCalls {
    static Services services() {
        return TestStores.services();
    }

    /** The same stores, with the ai mapping kind's provider configured. */
    static Services servicesWithAi(AiSettings ai) {
        Services s = services();
        return new Services(s.stores(), s.dynamo(), s.s3(), s.settings().withAi(ai), s.clock());
    }

    static String newProjectId() {
        return TestStores.newProjectId();
    }

    record Result(int status, JsonNode body) {
        boolean success() {
            return body.path("success").asBoolean(false);
        }

        String firstPath() {
            return body.path("errors").path(0).path("path").asText();
        }

        String firstMessage() {
            return body.path("errors").path(0).path("message").asText();
        }

        @Override
        public String toString() {
            return status + " " + body;
        }
    }

    private final TransformHandler handler;
    private final String projectId;

    TransformCalls(TransformHandler handler, String projectId) {
        this.handler = handler;
        this.projectId = projectId;
    }

    TransformCalls(String projectId) {
        this(new TransformHandler(services()), projectId);
    }

    String projectId() {
        return projectId;
    }

    Result post(String route, String body, String role) {
        Map<String, String> claims = role == null ? null : Map.of("sub", "tester", "exp",
                Long.toString(System.currentTimeMillis() / 1000 + 3600), RoleClaim.NAME, projectId + ":" + role);
        Map<String, String> headers = new HashMap<>();
        headers.put("content-type", "application/json");
        var http = APIGatewayV2HTTPEvent.RequestContext.Http.builder().withMethod("POST")
                .withPath("/graph/transform/" + route + "/" + projectId).build();
        var ctx = APIGatewayV2HTTPEvent.RequestContext.builder().withHttp(http).withRequestId("t");
        if (claims != null) {
            ctx.withAuthorizer(APIGatewayV2HTTPEvent.RequestContext.Authorizer.builder()
                    .withJwt(APIGatewayV2HTTPEvent.RequestContext.Authorizer.JWT.builder().withClaims(claims).build())
                    .build());
        }
        APIGatewayV2HTTPEvent event = APIGatewayV2HTTPEvent.builder().withVersion("2.0").withRouteKey("$default")
                .withRawPath("/graph/transform/" + route + "/" + projectId).withRawQueryString("")
                .withHeaders(headers).withBody(body).withIsBase64Encoded(false).withRequestContext(ctx.build()).build();
        APIGatewayV2HTTPResponse response = handler.handleRequest(event, null);
        try {
            return new Result(response.getStatusCode(), Json.parse(response.getBody()));
        } catch (Exception e) {
            throw new AssertionError("Not JSON: " + response.getBody(), e);
        }
    }

    Result post(String route, JsonNode body, String role) {
        return post(route, Json.write(body), role);
    }

    /** A Viewer's GET of the exchange route {@code op} of this project ({@code /v1/<project>/<op>?query}). */
    APIGatewayV2HTTPResponse exchangeGet(ExchangeHandler exchange, String op, Map<String, String> query) {
        String raw = query.entrySet().stream().map(e -> enc(e.getKey()) + "=" + enc(e.getValue()))
                .collect(Collectors.joining("&"));
        String path = "/v1/" + projectId + "/" + op;
        var http = APIGatewayV2HTTPEvent.RequestContext.Http.builder().withMethod("GET").withPath(path).build();
        Map<String, String> claims = Map.of("sub", "tester", "exp",
                Long.toString(System.currentTimeMillis() / 1000 + 3600), RoleClaim.NAME, projectId + ":Viewer");
        var ctx = APIGatewayV2HTTPEvent.RequestContext.builder().withHttp(http).withRequestId("test")
                .withAuthorizer(APIGatewayV2HTTPEvent.RequestContext.Authorizer.builder()
                        .withJwt(APIGatewayV2HTTPEvent.RequestContext.Authorizer.JWT.builder().withClaims(claims)
                                .build()).build());
        return exchange.handleRequest(APIGatewayV2HTTPEvent.builder().withVersion("2.0").withRouteKey("$default")
                .withRawPath(path).withRawQueryString(raw).withHeaders(Map.of()).withIsBase64Encoded(false)
                .withRequestContext(ctx.build()).build(), null);
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
