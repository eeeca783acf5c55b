package io.modelgraph.integrations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.integrations.IntegrationCalls.Result;
import io.modelgraph.json.Json;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * What a new user found with the REDCap connector, each as the route answers it now: generate keeps the live
 * project's codes, types, logic and tags; status counts the import's spaces; reaudit replays the latest stored
 * snapshot; an import keeps the governed contract; a project name too long is refused before anything is written;
 * history is newest first by {@code at}.
 */
class CaptureFindingsRouteTest {
    private static final String HEADER = IntegrationRoutesTest.HEADER;
    /** Codes from 0 and non-numeric codes, a radio, a checkbox, branching logic, an action tag, a calc. */
    static final String LIVE = HEADER + "\n"
            + "record_id,form_1,,text,\"Record ID\",,,,,,,,,,,,,\n"
            + "f_radio,form_1,\"Section A\",radio,\"Radio Buttons\",\"0, Zero | 1, One | 2, Two\",,,,,,,,,,,,\n"
            + "f_drop,form_1,,dropdown,Letters,\"ABC, Alpha | DEF, Delta\",\"pick one\",,,,,,,RH,,,,\n"
            + "smoker,form_1,,yesno,Smoker,,,,,,,,,,,,,@DEFAULT='1'\n"
            + "packs,form_1,,text,Packs,,,integer,0,10,,[smoker] = '1',y,,,,,\n"
            + "f_check,form_1,,checkbox,Symptoms,\"1, Fever | 2, Cough\",,,,,,,,,,,,\n"
            + "intro,form_1,,descriptive,\"<b>Read me</b>\",,,,,,,,,,,,,\n"
            + "total,form_1,,calc,Total,\"[packs] * 2\",,,,,,,,,,,,@HIDDEN\n";

    private final IntegrationCalls calls = new IntegrationCalls();

    private static ObjectNode body(String csv) {
        ObjectNode b = Json.object();
        b.set("artifacts", Json.object().put("data_dictionary", csv));
        return b;
    }

    /** A live Space node of the test's project: an import may write only to spaces that exist. */
    private String newSpace() {
        String id = java.util.UUID.randomUUID().toString();
        io.modelgraph.graph.store.GraphStore.of(io.modelgraph.store.TestStores.services()).apply(calls.projectId(),
                io.modelgraph.graph.GraphChanges.additions(List.of(new io.modelgraph.graph.GraphChanges.NodeUpsert(id,
                        "study", io.modelgraph.graph.NodeType.Space, List.of())), List.of(), List.of()), "tester");
        return id;
    }

    private Result post(String route, ObjectNode body, String role) {
        return calls.call("POST", "/graph/integrations/capture/" + route + "/{projectId}", Json.write(body), role);
    }

    @Test
    void generateKeepsWhatTheLiveProjectUsesAndAuditsCleanAgainstTheSameSpace() throws Exception {
        String space = newSpace();
        ObjectNode importBody = body(LIVE);
        importBody.putArray("spaces").add(space);
        Result imported = post("import", importBody, "Admin");
        assertEquals(200, imported.status(), imported.toString());
        Result generated = post("generate", (ObjectNode) Json.object().set("spaces", Json.array().add(space)),
                "Viewer");
        assertEquals(200, generated.status(), generated.toString());
        assertEquals(0, generated.body().path("lossiness").size(), generated.toString());
        String csv = generated.body().path("artifacts").get(0).path("content").asText();
        assertTrue(csv.contains("f_radio,form_1,Section A,radio,Radio Buttons,\"0, Zero | 1, One | 2, Two\""), csv);
        assertTrue(csv.contains("\"ABC, Alpha | DEF, Delta\",pick one"), csv);
        assertTrue(csv.contains("smoker,form_1,,yesno,Smoker,,,,,,,,,,,,,@DEFAULT='1'"), csv);
        assertTrue(csv.contains("packs,form_1,,text,Packs,,,integer,0,10,,[smoker] = '1',y"), csv);
        assertTrue(csv.contains("f_check,form_1,,checkbox,Symptoms,\"1, Fever | 2, Cough\""), csv);
        assertTrue(csv.contains("intro,form_1,,descriptive,<b>Read me</b>"), csv);
        assertTrue(csv.contains("total,form_1,,calc,Total,[packs] * 2,,,,,,,,,,,,@HIDDEN"), csv);

        ObjectNode auditBody = body(csv);
        auditBody.putArray("spaces").add(space);
        Result audit = post("audit", auditBody, "Viewer");
        assertEquals(200, audit.status(), audit.toString());
        assertEquals(0, audit.body().path("errorCount").asInt(), audit.toString());
        assertEquals(0, audit.body().path("warningCount").asInt(), audit.toString());
    }

    @Test
    void statusCountsTheSpacesTheLastImportWroteTo() {
        String space = newSpace();
        ObjectNode importBody = body(IntegrationRoutesTest.STUDY);
        importBody.putArray("spaces").add(space);
        assertEquals(200, post("import", importBody, "Admin").status());
        Result status = calls.call("GET", "/graph/integrations/capture/status/{projectId}", null, "Viewer");
        assertTrue(status.body().path("imported").asBoolean(), status.toString());
        assertEquals(2, status.body().path("governedDatasets").asInt(), status.toString());
        assertEquals(space, status.body().path("state").path("spaces").path(0).asText());
    }

