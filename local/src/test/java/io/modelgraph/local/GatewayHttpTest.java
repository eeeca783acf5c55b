package io.modelgraph.local;

import static io.modelgraph.local.TestStack.assertTransformEnvelope;
import static io.modelgraph.local.TestStack.assertUnauthorizedV1;
import static io.modelgraph.local.TestStack.assertV1Envelope;
import static io.modelgraph.local.TestStack.get;
import static io.modelgraph.local.TestStack.send;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.auth.Role;
import io.modelgraph.auth.RoleClaim;
import io.modelgraph.http.Route;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The gateway over real HTTP with real tokens: routing, events, envelopes. */
class GatewayHttpTest {

    private static final String PROJECT = "0123456789abcdef0123456789abcdef";

    private static String token(Role role) {
        return TestStack.server().issuer().mint("tester", PROJECT, role);
    }

    @Test
    void theBannersSampleCallAnswersASuccessEnvelope() {
        LocalServer server = TestStack.server();
        LocalServer.Sample sample = server.sample();
        assertTrue(sample.pathAndQuery().startsWith("/v1/" + server.demoProject() + "/"), sample.toString());
        TestStack.Answer a = send(sample.method(), sample.pathAndQuery(), server.demoToken(), null, null);
        assertEquals(200, a.status(), a.body());
        JsonNode env = assertV1Envelope(a);
        assertTrue(env.get("success").asBoolean(), a.body());
        String banner = server.banner("TOKEN");
        assertTrue(banner.contains("export MG=" + server.baseUrl() + " P=" + server.demoProject() + " TOKEN=TOKEN\n"),
                banner);
        assertTrue(banner.contains("curl -s -H \"Authorization: Bearer $TOKEN\" \"$MG"
                + sample.pathAndQuery().replace(server.demoProject(), "$P") + "\""), banner);
        assertTrue(server.demoProject().matches("[0-9a-f]{32}"), server.demoProject());
    }

    @Test
    void theBannerLeadsWithTheReferencePageAndTheBaseUrlRedirectsThere() {
        LocalServer server = TestStack.server();
        String banner = server.banner("TOKEN");
        assertTrue(banner.startsWith("Modelgraph local on " + server.baseUrl() + "\nAPI reference: "
                + server.baseUrl() + "/docs\n"), banner);
        assertEquals(302, get("/", null).status());
    }

    @Test
    void theConsoleLineNamesTheRouteTemplateNeverTheQueryOrTheConcretePath() {
        LocalGateway gateway = TestStack.server().gateway();
        assertEquals("GET /v1/{projectId}/fetchNodes 200 12 ms", gateway.consoleLine("GET", "/v1/" + PROJECT
                + "/fetchNodes", 200, 12));
        assertEquals("GET /docs 200 3 ms", gateway.consoleLine("GET", "/docs", 200, 3));
        assertEquals("GET (no route) 404 1 ms", gateway.consoleLine("GET", "/v1/" + PROJECT + "/nope", 404, 1));
    }

    @Test
    void everyRouteOfEveryHandlerIsServed() {
        LocalServer server = TestStack.server();
        for (RouteGroup group : server.groups()) {
            for (Route route : group.routes()) {
                String path = route.template().replace("{projectId}", PROJECT).replaceAll("\\{[^}]+}", "x");
                TestStack.Answer a = send(route.method(), path, null, null, null);
                // no credential: the route itself answers 401 in its envelope (never the gateway's 404)
                assertEquals(401, a.status(), route.routeKey() + " -> " + a.body());
                if (path.startsWith("/graph/")) {
                    assertTransformEnvelope(a);
                } else {
                    assertUnauthorizedV1(a);
                }
            }
        }
    }

    @Test
    void anUnknownRouteIsApiGatewaysNotFound() {
        TestStack.Answer a = get("/v1/" + PROJECT + "/noSuchRoute", token(Role.Admin));
        assertEquals(404, a.status());
        assertEquals("{\"message\":\"Not Found\"}", a.body());
        TestStack.Answer wrongMethod = send("PATCH", "/v1/" + PROJECT + "/apiKeys", token(Role.Admin), null, null);
        assertEquals(404, wrongMethod.status());
    }

    @Test
    void theJwksIsServedAndNamesTheSigningKey() {
        TestStack.Answer a = get(LocalGateway.JWKS_PATH, null);
        assertEquals(200, a.status());
        JsonNode key = a.json().path("keys").get(0);
        assertEquals(TestStack.server().issuer().keyId(), key.path("kid").asText());
        assertEquals("RSA", key.path("kty").asText());
        assertFalse(key.has("d"), "the private exponent must not be served");
    }

