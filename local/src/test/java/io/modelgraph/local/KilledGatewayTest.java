package io.modelgraph.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.auth.Role;
import io.modelgraph.graph.MainSpace;
import io.modelgraph.graph.store.GraphKeys;
import io.modelgraph.graph.store.GraphStore;
import io.modelgraph.store.Tables;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import io.modelgraph.json.Json;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The crash test of docs/graph.md "Large writes" on the real route path: a child JVM runs the local gateway
 * ({@link Main}, the same command a user starts) on this JVM's embedded DynamoDB Local and S3Proxy, receives one
 * large write over HTTP (bulkCreate, {@code schema/import}, {@code mergeJsonSchema}, the capture import; each
 * answered in the request, and each deferred to a job by a lowered write rate) and is killed with SIGKILL at a
 * seeded moment of it. A reader polls this JVM's own gateway (fetchNodes of every node type and the JSON Schema
 * export of every space the write touches) throughout and right after the kill: every read must equal that read
 * before the write or after it (taken from a run that was not killed). Once the dead writer's lease is out (a
 * settle on a clock 16 minutes ahead), the project reads the same, with no open write, lock or staged copy left.
 * Seeds per path: {@code -Dcrash.seeds} (default 20); {@code -Dcrash.paths=MERGE,MERGE_JOB} runs some paths only. Minutes, so in the {@code crash} profile:
 * {@code ./mvnw -o -B -ntp -pl local -am test -Pcrash -Dtest=KilledGatewayTest -Dsurefire.failIfNoSpecifiedTests=false}.
 */
@Tag("crash")
class KilledGatewayTest {
    private static final int SEEDS = Integer.getInteger("crash.seeds", 20);
    /** Node types a reader lists; each scenario keeps every one of them within one page (250). */
    private static final List<String> NODE_TYPES = List.of("Type", "Element", "Taxonomy", "Exemplar");

    private static LocalServer reader;
    private static JsonFiles files;
    private static GraphStore settler;
    /** Per scenario: the reads before and after, and how long the unkilled write took. */
    private static final Map<String, Reference> REFERENCES = new ConcurrentHashMap<>();
    private static final Map<String, List<String>> OUTCOMES = new ConcurrentHashMap<>();
    private static final Map<String, Integer> READS = new ConcurrentHashMap<>();
    private static final Map<String, List<String>> KILLED = new ConcurrentHashMap<>();

    /**
     * The reads before and after; how long the unkilled call took, and when (ms after its first byte) its large
     * write was first listed open in the project's version item and when it had left it (committed), -1 if not seen.
     */
    /**
     * The reads before and after; how long the unkilled call took, and when (ms after its first byte) its large
     * write was first listed open in the project's version item and when it had left it (committed), -1 if not seen.
     * The killed runs aim at the write itself: most are killed a seeded part of that window after their own write
     * opened (up to a quarter past its length), every fifth at a seeded moment before it opens.
     */
    record Reference(List<String> before, List<String> after, long millis, long openedAt, long committedAt) {
    }

    /** One kind of large write: how a project is prepared, and the call the killed gateway receives. */
    enum Scenario {
        BULK_CREATE(false), BULK_CREATE_JOB(true), SCHEMA_IMPORT(false), SCHEMA_IMPORT_JOB(true),
        MERGE(false), MERGE_JOB(true), CAPTURE_IMPORT(false), CAPTURE_IMPORT_JOB(true);

        final boolean job;

        Scenario(boolean job) {
            this.job = job;
        }
    }

    @BeforeAll
    static void start() throws IOException {
        Path dir = Files.createTempDirectory("modelgraph-crash");
        reader = LocalServer.start(new LocalServer.Options(0, true, dir, true), Map.of(),
                new PrintStream(PrintStream.nullOutputStream()));
        DemoProject.seedIfEmpty(reader); // so a child gateway on the same stores finds it and loads nothing
        settler = new GraphStore(reader.services().dynamo(), reader.services().stores().graphTable(),
                Clock.offset(Clock.systemUTC(), Duration.ofMinutes(16)));
        files = new JsonFiles();
        files.put("/v1.json", schema(12, 4, "first"));
        files.put("/v2.json", schema(40, 5, "second"));
    }

