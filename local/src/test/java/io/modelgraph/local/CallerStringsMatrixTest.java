package io.modelgraph.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.modelgraph.auth.Role;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Every caller string is checked at the edge (docs/reliability.md), generated from openapi.yaml so a parameter added
 * later is covered: every string path parameter, string query parameter and top-level string (or list of strings)
 * body member of every operation is sent, by an Admin of the project, an over-long value, a value holding a lone
 * UTF-16 surrogate (body members: a JSON escape; path and query: its percent-encoded CESU-8 bytes) and a value
 * holding a byte that is not UTF-8. Each answer must be a 4xx in the route's envelope naming the member, and the
 * stores must hold the same items before and after. A member whose value is a document (declared with
 * {@code contentMediaType}, or not only a string) is bounded by the request size and the parse deadline instead,
 * so it is sent the character variants only.
 */
class CallerStringsMatrixTest {
    private static final String PROJECT = java.util.UUID.randomUUID().toString().replace("-", "");
    /** Past every bound of a string that is not a document (the longest is a paging token's 8,192 bytes). */
    private static final int OVER_LONG = 10_000;

    /** One string input of one operation: where it goes, its name and whether it is a document. */
    record Input(String in, String name, boolean list, boolean document) {
    }

    record Operation(String method, String template, List<Input> inputs) {
        @Override
        public String toString() {
            return method + " " + template;
        }
    }

    @Test
    void everyCallerStringIsCheckedAtTheEdgeAndNothingIsWritten() throws Exception {
        JsonNode doc = new YAMLMapper().readTree(TemplateTest.ROOT.resolve("openapi.yaml").toFile());
        List<Operation> operations = operations(doc);
        String admin = TestStack.server().issuer().sign(LocalIssuer.claims("strings", Map.of(PROJECT, Role.Admin),
                Instant.now(), Instant.now().plus(Duration.ofHours(1))).build());
        TestStack.Answer key = TestStack.postJson("/v1/" + PROJECT + "/apiKeys", admin,
                "{\"label\":\"strings\",\"role\":\"Admin\"}");
        assertEquals(200, key.status(), key.body());
        String apiKey = key.json().path("data").path("key").asText();
        TestStack.Answer seeded = TestStack.postJson("/v1/" + PROJECT + "/node", admin,
                "{\"label\":\"Kept\",\"nodeType\":\"Type\"}");
        assertEquals(200, seeded.status(), seeded.body());
        Map<String, String> before = stores();
        assertTrue(before.keySet().stream().anyMatch(k -> k.contains("Kept")), "the probe sees the seeded node");

        Map<String, String> wrong = new LinkedHashMap<>();
        int cells = 0;
        for (Operation op : operations) {
            String token = op.template().startsWith("/v1/{projectId}/integrations/") ? apiKey : admin;
            for (Input input : op.inputs()) {
                for (Variant v : Variant.values()) {
                    if (v == Variant.OVER_LONG && input.document()) {
                        continue;
                    }
                    cells++;
                    TestStack.Answer a = send(op, input, v, token);
                    String problem = problem(op, input, a);
                    if (!problem.isEmpty()) {
                        wrong.put(op + " " + input.in() + "." + input.name() + " " + v, a.status() + " " + problem
                                + ": " + abbreviate(a.body()));
                    }
                }
            }
        }
        System.out.println("CallerStringsMatrix: " + operations.size() + " operations, " + cells + " cells, "
                + wrong.size() + " wrong answers");
        assertTrue(cells > 200, "openapi.yaml yields " + cells + " cells");
        assertTrue(wrong.isEmpty(), wrong.size() + " of " + cells + " cells answered otherwise:\n"
                + String.join("\n", wrong.entrySet().stream().map(e -> e.getKey() + " -> " + e.getValue()).toList()));
        assertEquals(before, stores(), "the stores changed under refused calls");
    }

    enum Variant { OVER_LONG, LONE_SURROGATE, INVALID_UTF8 }

