package io.modelgraph.http;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import io.modelgraph.auth.RoleClaim;
import java.util.HashMap;
import java.util.Map;

/** API Gateway payload 2.0 events as the gateway builds them, for handler-level tests. */
public final class TestEvents {

    public static APIGatewayV2HTTPEvent event(String method, String path, String rawQuery, String body,
            Map<String, String> headers, Map<String, String> claims) {
        var http = APIGatewayV2HTTPEvent.RequestContext.Http.builder().withMethod(method).withPath(path).build();
        var ctx = APIGatewayV2HTTPEvent.RequestContext.builder().withHttp(http).withRequestId("test-request");
        if (claims != null) {
            ctx.withAuthorizer(APIGatewayV2HTTPEvent.RequestContext.Authorizer.builder()
                    .withJwt(APIGatewayV2HTTPEvent.RequestContext.Authorizer.JWT.builder().withClaims(claims).build())
                    .build());
        }
        Map<String, String> allHeaders = new HashMap<>(headers);
        if (body != null && !allHeaders.containsKey("content-type")) {
            allHeaders.put("content-type", "application/json");
        }
        return APIGatewayV2HTTPEvent.builder()
                .withVersion("2.0")
                .withRouteKey("$default")
                .withRawPath(path)
                .withRawQueryString(rawQuery == null ? "" : rawQuery)
                .withHeaders(allHeaders)
                .withBody(body)
                .withIsBase64Encoded(false)
                .withRequestContext(ctx.build())
                .build();
    }

    public static Map<String, String> claims(String subject, String projectId, String role) {
        return Map.of("sub", subject, "exp", Long.toString(System.currentTimeMillis() / 1000 + 3600),
                RoleClaim.NAME, projectId + ":" + role);
    }

    private TestEvents() {
    }
}
