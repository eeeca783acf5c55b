package io.modelgraph.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.auth.Role;
import io.modelgraph.testkit.Answer;
import io.modelgraph.testkit.ApiDriver;
import io.modelgraph.testkit.Caller;
import io.modelgraph.testkit.OverHttp;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Identical writes sent at once through the gateway (client retries, overlapping CI runs) end in one result, as
 * {@code ConcurrentImportTest} shows for {@code schema/import}: the same bulkCreate and the same merge, 3 and 8
 * at once, leave the model once, each call answered 200 or 409 saying what to do; two different merges at once
 * end as one of their serial orders (docs/graph.md "Large writes", "One planner at a time").
 */
class ConcurrentWritesTest {
    private static JsonFiles files;

    @BeforeAll
    static void start() throws Exception {
        files = new JsonFiles();
        files.put("/five.json", KilledGatewayTest.schema(5, 3, "five"));
        files.put("/other.json", KilledGatewayTest.schema(5, 4, "other"));
    }

    @AfterAll
    static void stop() {
        files.close();
    }

    @Test
    void identicalBulkCreatesAtOnceCreateTheNodesOnce() throws Exception {
        for (int callers : new int[] {3, 8}) {
            String project = JobsGatewayTest.project();
            String editor = JobsGatewayTest.token(TestStack.server(), project, Role.Editor);
            String body = JobsGatewayTest.bulkBody("b", 60); // 180 items: the large-write path
            List<Answer> answers = atOnce(Collections.nCopies(callers, () -> call("POST", "/v1/" + project
                    + "/bulkCreate", editor, body, Map.of())));
            int written = 0;
            for (Answer a : answers) {
                if (a.status() == 200) {
                    written++;
                } else {
                    // the ids are the caller's: once they exist, the same call is a conflict naming them, writing
                    // nothing; a 409 during the write says to send it again
                    assertEquals(409, a.status(), a.body());
                    assertTrue(a.body().contains("again") || a.body().contains("already exists"),
                            "a 409 says what to do: " + a.body());
                }
            }
            assertEquals(1, written, callers + " at once: exactly one call writes");
            assertEquals(30, count(project, "Type", editor), callers + " at once");
            assertEquals(30, count(project, "Element", editor), callers + " at once");
        }
    }

    @Test
    void identicalBulkCreatesWithOneIdempotencyKeyAnswerOneResult() throws Exception {
        for (int callers : new int[] {5}) {
            String project = JobsGatewayTest.project();
            String editor = JobsGatewayTest.token(TestStack.server(), project, Role.Editor);
            // without ids: only the key tells the service these calls are one
            String body = "{\"nodes\":[" + String.join(",", Collections.nCopies(120,
                    "{\"label\":\"Generated\",\"nodeType\":\"Element\"}")) + "]}";
            Map<String, String> key = Map.of("Idempotency-Key", "retry-" + callers);
            List<Answer> answers = atOnce(Collections.nCopies(callers, () -> call("POST", "/v1/" + project
                    + "/bulkCreate", editor, body, key)));
            Set<String> results = new TreeSet<>();
            for (Answer a : answers) {
                if (a.status() == 409) {
                    assertTrue(a.body().contains("retry"), "a 409 says what to do: " + a.body());
                } else {
                    assertEquals(200, a.status(), a.body());
                    results.add(a.body());
                }
            }
            assertEquals(1, results.size(), "every 200 is the one answer, replayed: " + results.size());
            assertEquals(120, count(project, "Element", editor), callers + " at once: the nodes once");
        }
    }

    @Test
    void identicalMergesAtOnceGiveTheModelOnce() throws Exception {
        for (int callers : new int[] {3, 8}) {
            String project = JobsGatewayTest.project();
            String admin = JobsGatewayTest.token(TestStack.server(), project, Role.Admin);
            String space = JobsGatewayTest.createSpace(TestStack.server(), project, admin);
            List<Answer> answers = atOnce(Collections.nCopies(callers, () -> merge(project, space, admin,
                    "/five.json")));
            assertAnsweredOk(answers);
            assertEquals(Set.of("T0", "T1", "T2", "T3", "T4"), exported(project, space, admin).keySet(),
                    callers + " at once");
            assertEquals(5, count(project, space, "Type", admin), callers + " merges at once: 5 Types");
        }
    }

