package io.modelgraph.integrations;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelgraph.graph.GraphSnapshot;
import io.modelgraph.graph.store.GraphStore;
import io.modelgraph.integrations.IntegrationCalls.Result;
import io.modelgraph.integrations.IntegrationStores.ImportState;
import io.modelgraph.json.Json;
import io.modelgraph.platform.Services;
import io.modelgraph.store.BlobStore;
import io.modelgraph.store.HistoryStore;
import io.modelgraph.store.TestStores;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * An import writes everything or nothing (docs/integrations.md "Import: the order of the writes"): a storage fault
 * at each of its write steps, injected into real clients of the embedded DynamoDB Local and S3Proxy, leaves no
 * graph change, no snapshot, no import state, no opt-in and no history entry visible.
 */
class ImportAllOrNothingTest {
    private static final String LATER = IntegrationRoutesTest.HEADER + "\n"
            + "record_id,demographics,,text,\"Study ID\",,,,,,,,,,,,,\n"
            + "name_first,demographics,,text,\"First name\",,,,,,y,,y,,,,,\n"
            + "sex,demographics,,radio,Sex,\"0, Female | 1, Male\",,,,,,,y,,,,,\n"
            + "height,demographics,,text,\"Height (cm)\",,,number,50,250,,,,,,,,\n"
            + "weight,visits,,text,\"Weight (kg)\",,,number,2,300,,\"[sex] = '1'\",,,,,,@HIDDEN\n"
            + "visit_date,followup,,text,\"Visit date\",,,date_ymd,,,,,,,,,,\n"
            + "mood,followup,,dropdown,Mood,\"1, Low | 2, High\",,,,,,,,,,,,\n";

    private final Services clean = TestStores.services();
    private final IntegrationStores stores = new IntegrationStores(new HistoryStore(clean.dynamo(),
            clean.stores().historyTable()), new BlobStore(clean.s3(), clean.stores().bucket()), clean.dynamo(),
            clean.stores().historyTable());

    private static String body(String csv, boolean scheduled) {
        return Json.write(Json.object().put("scheduledReaudit", scheduled).put("projectName", "study")
                .set("artifacts", Json.object().put("data_dictionary", csv)));
    }

    /** Everything an import can make visible: graph, state, snapshot bytes, opt-in, history and badge. */
    private record Visible(String graph, String state, String snapshot, boolean optedIn, String history,
            String badge) {
    }

    private Visible visible(IntegrationCalls calls) {
        String projectId = calls.projectId();
        GraphSnapshot g = GraphStore.of(clean).load(projectId, List.of());
        TreeSet<String> graph = new TreeSet<>();
        g.nodes().forEach(n -> graph.add("node " + n.id() + " " + n.label() + " " + n.nodeType() + " "
                + n.spaceIds()));
        g.relations().forEach(r -> graph.add("relation " + r.fromNodeId() + " " + r.id() + " " + r.toNodeId() + " "
                + r.relationGroupId()));
        g.mixinValues().forEach(v -> graph.add("value " + v.nodeId() + " " + v.mixinId() + " "
                + new TreeMap<>(v.columns())));
        Optional<ImportState> state = stores.lastImport(projectId, "capture", Optional.empty());
        String snapshot = state.flatMap(s -> stores.snapshot(projectId, s))
                .map(b -> new String(b, StandardCharsets.UTF_8)).orElse("none");
        boolean optedIn = stores.scheduled("capture").stream().anyMatch(s -> s.projectId().equals(projectId));
        String history = calls.call("GET", "/graph/integrations/capture/history/{projectId}", null, "Viewer").text();
        String badge = calls.call("GET", "/graph/integrations/capture/badge/{projectId}", null, "Viewer").text();
        return new Visible(String.join("\n", graph), state.map(Object::toString).orElse("none"), snapshot, optedIn,
                history, badge);
    }

