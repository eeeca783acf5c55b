package io.modelgraph.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.SignedJWT;
import io.modelgraph.api.EnvelopeStyle;
import io.modelgraph.auth.CredentialKind;
import io.modelgraph.auth.Role;
import io.modelgraph.http.Route;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The isolation matrix over every operation of openapi.yaml, on the running gateway: each is called with every
 * credential that must not pass (none, a malformed one, an expired one, one signed by another key, one for another
 * project, each role below the route's, a user token on an API-key route and an API key on a user route), and each
 * call answers 401 in the route's envelope; the stores hold the same items for both projects before and after.
 */
class IsolationMatrixTest {
    private static final String PROJECT = UUID.randomUUID().toString().replace("-", "");
    private static final String OTHER = UUID.randomUUID().toString().replace("-", "");

    /** One documented operation, as a concrete call. */
    record Operation(String method, String template, String path, Route route) {
        @Override
        public String toString() {
            return method + " " + template;
        }
    }

    /** A credential that must be refused, and why. */
    record Wrong(String name, String token) {
    }

    private static LocalIssuer issuer() {
        return TestStack.server().issuer();
    }

    private static List<Operation> operations() throws Exception {
        JsonNode doc = new YAMLMapper().readTree(TemplateTest.ROOT.resolve("openapi.yaml").toFile());
        RouteTable table = new RouteTable(TestStack.server().groups());
        List<Operation> out = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> paths = doc.path("paths").fields(); paths.hasNext();) {
            Map.Entry<String, JsonNode> p = paths.next();
            for (String method : List.of("get", "put", "post", "patch", "delete")) {
                if (!p.getValue().has(method)) {
                    continue;
                }
                String m = method.toUpperCase(java.util.Locale.ROOT);
                String path = p.getKey().replace("{projectId}", PROJECT).replaceAll("\\{[^}]+}", "x");
                Route route = table.match(m, path).map(RouteTable.Match::route).orElseThrow(() ->
                        new AssertionError("openapi.yaml documents " + m + " " + p.getKey() + ", no route serves it"));
                out.add(new Operation(m, p.getKey(), path, route));
            }
        }
        return out;
    }

    private static String forged() throws Exception {
        RSAKey forger = new RSAKeyGenerator(2048).keyID(issuer().keyId()).generate();
        Instant now = Instant.now();
        SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(issuer().keyId())
                .type(JOSEObjectType.JWT).build(), LocalIssuer.claims("mallory", Map.of(PROJECT, Role.Admin), now,
                        now.plus(Duration.ofHours(1))).build());
        jwt.sign(new RSASSASigner(forger));
        return jwt.serialize();
    }

    private static String apiKey(String project, Role role) {
        String admin = issuer().mint("admin", project, Role.Admin);
        TestStack.Answer created = TestStack.postJson("/v1/" + project + "/apiKeys", admin,
                "{\"label\":\"matrix\",\"role\":\"" + role + "\"}");
        assertEquals(200, created.status(), created.body());
        return created.json().path("data").path("key").asText();
    }

    /** The credentials {@code op} must refuse. */
    private static List<Wrong> wrongFor(Operation op, String forged, String projectKey, String otherKey) {
        Instant past = Instant.now().minus(Duration.ofHours(2));
        List<Wrong> wrong = new ArrayList<>(List.of(new Wrong("no credential", null),
                new Wrong("a malformed credential", "not-a-credential")));
        if (op.route().credential() == CredentialKind.API_KEY) {
            wrong.add(new Wrong("a key of another project", otherKey));
            wrong.add(new Wrong("a user token", issuer().mint("admin", PROJECT, Role.Admin)));
            return wrong;
        }
        wrong.add(new Wrong("an expired token", issuer().sign(LocalIssuer.claims("mallory",
                Map.of(PROJECT, Role.Admin), past, past.plus(Duration.ofHours(1))).build())));
        wrong.add(new Wrong("a token signed by another key", forged));
        wrong.add(new Wrong("an API key", projectKey));
        if (op.route().projectScoped()) {
            wrong.add(new Wrong("a token for another project", issuer().mint("mallory", OTHER, Role.Admin)));
            Role least = op.route().minimumRole().orElse(Role.Viewer);
            for (Role below : Role.values()) {
                if (below.ordinal() < least.ordinal()) {
                    wrong.add(new Wrong("the role " + below, issuer().mint("mallory", PROJECT, below)));
                }
            }
        }
        return wrong;
    }

    /** Every item and object that belongs to one of the two projects. */
    private static Map<String, String> stores() {
        return StoreContents.of(text -> text.contains(PROJECT) || text.contains(OTHER), Set.of());
    }

    @Test
    void everyOperationRefusesEveryWrongCredentialWith401InItsEnvelopeAndWritesNothing() throws Exception {
        List<Operation> operations = operations();
        String projectKey = apiKey(PROJECT, Role.Admin);
        String otherKey = apiKey(OTHER, Role.Admin);
        String forged = forged();
        // something to lose: a node the refused writes would change
        TestStack.Answer seeded = TestStack.postJson("/v1/" + PROJECT + "/node", issuer().mint("admin", PROJECT,
                Role.Admin), "{\"label\":\"Kept\",\"nodeType\":\"Type\"}");
        assertTrue(seeded.status() < 300, seeded.body());
        Map<String, String> before = stores();
        assertTrue(before.keySet().stream().anyMatch(k -> k.contains("Kept")), "the probe sees the seeded node: "
                + before.keySet());

        Map<String, String> wrongAnswers = new LinkedHashMap<>();
        int cells = 0;
        for (Operation op : operations) {
            boolean body = !op.method().equals("GET") && !op.method().equals("DELETE");
            for (Wrong w : wrongFor(op, forged, projectKey, otherKey)) {
                cells++;
                TestStack.Answer a = TestStack.send(op.method(), op.path(), w.token(),
                        body ? "application/json" : null, body ? "{}".getBytes(StandardCharsets.UTF_8) : null);
                String problem = problem(op, a);
                if (!problem.isEmpty()) {
                    wrongAnswers.put(op + " with " + w.name(), a.status() + " " + problem + ": " + a.body());
                }
            }
        }
        System.out.println("IsolationMatrix: " + operations.size() + " operations, " + cells + " cells, "
                + wrongAnswers.size() + " wrong answers");
        assertTrue(operations.size() >= 40, "openapi.yaml lists " + operations.size() + " operations");
        assertTrue(wrongAnswers.isEmpty(), wrongAnswers.size() + " of " + cells + " cells answered otherwise:\n"
                + String.join("\n", wrongAnswers.entrySet().stream().map(e -> e.getKey() + " -> " + e.getValue())
                        .toList()));
        assertEquals(before, stores(), "the stores changed under refused calls");
    }

    /** Empty when {@code a} is 401 in the route's envelope as a logical error; else what is wrong with it. */
    private static String problem(Operation op, TestStack.Answer a) {
        if (a.status() != 401) {
            return "not 401";
        }
        if (!a.contentType().startsWith("application/json")) {
            return "not JSON";
        }
        JsonNode env = a.json();
        if (env.path("success").asBoolean(true)) {
            return "not a failure envelope";
        }
        if (op.route().style() == EnvelopeStyle.V1) {
            return env.path("error").path("isFatal").asBoolean(true) || env.path("error").path("message").asText()
                    .isBlank() ? "not a logical /v1 error" : "";
        }
        return env.path("errors").isArray() && !env.path("errors").isEmpty() && env.path("lossiness").isArray() ? ""
                : "not a /graph error envelope";
    }
}
