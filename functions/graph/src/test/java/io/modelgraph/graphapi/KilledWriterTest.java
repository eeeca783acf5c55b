package io.modelgraph.graphapi;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelgraph.graph.MainSpace;
import io.modelgraph.graph.store.GraphStore;
import io.modelgraph.store.TestStores;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The crash test of docs/graph.md "Large writes": a child JVM runs the real writer of a large import against the
 * shared DynamoDB Local and is killed with SIGKILL at a random moment, 20 times with different seeds. After the
 * settle of the project (its clock past the dead writer's lease), the project's partition must equal, attribute by
 * attribute, either its state before the import or its state after it (taken from a run that was not killed;
 * the project id, which is part of keys and values, is normalised). Eight minutes on a shared machine, so it runs
 * in the {@code crash} profile: {@code ./mvnw -pl functions/graph -am test -Pcrash}.
 */
@Tag("crash")
class KilledWriterTest {
    private static final String TABLE = GraphApi.SERVICES.stores().graphTable();
    private static final int RUNS = 20;

    @Test
    void aWriterKilledAtARandomMomentLeavesTheProjectBeforeOrAfterTheImportOnceSwept() throws Exception {
        GraphStore fixed = new GraphStore(GraphApi.SERVICES.dynamo(), TABLE, CrashWriter.FIXED);
        String reference = TestStores.newProjectId();
        CrashWriter.seed(fixed, reference);
        Map<String, String> before = normalised(reference);
        long started = System.nanoTime();
        Process whole = child(reference);
        assertTrue(whole.waitFor(120, TimeUnit.SECONDS) && whole.exitValue() == 0, "the unkilled run completes");
        long fullMillis = (System.nanoTime() - started) / 1_000_000;
        Map<String, String> after = normalised(reference);
        assertTrue(!before.equals(after), "the import changes the project");

        GraphStore sweeper = new GraphStore(GraphApi.SERVICES.dynamo(), TABLE,
                Clock.offset(Clock.systemUTC(), Duration.ofMinutes(16)));
        List<String> outcomes = new ArrayList<>();
        for (int seed = 1; seed <= RUNS; seed++) {
            Random random = new Random(seed);
            String project = TestStores.newProjectId();
            CrashWriter.seed(fixed, project);
            Process p = child(project);
            BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            String line;
            while ((line = out.readLine()) != null && !line.equals("READY")) {
                // JVM start-up and client set-up: not yet writing
            }
            // sleep: time itself: the kill lands at a random moment of the real write, which is what is tested
            Thread.sleep(random.nextInt((int) Math.max(200, fullMillis)));
            p.destroyForcibly(); // SIGKILL: no finally block, no shutdown hook runs
            p.waitFor(30, TimeUnit.SECONDS);
            sweeper.settlePendingWrites(project); // as the project's next large write (or a refused user write) does
            Map<String, String> now = normalised(project);
            String outcome = now.equals(before) ? "before" : now.equals(after) ? "after" : "NEITHER";
            outcomes.add(outcome);
            assertTrue(!outcome.equals("NEITHER"), "seed " + seed + ": the partition is neither the state before "
                    + "nor after the import; differing items: " + differences(now, before, after));
        }
        System.out.println("KilledWriterTest outcomes by seed: " + outcomes + " (unkilled import " + fullMillis
                + " ms)");
    }

    private static Process child(String project) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder pb = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                CrashWriter.class.getName(), GraphApi.SERVICES.stores().dynamoEndpoint().orElseThrow().toString(),
                TABLE, project);
        pb.redirectError(ProcessBuilder.Redirect.DISCARD);
        return pb.start();
    }

    /** The partition as sort key to its attributes, with the project id and its main space id made neutral. */
    private static Map<String, String> normalised(String project) {
        String main = MainSpace.idFor(project);
        Map<String, String> out = new TreeMap<>();
        for (Map.Entry<String, Map<String, AttributeValue>> e : FaultyDynamo.partition(project).entrySet()) {
            if (e.getKey().equals("L#largeWrite")) {
                continue; // a writer killed before listing its write leaves its lease, free once run out (TTL drops it)
            }
            String text = new TreeMap<>(e.getValue()).toString().replace(project, "{P}").replace(main, "{MAIN}");
            out.put(e.getKey().replace(main, "{MAIN}"), text);
        }
        return out;
    }

    private static List<String> differences(Map<String, String> now, Map<String, String> before,
            Map<String, String> after) {
        List<String> out = new ArrayList<>();
        for (String sk : new java.util.TreeSet<>(now.keySet())) {
            if (!now.get(sk).equals(before.get(sk)) && !now.get(sk).equals(after.get(sk))) {
                out.add(sk);
            }
        }
        before.keySet().stream().filter(k -> !now.containsKey(k) && after.containsKey(k)).forEach(k -> out.add("-" + k));
        return out.size() > 20 ? out.subList(0, 20) : out;
    }
}