    @Test
    void differentMergesAtOnceEndAsOneOfTheSerialOrders() throws Exception {
        Set<Map<String, Set<String>>> serial = new java.util.HashSet<>();
        for (List<String> order : List.of(List.of("/five.json", "/other.json"), List.of("/other.json",
                "/five.json"))) {
            String project = JobsGatewayTest.project();
            String admin = JobsGatewayTest.token(TestStack.server(), project, Role.Admin);
            String space = JobsGatewayTest.createSpace(TestStack.server(), project, admin);
            for (String file : order) {
                assertEquals(200, merge(project, space, admin, file).status());
            }
            serial.add(exported(project, space, admin));
        }
        for (int round = 0; round < 3; round++) {
            String project = JobsGatewayTest.project();
            String admin = JobsGatewayTest.token(TestStack.server(), project, Role.Admin);
            String space = JobsGatewayTest.createSpace(TestStack.server(), project, admin);
            List<Answer> answers = atOnce(List.of(() -> merge(project, space, admin, "/five.json"),
                    () -> merge(project, space, admin, "/other.json")));
            assertAnsweredOk(answers);
            Map<String, Set<String>> result = exported(project, space, admin);
            assertEquals(5, count(project, space, "Type", admin), result.toString());
            if (answers.stream().allMatch(a -> a.status() == 200)) {
                assertTrue(serial.contains(result), "not a serial outcome: " + result + " (serial: " + serial + ")");
            } else {
                String only = answers.get(0).status() == 200 ? "/five.json" : "/other.json";
                String alone = JobsGatewayTest.project();
                String aloneAdmin = JobsGatewayTest.token(TestStack.server(), alone, Role.Admin);
                String aloneSpace = JobsGatewayTest.createSpace(TestStack.server(), alone, aloneAdmin);
                assertEquals(200, merge(alone, aloneSpace, aloneAdmin, only).status());
                assertEquals(exported(alone, aloneSpace, aloneAdmin), result);
            }
        }
    }

    // ---- helpers ------------------------------------------------------------------------------

    private static Answer merge(String project, String space, String admin, String file) {
        String query = "?SpaceId=" + space + "&ConfigTypeId=" + URLEncoder.encode("jsonschema-2020-12",
                StandardCharsets.UTF_8) + "&OverrideNewPropertiesWarning=true&OverrideDifferentSourceWarning=true"
                + "&OverrideOverwriteWarning=true";
        return call("POST", "/v1/" + project + "/mergeJsonSchema" + query, admin, "[{\"FileUrl\":\"" + files.url(file)
                + "\"}]", Map.of());
    }

    private static void assertAnsweredOk(List<Answer> answers) {
        int ok = 0;
        for (Answer a : answers) {
            assertTrue(a.status() == 200 || a.status() == 409, a.status() + " " + a.body());
            if (a.status() == 409) {
                assertTrue(a.body().contains("again"), "a 409 says what to do: " + a.body());
            } else {
                ok++;
            }
        }
        assertTrue(ok >= 1, "at least one is written");
    }

    /** The space's JSON Schema export: definition name to its property names. */
    private static Map<String, Set<String>> exported(String project, String space, String token) throws Exception {
        Answer a = call("GET", "/v1/" + project + "/exportJsonSchema?configTypeId=jsonschema-2020-12&spaceId=" + space,
                token, null, Map.of());
        assertEquals(200, a.status(), a.body());
        JsonNode data = io.modelgraph.json.Json.parse(a.body()).path("data");
        JsonNode schema = data.isTextual() ? io.modelgraph.json.Json.parse(data.asText()) : data;
        Map<String, Set<String>> out = new TreeMap<>();
        schema.path("$defs").fields().forEachRemaining(e -> {
            Set<String> props = new TreeSet<>();
            e.getValue().path("properties").fieldNames().forEachRemaining(props::add);
            out.put(e.getKey(), props);
        });
        return out;
    }

    private static int count(String project, String type, String token) throws Exception {
        return count(project, null, type, token);
    }

    private static int count(String project, String space, String type, String token) throws Exception {
        Answer a = call("GET", "/v1/" + project + "/fetchNodes?NodeType=" + type + "&pageSize=250"
                + (space == null ? "" : "&SpaceIds=" + space), token, null, Map.of());
        assertEquals(200, a.status(), a.body());
        JsonNode data = io.modelgraph.json.Json.parse(a.body()).path("data");
        assertTrue(data.path("lastPage").asBoolean(), a.body());
        return data.path("nodes").size();
    }

    private static Answer call(String method, String path, String token, String body, Map<String, String> headers) {
        OverHttp http = new OverHttp(URI.create(TestStack.server().baseUrl()), (p, r, s) -> {
            throw new IllegalStateException("These calls carry the token they are given");
        }, TestStack.HTTP, Duration.ofSeconds(120));
        Map<String, String> all = new HashMap<>(headers);
        return new ApiDriver(http).call(method, path, body, Caller.bearer(token), all);
    }

    /** Every call at once (released together); the answers in order. */
    private static List<Answer> atOnce(List<Callable<Answer>> calls) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(calls.size());
        try {
            CountDownLatch go = new CountDownLatch(1);
            List<Future<Answer>> futures = new ArrayList<>();
            for (Callable<Answer> c : calls) {
                futures.add(pool.submit(() -> {
                    go.await();
                    return c.call();
                }));
            }
            go.countDown();
            List<Answer> out = new ArrayList<>();
            for (Future<Answer> f : futures) {
                out.add(f.get());
            }
            return out;
        } finally {
            pool.shutdownNow();
        }
    }
}