    @AfterAll
    static void stop() {
        OUTCOMES.forEach((scenario, outcomes) -> System.out.println("KilledGatewayTest " + scenario + ": "
                + Collections.frequency(outcomes, "before") + " before, " + Collections.frequency(outcomes, "after")
 + " after of " + outcomes.size() + " kills ("
                + Collections.frequency(KILLED.getOrDefault(scenario, List.of()), "killed mid-write") + " mid-write, "
                + Collections.frequency(KILLED.getOrDefault(scenario, List.of()), "killed after its commit")
                + " after the commit, before finishing); " + READS.getOrDefault(scenario, 0)
                + " polled reads, each before or after; unkilled write "
                + (REFERENCES.containsKey(scenario) ? REFERENCES.get(scenario).millis() : -1) + " ms"));
        if (files != null) {
            files.close();
        }
        if (reader != null) {
            reader.close();
        }
    }

    static Stream<Arguments> runs() {
        String only = System.getProperty("crash.paths", "");
        return Stream.of(Scenario.values()).filter(s -> only.isBlank() || List.of(only.split(",")).contains(s.name()))
                .flatMap(s -> IntStream.rangeClosed(1, SEEDS).mapToObj(
                seed -> Arguments.of(s, seed)));
    }

    @ParameterizedTest(name = "{0} killed, seed {1}")
    @MethodSource("runs")
    void aGatewayKilledDuringALargeWriteLeavesEveryReadBeforeOrAfterIt(Scenario scenario, int seed)
            throws Exception {
        Reference ref = REFERENCES.computeIfAbsent(scenario.name(), k -> reference(scenario));
        String project = JobsGatewayTest.project();
        Map<String, String> spaces = prepare(scenario, project);
        Random random = new Random(seed * 31L + scenario.ordinal());
        Child child = Child.start(scenario.job);
        try {
            List<List<String>> polled = Collections.synchronizedList(new ArrayList<>());
            AtomicBoolean polling = new AtomicBoolean(true);
            Thread poller = new Thread(() -> {
                while (polling.get()) {
                    polled.add(view(project, spaces));
                }
            });
            poller.start();
            Thread sender = new Thread(() -> {
                try {
                    send(child.baseUrl, scenario, project, spaces); // no answer comes once it is killed
                } catch (RuntimeException e) {
                    // the connection breaks at the kill
                }
            });
            sender.setDaemon(true);
            sender.start();
            // the kill lands at a seeded moment of the real call, from its first byte to its answer (or job's end)
            long sent = System.nanoTime();
            if (ref.openedAt() < 0 || seed % 5 == 0) {
                // sleep: the kill's moment is a seeded wall-clock delay into a real child process's call
                Thread.sleep(random.nextInt((int) Math.max(200, ref.openedAt() < 0 ? ref.millis() : ref.openedAt())));
            } else {
                // the write's own moment in this run: once it is listed open, a seeded part of its length
                long deadline = sent + TimeUnit.MILLISECONDS.toNanos(3 * ref.millis() + 10_000);
                while (!listedIn(versionItem(project), "open") && System.nanoTime() < deadline) {
                    // sleep: polls another process's write, which no latch here can observe
                    Thread.sleep(10);
                }
                // sleep: the kill's moment is a seeded wall-clock delay into the open write
                Thread.sleep(random.nextInt((int) Math.max(200, (ref.committedAt() - ref.openedAt()) * 5 / 4)));
            }
            child.kill();
            Map<String, AttributeValue> listed = versionItem(project);
            String killed = listedIn(listed, "applying") ? "killed after its commit"
                    : listedIn(listed, "open") ? "killed mid-write" : "killed with no write open";
            polled.add(view(project, spaces)); // dead, nothing settled
            polling.set(false);
            poller.join();
            String at = scenario + " seed " + seed;
            for (List<String> v : polled) {
                assertEachReadBeforeOrAfter(at, v, ref);
            }
            READS.merge(scenario.name(), polled.size() * polled.get(0).size(), Integer::sum);

            // once the lease is out, the project's next settle leaves what the reader saw: before or after
            settler.settlePendingWrites(project);
            List<String> settled = view(project, spaces);
            assertEachReadBeforeOrAfter(at + ", settled", settled, ref);
            boolean before = settled.equals(ref.before());
            assertTrue(before || settled.equals(ref.after()), at + ": settled reads mix before and after");
            assertNothingPending(at, project);
            OUTCOMES.computeIfAbsent(scenario.name(), k -> Collections.synchronizedList(new ArrayList<>()))
                    .add(before ? "before" : "after");
            KILLED.computeIfAbsent(scenario.name(), k -> Collections.synchronizedList(new ArrayList<>())).add(killed);
            System.out.println("KilledGatewayTest " + scenario + " seed " + seed + ": " + killed + ", settled "
                    + (before ? "before" : "after") + ", " + polled.size() + " polls of " + polled.get(0).size() + " reads, each before or after");
        } finally {
            child.kill();
        }
    }

