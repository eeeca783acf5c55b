package io.modelgraph.local;

import static io.modelgraph.local.TestStack.assertUnauthorizedV1;
import static io.modelgraph.local.TestStack.assertV1Envelope;
import static io.modelgraph.local.TestStack.get;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2CustomAuthorizerEvent;
import com.fasterxml.jackson.databind.JsonNode;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.PlainJWT;
import com.nimbusds.jwt.SignedJWT;
import io.modelgraph.api.ApiProblem;
import io.modelgraph.auth.Authenticator;
import io.modelgraph.auth.Caller;
import io.modelgraph.auth.CredentialKind;
import io.modelgraph.auth.Role;
import io.modelgraph.authorizer.ApiKeyAuthorizerHandler;
import io.modelgraph.http.Route;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The auth matrix over real HTTP: every way a credential can be wrong is answered 401 in the route's
 * envelope, and a good credential is not.
 */
class AuthMatrixTest {
    private static final String PROJECT = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
    private static final String OTHER = "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb";
    private static final String ROUTE = "/v1/" + PROJECT + "/apiKeys"; // Admin, JWT

    private static LocalIssuer issuer() {
        return TestStack.server().issuer();
    }

    private static JWTClaimsSet.Builder claims(Map<String, Role> grants) {
        Instant now = Instant.now();
        return LocalIssuer.claims("mallory", grants, now, now.plus(Duration.ofHours(1)));
    }

    private static JWTClaimsSet adminClaims() {
        return claims(Map.of(PROJECT, Role.Admin)).build();
    }

    private static String message(TestStack.Answer a) {
        return assertUnauthorizedV1(a).path("error").path("message").asText().toLowerCase(Locale.ROOT);
    }

    @Test
    void aValidAdminTokenPasses() {
        TestStack.Answer a = get(ROUTE, issuer().sign(adminClaims()));
        assertEquals(200, a.status(), a.body());
        assertTrue(assertV1Envelope(a).get("success").asBoolean());
    }

    @Test
    void noToken() {
        assertTrue(message(get(ROUTE, null)).contains("missing bearer token"));
        TestStack.Answer emptyBearer = TestStack.send("GET", ROUTE, "", null, null);
        assertUnauthorizedV1(emptyBearer);
    }

    @Test
    void notAJwt() {
        assertTrue(message(get(ROUTE, "not-a-token")).contains("not a signed jwt"));
    }

    @Test
    void badSignature() throws Exception {
        RSAKey forger = new RSAKeyGenerator(2048).keyID(issuer().keyId()).generate();
        SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(issuer().keyId())
                .type(JOSEObjectType.JWT).build(), adminClaims());
        jwt.sign(new RSASSASigner(forger));
        assertTrue(message(get(ROUTE, jwt.serialize())).contains("signature"));

