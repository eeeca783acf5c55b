package io.modelgraph.integrations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.integrations.IntegrationCalls.Result;
import io.modelgraph.integrations.capture.Badge;
import io.modelgraph.json.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * The badge under 60 concurrent recorded audits and imports (docs/integrations.md "History, badge, status,
 * generate"): every badge read shows one complete audit (the counts of a clean or of a drifted dictionary, or no run
 * yet), and afterwards the badge shows the newest run of the history.
 */
class BadgeUnderConcurrencyTest {
    private static final String DRIFTED = IntegrationRoutesTest.STUDY.replace("\"0, Female | 1, Male\"",
            "\"0, Female | 1, Male | 2, Other\"");

    private final IntegrationCalls calls = new IntegrationCalls();

    private static String audit(String csv) {
        return Json.write(Json.object().put("recordHistory", true).set("artifacts", Json.object()
                .put("data_dictionary", csv)));
    }

    private Badge.State counts(String csv) {
        Result r = calls.call("POST", "/graph/integrations/capture/audit/{projectId}", Json.write(Json.object()
                .set("artifacts", Json.object().put("data_dictionary", csv))), "Viewer");
        assertEquals(200, r.status(), r.toString());
        return new Badge.State(true, r.body().path("errorCount").asInt(), r.body().path("warningCount").asInt());
    }

    @Test
    void theBadgeAlwaysShowsOneCompleteAuditAndEndsOnTheNewest() throws Exception {
        String study = Json.write(Json.object().set("artifacts", Json.object()
                .put("data_dictionary", IntegrationRoutesTest.STUDY)));
        assertEquals(200, calls.call("POST", "/graph/integrations/capture/import/{projectId}", study, "Admin")
                .status());
        Badge.State clean = counts(IntegrationRoutesTest.STUDY);
        Badge.State drifted = counts(DRIFTED);
        assertTrue(drifted.errors() > 0 && clean.errors() == 0, clean + " " + drifted);
        Set<String> complete = Set.of(Badge.svg(Badge.State.NO_RUNS), Badge.svg(clean), Badge.svg(drifted));

        ExecutorService pool = Executors.newFixedThreadPool(12);
        List<Future<Result>> writes = new ArrayList<>();
        List<Future<Result>> badges = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            if (i % 6 == 5) { // every sixth an import of the same dictionary: the governed model does not change
                writes.add(pool.submit(() -> calls.call("POST", "/graph/integrations/capture/import/{projectId}",
                        study, "Admin")));
            } else {
                String body = audit(i % 2 == 0 ? IntegrationRoutesTest.STUDY : DRIFTED);
                writes.add(pool.submit(() -> calls.call("POST", "/graph/integrations/capture/audit/{projectId}",
                        body, "Viewer")));
            }
            badges.add(pool.submit(() -> calls.call("GET", "/graph/integrations/capture/badge/{projectId}", null,
                    "Viewer")));
        }
        for (Future<Result> f : writes) {
            Result r = f.get();
            assertTrue(r.status() == 200 || r.status() == 409, r.toString()); // 409: another import held the graph
        }
        for (Future<Result> f : badges) {
            Result r = f.get();
            assertEquals(200, r.status(), r.toString());
            assertTrue(complete.contains(r.text()), "a badge that is no complete audit: " + r.text());
        }
        pool.shutdown();

        JsonNode newest = calls.call("GET", "/graph/integrations/capture/history/{projectId}", null, "Viewer").body()
                .path("projects").get(0).path("runs").get(0);
        String expected = Badge.svg(new Badge.State(true, newest.path("errorCount").asInt(),
                newest.path("warningCount").asInt()));
        assertEquals(expected, calls.call("GET", "/graph/integrations/capture/badge/{projectId}", null, "Viewer")
                .text(), "the badge shows the newest run");
        assertEquals(expected, calls.callWithKey("GET", "/v1/{projectId}/integrations/capture/badge", null, "Viewer")
                .text());
    }
}
