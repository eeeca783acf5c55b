package io.modelgraph.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelgraph.auth.Role;
import io.modelgraph.testkit.Caller;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** On the local gateway, credentials a new user gets wrong are answered with a way out. */
class CredentialHintsTest {
    private static final String PROJECT = "abcdefabcdefabcdefabcdefabcdef12";

    @Test
    void anAuthorizationSchemeOtherThanBearerIsNamed() throws Exception {
        Instant now = Instant.now();
        String jwt = TestStack.server().issuer().sign(LocalIssuer.claims("u", Map.of(PROJECT, Role.Admin), now,
                now.plus(Duration.ofHours(1))).build());
        TestStack.Answer a = TestStack.of(TestStack.driver().call("GET", "/v1/" + PROJECT + "/apiKeys", null,
                Caller.anonymous(), Map.of("Authorization", "Token " + jwt)));
        String message = TestStack.assertUnauthorizedV1(a).path("error").path("message").asText();
        assertTrue(message.contains("The Authorization scheme is 'Token'; send 'Authorization: Bearer"), message);
        assertFalse(message.contains("Invalid JWS header"), message);
        assertFalse(message.contains("x-api-key"), "no route reads that header: " + message);
        assertTrue(message.contains("'Authorization: Bearer <API_KEY>'"), message);
    }

    @Test
    void aTokenMintedWithANewKeySaysSoAndTheRefusalHints(@TempDir Path other) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(new String[] {"token", "--project", PROJECT, "--role", "Admin", "--data-dir",
            other.toString()}, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), Map.of());
        assertEquals(0, code);
        String note = err.toString(StandardCharsets.UTF_8);
        assertTrue(note.contains("no signing key in " + other.toAbsolutePath().normalize()), note);
        assertTrue(note.contains("accepted only by a server started with --data-dir"), note);
        String token = out.toString(StandardCharsets.UTF_8).trim();
        String refusal = TestStack.assertUnauthorizedV1(TestStack.of(TestStack.driver().call("GET",
                "/v1/" + PROJECT + "/apiKeys", null, Caller.bearer(token))))
                .path("error").path("message").asText();
        assertTrue(refusal.contains("run 'token' with the server's --data-dir"), refusal);

        ByteArrayOutputStream again = new ByteArrayOutputStream();
        Main.run(new String[] {"token", "--project", PROJECT, "--role", "Admin", "--data-dir", other.toString()},
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(again, true, StandardCharsets.UTF_8), Map.of());
        assertEquals("", again.toString(StandardCharsets.UTF_8), "no note once the key exists");
    }
}