        // a valid token whose payload was swapped keeps its signature, which no longer matches
        String good = issuer().sign(claims(Map.of(OTHER, Role.Admin)).build());
        String[] parts = good.split("\\.");
        String tampered = parts[0] + "." + issuer().sign(adminClaims()).split("\\.")[1] + "." + parts[2];
        assertTrue(message(get(ROUTE, tampered)).contains("signature"));
    }

    @Test
    void algNone() {
        String unsigned = new PlainJWT(adminClaims()).serialize();
        assertUnauthorizedV1(get(ROUTE, unsigned));
        // the same with a "kid" and typ, as an attacker would send it
        String header = java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(
                ("{\"alg\":\"none\",\"typ\":\"JWT\",\"kid\":\"" + issuer().keyId() + "\"}").getBytes(StandardCharsets.UTF_8));
        String payload = unsigned.split("\\.")[1];
        assertUnauthorizedV1(get(ROUTE, header + "." + payload + "."));
    }

    @Test
    void hmacSignedTokensAreRefused() throws Exception {
        SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.HS256).keyID(issuer().keyId()).build(),
                adminClaims());
        jwt.sign(new MACSigner("0123456789abcdef0123456789abcdef".getBytes(StandardCharsets.UTF_8)));
        assertTrue(message(get(ROUTE, jwt.serialize())).contains("only rs256"));
    }

    @Test
    void unknownKeyId() throws Exception {
        RSAKey other = new RSAKeyGenerator(2048).keyID("someone-else").generate();
        SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID("someone-else").build(),
                adminClaims());
        jwt.sign(new RSASSASigner(other));
        assertTrue(message(get(ROUTE, jwt.serialize())).contains("jwks"));
    }

    @Test
    void expired() {
        Instant past = Instant.now().minus(Duration.ofHours(2));
        String token = issuer().sign(LocalIssuer.claims("mallory", Map.of(PROJECT, Role.Admin), past,
                past.plus(Duration.ofHours(1))).build());
        assertTrue(message(get(ROUTE, token)).contains("expired"));
    }

    @Test
    void withoutExpiry() {
        String token = issuer().sign(claims(Map.of(PROJECT, Role.Admin)).expirationTime(null).build());
        assertTrue(message(get(ROUTE, token)).contains("exp"));
    }

    @Test
    void notYetValid() {
        String token = issuer().sign(claims(Map.of(PROJECT, Role.Admin))
                .notBeforeTime(java.util.Date.from(Instant.now().plus(Duration.ofMinutes(10)))).build());
        assertTrue(message(get(ROUTE, token)).contains("not valid yet"));
    }

    @Test
    void wrongIssuer() {
        String token = issuer().sign(claims(Map.of(PROJECT, Role.Admin)).issuer("https://evil.example").build());
        assertTrue(message(get(ROUTE, token)).contains("issuer"));
    }

    @Test
    void wrongAudience() {
        String token = issuer().sign(claims(Map.of(PROJECT, Role.Admin)).audience("someone-else").build());
        assertTrue(message(get(ROUTE, token)).contains("audience"));
        String none = issuer().sign(claims(Map.of(PROJECT, Role.Admin)).audience((String) null).build());
        assertUnauthorizedV1(get(ROUTE, none));
    }

    @Test
    void anArrayAudienceContainingOursPasses() {
        String token = issuer().sign(claims(Map.of(PROJECT, Role.Admin))
                .audience(List.of("other", LocalIssuer.AUDIENCE)).build());
        assertEquals(200, get(ROUTE, token).status());
    }

    @Test
    void otherProject() {
        String token = issuer().mint("mallory", OTHER, Role.Admin);
        assertTrue(message(get(ROUTE, token)).contains(PROJECT));
    }

    @Test
    void roleTooLow() {
        for (Role low : List.of(Role.Viewer, Role.Editor)) {
            String token = issuer().mint("mallory", PROJECT, low);
            assertUnauthorizedV1(get(ROUTE, token));
        }
    }

    @Test
    void noSubject() {
        String token = issuer().sign(claims(Map.of(PROJECT, Role.Admin)).subject(null).build());
        assertUnauthorizedV1(get(ROUTE, token));
    }

    /** Every API-key route the gateway serves: the probe's now, the service's own as they land. */
    private static List<String> apiKeyPaths(String project) {
        List<String> out = new ArrayList<>();
        for (RouteGroup g : TestStack.server().groups()) {
            for (Route r : g.routes()) {
                if (r.credential() == CredentialKind.API_KEY) {
                    out.add(r.method() + " " + r.template().replace("{projectId}", project).replaceAll("\\{[^}]+}", "x"));
                }
            }
        }
        return out;
    }

    private static TestStack.Answer call(String methodAndPath, String token) {
        String[] mp = methodAndPath.split(" ", 2);
        boolean post = !mp[0].equals("GET") && !mp[0].equals("DELETE");
        return TestStack.send(mp[0], mp[1], token, post ? "application/json" : null,
                post ? "{}".getBytes(StandardCharsets.UTF_8) : null);
    }

    private static Map<String, String> authorize(String key, String project) {
        GatewayEvents.Incoming in = new GatewayEvents.Incoming("GET", "/v1/" + project + "/integrations/capture/audit",
                null, Map.of("Authorization", List.of("Bearer " + key)), new byte[0], "127.0.0.1", "HTTP/1.1");
        APIGatewayV2CustomAuthorizerEvent event = GatewayEvents.authorizerEvent(in,
                "POST /v1/{projectId}/integrations/capture/audit", Map.of("projectId", project), "req", Instant.now());
        var response = new ApiKeyAuthorizerHandler(TestStack.server().services())
                .handleRequest(event, new LocalContext("req", "AuthorizerFunction"));
        assertTrue(response.getIsAuthorized(), "the authorizer always authorizes and puts its verdict in the context");
        return response.getContext();
    }

    @Test
    void revokedApiKey() {
        String admin = issuer().mint("admin", PROJECT, Role.Admin);
        TestStack.Answer created = TestStack.postJson("/v1/" + PROJECT + "/apiKeys", admin,
                "{\"label\":\"ci\",\"role\":\"Viewer\"}");
        assertEquals(200, created.status(), created.body());
        JsonNode data = created.json().get("data");
        String key = data.get("key").asText();
        String id = data.get("id").asText();

        List<String> routes = apiKeyPaths(PROJECT);
        assertTrue(routes.contains("GET /v1/" + PROJECT + "/integrations/probe/whoami"), routes.toString());
        for (String route : routes) {
            TestStack.Answer a = call(route, key);
            assertNotEquals(401, a.status(), route + " -> " + a.body());
            if (a.contentType().startsWith("image/svg+xml")) {
                assertTrue(a.body().startsWith("<svg"), route + " -> " + a.body()); // the audit badge
            } else {
                assertV1Envelope(a);
            }
        }
        TestStack.Answer whoami = get("/v1/" + PROJECT + "/integrations/probe/whoami", key);
        assertEquals("apikey:" + id, whoami.json().path("data").path("subject").asText(), whoami.body());
        // the authorizer's context reaches the handler as requestContext.authorizer.lambda
        assertEquals(PROJECT, TestStack.PROBE.lastEvent.getRequestContext().getAuthorizer().getLambda()
                .get(Authenticator.CTX_PROJECT));
        // the same key on another project's path
        for (String route : apiKeyPaths(OTHER)) {
            assertUnauthorizedV1(call(route, key));
        }

        // the authorizer and the handlers' Authenticator, directly, as on AWS
        Authenticator authenticator = new Authenticator(Clock.systemUTC());
        Caller caller = authenticator.fromApiKeyContext(Map.copyOf(authorize(key, PROJECT)));
        assertEquals(Role.Viewer, caller.require(PROJECT, Role.Viewer));

        TestStack.Answer revoked = TestStack.send("DELETE", "/v1/" + PROJECT + "/apiKeys/" + id, admin, null, null);
        assertEquals(200, revoked.status(), revoked.body());

        for (String route : routes) {
            assertTrue(message(call(route, key)).contains("revoked"), route);
        }
        ApiProblem refused = assertThrows(ApiProblem.class,
                () -> authenticator.fromApiKeyContext(Map.copyOf(authorize(key, PROJECT))));
        assertEquals(401, refused.status());
        assertTrue(refused.getMessage().contains("revoked"), refused.getMessage());

        // missing and malformed keys
        for (String route : routes) {
            assertUnauthorizedV1(call(route, null));
            assertUnauthorizedV1(call(route, "mgk_short"));
        }
        // a user's JWT is not an API key
        for (String route : routes) {
            assertUnauthorizedV1(call(route, admin));
            String jwtRefused = message(call(route, admin));
            assertTrue(jwtRefused.contains("this route takes an api key, not a user access token"),
                    route + " -> " + jwtRefused);
        }
    }
}