    /** A project with an earlier import of {@link IntegrationRoutesTest#STUDY} and one recorded audit. */
    private IntegrationCalls earlierImport(WriteFaults faults) {
        IntegrationCalls calls = new IntegrationCalls(faults.services);
        Result first = calls.call("POST", "/graph/integrations/capture/import/{projectId}",
                body(IntegrationRoutesTest.STUDY, false), "Admin");
        assertEquals(200, first.status(), first.toString());
        Result audit = calls.call("POST", "/graph/integrations/capture/audit/{projectId}", Json.write(Json.object()
                .put("recordHistory", true).set("artifacts", Json.object().put("data_dictionary", LATER))), "Viewer");
        assertEquals(200, audit.status(), audit.toString());
        return calls;
    }

    @Test
    void aStorageFaultAtAnyWriteStepLeavesNothingVisible() {
        WriteFaults faults = new WriteFaults();
        // a clean run: how many write calls the later import makes, and what it makes visible
        IntegrationCalls reference = earlierImport(faults);
        Visible before = visible(reference);
        int start = faults.writes();
        Result ok = reference.call("POST", "/graph/integrations/capture/import/{projectId}", body(LATER, true),
                "Admin");
        assertEquals(200, ok.status(), ok.toString());
        int steps = faults.writes() - start;
        Visible after = visible(reference);
        assertNotEquals(before.graph(), after.graph());
        assertNotEquals(before.state(), after.state());
        assertEquals(LATER, after.snapshot());
        assertTrue(after.optedIn());

        int refused = 0;
        for (int n = 1; n <= steps; n++) {
            IntegrationCalls calls = earlierImport(faults);
            Visible earlier = visible(calls);
            faults.failWrite(n);
            Result r = calls.call("POST", "/graph/integrations/capture/import/{projectId}", body(LATER, true),
                    "Admin");
            faults.off();
            Visible now = visible(calls);
            System.out.printf("ImportAllOrNothingTest: write %d (%s): %d%n", n, faults.failed(), r.status());
            if (r.status() == 200) {
                // the fault hit a step the import does not depend on (an unreferenced object's clean-up) or one
                // the store retried: then everything is visible
                assertEquals(LATER, now.snapshot(), "write " + n);
                assertTrue(now.optedIn(), "write " + n);
                assertNotEquals(earlier.graph(), now.graph(), "write " + n);
                continue;
            }
            refused++;
            assertTrue(r.status() >= 500, "write " + n + ": " + r);
            assertEquals(earlier, now, "write " + n + " of " + steps + " failed and left a partial import: " + r);
            assertEquals(IntegrationRoutesTest.STUDY, now.snapshot());
        }
        System.out.printf("ImportAllOrNothingTest: %d write calls per import, %d faults refused with nothing"
                + " visible, %d absorbed with everything visible%n", steps, refused, steps - refused);
        assertTrue(refused >= 3, "the snapshot, graph and commit steps each refuse on a fault: " + refused);
    }

    @Test
    void theStateNamesItsOwnSnapshotSoAReplacedOneIsNeverRead() {
        IntegrationCalls calls = new IntegrationCalls();
        calls.call("POST", "/graph/integrations/capture/import/{projectId}", body(IntegrationRoutesTest.STUDY, false),
                "Admin");
        ImportState first = stores.lastImport(calls.projectId(), "capture", Optional.empty()).orElseThrow();
        calls.call("POST", "/graph/integrations/capture/import/{projectId}", body(LATER, false), "Admin");
        ImportState second = stores.lastImport(calls.projectId(), "capture", Optional.empty()).orElseThrow();
        assertNotEquals(first.snapshotKey(), second.snapshotKey());
        assertArrayEquals(LATER.getBytes(StandardCharsets.UTF_8), stores.snapshot(calls.projectId(), second)
                .orElseThrow());
        assertTrue(stores.snapshot(calls.projectId(), first).isEmpty(), "the replaced snapshot is deleted");
    }
}
