package io.modelgraph.http;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.json.Json;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A request as a job keeps it (the S3 object its run replays): the parts of the payload 2.0 event the router
 * reads, written out member by member, so the replay goes through the same parsing, route, role check and
 * input check as the original call. Credentials are not kept: the Authorization, API-key and cookie headers
 * are dropped, and the JWT's {@code exp} claim too, because the token was checked when the request was
 * accepted and the job runs on that authority even if it finishes after the token expired. The
 * Idempotency-Key header is dropped as well: the key already holds the request's 202, and the job's run is
 * that request, not a retry of it.
 */
public final class StoredRequests {
    private static final Set<String> DROPPED_HEADERS = Set.of("authorization", "x-api-key", "cookie",
            "idempotency-key");

    public static byte[] write(ApiRequest request) {
        ObjectNode out = Json.object();
        out.put("method", request.method());
        out.put("path", request.path());
        out.put("routeKey", request.routeKey());
        out.put("requestId", request.requestId());
        out.put("rawQuery", request.rawQuery());
        ObjectNode headers = out.putObject("headers");
        request.headers().asMap().forEach((k, v) -> {
            if (!DROPPED_HEADERS.contains(k.toLowerCase(Locale.ROOT))) {
                headers.put(k, v);
            }
        });
        ObjectNode path = out.putObject("pathParameters");
        request.pathParams().forEach(path::put);
        ObjectNode claims = out.putObject("jwtClaims");
        request.jwtClaims().forEach((k, v) -> {
            if (!k.equals("exp")) {
                claims.put(k, v);
            }
        });
        out.set("authorizerContext", Json.valueToTree(request.authorizerContext()));
        out.put("body", java.util.Base64.getEncoder().encodeToString(request.rawBody()));
        return Json.write(out).getBytes(StandardCharsets.UTF_8);
    }

    /** The event the stored request came from, as API Gateway would have sent it. */
    public static APIGatewayV2HTTPEvent read(byte[] stored) {
        JsonNode in;
        try {
            in = Json.parse(new String(stored, StandardCharsets.UTF_8));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("A stored job request is not JSON", e);
        }
        Map<String, String> claims = strings(in.path("jwtClaims"));
        Map<String, Object> lambda = new LinkedHashMap<>();
        in.path("authorizerContext").fields().forEachRemaining(f -> lambda.put(f.getKey(),
                f.getValue().isTextual() ? f.getValue().asText() : Json.MAPPER.convertValue(f.getValue(), Object.class)));
        APIGatewayV2HTTPEvent.RequestContext.Authorizer authorizer = APIGatewayV2HTTPEvent.RequestContext.Authorizer
                .builder().withJwt(APIGatewayV2HTTPEvent.RequestContext.Authorizer.JWT.builder().withClaims(claims)
                        .build()).withLambda(lambda).build();
        APIGatewayV2HTTPEvent.RequestContext context = APIGatewayV2HTTPEvent.RequestContext.builder()
                .withRequestId(in.path("requestId").asText())
                .withHttp(APIGatewayV2HTTPEvent.RequestContext.Http.builder().withMethod(in.path("method").asText())
                        .withPath(in.path("path").asText()).build())
                .withAuthorizer(authorizer).build();
        String rawQuery = in.path("rawQuery").asText();
        return APIGatewayV2HTTPEvent.builder()
                .withVersion("2.0")
                .withRouteKey(in.path("routeKey").asText())
                .withRawPath(in.path("path").asText())
                .withRawQueryString(rawQuery)
                .withHeaders(strings(in.path("headers")))
                .withPathParameters(strings(in.path("pathParameters")))
                .withBody(in.path("body").asText())
                .withIsBase64Encoded(true)
                .withRequestContext(context)
                .build();
    }

    private static Map<String, String> strings(JsonNode object) {
        Map<String, String> out = new LinkedHashMap<>();
        object.fields().forEachRemaining(f -> out.put(f.getKey(), f.getValue().asText()));
        return out;
    }

    private StoredRequests() {
    }
}
