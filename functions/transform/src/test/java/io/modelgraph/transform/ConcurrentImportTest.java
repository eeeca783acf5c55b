package io.modelgraph.transform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.graph.Node;
import io.modelgraph.graph.NodeType;
import io.modelgraph.graph.store.GraphStore;
import io.modelgraph.json.Json;
import io.modelgraph.transform.TransformCalls.Result;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * Imports sent at once into one project (client retries, overlapping CI runs) end as if sent one after the other:
 * identical imports give the model once, different ones one of the serial outcomes, never a mix; every call is
 * answered 200, or 409 saying to send it again (docs/graph.md "Large writes").
 */
class ConcurrentImportTest {
    private final GraphStore graph = GraphStore.of(TransformCalls.services());

    /** A JSON Schema of {@code types} object types T0..Tn, each with the given properties. */
    private static String schema(int types, String... properties) {
        StringBuilder defs = new StringBuilder();
        for (int t = 0; t < types; t++) {
            defs.append(t == 0 ? "" : ",").append("\"T").append(t).append("\":{\"type\":\"object\",\"properties\":{");
            for (int p = 0; p < properties.length; p++) {
                defs.append(p == 0 ? "" : ",").append('"').append(properties[p]).append("\":{\"type\":\"string\"}");
            }
            defs.append("}}");
        }
        return "{\"$schema\":\"https://json-schema.org/draft/2020-12/schema\",\"$defs\":{" + defs + "}}";
    }

    private static String importBody(String schema) {
        return Json.object().put("format", "jsonschema").put("schema", schema).toString();
    }

    /** Sends every body at once (one handler per caller, released together); the answers in order. */
    private static List<Result> atOnce(String projectId, List<String> bodies) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(bodies.size());
        try {
            List<TransformCalls> callers = new ArrayList<>();
            for (int i = 0; i < bodies.size(); i++) {
                callers.add(new TransformCalls(new TransformHandler(TransformCalls.services()), projectId));
            }
            CountDownLatch start = new CountDownLatch(1);
            List<Future<Result>> answers = new ArrayList<>();
            for (int i = 0; i < bodies.size(); i++) {
                TransformCalls caller = callers.get(i);
                String body = bodies.get(i);
                answers.add(pool.submit(() -> {
                    start.await();
                    return caller.post("schema/import", body, "Admin");
                }));
            }
            start.countDown();
            List<Result> out = new ArrayList<>();
            for (Future<Result> f : answers) {
                out.add(f.get());
            }
            return out;
        } finally {
            pool.shutdownNow();
        }
    }

    private static void assertAnsweredOk(List<Result> answers) {
        int ok = 0;
        for (Result r : answers) {
            assertTrue(r.status() == 200 || r.status() == 409, r.toString());
            if (r.status() == 409) {
                assertTrue(r.firstMessage().contains("again"), "a 409 says what to do: " + r);
            } else {
                ok++;
            }
        }
        assertTrue(ok >= 1, "at least the first import is written: " + answers);
    }

    private List<Node> types(String projectId) {
        return graph.load(projectId, List.of()).nodes().stream().filter(n -> n.nodeType() == NodeType.Type).toList();
    }

    /** The exported model: type name to its sorted property names. */
    private static Map<String, Set<String>> exported(String projectId) throws Exception {
        Result r = new TransformCalls(projectId).post("schema/export", Json.object().put("format", "jsonschema")
                .toString(), "Viewer");
        assertTrue(r.success(), r.toString());
        JsonNode defs = Json.parse(r.body().get("schema").asText()).path("$defs");
        Map<String, Set<String>> out = new TreeMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = defs.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            Set<String> props = new TreeSet<>();
            e.getValue().path("properties").fieldNames().forEachRemaining(props::add);
            out.put(e.getKey(), props);
        }
        return out;
    }

    @Test
    void identicalImportsSentAtOnceGiveTheModelOnce() throws Exception {
        for (int callers : new int[] {3, 8}) {
            String projectId = TransformCalls.newProjectId();
            String body = importBody(schema(5, "name", "code"));
            List<Result> answers = atOnce(projectId, java.util.Collections.nCopies(callers, body));
            assertAnsweredOk(answers);
            List<Node> types = types(projectId);
            assertEquals(5, types.size(), callers + " imports at once: " + types.stream().map(Node::label).toList());
            assertEquals(5, types.stream().map(Node::label).distinct().count());
            // sent once more, alone: it plans no change and writes nothing, not even the lease
            var before = graph.versions().read(projectId);
            assertEquals(200, new TransformCalls(projectId).post("schema/import", body, "Admin").status());
            assertEquals(before, graph.versions().read(projectId));
        }
    }

    @Test
    void identicalLargeImportsSentAtOnceGiveTheModelOnce() throws Exception {
        // 60 types with 3 properties each: hundreds of items, the large-write path
        String projectId = TransformCalls.newProjectId();
        String body = importBody(schema(60, "name", "code", "note"));
        List<Result> answers = atOnce(projectId, java.util.Collections.nCopies(4, body));
        assertAnsweredOk(answers);
        assertEquals(60, types(projectId).size());
    }

    @Test
    void differentImportsSentAtOnceEndAsOneOfTheSerialOrders() throws Exception {
        String a = importBody(schema(5, "alpha", "beta"));
        String b = importBody(schema(5, "gamma", "delta", "epsilon"));
        Set<Map<String, Set<String>>> serial = new java.util.HashSet<>();
        for (List<String> order : List.of(List.of(a, b), List.of(b, a))) {
            String projectId = TransformCalls.newProjectId();
            TransformCalls calls = new TransformCalls(projectId);
            for (String body : order) {
                assertEquals(200, calls.post("schema/import", body, "Admin").status());
            }
            serial.add(exported(projectId));
        }
        for (int round = 0; round < 3; round++) {
            String projectId = TransformCalls.newProjectId();
            List<Result> answers = atOnce(projectId, List.of(a, b));
            assertAnsweredOk(answers);
            Map<String, Set<String>> result = exported(projectId);
            assertEquals(5, types(projectId).size(), result.toString());
            if (answers.stream().allMatch(r -> r.status() == 200)) {
                assertTrue(serial.contains(result), "not a serial outcome: " + result + " (serial: " + serial + ")");
            } else {
                // one was refused: the other's model alone, whole
                String only = answers.get(0).status() == 200 ? a : b;
                String projectAlone = TransformCalls.newProjectId();
                assertEquals(200, new TransformCalls(projectAlone).post("schema/import", only, "Admin").status());
                assertEquals(exported(projectAlone), result);
            }
        }
    }
}