    /**
     * A job killed while it runs frees its project within two minutes of the kill (node creates with a given id
     * are accepted again) and reads as failed, telling the caller to send it again (docs/graph.md "When a run
     * dies"). Two minutes of real time.
     */
    @Test
    void aJobKilledMidWriteFreesItsProjectWithinTwoMinutesAndReadsFailed() throws Exception {
        String project = JobsGatewayTest.project();
        Map<String, String> spaces = prepare(Scenario.BULK_CREATE_JOB, project);
        Child child = Child.start(true);
        String statusUrl;
        long killedAt;
        try {
            JobsGatewayTest.Reply accepted = send(child.baseUrl, Scenario.BULK_CREATE_JOB, project, spaces);
            assertEquals(202, accepted.status(), accepted.body());
            statusUrl = accepted.json().path("data").path("statusUrl").asText();
            // killed inside its write: listed open in the project's version item, so holding the project's lease
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (!listedIn(versionItem(project), "open") && System.nanoTime() < deadline) {
                // sleep: polls another process's write, which no latch here can observe
                Thread.sleep(10);
            }
            assertTrue(listedIn(versionItem(project), "open"), "the job's write opened");
            child.kill();
            killedAt = System.nanoTime();
        } finally {
            child.kill();
        }
        String editor = token(project, Role.Editor);
        int attempt = 0;
        long acceptedAfter = -1;
        while (System.nanoTime() - killedAt < TimeUnit.SECONDS.toNanos(150)) {
            JobsGatewayTest.Reply created = JobsGatewayTest.send(reader, "POST", "/v1/" + project + "/node", editor,
                    "{\"Id\":\"probe" + attempt++ + "\",\"label\":\"Probe\",\"nodeType\":\"Element\"}");
            if (created.status() == 200) {
                acceptedAfter = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - killedAt);
                break;
            }
            assertEquals(409, created.status(), created.body());
            // sleep: measures how long a dead process's lease blocks the project, in real time
            Thread.sleep(1_000);
        }
        System.out.println("KilledGatewayTest dead job: node create accepted " + acceptedAfter + " ms after the kill ("
                + attempt + " attempts)");
        assertTrue(acceptedAfter >= 0, "no node create accepted within 150 s of the kill");
        // the lease ran out 90 s after its last renewal, which came before the kill; with the probe's own wait (a
        // refused create waits ~3 s) and its one-second rhythm, still within the two minutes a dead job may block
        assertTrue(acceptedAfter <= 120_000, "accepted " + acceptedAfter + " ms after the kill");
        assertTrue(attempt > 1, "the dead job held the project at first");
        JobsGatewayTest.Reply job = JobsGatewayTest.send(reader, "GET", statusUrl, token(project, Role.Admin), null);
        assertEquals(200, job.status(), job.body());
        JsonNode data = job.json().path("data");
        assertEquals("failed", data.path("state").asText(), job.body());
        assertTrue(data.path("message").asText().contains("again"), job.body());
    }

    // ---- the scenarios -----------------------------------------------------------------------------

    /** The reads before and after the write, and its time, from a run that is not killed. */
    private static Reference reference(Scenario scenario) {
        try {
            String project = JobsGatewayTest.project();
            Map<String, String> spaces = prepare(scenario, project);
            List<String> before = view(project, spaces);
            Child child = Child.start(scenario.job);
            long[] window = {-1, -1};
            AtomicBoolean watching = new AtomicBoolean(true);
            try {
                long started = System.nanoTime();
                Thread watcher = new Thread(() -> {
                    while (watching.get()) {
                        Map<String, AttributeValue> item = versionItem(project);
                        long at = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
                        boolean open = listedIn(item, "open");
                        if (open && window[0] < 0) {
                            window[0] = at;
                        }
                        if (!open && window[0] >= 0) {
                            window[1] = at;
                        }
                        try {
                            // sleep: the reader's polling interval against a real child process
                            Thread.sleep(20);
                        } catch (InterruptedException e) {
                            return;
                        }
                    }
                });
                watcher.start();
                JobsGatewayTest.Reply answer = send(child.baseUrl, scenario, project, spaces);
                if (scenario.job) {
                    assertEquals(202, answer.status(), answer.body());
                    JsonNode job = answer.json().has("job") ? answer.json().path("job") : answer.json().path("data");
                    String token = token(project, Role.Admin);
                    String url = job.path("statusUrl").asText();
                    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(300);
                    JsonNode status;
                    do {
                        // sleep: polls a job run by another process
                        Thread.sleep(100);
                        JobsGatewayTest.Reply r = JobsGatewayTest.send(reader, "GET", url, token, null);
                        status = r.json().has("job") ? r.json().path("job") : r.json().path("data");
                    } while (!status.path("state").asText().equals("done") && System.nanoTime() < deadline);
                    assertEquals("done", status.path("state").asText(), status.toString());
                    assertEquals(200, status.path("statusCode").asInt(), status.toString());
                } else {
                    assertEquals(200, answer.status(), answer.body());
                }
                long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
                watching.set(false);
                watcher.join();
                List<String> after = view(project, spaces);
                assertTrue(!after.equals(before), scenario + ": the write changes what a reader sees");
                for (String read : after) {
                    assertTrue(!read.contains("\"lastPage\":false"), scenario + ": a read fits one page");
                }
                assertNothingPending(scenario + " unkilled", project);
                System.out.println("KilledGatewayTest " + scenario + " unkilled: " + millis + " ms, write open from "
                        + window[0] + " ms to " + window[1] + " ms");
                return new Reference(before, after, millis, window[0], window[1]);
            } finally {
                watching.set(false);
                child.kill();
            }
        } catch (Exception e) {
            throw new AssertionError(scenario + ": the unkilled reference run failed", e);
        }
    }

    /** Makes the state before the write, through the reader's gateway; the spaces a reader reads, by name. */
    private static Map<String, String> prepare(Scenario scenario, String project) {
        String admin = token(project, Role.Admin);
        Map<String, String> spaces = new TreeMap<>();
        spaces.put("main", MainSpace.idFor(project));
        switch (scenario) {
            case BULK_CREATE, BULK_CREATE_JOB -> ok(JobsGatewayTest.send(reader, "POST", "/v1/" + project
                    + "/bulkCreate", admin, bulk("old", 30, 0, "before")));
            case SCHEMA_IMPORT, SCHEMA_IMPORT_JOB -> ok(JobsGatewayTest.send(reader, "POST",
                    "/graph/transform/schema/import/" + project, admin, importBody(schema(12, 4, "first"))));
            case MERGE, MERGE_JOB -> {
                spaces.put("merged", JobsGatewayTest.createSpace(reader, project, admin));
                ok(JobsGatewayTest.send(reader, "POST", "/v1/" + project + "/mergeJsonSchema" + mergeQuery(spaces),
                        admin, mergeBody("/v1.json")));
            }
            case CAPTURE_IMPORT, CAPTURE_IMPORT_JOB -> ok(JobsGatewayTest.send(reader, "POST",
                    "/graph/integrations/capture/import/" + project, admin, JobsGatewayTest.dictionary(
                            dictionary(3, 10))));
        }
        return spaces;
    }

    /** The write the child gateway receives. */
    private static JobsGatewayTest.Reply send(String baseUrl, Scenario scenario, String project,
            Map<String, String> spaces) {
        String admin = token(project, Role.Admin);
        return switch (scenario) {
            // 200 new nodes with a relation and a value each, and values overwritten on 30 stored nodes
            case BULK_CREATE, BULK_CREATE_JOB -> post(baseUrl, "/v1/" + project + "/bulkCreate", admin,
                    bulk("new", 200, 30, "after"));
            case SCHEMA_IMPORT, SCHEMA_IMPORT_JOB -> post(baseUrl, "/graph/transform/schema/import/" + project, admin,
                    importBody(schema(40, 5, "second")));
            case MERGE, MERGE_JOB -> post(baseUrl, "/v1/" + project + "/mergeJsonSchema" + mergeQuery(spaces), admin,
                    mergeBody("/v2.json"));
            case CAPTURE_IMPORT, CAPTURE_IMPORT_JOB -> post(baseUrl, "/graph/integrations/capture/import/" + project,
                    admin, JobsGatewayTest.dictionary(dictionary(8, 25)));
        };
    }

    private static JobsGatewayTest.Reply post(String baseUrl, String path, String token, String body) {
        return JobsGatewayTest.send(baseUrl, "POST", path, token, body, Duration.ofMinutes(5));
    }

    private static void ok(JobsGatewayTest.Reply reply) {
        assertEquals(200, reply.status(), reply.body());
    }

    /**
     * {@code n} new Elements and Types with given ids, a relation and a description each, plus descriptions set on
     * the first {@code overwrite} nodes a preparing call created ({@code old0..}).
     */
    private static String bulk(String prefix, int n, int overwrite, String text) {
        List<Map<String, Object>> nodes = new ArrayList<>();
        List<Map<String, Object>> relations = new ArrayList<>();
        List<Map<String, Object>> mixins = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            boolean element = i % 2 == 1;
            nodes.add(Map.of("Id", prefix + i, "label", prefix + " node " + i, "nodeType", element ? "Element"
                    : "Type"));
            relations.add(Map.of("Id", prefix + "r" + i, "fromNodeId", prefix + i, "toNodeId",
                    prefix + (element ? i - 1 : (i + 2) % n), "relationGroupId",
                    element ? "domain-includes" : "subclass-of"));
            mixins.add(value(prefix + i, text));
        }
        for (int i = 0; i < overwrite; i++) {
            mixins.add(value("old" + i, text));
        }
        return Json.write(Map.of("nodes", nodes, "relations", relations, "mixins", mixins));
    }

    private static Map<String, Object> value(String node, String text) {
        return Map.of("targetNodeId", node, "mixinId", "description", "mixinColumns",
                List.of(Map.of("Id", "description", "value", "Description of " + node + ", " + text)));
    }

    /** A JSON Schema of {@code types} object types with {@code properties} properties each. */
    static String schema(int types, int properties, String version) {
        ObjectNode defs = Json.object();
        for (int t = 0; t < types; t++) {
            ObjectNode type = defs.putObject("T" + t).put("type", "object").put("description", "Type " + t + ", "
                    + version);
            ObjectNode props = type.putObject("properties");
            for (int p = 0; p < properties; p++) {
                props.putObject("p" + p).put("type", p % 2 == 0 ? "string" : "integer").put("description",
                        "Property " + p + " of T" + t + ", " + version);
            }
        }
        ObjectNode schema = Json.object().put("$schema", "https://json-schema.org/draft/2020-12/schema");
        schema.set("$defs", defs);
        return Json.write(schema);
    }

    private static String importBody(String schema) {
        return Json.write(Map.of("format", "jsonschema", "schema", schema));
    }

    private static String mergeQuery(Map<String, String> spaces) {
        return "?SpaceId=" + spaces.get("merged") + "&ConfigTypeId=" + URLEncoder.encode("jsonschema-2020-12",
                StandardCharsets.UTF_8) + "&OverrideNewPropertiesWarning=true&OverrideDifferentSourceWarning=true"
                + "&OverrideOverwriteWarning=true";
    }

    private static String mergeBody(String file) {
        return "[{\"FileUrl\":\"" + files.url(file) + "\"}]";
    }

    /** A REDCap data dictionary of {@code forms} forms with {@code fields} fields each, every fifth a radio. */
    private static String dictionary(int forms, int fields) {
        StringBuilder csv = new StringBuilder(JobsGatewayTest.CAPTURE_HEADER).append('\n');
        csv.append("record_id,form0,,text,\"Record ID\",,,,,,,,,,,,,\n");
        for (int f = 0; f < forms; f++) {
            for (int i = 0; i < fields; i++) {
                String name = "f" + f + "_v" + i;
                if (i % 5 == 4) {
                    csv.append(name).append(",form").append(f).append(",,radio,\"Choice ").append(i)
                            .append("\",\"0, No | 1, Yes\",,,,,,,,,,,,\n");
                } else {
                    csv.append(name).append(",form").append(f).append(",,text,\"Field ").append(i).append(" of form ")
                            .append(f).append("\",,,,,,,,,,,,,\n");
                }
            }
        }
        return csv.toString();
    }

    // ---- what a reader sees ------------------------------------------------------------------------

    /**
     * One read per call: fetchNodes of each node type over the scenario's spaces (values included) and the JSON
     * Schema export of each space, each made neutral of the project, generated ids and times.
     */
    private static List<String> view(String project, Map<String, String> spaces) {
        String viewer = token(project, Role.Viewer);
        String spaceIds = String.join(",", spaces.values());
        List<String> reads = new ArrayList<>();
        for (String type : NODE_TYPES) {
            JobsGatewayTest.Reply page = JobsGatewayTest.send(reader, "GET", "/v1/" + project + "/fetchNodes?NodeType="
                    + type + "&SpaceIds=" + spaceIds + "&AddMixins=true&pageSize=250", viewer, null);
            reads.add("fetchNodes " + type + " " + page.status() + " " + nodes(page));
        }
        for (Map.Entry<String, String> space : spaces.entrySet()) {
            JobsGatewayTest.Reply export = JobsGatewayTest.send(reader, "GET", "/v1/" + project
                    + "/exportJsonSchema?configTypeId=jsonschema-2020-12&spaceId=" + space.getValue(), viewer, null);
            reads.add("export " + space.getKey() + " " + export.status() + " " + neutral(export.body(), project));
        }
        return reads;
    }

    /** The page's nodes without their ids, stamps and versions, sorted (a set of nodes, not an order). */
    private static String nodes(JobsGatewayTest.Reply page) {
        JsonNode data = page.json().path("data");
        List<String> out = new ArrayList<>();
        for (JsonNode n : data.path("nodes")) {
            ObjectNode copy = n.deepCopy();
            copy.remove(List.of("Id", "createdAt", "updatedAt", "createdBy", "updatedBy", "spaceIds", "version"));
            out.add(neutral(Json.write(sortedFields(copy)), ""));
        }
        Collections.sort(out);
        return "lastPage " + data.path("lastPage").asBoolean() + " " + out;
    }

    private static Object sortedFields(JsonNode node) {
        if (node.isObject()) {
            Map<String, Object> out = new TreeMap<>();
            node.fields().forEachRemaining(e -> out.put(e.getKey(), sortedFields(e.getValue())));
            return out;
        }
        if (node.isArray()) {
            List<String> items = new ArrayList<>();
            node.forEach(i -> items.add(Json.write(sortedFields(i))));
            Collections.sort(items);
            return items;
        }
        return node;
    }

    private static final Pattern GENERATED = Pattern.compile(
            "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{32}|"
                    + "\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d+)?Z?");

    private static String neutral(String text, String project) {
        String t = project.isEmpty() ? text : text.replace(project, "{P}");
        Matcher m = GENERATED.matcher(t);
        return m.replaceAll("{id}");
    }

    private static void assertEachReadBeforeOrAfter(String at, List<String> reads, Reference ref) {
        assertEquals(ref.before().size(), reads.size(), at);
        for (int i = 0; i < reads.size(); i++) {
            String read = reads.get(i);
            assertTrue(read.equals(ref.before().get(i)) || read.equals(ref.after().get(i)), at + ": read "
                    + i + " is neither before nor after the write: " + abbreviated(read) + "\nbefore: "
                    + abbreviated(ref.before().get(i)) + "\nafter: " + abbreviated(ref.after().get(i)));
        }
    }

    private static String abbreviated(String s) {
        return s.length() <= 1_500 ? s : s.substring(0, 1_500) + "... (" + s.length() + " characters)";
    }

    /** After a settle (or a finished write): no write listed, no lock, no staged copy or key record left. */
    private static void assertNothingPending(String at, String project) {
        var items = reader.services().dynamo().queryPaginator(b -> b.tableName(reader.services().stores().graphTable())
                .keyConditionExpression("#pk = :pk").expressionAttributeNames(Map.of("#pk", Tables.PK))
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(GraphKeys.pk(project)))).consistentRead(true))
                .items();
        for (var item : items) {
            String sk = item.get("sk").s();
            assertTrue(!sk.startsWith("~"), at + ": a staged copy or key record is left: " + sk);
            assertTrue(!item.containsKey("sg"), at + ": a lock is left on " + sk);
            if (sk.equals("X#version")) {
                for (String list : List.of("open", "applying", "aborted")) {
                    assertTrue(!item.containsKey(list) || item.get(list).ss().isEmpty(), at + ": " + list
                            + " still lists " + item.get(list));
                }
            }
        }
    }

    private static Map<String, AttributeValue> versionItem(String project) {
        var r = reader.services().dynamo().getItem(b -> b.tableName(reader.services().stores().graphTable())
                .key(Map.of(Tables.PK, AttributeValue.fromS(GraphKeys.pk(project)), Tables.SK,
                        AttributeValue.fromS("X#version"))).consistentRead(true));
        return r.hasItem() ? r.item() : Map.of();
    }

    private static boolean listedIn(Map<String, AttributeValue> versionItem, String list) {
        AttributeValue v = versionItem.get(list);
        return v != null && v.hasSs() && !v.ss().isEmpty();
    }

    static String token(String project, Role role) {
        return JobsGatewayTest.token(reader, project, role);
    }

    // ---- the child gateway -------------------------------------------------------------------------

    /** {@code java -cp <test class path> io.modelgraph.local.Main --port 0} on this JVM's stores and data dir. */
    private record Child(Process process, String baseUrl) {
        static Child start(boolean slow) throws IOException {
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            ProcessBuilder pb = new ProcessBuilder(java, "-Xmx384m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                    "-cp", System.getProperty("java.class.path"), Main.class.getName(), "--port", "0", "--data-dir",
                    reader.dataDir().root().toString(), "--allow-loopback-urls");
            Map<String, String> env = pb.environment();
            env.remove("AWS_ACCESS_KEY_ID");
            env.remove("AWS_SECRET_ACCESS_KEY");
            env.remove("AWS_SESSION_TOKEN");
            env.remove(LocalServer.ENV_USE_AWS);
            var config = reader.stores().config();
            env.put(io.modelgraph.store.StoreConfig.ENV_DYNAMODB_ENDPOINT, config.dynamoEndpoint().orElseThrow()
                    .toString());
            env.put(io.modelgraph.store.StoreConfig.ENV_S3_ENDPOINT, config.s3Endpoint().orElseThrow().toString());
            env.put(io.modelgraph.store.StoreConfig.ENV_REGION, config.region());
            if (slow) {
                env.put(io.modelgraph.jobs.WriteRate.ENV, "3"); // every write here becomes a job
            } else {
                env.remove(io.modelgraph.jobs.WriteRate.ENV);
            }
            pb.redirectError(ProcessBuilder.Redirect.DISCARD);
            Process p = pb.start();
            BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            Pattern listening = Pattern.compile("Modelgraph local on (http://\\S+)");
            String line;
            while ((line = out.readLine()) != null) {
                Matcher m = listening.matcher(line);
                if (m.find()) {
                    Thread drain = new Thread(() -> {
                        try {
                            while (out.readLine() != null) {
                                // the console lines of each request
                            }
                        } catch (IOException e) {
                            // the process is gone
                        }
                    });
                    drain.setDaemon(true);
                    drain.start();
                    return new Child(p, m.group(1));
                }
            }
            p.destroyForcibly();
            throw new IllegalStateException("the child gateway did not start (exit " + waitFor(p) + ")");
        }

        private static int waitFor(Process p) {
            try {
                return p.waitFor(30, TimeUnit.SECONDS) ? p.exitValue() : -1;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return -1;
            }
        }

        /** SIGKILL: no finally block, shutdown hook or job clean-up runs in the child. */
        void kill() throws InterruptedException {
            process.destroyForcibly();
            process.waitFor(30, TimeUnit.SECONDS);
        }
    }
}
