package io.modelgraph.bench;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.auth.RoleClaim;
import io.modelgraph.embedded.EmbeddedAws;
import io.modelgraph.json.Json;
import io.modelgraph.platform.Services;
import io.modelgraph.platform.Settings;
import io.modelgraph.store.StoreConfig;
import io.modelgraph.store.Tables;
import io.modelgraph.transform.TransformHandler;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

/** Transform handler calls on the embedded DynamoDB Local and S3 server, for the transform benchmarks. */
final class TransformCalls {
    private static Services services;

    /** The embedded stores, started once per JVM, tables created. */
    static synchronized Services services() {
        if (services == null) {
            EmbeddedAws aws = EmbeddedAws.shared();
            StoreConfig config = StoreConfig.from(Map.of()).withEndpoints(aws.dynamoEndpoint(), aws.s3Endpoint());
            services = Services.of(config, Settings.from(Map.of()).withPagingSecret("bench"));
            Tables.ensure(services.dynamo(), services.s3(), config);
        }
        return services;
    }

    static String newProjectId() {
        return UUID.randomUUID().toString().replace("-", "");
    }

    record Result(int status, JsonNode body) {
        boolean success() {
            return body.path("success").asBoolean(false);
        }

        @Override
        public String toString() {
            return status + " " + body;
        }
    }

    private final TransformHandler handler;
    private final String projectId;

    TransformCalls(String projectId) {
        this.handler = new TransformHandler(services());
        this.projectId = projectId;
    }

    String projectId() {
        return projectId;
    }

    Result post(String route, String body, String role) {
        Map<String, String> claims = Map.of("sub", "bench", "exp",
                Long.toString(System.currentTimeMillis() / 1000 + 3600), RoleClaim.NAME, projectId + ":" + role);
        Map<String, String> headers = new HashMap<>();
        headers.put("content-type", "application/json");
        String path = "/graph/transform/" + route + "/" + projectId;
        var http = APIGatewayV2HTTPEvent.RequestContext.Http.builder().withMethod("POST").withPath(path).build();
        var ctx = APIGatewayV2HTTPEvent.RequestContext.builder().withHttp(http).withRequestId("bench")
                .withAuthorizer(APIGatewayV2HTTPEvent.RequestContext.Authorizer.builder()
                        .withJwt(APIGatewayV2HTTPEvent.RequestContext.Authorizer.JWT.builder().withClaims(claims)
                                .build())
                        .build());
        APIGatewayV2HTTPEvent event = APIGatewayV2HTTPEvent.builder().withVersion("2.0").withRouteKey("$default")
                .withRawPath(path).withRawQueryString("").withHeaders(headers).withBody(body)
                .withIsBase64Encoded(false).withRequestContext(ctx.build()).build();
        APIGatewayV2HTTPResponse response = handler.handleRequest(event, null);
        try {
            return new Result(response.getStatusCode(), Json.parse(response.getBody()));
        } catch (java.io.IOException e) {
            throw new IllegalStateException("Not JSON: " + response.getBody(), e);
        }
    }

    Result post(String route, JsonNode body, String role) {
        return post(route, Json.write(body), role);
    }
}
