package io.modelgraph.artifacts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.bench.ColdStartBench;
import io.modelgraph.embedded.EmbeddedAws;
import io.modelgraph.json.Json;
import io.modelgraph.platform.Services;
import io.modelgraph.platform.Settings;
import io.modelgraph.store.StoreConfig;
import io.modelgraph.store.Tables;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Each function's {@code -lambda.jar} loaded alone in a fresh JVM (its jar and the cold-start probe class
 * are the whole class path, as Lambda loads it) through {@link ColdStartBench#probe}, its handler invoked
 * with every event of {@code events/} named after the function ({@code <function>.json},
 * {@code <function>-*.json}) and, for transform, one generated event per codec route and format. A class
 * the jar lacks answers 500 or prints a NoClassDefFoundError: both fail.
 */
class LambdaJarsIT {
    static final String PROJECT = "0123456789abcdef0123456789abcdef";

    static EmbeddedAws aws;
    static Path eventsDir;

    @BeforeAll
    static void stores() {
        aws = EmbeddedAws.start(Optional.empty());
        StoreConfig config = StoreConfig.from(Map.of()).withEndpoints(aws.dynamoEndpoint(), aws.s3Endpoint());
        Services services = Services.of(config, Settings.from(Map.of()));
        Tables.ensure(services.dynamo(), services.s3(), config);
    }

    @AfterAll
    static void close() throws Exception {
        if (aws != null) {
            aws.close();
        }
        LocalJarIT.deleteTree(eventsDir);
    }

    @TestFactory
    Stream<DynamicTest> everyFunctionJarAnswersEveryEvent() {
        return ColdStartBench.FUNCTIONS.stream().map(f -> DynamicTest.dynamicTest(f.name(), () -> run(f)));
    }

    private void run(ColdStartBench.Function f) throws Exception {
        Path root = LocalJarIT.root();
        assertTrue(Files.isRegularFile(root.resolve(f.jar())), f.jar() + " is missing: run ./mvnw package first");
        // expected payload key per event: null for the sample events (any envelope below 500)
        Map<Path, String> events = new LinkedHashMap<>();
        try (Stream<Path> files = Files.list(root.resolve("events"))) {
            files.filter(p -> p.getFileName().toString().equals(f.name() + ".json")
                    || p.getFileName().toString().startsWith(f.name() + "-")).sorted()
                    .forEach(p -> events.put(p, null));
        }
        assertFalse(events.isEmpty(), "no event in events/ for " + f.name());
        if (f.name().equals("transform")) {
            events.putAll(codecEvents(root));
        }
        String out = ColdStartBench.probe(root, f, new ArrayList<>(events.keySet()), aws);
        for (String bad : List.of("NoClassDefFoundError", "ClassNotFoundException", "NoSuchMethodError",
                "\"level\":\"ERROR\"")) {
            assertFalse(out.contains(bad), f.name() + " jar printed " + bad + ":\n" + abbreviate(out, 3000));
        }
        ColdStartBench.figures(f, out);
        // the packaged jar logs every invocation (the timed pair and each event) as one EMF request line
        long requestLines = out.lines().filter(l -> l.startsWith("{") && l.contains("\"logger\":\"RequestLog\"")
                && l.contains("\"CloudWatchMetrics\"")).count();
        assertEquals(events.size() + 2, requestLines, f.name() + " request log lines:\n" + abbreviate(out, 3000));
        Map<String, String[]> answers = new LinkedHashMap<>();
        for (String line : out.split("\n")) {
            if (line.startsWith("EVENT ")) {
                String[] parts = line.split(" ", 4);
                answers.put(parts[1], parts);
            }
        }
        List<String> failures = new ArrayList<>();
        for (Map.Entry<Path, String> e : events.entrySet()) {
            String[] answer = answers.get(e.getKey().toAbsolutePath().toString());
            if (answer == null) {
                failures.add(e.getKey().getFileName() + ": no answer");
                continue;
            }
            JsonNode response = Json.MAPPER.readTree(Base64.getDecoder().decode(answer[3]));
            String what = e.getKey().getFileName() + " -> " + answer[2] + " " + abbreviate(response.toString(), 500);
            if (answer[2].equals("authorizer")) {
                if (!response.has("isAuthorized")) {
                    failures.add(what);
                }
                continue;
            }
            int status = Integer.parseInt(answer[2]);
            if (response.path("headers").path("Content-Type").asText().startsWith("image/svg+xml")) {
                // the audit badge: an SVG, not an envelope
                if (status != 200 || !response.path("body").asText().startsWith("<svg")) {
                    failures.add(what);
                }
                continue;
            }
            JsonNode body = Json.MAPPER.readTree(response.path("body").asText("{}"));
            String key = e.getValue();
            boolean ok = key == null ? status < 500 && body.has("success")
                    : status == 200 && body.path("success").asBoolean() && body.has(key);
            if (!ok) {
                failures.add(what);
            }
        }
        assertEquals(List.of(), failures, f.name() + " (" + f.jar() + ")");
    }

    /**
     * The transform jar alone, configured for Bedrock at a loopback server answering the Converse API's JSON:
     * proves the jar carries the Bedrock client and its url-connection HTTP path (Netty and Apache are
     * excluded from it, and the module's test class path has both, so only the packaged jar can show this).
     */
    @org.junit.jupiter.api.Test
    void transformJarMapsWithBedrockOnLoopback() throws Exception {
        Path root = LocalJarIT.root();
        ColdStartBench.Function transform = ColdStartBench.FUNCTIONS.stream().filter(f -> f.name().equals("transform"))
                .findFirst().orElseThrow();
        assertTrue(Files.isRegularFile(root.resolve(transform.jar())), "run ./mvnw package first");
        List<String> paths = new java.util.concurrent.CopyOnWriteArrayList<>();
        com.sun.net.httpserver.HttpServer bedrock = com.sun.net.httpserver.HttpServer.create(
                new java.net.InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), 0), 0);
        bedrock.createContext("/", exchange -> {
            exchange.getRequestBody().readAllBytes();
            paths.add(exchange.getRequestURI().getRawPath());
            String plan = "{\"operations\":[{\"op\":\"addMapsTo\",\"type\":\"Thing\",\"iri\":"
                    + "\"https://schema.org/Thing\"}]}";
            ObjectNode answer = Json.object();
            answer.putObject("output").putObject("message").put("role", "assistant").putArray("content").addObject()
                    .put("text", plan);
            answer.put("stopReason", "end_turn");
            answer.putObject("usage").put("inputTokens", 1).put("outputTokens", 1).put("totalTokens", 2);
            answer.putObject("metrics").put("latencyMs", 1);
            byte[] bytes = answer.toString().getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, bytes.length);
            exchange.getResponseBody().write(bytes);
            exchange.close();
        });
        bedrock.start();
        try {
            JsonNode template = Json.MAPPER.readTree(root.resolve("events/transform.json").toFile());
            Path dir = Files.createTempDirectory("modelgraph-it-ai");
            String schema = "{\"$schema\":\"https://json-schema.org/draft/2020-12/schema\",\"title\":\"Thing\","
                    + "\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"}}}";
            ObjectNode body = Json.object().put("sourceFormat", "jsonschema").put("sourceSchema", schema)
                    .put("targetFormat", "jsonschema").put("targetHintFormat", "jsonschema")
                    .put("targetHintSchema", schema);
            body.putObject("mapping").put("kind", "ai");
            Path event = write(dir, 1, template, "schema/map", body);
            String out = ColdStartBench.probe(root, transform, List.of(event), aws, Map.of("AI_PROVIDER", "bedrock",
                    "AI_MODEL", "test.model-v1", "AI_ENDPOINT", "http://127.0.0.1:" + bedrock.getAddress().getPort()));
            LocalJarIT.deleteTree(dir);
            assertFalse(out.contains("NoClassDefFoundError") || out.contains("ClassNotFoundException"),
                    abbreviate(out, 3000));
            String line = java.util.Arrays.stream(out.split("\n")).filter(l -> l.startsWith("EVENT ")
                    && l.contains(event.toAbsolutePath().toString())).findFirst().orElseThrow(() -> new AssertionError(
                    abbreviate(out, 3000)));
            String[] parts = line.split(" ", 4);
            JsonNode response = Json.MAPPER.readTree(Base64.getDecoder().decode(parts[3]));
            JsonNode answer = Json.MAPPER.readTree(response.path("body").asText("{}"));
            assertEquals("200", parts[2], answer.toString());
            assertEquals("addMapsTo", answer.path("plan").path("operations").path(0).path("op").asText(),
                    answer.toString());
            assertEquals(List.of("/model/test.model-v1/converse"), paths);
        } finally {
            bedrock.stop(0);
        }
    }

    /** One event per codec route: schema/import per decode format, schema/export per encode format, odm. */
    private static Map<Path, String> codecEvents(Path root) throws Exception {
        JsonNode template = Json.MAPPER.readTree(root.resolve("events/transform.json").toFile());
        eventsDir = Files.createTempDirectory("modelgraph-it-events");
        Path dir = eventsDir;
        Map<Path, String> events = new LinkedHashMap<>();
        int n = 0;
        for (String format : Codecs.decodeFormats()) {
            ObjectNode body = Json.object();
            body.put("format", format);
            body.put("schema", Codecs.sample(format));
            events.put(write(dir, ++n, template, "schema/import", body), "projectId");
        }
        for (String format : Codecs.encodeFormats()) {
            ObjectNode body = Json.object();
            body.put("format", format);
            events.put(write(dir, ++n, template, "schema/export", body), "schema");
        }
        if (Codecs.REGISTRY.canDecode("odm")) {
            ObjectNode convert = Json.object();
            ObjectNode entity = convert.putArray("entities").addObject();
            entity.put("name", "sample");
            entity.put("markdown", Codecs.sample("odm"));
            events.put(write(dir, ++n, template, "odm/convert", convert), "schema");
            ObjectNode importOdm = Json.object();
            importOdm.put("markdown", Codecs.sample("odm"));
            importOdm.put("dryRun", true);
            events.put(write(dir, ++n, template, "odm/import", importOdm), "summary");
        }
        return events;
    }

    /** The sample transform event turned into a call of {@code route} by an Admin with {@code body}. */
    private static Path write(Path dir, int n, JsonNode template, String route, ObjectNode body) throws Exception {
        ObjectNode event = template.deepCopy();
        String key = "POST /graph/transform/" + route + "/{projectId}";
        String path = "/graph/transform/" + route + "/" + PROJECT;
        String text = body.toString();
        event.put("routeKey", key);
        event.put("rawPath", path);
        ObjectNode headers = (ObjectNode) event.get("headers");
        headers.put("content-length", Integer.toString(text.getBytes(StandardCharsets.UTF_8).length));
        ObjectNode context = (ObjectNode) event.get("requestContext");
        context.put("routeKey", key);
        ((ObjectNode) context.get("http")).put("path", path);
        ((ObjectNode) context.path("authorizer").path("jwt").path("claims")).put("modelgraph_roles",
                PROJECT + ":Admin");
        event.put("body", text);
        Path file = dir.resolve(String.format("%02d-%s.json", n, route.replace('/', '-')));
        Files.writeString(file, Json.MAPPER.writeValueAsString(event));
        return file;
    }

    private static String abbreviate(String s, int max) {
        return s.length() > max ? s.substring(0, max) + "…" : s;
    }
}