    @Test
    void theEventIsBuiltAsPayload2() {
        TestStack.Answer a = send("POST", "/v1/" + PROJECT + "/probe/echo?nodeIds=a&nodeIds=b&x=%C3%A9+1",
                token(Role.Viewer), "application/json", "{\"k\":1}".getBytes(StandardCharsets.UTF_8));
        assertEquals(200, a.status(), a.body());
        JsonNode data = assertV1Envelope(a).get("data");
        assertEquals(List.of("a", "b"), List.of(data.get("nodeIds").get(0).asText(), data.get("nodeIds").get(1).asText()));
        assertEquals("tester", data.get("subject").asText());

        APIGatewayV2HTTPEvent e = TestStack.PROBE.lastEvent;
        assertEquals("2.0", e.getVersion());
        assertEquals("POST /v1/{projectId}/probe/echo", e.getRouteKey());
        assertEquals("/v1/" + PROJECT + "/probe/echo", e.getRawPath());
        assertEquals("nodeIds=a&nodeIds=b&x=%C3%A9+1", e.getRawQueryString());
        assertEquals(Map.of("nodeIds", "a,b", "x", "é 1"), e.getQueryStringParameters());
        assertEquals(Map.of("projectId", PROJECT), e.getPathParameters());
        assertEquals("{\"k\":1}", e.getBody());
        assertFalse(e.getIsBase64Encoded());
        e.getHeaders().keySet().forEach(h -> assertEquals(h.toLowerCase(java.util.Locale.ROOT), h));
        assertEquals("application/json", e.getHeaders().get("content-type"));
        var ctx = e.getRequestContext();
        assertEquals("POST", ctx.getHttp().getMethod());
        assertEquals("/v1/" + PROJECT + "/probe/echo", ctx.getHttp().getPath());
        assertEquals("127.0.0.1", ctx.getHttp().getSourceIp());
        assertEquals("$default", ctx.getStage());
        assertEquals(e.getRouteKey(), ctx.getRouteKey());
        assertNotNull(ctx.getRequestId());
        assertTrue(Math.abs(ctx.getTimeEpoch() - System.currentTimeMillis()) < 60_000);
        Map<String, String> claims = ctx.getAuthorizer().getJwt().getClaims();
        assertEquals(LocalIssuer.ISSUER, claims.get("iss"));
        assertEquals("tester", claims.get("sub"));
        assertEquals(PROJECT + ":Viewer", claims.get(RoleClaim.NAME));
        assertTrue(claims.get("exp").matches("\\d+"), claims.get("exp"));
        assertNull(ctx.getAuthorizer().getLambda());
    }

    @Test
    void aBinaryBodyArrivesBase64Encoded() {
        byte[] bytes = {0, 1, 2, (byte) 0xff, 'x'};
        TestStack.Answer a = send("POST", "/v1/" + PROJECT + "/probe/echo", token(Role.Viewer),
                "application/octet-stream", bytes);
        assertEquals(200, a.status(), a.body());
        assertEquals(5, a.json().path("data").path("bodyLength").asInt());
        APIGatewayV2HTTPEvent e = TestStack.PROBE.lastEvent;
        assertTrue(e.getIsBase64Encoded());
        assertArrayEquals(bytes, Base64.getDecoder().decode(e.getBody()));
    }

    @Test
    void aGetWithoutQueryHasNoQueryParameters() {
        TestStack.Answer a = get("/v1/" + PROJECT + "/probe/echo", token(Role.Viewer));
        assertEquals(200, a.status(), a.body());
        APIGatewayV2HTTPEvent e = TestStack.PROBE.lastEvent;
        assertNull(e.getQueryStringParameters());
        assertEquals("", e.getRawQueryString());
        assertNull(e.getBody());
    }

    @Test
    void aLiteralSegmentBeatsAParameter() {
        // The probe declares .../items/{id} before .../items/special; like API Gateway, the gateway picks the
        // most specific route whatever the order, and says so in routeKey and pathParameters.
        get("/v1/" + PROJECT + "/probe/items/special", token(Role.Viewer));
        APIGatewayV2HTTPEvent special = TestStack.PROBE.lastEvent;
        assertEquals("GET /v1/{projectId}/probe/items/special", special.getRouteKey());
        assertEquals(Map.of("projectId", PROJECT), special.getPathParameters());

        JsonNode other = get("/v1/" + PROJECT + "/probe/items/a%20b", token(Role.Viewer)).json().path("data");
        assertEquals("GET /v1/{projectId}/probe/items/{id}", TestStack.PROBE.lastEvent.getRouteKey());
        assertEquals("{id}", other.path("matched").asText());
        assertEquals("a b", other.path("id").asText());
    }

    @Test
    void graphRoutesAnswerInTheTransformEnvelope() {
        TestStack.Answer ok = TestStack.postJson("/graph/probe/echo/" + PROJECT, token(Role.Editor), "{}");
        assertEquals(200, ok.status(), ok.body());
        JsonNode env = assertTransformEnvelope(ok);
        assertEquals(PROJECT, env.path("projectId").asText());

        TestStack.Answer noToken = TestStack.postJson("/graph/probe/echo/" + PROJECT, null, "{}");
        assertEquals(401, noToken.status(), noToken.body());
        assertFalse(assertTransformEnvelope(noToken).get("success").asBoolean());

        TestStack.Answer viewer = TestStack.postJson("/graph/probe/echo/" + PROJECT, token(Role.Viewer), "{}");
        assertEquals(401, viewer.status(), viewer.body());
        assertTransformEnvelope(viewer);
    }

    @Test
    void apiKeyManagementRoundTrip() {
        String admin = token(Role.Admin);
        TestStack.Answer created = TestStack.postJson("/v1/" + PROJECT + "/apiKeys", admin,
                "{\"label\":\"ci\",\"role\":\"Viewer\"}");
        assertEquals(200, created.status(), created.body());
        JsonNode data = assertV1Envelope(created).get("data");
        assertTrue(data.path("key").asText().startsWith("mgk_"), created.body());
        TestStack.Answer listed = get("/v1/" + PROJECT + "/apiKeys", admin);
        JsonNode list = assertV1Envelope(listed).get("data");
        assertTrue(list.isArray());
        boolean found = false;
        for (JsonNode k : list) {
            assertFalse(k.has("key"), "keys are shown once: " + listed.body());
            found |= k.path("id").asText().equals(data.path("id").asText());
        }
        assertTrue(found, listed.body());
    }
}