    @Test
    void reauditWithANullProjectNameReplaysTheLatestStoredSnapshot() {
        ObjectNode first = body(IntegrationRoutesTest.STUDY);
        first.put("projectName", "small");
        assertEquals(200, post("import", first, "Admin").status());
        // over the 1,500,000-byte snapshot cap: 1.6 MB of blanks around a field note (cells are read stripped)
        String big = HEADER + "\nrecord_id,demographics,,text,\"Study ID\",,\"n" + " ".repeat(1_600_000)
                + "\",,,,,,,,,,,\n";
        ObjectNode second = body(big);
        second.put("projectName", "big");
        Result over = post("import", second, "Admin");
        assertEquals(200, over.status(), () -> over.toString().substring(0, Math.min(300, over.toString().length())));
        assertFalse(over.body().path("snapshotStored").asBoolean());
        Result reaudit = calls.call("POST", "/graph/integrations/capture/reaudit/{projectId}",
                "{\"projectName\": null}", "Viewer");
        assertEquals(200, reaudit.status(), reaudit.toString());
        assertEquals("small", reaudit.body().path("projectName").asText());
        Result named = calls.call("POST", "/graph/integrations/capture/reaudit/{projectId}",
                "{\"projectName\": \"big\"}", "Viewer");
        assertEquals(404, named.status(), named.toString());
    }

    @Test
    void anImportOfADriftedDictionaryDoesNotSilenceContractDrift() {
        String governed = IntegrationRoutesTest.STUDY.replace("number,2,300", "number,18,300");
        assertEquals(200, post("import", body(governed), "Admin").status());
        String drifted = IntegrationRoutesTest.STUDY.replace("number,2,300", "number,,300");
        Result before = post("audit", body(drifted), "Viewer");
        assertEquals(1, before.body().path("codes").path("contract-drift").asInt(), before.toString());
        assertEquals(200, post("import", body(drifted), "Admin").status());
        Result after = post("audit", body(drifted), "Viewer");
        assertEquals(1, after.body().path("codes").path("contract-drift").asInt(), after.toString());
    }

    @Test
    void aProjectNameTooLongIsRefusedOnEveryRouteBeforeAnythingIsWritten() {
        String name = "p".repeat(1500);
        ObjectNode importBody = body(IntegrationRoutesTest.STUDY);
        importBody.put("projectName", name);
        Result imported = post("import", importBody, "Admin");
        assertEquals(400, imported.status(), imported.toString());
        assertEquals("projectName", imported.firstPath());
        Result status = calls.call("GET", "/graph/integrations/capture/status/{projectId}", null, "Viewer");
        assertFalse(status.body().path("imported").asBoolean(), status.toString());
        assertEquals(0, status.body().path("governedDatasets").asInt(), "no graph write");
        Result generated = post("generate", Json.object(), "Viewer");
        assertEquals(400, generated.status(), "nothing governed: " + generated);

        ObjectNode auditBody = body(IntegrationRoutesTest.STUDY);
        auditBody.put("projectName", name).put("recordHistory", true);
        assertEquals("projectName", post("audit", auditBody, "Viewer").firstPath());
        Result reaudit = calls.call("POST", "/graph/integrations/capture/reaudit/{projectId}",
                Json.write(Json.object().put("projectName", name)), "Viewer");
        assertEquals(400, reaudit.status(), reaudit.toString());
        Result machine = calls.callWithKey("POST", "/v1/{projectId}/integrations/capture/audit",
                Json.write(auditBody), "Viewer");
        assertEquals(400, machine.status(), machine.toString());
        // the edge check names body members as body.<name> in the v1 envelope; the connector's own check as the member
        assertTrue(machine.body().path("error").path("message").asText().matches("(?s)(body\\.)?projectName: .*"),
                machine.toString());
        ObjectNode control = body(IntegrationRoutesTest.STUDY);
        control.put("projectName", "a\u0001b");
        assertEquals(400, post("import", control, "Admin").status());
        ObjectNode badSpace = body(IntegrationRoutesTest.STUDY);
        badSpace.putArray("spaces").add("ok").add("x".repeat(300));
        Result space = post("import", badSpace, "Admin");
        assertEquals(400, space.status(), space.toString());
        assertEquals("spaces[1]", space.firstPath());
        assertEquals(0, calls.call("GET", "/graph/integrations/capture/history/{projectId}", null, "Viewer").body()
                .path("projects").size());
    }

    @Test
    void historyIsNewestFirstByAtUnderConcurrentAudits() throws Exception {
        assertEquals(200, post("import", body(IntegrationRoutesTest.STUDY), "Admin").status());
        ExecutorService pool = Executors.newFixedThreadPool(12);
        ObjectNode auditBody = body(IntegrationRoutesTest.STUDY);
        auditBody.put("recordHistory", true);
        List<Future<Result>> futures = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            futures.add(pool.submit(() -> post("audit", auditBody, "Viewer")));
        }
        for (Future<Result> f : futures) {
            assertEquals(200, f.get().status(), f.get().toString());
        }
        pool.shutdown();
        JsonNode runs = calls.call("GET", "/graph/integrations/capture/history/{projectId}", null, "Viewer").body()
                .path("projects").get(0).path("runs");
        assertEquals(50, runs.size());
        int inversions = 0;
        for (int i = 1; i < runs.size(); i++) {
            if (Instant.parse(runs.get(i - 1).path("at").asText()).isBefore(Instant.parse(runs.get(i).path("at")
                    .asText()))) {
                inversions++;
            }
        }
        assertEquals(0, inversions, runs.toString());
    }
}