    private static TestStack.Answer send(Operation op, Input input, Variant v, String token) {
        String template = input.in().equals("path")
                ? op.template().replace("{" + input.name() + "}", encoded(v)) : op.template();
        String path = OpenApiDoc.path(template, PROJECT);
        if (input.in().equals("query")) {
            return TestStack.send(op.method(), path + "?" + input.name() + "=" + encoded(v), token, null, null);
        }
        if (input.in().equals("path")) {
            boolean body = op.method().equals("POST") || op.method().equals("PUT");
            return TestStack.send(op.method(), path, token, body ? "application/json" : null,
                    body ? "{}".getBytes(StandardCharsets.UTF_8) : null);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(("{\"" + input.name() + "\":" + (input.list() ? "[\"" : "\"")).getBytes(StandardCharsets.UTF_8));
        switch (v) {
            case OVER_LONG -> out.writeBytes("a".repeat(OVER_LONG).getBytes(StandardCharsets.UTF_8));
            case LONE_SURROGATE -> out.writeBytes("a\\ud800b".getBytes(StandardCharsets.UTF_8));
            case INVALID_UTF8 -> out.writeBytes(new byte[] {'a', (byte) 0xff, 'b'});
        }
        out.writeBytes((input.list() ? "\"]}" : "\"}").getBytes(StandardCharsets.UTF_8));
        return TestStack.send(op.method(), path, token, "application/json", out.toByteArray());
    }

    /** The variant as it travels in a URL. */
    private static String encoded(Variant v) {
        return switch (v) {
            case OVER_LONG -> "a".repeat(OVER_LONG);
            case LONE_SURROGATE -> "a%ED%A0%80b";
            case INVALID_UTF8 -> "a%FFb";
        };
    }

    /** Empty when {@code a} is a 4xx in the route's envelope naming the input; else what is wrong with it. */
    private static String problem(Operation op, Input input, TestStack.Answer a) {
        if (a.status() < 400 || a.status() >= 500) {
            return "not 4xx";
        }
        if (!a.contentType().startsWith("application/json")) {
            return "not JSON";
        }
        JsonNode env = a.json();
        if (env.path("success").asBoolean(true)) {
            return "not a failure envelope";
        }
        String said;
        if (op.template().startsWith("/v1/")) {
            if (env.path("error").path("isFatal").asBoolean(true)) {
                return "not a logical /v1 error";
            }
            said = env.path("error").path("message").asText();
        } else {
            if (!env.path("errors").isArray() || env.path("errors").isEmpty() || !env.path("lossiness").isArray()) {
                return "not a /graph error envelope";
            }
            StringBuilder all = new StringBuilder();
            env.get("errors").forEach(e -> all.append(e.path("path").asText()).append(' ')
                    .append(e.path("message").asText()).append('\n'));
            said = all.toString();
        }
        return said.toLowerCase(Locale.ROOT).contains(input.name().toLowerCase(Locale.ROOT)) ? ""
                : "does not name " + input.name();
    }

    private static String abbreviate(String s) {
        return s.length() > 300 ? s.substring(0, 300) + "…" : s;
    }

    static List<Operation> operations(JsonNode doc) {
        List<Operation> out = new ArrayList<>();
        doc.path("paths").fields().forEachRemaining(p -> p.getValue().fields().forEachRemaining(m -> {
            if (!OpenApiDoc.METHODS.contains(m.getKey())) {
                return;
            }
            JsonNode op = m.getValue();
            List<Input> inputs = new ArrayList<>();
            List<JsonNode> params = new ArrayList<>();
            p.getValue().path("parameters").forEach(params::add);
            op.path("parameters").forEach(params::add);
            for (JsonNode param : params) {
                JsonNode r = OpenApiDoc.resolve(doc, param);
                String in = r.path("in").asText();
                // the project id is the credential's scope: a wrong one is a 401, tested by the isolation matrix
                if (!(in.equals("path") || in.equals("query")) || r.path("name").asText().equals("projectId")) {
                    continue;
                }
                JsonNode schema = OpenApiDoc.resolve(doc, r.path("schema"));
                String type = schema.path("type").asText();
                if (type.equals("string") || type.equals("array") && OpenApiDoc.resolve(doc, schema.path("items"))
                        .path("type").asText().equals("string")) {
                    inputs.add(new Input(in, r.path("name").asText(), false, schema.has("contentMediaType")));
                }
            }
            JsonNode body = OpenApiDoc.resolve(doc, op.path("requestBody"));
            JsonNode schema = OpenApiDoc.resolve(doc, body.path("content").path("application/json").path("schema"));
            schema.path("properties").fields().forEachRemaining(member -> {
                JsonNode s = OpenApiDoc.resolve(doc, member.getValue());
                if (isString(doc, s)) {
                    inputs.add(new Input("body", member.getKey(), false, s.has("contentMediaType")));
                } else if (s.path("type").asText().equals("array")
                        && isString(doc, OpenApiDoc.resolve(doc, s.path("items")))) {
                    inputs.add(new Input("body", member.getKey(), true, false));
                } else if (s.has("oneOf") || s.has("anyOf") || s.path("type").isArray()) {
                    // a string or something else (a schema text or its JSON): a document
                    inputs.add(new Input("body", member.getKey(), false, true));
                }
            });
            out.add(new Operation(m.getKey().toUpperCase(Locale.ROOT), p.getKey(), inputs));
        }));
        return out;
    }

    private static boolean isString(JsonNode doc, JsonNode schema) {
        return schema.path("type").asText().equals("string") || schema.has("enum") && !schema.has("type")
                && schema.path("enum").path(0).isTextual();
    }


    /** Every item and object that belongs to the project (without the key's last use). */
    private static Map<String, String> stores() {
        // the API key's last use is the credential's bookkeeping, not a write of the refused request
        return StoreContents.of(text -> text.contains(PROJECT), Set.of("lastUsedAt"));
    }
}
