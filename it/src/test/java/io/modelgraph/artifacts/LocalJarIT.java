package io.modelgraph.artifacts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.json.Json;
import io.modelgraph.testkit.ApiDriver;
import io.modelgraph.testkit.Caller;
import io.modelgraph.testkit.OverHttp;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * {@code local/target/modelgraph-local.jar} started as its own process the way the README says (on a fresh
 * data directory and a free port), a token from its {@code token} subcommand, and at least one route of
 * every route group called over HTTP: each must answer 200 with its payload key. Any class missing from
 * the shaded jar shows as a 500 here (and as a NoClassDefFoundError in the log, which fails the run too).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class LocalJarIT {
    static final String PROJECT = "a11ce0ffee0000000000000000000008";
    private static final Pattern EXPORT = Pattern.compile("export MG=(\\S+) P=([0-9a-f]{32}) TOKEN=(\\S+)");
    private static final Pattern CURL = Pattern.compile("curl -s -H \"Authorization: Bearer \\$TOKEN\" \"\\$MG(\\S+)\"");

    static Path jar;
    static Path dataDir;
    static Path log;
    static Process server;
    static String baseUrl;
    static String demoProject;
    static String demoToken;
    static String bannerPath;
    static String token;
    static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    record Answer(int status, String body, JsonNode json) {
    }

    static Path root() {
        return Path.of(System.getProperty("repo.root", "..")).toAbsolutePath().normalize();
    }

    @BeforeAll
    static void start() throws Exception {
        jar = root().resolve("local/target/modelgraph-local.jar");
        assertTrue(Files.isRegularFile(jar), jar + " is missing: run ./mvnw package first");
        dataDir = Files.createTempDirectory("modelgraph-it-data");
        // kept after the run for reading: it/target/local-jar.log
        log = root().resolve("it/target/local-jar.log");
        Files.createDirectories(log.getParent());
        server = new ProcessBuilder("java", "-jar", jar.toString(), "--port", "0", "--data-dir", dataDir.toString())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
        String out = "";
        while (System.nanoTime() < deadline) {
            out = Files.readString(log);
            if (out.contains("Ctrl-C stops.") || !server.isAlive()) {
                break;
            }
            Thread.sleep(200); // sleep: polls another process's log, which offers no callback; orders nothing
        }
        assertTrue(out.contains("Ctrl-C stops."), "the local jar did not start:\n" + out);
        Matcher m = EXPORT.matcher(out);
        assertTrue(m.find(), "the banner has no export line:\n" + out);
        baseUrl = m.group(1);
        demoProject = m.group(2);
        demoToken = m.group(3);
        Matcher c = CURL.matcher(out);
        assertTrue(c.find(), "the banner has no curl line:\n" + out);
        bannerPath = c.group(1).replace("$P", demoProject);
        token = tokenFromSubcommand(PROJECT, "Admin");
    }

    @AfterAll
    static void stop() throws Exception {
        if (server != null) {
            server.destroy();
            if (!server.waitFor(20, TimeUnit.SECONDS)) {
                server.destroyForcibly().waitFor(20, TimeUnit.SECONDS);
            }
        }
        deleteTree(dataDir);
    }

    static void deleteTree(Path dir) throws IOException {
        if (dir == null || !Files.exists(dir)) {
            return;
        }
        try (java.util.stream.Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    static String tokenFromSubcommand(String project, String role) throws Exception {
        Process p = new ProcessBuilder("java", "-jar", jar.toString(), "token", "--project", project, "--role", role,
                "--data-dir", dataDir.toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertEquals(0, p.waitFor(), out);
        assertTrue(out.matches("[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+"), "not a JWT alone: " + out);
        return out;
    }

    // ---- first look ------------------------------------------------------------------------------

    @Test
    @Order(1)
    void theBannersCurlAnswersTheDemoModel() throws Exception {
        assertTrue(bannerPath.startsWith("/v1/" + demoProject + "/fetchNodes"), bannerPath);
        JsonNode types = v1(send("GET", bannerPath, demoToken, null), "data").path("nodes");
        List<String> labels = new ArrayList<>();
        types.forEach(n -> labels.add(n.path("label").asText()));
        assertTrue(labels.containsAll(List.of("Person", "Study", "Visit")), "demo Types: " + labels);

        JsonNode taxonomies = v1(get("/v1/" + demoProject + "/fetchNodes?NodeType=Taxonomy", demoToken), "data");
        assertFalse(taxonomies.path("nodes").isEmpty(), "the demo model has a Taxonomy: " + taxonomies);
        JsonNode terms = v1(get("/v1/" + demoProject + "/fetchNodes?NodeType=Exemplar", demoToken), "data");
        assertTrue(terms.path("nodes").size() >= 4, "the Taxonomy's terms: " + terms);

        String studyId = idOf(types, "Study");
        JsonNode study = v1(get("/v1/" + demoProject + "/fetchNode?NodeId=" + studyId + "&AddRelations=true&AddMixins=true",
                demoToken), "data");
        assertFalse(study.path("relations").isEmpty(), "Study has relations: " + study);
        assertFalse(study.path("mixins").isEmpty(), "Study has mixin values: " + study);
    }

    // ---- graph API v1 ----------------------------------------------------------------------------

    @Test
    @Order(2)
    void graphWriteReadRelationMixinAndBulkCreate() throws Exception {
        String typeId = v1(post("/v1/" + PROJECT + "/node", token, "{\"NodeType\":\"Type\",\"label\":\"Thing\"}"),
                "data").path("Id").asText();
        String elementId = v1(post("/v1/" + PROJECT + "/node", token,
                "{\"NodeType\":\"Element\",\"label\":\"thingName\"}"), "data").path("Id").asText();
        v1(post("/v1/" + PROJECT + "/relation", token, "{\"fromNodeId\":\"" + elementId + "\",\"toNodeId\":\""
                + typeId + "\",\"relationGroupId\":\"domain-includes\"}"), "data");
        v1(post("/v1/" + PROJECT + "/mixinValue", token, "{\"targetNodeId\":\"" + typeId + "\",\"mixinId\":\"description\","
                + "\"mixinColumns\":[{\"Id\":\"description\",\"value\":\"A thing\"}]}"), null);
        JsonNode node = v1(get("/v1/" + PROJECT + "/fetchNode?NodeId=" + typeId + "&AddRelations=true&AddMixins=true", token), "data");
        assertEquals("Thing", node.path("label").asText());
        assertEquals(1, node.path("relations").size(), node.toString());
        assertTrue(node.path("mixins").toString().contains("A thing"), node.toString());

        JsonNode bulk = v1(post("/v1/" + PROJECT + "/bulkCreate", token, """
                {"nodes": [{"Id": "bulk-type", "NodeType": "Type", "label": "Gadget"},
                           {"Id": "bulk-el", "NodeType": "Element", "label": "gadgetSize"}],
                 "relations": [{"fromNodeId": "bulk-el", "toNodeId": "bulk-type", "relationGroupId": "domain-includes"}],
                 "mixins": [{"targetNodeId": "bulk-type", "mixinId": "description",
                             "mixinColumns": [{"Id": "description", "value": "From bulkCreate"}]}]}
                """), "data");
        assertEquals(2, bulk.path("nodeIds").size(), bulk.toString());
        assertEquals(1, bulk.path("relationIds").size(), bulk.toString());
    }

    // ---- schema exchange v1 ----------------------------------------------------------------------

    @Test
    @Order(3)
    void bothExportsAndValidateJson() throws Exception {
        JsonNode types = v1(get("/v1/" + demoProject + "/fetchNodes?NodeType=Type", demoToken), "data").path("nodes");
        String space = types.get(0).path("spaceIds").get(0).asText();
        String schema = v1(get("/v1/" + demoProject + "/exportJsonSchema?configTypeId=jsonschema-2020-12&spaceId="
                + space, demoToken), "data").asText();
        assertTrue(schema.contains("Person"), schema);
        String jsonLd = v1(get("/v1/" + demoProject + "/exportJsonLd?configTypeId=jsonld-rdfs-schemaorg&spaceId="
                + space, demoToken), "data").asText();
        assertTrue(jsonLd.contains("@context"), jsonLd);

        String person = idOf(types, "Person");
        JsonNode valid = v1(get("/v1/" + demoProject + "/validateJSON?configTypeId=jsonschema-2020-12&rootNodeId="
                + person + "&jsonString=" + enc("{\"name\":\"Ada\"}"), demoToken), "data");
        assertTrue(valid.path("isValid").asBoolean(), valid.toString());
        JsonNode invalid = v1(get("/v1/" + demoProject + "/validateJSON?configTypeId=jsonschema-2020-12&rootNodeId="
                + person + "&jsonString=" + enc("{}"), demoToken), "data");
        assertFalse(invalid.path("isValid").asBoolean(), invalid.toString());
        assertFalse(invalid.path("jsonSchemaValidationErrors").isEmpty(), invalid.toString());
    }

    // ---- transform -------------------------------------------------------------------------------

    @Test
    @Order(4)
    void odmConvertAndImport() throws Exception {
        String markdown = Codecs.REGISTRY.canDecode("odm") ? Codecs.sample("odm") : null;
        assertTrue(markdown != null, "the build carries the odm decoder");
        ObjectNode convert = Json.object();
        ObjectNode entity = convert.putArray("entities").addObject();
        entity.put("name", "sample");
        entity.put("markdown", markdown);
        graph(post("/graph/transform/odm/convert/" + PROJECT, token, convert.toString()), "schema");

        ObjectNode dry = Json.object();
        dry.put("markdown", markdown);
        dry.put("dryRun", true);
        JsonNode summary = graph(post("/graph/transform/odm/import/" + PROJECT, token, dry.toString()), "summary");
        assertTrue(summary.path("types").asInt() >= 1, summary.toString());
        dry.put("dryRun", false);
        graph(post("/graph/transform/odm/import/" + PROJECT, token, dry.toString()), "projectId");
    }

    /** schema/import then schema/export for every decode format; then every encode format on the demo model. */
    @Test
    @Order(5)
    void everyCodecImportsAndExports() throws Exception {
        List<String> decode = Codecs.decodeFormats();
        assertFalse(decode.isEmpty(), "the registry carries no decoder");
        List<String> failures = new ArrayList<>();
        for (String format : decode) {
            ObjectNode body = Json.object();
            body.put("format", format);
            body.put("schema", Codecs.sample(format));
            failures.addAll(check("schema/import " + format, post("/graph/transform/schema/import/" + PROJECT, token,
                    body.toString()), "projectId"));
            if (Codecs.REGISTRY.canEncode(format)) {
                failures.addAll(check("schema/export " + format + " (after its import)", post(
                        "/graph/transform/schema/export/" + PROJECT, token, "{\"format\":\"" + format + "\"}"),
                        "schema"));
            }
        }
        for (String format : Codecs.encodeFormats()) {
            failures.addAll(check("schema/export " + format + " (demo model)", post("/graph/transform/schema/export/"
                    + demoProject, demoToken, "{\"format\":\"" + format + "\"}"), "schema"));
        }
        assertTrue(failures.isEmpty(), String.join("\n", failures));
    }

    @Test
    @Order(6)
    void schemaMapAndPlanExecute() throws Exception {
        ObjectNode map = Json.object();
        map.put("sourceFormat", "jsonschema");
        map.put("sourceSchema", Codecs.sample("jsonschema"));
        map.put("targetFormat", "jsonschema");
        map.set("mapping", Json.parse("{\"kind\":\"explicit\",\"guide\":{\"types\":{\"Person\":\"Human\"}}}"));
        JsonNode mapped = graph(post("/graph/transform/schema/map/" + PROJECT, token, map.toString()), "schema");
        assertTrue(mapped.asText().contains("Human"), mapped.asText());

        ObjectNode plan = Json.object();
        plan.put("sourceFormat", "jsonschema");
        plan.put("sourceSchema", Codecs.sample("jsonschema"));
        plan.put("targetFormat", "jsonschema");
        plan.put("plan", "{\"operations\":[{\"op\":\"renameType\",\"type\":\"Person\",\"to\":\"Member\"}]}");
        JsonNode executed = graph(post("/graph/transform/plan/execute/" + PROJECT, token, plan.toString()), "schema");
        assertTrue(executed.asText().contains("Member"), executed.asText());
    }

    // ---- API keys --------------------------------------------------------------------------------

    @Test
    @Order(7)
    void apiKeysCreateListRevoke() throws Exception {
        JsonNode created = v1(post("/v1/" + PROJECT + "/apiKeys", token, "{\"label\":\"it\",\"role\":\"Viewer\"}"),
                "data");
        assertTrue(created.path("key").asText().startsWith("mgk_"), created.toString());
        String id = created.path("id").asText();
        JsonNode list = v1(get("/v1/" + PROJECT + "/apiKeys", token), "data");
        assertTrue(list.toString().contains(id), list.toString());
        v1(send("DELETE", "/v1/" + PROJECT + "/apiKeys/" + id, token, null), null);
    }

    /** The reference page's document and Swagger UI assets are in the shaded jar, not only on Maven's class path. */
    @Test
    @Order(8)
    void theJarServesTheRepositorysOpenApiAndTheReferencePageAssets() throws Exception {
        Answer doc = get("/openapi.yaml", null);
        assertEquals(200, doc.status());
        assertEquals(Files.readString(root().resolve("openapi.yaml")), doc.body());
        Answer page = get("/docs", null);
        assertEquals(200, page.status());
        assertTrue(page.body().contains("/docs/swagger-ui-bundle.js"), page.body());
        for (String asset : List.of("/docs/swagger-ui-bundle.js", "/docs/swagger-ui.css", "/docs/reference.js")) {
            Answer a = get(asset, null);
            assertEquals(200, a.status(), asset);
            assertTrue(a.body().length() > 300, asset + ": " + a.body().length() + " chars");
        }
    }

    // ---- a quiet start ----------------------------------------------------------------------------

    /** The banner comes first with the /docs URL; the JSON lines of the start went to the data directory. */
    @Test
    @Order(9)
    void theBannerComesFirstAndNamesTheReferencePage() throws Exception {
        String out = Files.readString(log);
        String start = out.substring(0, out.indexOf("Ctrl-C stops."));
        // first of what the server prints (a JVM or library notice on stderr may come before it)
        int banner = start.indexOf("Modelgraph local on " + baseUrl + "\n");
        assertTrue(banner >= 0, "no banner:\n" + start);
        assertFalse(start.substring(0, banner).contains("Listening on"), start);
        assertTrue(start.contains("\nAPI reference: " + baseUrl + "/docs\n"), start);
        assertFalse(start.contains("{\""), "no JSON line on the console at start:\n" + start);
        assertFalse(start.contains(" ms\n"), "no request line before the banner ends:\n" + start);
        assertTrue(Files.readString(dataDir.resolve("requests.log")).contains("\"_aws\""),
                "the request log and metrics are in the data directory");
        HttpResponse<String> base = HTTP.send(HttpRequest.newBuilder(URI.create(baseUrl + "/")).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(302, base.statusCode());
        assertEquals("/docs", base.headers().firstValue("Location").orElse(""));
    }

    /** One short line per request: method, route template, status, milliseconds; no query string, no path ids. */
    @Test
    @Order(10)
    void eachRequestPrintsOneLineWithoutItsQuery() throws Exception {
        String before = Files.readString(log);
        String secret = "q" + System.nanoTime();
        Answer a = get("/v1/" + demoProject + "/fetchNodes?NodeType=Type&Expression=" + secret, demoToken);
        assertEquals(200, a.status(), a.body());
        String line = "";
        for (int i = 0; i < 50 && line.isEmpty(); i++) {
            String added = Files.readString(log).substring(before.length());
            line = added.lines().filter(l -> l.startsWith("GET ")).findFirst().orElse("");
            if (line.isEmpty()) {
                Thread.sleep(100); // sleep: polls another process's log, which offers no callback
            }
        }
        assertTrue(line.matches("GET /v1/\\{projectId}/fetchNodes 200 \\d+ ms"), "console line: '" + line + "'");
        String out = Files.readString(log);
        assertFalse(out.contains(secret), "the query string reached the console");
        assertFalse(out.contains(demoProject + "/fetchNodes"), "the concrete path reached the console");
    }

    /** The README's quick tour: the whole model exported, and a plain conversion, each answering its schema text. */
    @Test
    @Order(11)
    void theQuickToursExportAndPlainConversionAnswer() throws Exception {
        JsonNode whole = graph(post("/graph/transform/schema/export/" + demoProject, demoToken,
                "{\"format\":\"jsonschema\"}"), "schema");
        assertTrue(whole.asText().contains("\"Study\"") && whole.asText().contains("\"Person\""), whole.asText());
        String avro = "{\"type\":\"record\",\"name\":\"Person\",\"fields\":[{\"name\":\"name\",\"type\":"
                + "\"string\"},{\"name\":\"age\",\"type\":\"int\"}]}";
        ObjectNode plain = Json.object();
        plain.put("sourceFormat", "avro").put("sourceSchema", avro).put("targetFormat", "shex");
        JsonNode shex = graph(post("/graph/transform/schema/map/" + demoProject, demoToken, plain.toString()),
                "schema");
        assertTrue(shex.asText().contains("PersonShape {"), shex.asText());
    }

    /** Runs last: a class missing from the jar may surface only in the log. */
    @Test
    @Order(100)
    void theLogHoldsNoMissingClassAndNoFatalError() throws Exception {
        String out = Files.readString(log) + Files.readString(dataDir.resolve("requests.log"));
        for (String bad : List.of("NoClassDefFoundError", "ClassNotFoundException", "NoSuchMethodError",
                "\"isFatal\":true", "\"level\":\"ERROR\"")) {
            assertFalse(out.contains(bad), "the local jar's log holds " + bad + ":\n" + excerpt(out, bad));
        }
    }

    // ---- helpers ---------------------------------------------------------------------------------

    static Answer get(String path, String bearer) throws Exception {
        return send("GET", path, bearer, null);
    }

    static Answer post(String path, String bearer, String json) throws Exception {
        return send("POST", path, bearer, json);
    }

    /**
     * Through the test kit's driver over HTTP to the jar's process: the same driver the route tests use in process.
     * A caller in a role gets its token from the jar's {@code token} subcommand.
     */
    static Answer send(String method, String path, String bearer, String json) throws Exception {
        ApiDriver driver = new ApiDriver(OverHttp.to(baseUrl, (project, role, subject) -> {
            try {
                return tokenFromSubcommand(project, role.name());
            } catch (Exception e) {
                throw new IllegalStateException("The jar's token subcommand failed", e);
            }
        }));
        io.modelgraph.testkit.Answer a = driver.call(method, path, json,
                bearer == null ? Caller.anonymous() : Caller.bearer(bearer));
        JsonNode parsed;
        try {
            parsed = Json.MAPPER.readTree(a.body());
        } catch (IOException e) {
            parsed = Json.object();
        }
        return new Answer(a.status(), a.body(), parsed);
    }

    /** A 200 v1 envelope with success true; answers {@code data} (or the envelope when key is null). */
    static JsonNode v1(Answer a, String key) throws IOException {
        if (a.status() != 200 || !a.json().path("success").asBoolean()) {
            fail("expected a 200 success envelope, got " + a.status() + ": " + a.body() + logTail());
        }
        if (key == null) {
            return a.json();
        }
        assertTrue(a.json().has(key), "no '" + key + "' in " + a.body());
        return a.json().get(key);
    }

    /** A 200 /graph envelope with success true and the payload key. */
    static JsonNode graph(Answer a, String key) throws IOException {
        List<String> failures = check("call", a, key);
        if (!failures.isEmpty()) {
            fail(failures.get(0) + logTail());
        }
        return a.json().get(key);
    }

    static List<String> check(String what, Answer a, String key) {
        if (a.status() == 200 && a.json().path("success").asBoolean() && a.json().has(key)
                && a.json().has("lossiness") && a.json().has("errors")) {
            return List.of();
        }
        return List.of(what + ": expected 200 with '" + key + "', got " + a.status() + ": " + abbreviate(a.body()));
    }

    static String idOf(JsonNode nodes, String label) {
        for (JsonNode n : nodes) {
            if (n.path("label").asText().equals(label)) {
                return n.path("Id").asText();
            }
        }
        throw new AssertionError("no node labelled " + label + " in " + nodes);
    }

    static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    static String abbreviate(String s) {
        return s.length() > 600 ? s.substring(0, 600) + "…" : s;
    }

    static String logTail() throws IOException {
        List<String> lines = Files.readAllLines(log);
        return "\n--- last log lines ---\n" + String.join("\n", lines.subList(Math.max(0, lines.size() - 5),
                lines.size())).replaceAll("(.{400}).*", "$1…");
    }

    static String excerpt(String out, String needle) {
        int at = out.indexOf(needle);
        return out.substring(Math.max(0, at - 300), Math.min(out.length(), at + 300));
    }
}
