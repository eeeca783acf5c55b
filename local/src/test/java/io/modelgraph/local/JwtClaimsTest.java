package io.modelgraph.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelgraph.auth.Role;
import io.modelgraph.auth.RoleClaim;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Claims reach the handler as the HTTP API JWT authorizer passes them: strings, arrays as "[a b]". */
class JwtClaimsTest {
    private static final String P = "1111111111111111aaaaaaaaaaaaaaaa";
    private static final String Q = "2222222222222222bbbbbbbbbbbbbbbb";

    @Test
    void claimsAreFlattenedToStrings() {
        Map<String, Object> claims = new LinkedHashMap<>();
        claims.put("exp", 1795428930L);
        claims.put("email_verified", true);
        claims.put("groups", List.of("a", "b"));
        claims.put("sub", "u1");
        Map<String, String> flat = JwtAuthorizer.flatten(claims);
        assertEquals("1795428930", flat.get("exp"));
        assertEquals("true", flat.get("email_verified"));
        assertEquals("[a b]", flat.get("groups"));
        assertEquals("u1", flat.get("sub"));
    }

    @Test
    void aRoleClaimIssuedAsAnArraySurvivesTheFlatteningEndToEnd() {
        Instant now = Instant.now();
        String token = TestStack.server().issuer().sign(LocalIssuer.claims("array-user", Map.of(), now,
                now.plus(Duration.ofMinutes(5))).claim(RoleClaim.NAME, List.of(P + ":Admin", Q + ":Viewer")).build());
        TestStack.Answer a = TestStack.get("/v1/" + P + "/apiKeys", token);
        assertEquals(200, a.status(), a.body());
        assertEquals("[" + P + ":Admin " + Q + ":Viewer]", flattenedRoles(token));
        TestStack.assertUnauthorizedV1(TestStack.get("/v1/" + Q + "/apiKeys", token)); // Viewer on Q
        assertEquals(Map.of(P, Role.Admin, Q, Role.Viewer), RoleClaim.parse(flattenedRoles(token)));
    }

    private static String flattenedRoles(String token) {
        TestStack.get("/v1/" + P + "/probe/echo", token);
        String roles = TestStack.PROBE.lastEvent.getRequestContext().getAuthorizer().getJwt().getClaims()
                .get(RoleClaim.NAME);
        assertTrue(roles.startsWith("["), roles);
        return roles;
    }
}
