package io.modelgraph.exchange;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.auth.RoleClaim;
import io.modelgraph.exchange.fetch.SafeFetcher;
import io.modelgraph.json.Json;
import io.modelgraph.platform.Services;
import io.modelgraph.store.TestStores;
import io.modelgraph.platform.Settings;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/** The real embedded DynamoDB Local and S3 (never mocks), gateway-shaped events, and a handler per settings. */
final class ExchangeTestSupport {
    static Services services() {
        return TestStores.services();
    }

    static Services services(Settings settings) {
        Services s = services();
        return new Services(s.stores(), s.dynamo(), s.s3(), settings, s.clock());
    }

    static String newProjectId() {
        return TestStores.newProjectId();
    }

    /** A handler and its module: loopback allowed or not, raw files served from {@code repoBase}. */
    static final class Client {
        final ExchangeModule module;
        final ExchangeHandler handler;
        final String project;

        Client(boolean allowLoopback, String repoBase, String project) {
            this(services().settings().withAllowLoopbackUrls(allowLoopback).withRepoRawBaseUrl(repoBase), project);
        }

        Client(Settings settings, String project) {
            this(settings, project, io.modelgraph.codec.ParseDeadline.configured());
        }

        /** A client whose merges read each source within {@code parseDeadline}. */
        Client(Settings settings, String project, io.modelgraph.codec.ParseDeadline parseDeadline) {
            Services s = services(settings);
            this.module = ExchangeModule.of(s, new GraphModelMapping(),
                    new SafeFetcher.Limits(256 * 1024, 2_000, 5_000, 10_000),
                    io.modelgraph.graph.store.GraphStore.of(s), parseDeadline);
            this.handler = new ExchangeHandler(module, s);
            this.project = project;
        }

        APIGatewayV2HTTPResponse call(String method, String op, Map<String, String> query, String body, String role) {
            return call(method, op, query, body, role, Map.of());
        }

        APIGatewayV2HTTPResponse call(String method, String op, Map<String, String> query, String body, String role,
                Map<String, String> headers) {
            StringBuilder raw = new StringBuilder();
            query.forEach((k, v) -> {
                if (raw.length() > 0) {
                    raw.append('&');
                }
                raw.append(enc(k)).append('=').append(enc(v));
            });
            return send(method, op, raw.toString(), body, role, headers);
        }

        APIGatewayV2HTTPResponse send(String method, String op, String rawQuery, String body, String role,
                Map<String, String> headers) {
            return send(method, op, rawQuery, body, role, headers, null);
        }

        /** As Lambda invokes it: {@code context} gives the invocation's remaining time (null: no deadline). */
        APIGatewayV2HTTPResponse send(String method, String op, String rawQuery, String body, String role,
                Map<String, String> headers, com.amazonaws.services.lambda.runtime.Context context) {
            String path = "/v1/" + project + "/" + op;
            var http = APIGatewayV2HTTPEvent.RequestContext.Http.builder().withMethod(method).withPath(path).build();
            Map<String, String> claims = Map.of("sub", "tester", "exp",
                    Long.toString(System.currentTimeMillis() / 1000 + 3600), RoleClaim.NAME, project + ":" + role);
            var ctx = APIGatewayV2HTTPEvent.RequestContext.builder().withHttp(http).withRequestId("test")
                    .withAuthorizer(APIGatewayV2HTTPEvent.RequestContext.Authorizer.builder()
                            .withJwt(APIGatewayV2HTTPEvent.RequestContext.Authorizer.JWT.builder().withClaims(claims)
                                    .build()).build());
            Map<String, String> all = new HashMap<>(headers);
            if (body != null) {
                all.putIfAbsent("content-type", "application/json");
            }
            APIGatewayV2HTTPEvent event = APIGatewayV2HTTPEvent.builder().withVersion("2.0").withRouteKey("$default")
                    .withRawPath(path).withRawQueryString(rawQuery).withHeaders(all).withBody(body)
                    .withIsBase64Encoded(false).withRequestContext(ctx.build()).build();
            return handler.handleRequest(event, context);
        }

        JsonNode ok(APIGatewayV2HTTPResponse response) {
            if (response.getStatusCode() != 200) {
                throw new AssertionError("expected 200, got " + response.getStatusCode() + ": " + response.getBody());
            }
            JsonNode body = json(response);
            if (!body.path("success").asBoolean()) {
                throw new AssertionError("expected success: " + response.getBody());
            }
            return body.path("data");
        }
    }

    static JsonNode json(APIGatewayV2HTTPResponse response) {
        try {
            return Json.parse(response.getBody());
        } catch (Exception e) {
            throw new AssertionError("not JSON: " + response.getBody(), e);
        }
    }

    /** Asserts a logical error with the status and a message mentioning every fragment. */
    static String logical(APIGatewayV2HTTPResponse response, int status, String... mentions) {
        JsonNode body = json(response);
        if (response.getStatusCode() != status || body.path("success").asBoolean()
                || body.path("error").path("isFatal").asBoolean(true)) {
            throw new AssertionError("expected logical error " + status + ", got " + response.getStatusCode() + ": "
                    + response.getBody());
        }
        String message = body.path("error").path("message").asText();
        for (String m : mentions) {
            if (!message.contains(m)) {
                throw new AssertionError("message should mention '" + m + "': " + message);
            }
        }
        return message;
    }

    static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    private ExchangeTestSupport() {
    }
}
