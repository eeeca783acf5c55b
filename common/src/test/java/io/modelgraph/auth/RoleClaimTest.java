package io.modelgraph.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelgraph.api.ApiProblem;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RoleClaimTest {
    private static final String P1 = "0123456789abcdef0123456789abcdef";
    private static final String P2 = "fedcba9876543210fedcba9876543210";

    @Test
    void parsesTheStringFormAndTheGatewayFlattenedArrayForm() {
        Map<String, Role> expected = Map.of(P1, Role.Admin, P2, Role.Viewer);
        assertEquals(expected, RoleClaim.parse(P1 + ":Admin " + P2 + ":Viewer"));
        assertEquals(expected, RoleClaim.parse("[" + P1 + ":Admin " + P2 + ":Viewer]"));
        assertEquals(expected, RoleClaim.parse("[\"" + P1 + ":Admin\",\"" + P2 + ":Viewer\"]"));
        assertEquals(expected, RoleClaim.parse(RoleClaim.format(expected)));
    }

    @Test
    void ignoresMalformedGrantsAndKeepsTheHighestRole() {
        assertEquals(Map.of(P1, Role.Editor), RoleClaim.parse(P1 + ":Viewer " + P1 + ":Editor nothex:Admin "
                + P2 + ":Owner " + P2));
        assertTrue(RoleClaim.parse("").isEmpty());
        assertTrue(RoleClaim.parse(null).isEmpty());
    }

    @Test
    void authenticatorRefusesMissingExpiredAndSubjectlessTokens() {
        Authenticator auth = new Authenticator(Clock.fixed(Instant.ofEpochSecond(1_000), ZoneOffset.UTC));
        assertEquals(401, assertThrows(ApiProblem.class, () -> auth.fromJwtClaims(Map.of())).status());
        assertEquals(401, assertThrows(ApiProblem.class,
                () -> auth.fromJwtClaims(Map.of("sub", "a", "exp", "999"))).status());
        assertEquals(401, assertThrows(ApiProblem.class,
                () -> auth.fromJwtClaims(Map.of("exp", "2000"))).status());
        Caller caller = auth.fromJwtClaims(Map.of("sub", "a", "exp", "2000", RoleClaim.NAME, P1 + ":Editor"));
        assertEquals(Role.Editor, caller.require(P1, Role.Viewer));
        assertEquals(401, assertThrows(ApiProblem.class, () -> caller.require(P1, Role.Admin)).status());
        assertEquals(401, assertThrows(ApiProblem.class, () -> caller.require(P2, Role.Viewer)).status());
    }

    @Test
    void apiKeyContextMustCarryAVerdictForTheProject() {
        Authenticator auth = new Authenticator(Clock.systemUTC());
        assertEquals(401, assertThrows(ApiProblem.class, () -> auth.fromApiKeyContext(Map.of())).status());
        ApiProblem denied = assertThrows(ApiProblem.class,
                () -> auth.fromApiKeyContext(Map.of(Authenticator.CTX_DENIED, "The API key has been revoked.")));
        assertEquals("The API key has been revoked.", denied.getMessage());
        Caller caller = auth.fromApiKeyContext(Map.of(Authenticator.CTX_PROJECT, P1, Authenticator.CTX_ROLE,
                "Viewer", Authenticator.CTX_KEY_ID, "k"));
        assertEquals(CredentialKind.API_KEY, caller.kind());
        assertEquals(401, assertThrows(ApiProblem.class, () -> caller.require(P2, Role.Viewer)).status());
    }
}
