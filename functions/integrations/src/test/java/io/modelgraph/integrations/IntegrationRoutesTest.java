package io.modelgraph.integrations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.integrations.IntegrationCalls.Result;
import io.modelgraph.json.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** Every integration route, rule and message on the real stores (DynamoDB Local, S3Proxy). */
class IntegrationRoutesTest {
    static final String HEADER = "\"Variable / Field Name\",\"Form Name\",\"Section Header\",\"Field Type\","
            + "\"Field Label\",\"Choices, Calculations, OR Slider Labels\",\"Field Note\","
            + "\"Text Validation Type OR Show Slider Number\",\"Text Validation Min\",\"Text Validation Max\","
            + "Identifier?,\"Branching Logic (Show field only if...)\",\"Required Field?\",\"Custom Alignment\","
            + "\"Question Number (surveys only)\",\"Matrix Group Name\",\"Matrix Ranking?\",\"Field Annotation\"";
    static final String STUDY = HEADER + "\n"
            + "record_id,demographics,,text,\"Study ID\",,,,,,,,,,,,,\n"
            + "name_first,demographics,,text,\"First name\",,,,,,y,,y,,,,,\n"
            + "sex,demographics,,radio,Sex,\"0, Female | 1, Male\",,,,,,,y,,,,,\n"
            + "weight,visits,,text,\"Weight (kg)\",,,number,2,300,,,,,,,,\n";

    private final IntegrationCalls calls = new IntegrationCalls();

    private static String artifacts(String csv) {
        return Json.write(Json.object().set("artifacts", Json.object().put("data_dictionary", csv)));
    }

    private Result importStudy(String csv) {
        return calls.call("POST", "/graph/integrations/capture/import/{projectId}", artifacts(csv), "Admin");
    }

    @Test
    void vendorsListsTheConnector() {
        Result r = calls.call("GET", "/graph/integrations/vendors", null, "Viewer");
        assertEquals(200, r.status(), r.toString());
        JsonNode capture = r.body().path("vendors").get(0);
        assertEquals("capture", capture.path("key").asText());
        assertEquals("Import, Audit, Generate", capture.path("capabilities").asText());
        assertTrue(capture.path("artifacts").has("data_dictionary"));
    }

    @Test
    void unknownVendorAndMissingArtifactsGetTheDocumentedMessages() {
        Result unknown = calls.call("POST", "/graph/integrations/nope/audit/{projectId}", artifacts(STUDY), "Viewer");
        assertEquals(404, unknown.status(), unknown.toString());
        assertEquals("Unknown vendor 'nope'. Registered: capture.", unknown.firstMessage());
        Result missing = calls.call("POST", "/graph/integrations/capture/import/{projectId}", "{}", "Admin");
        assertEquals(400, missing.status());
        assertTrue(missing.firstMessage().contains("'artifacts'") && missing.firstMessage().contains("data_dictionary"),
                missing.toString());
    }

    @Test
    void importTwiceAddsNothingTheSecondTimeThenAuditIsClean() {
        Result first = importStudy(STUDY);
        assertEquals(200, first.status(), first.toString());
        assertEquals(2, first.body().path("datasetsAdded").asInt());
        assertEquals(0, first.body().path("fieldsAdded").asInt());
        assertEquals(6, first.body().path("nodesEnriched").asInt(), "2 datasets + 4 variables");
        assertTrue(first.body().path("snapshotStored").asBoolean());
        Result second = importStudy(STUDY);
        assertEquals(0, second.body().path("datasetsAdded").asInt(), second.toString());
        assertEquals(2, second.body().path("datasetsSkippedExisting").asInt());
        assertEquals(0, second.body().path("fieldsAdded").asInt());

        Result audit = calls.call("POST", "/graph/integrations/capture/audit/{projectId}", artifacts(STUDY), "Viewer");
        assertEquals(200, audit.status(), audit.toString());
        assertEquals(0, audit.body().path("errorCount").asInt(), audit.toString());
        assertEquals(0, audit.body().path("warningCount").asInt(), audit.toString());
        assertEquals("2", audit.body().path("metrics").path("Datasets governed").asText());
        assertFalse(audit.body().path("historyRecorded").asBoolean());
        assertTrue(audit.body().path("markdown").asText().startsWith("## capture audit"));
    }

    @Test
    void eachKindOfDriftThroughTheRouteGivesExactlyItsCode() {
        importStudy(STUDY);
        String drifted = STUDY.replace("weight,visits,,text,\"Weight (kg)\",,,number,2,300",
                        "weight,visits,,text,\"Weight (kg)\",,,date_ymd,,")
                .replace("\"0, Female | 1, Male\"", "\"0, Female | 2, Other\"")
                .replace("name_first,demographics,,text,\"First name\",,,,,,y,,y,,,,,\n", "")
                + "height,visits,,text,Height,,,number,,,,,,,,,,\n"
                + "consent,consent_form,,yesno,Consent,,,,,,,,,,,,,\n";
        Result r = calls.call("POST", "/graph/integrations/capture/audit/{projectId}", artifacts(drifted), "Viewer");
        assertEquals(200, r.status(), r.toString());
        JsonNode codes = r.body().path("codes");
        assertEquals(1, codes.path("field-type-drift").asInt(), r.toString());
        assertEquals(1, codes.path("contract-drift").asInt(), "weight lost its min and max: " + r);
        assertEquals(1, codes.path("enum-widened").asInt());
        assertEquals(1, codes.path("enum-narrowed").asInt());
        assertEquals(1, codes.path("field-removed").asInt());
        assertEquals(1, codes.path("field-unmapped").asInt());
        assertEquals(1, codes.path("dataset-unmapped").asInt());
        assertEquals(7, codes.size() - (codes.has("phi-fields") ? 1 : 0) - (codes.has("text-no-validation") ? 1 : 0)
                - (codes.has("upload-check") ? 1 : 0), codes.toString());
        assertTrue(r.body().path("errorCount").asInt() > 0);
        assertTrue(r.body().path("markdown").asText().contains("### Drift"));
    }

    @Test
    void aNewChoiceFieldOnAGovernedDatasetIsGraftedWithoutItsTaxonomy() {
        importStudy(STUDY);
        Result r = importStudy(STUDY + "smoker,visits,,radio,Smoker,\"1, Yes | 0, No\",,,,,,,,,,,,\n");
        assertEquals(1, r.body().path("fieldsAdded").asInt(), r.toString());
        assertEquals("ConstraintRelaxation", r.body().path("lossiness").get(0).path("kind").asText());
        Result audit = calls.call("POST", "/graph/integrations/capture/audit/{projectId}",
                artifacts(STUDY + "smoker,visits,,radio,Smoker,\"1, Yes | 0, No\",,,,,,,,,,,,\n"), "Viewer");
        assertEquals(1, audit.body().path("codes").path("field-type-drift").asInt(), "the audit reports the gap");
    }

    @Test
    void malformedDictionaryIsRefusedAndNothingIsWritten() {
        Result r = importStudy(HEADER + "\nrecord_id,demographics,,text\n");
        assertEquals(400, r.status(), r.toString());
        assertTrue(r.firstPath().contains("row 2"), r.toString());
        Result status = calls.call("GET", "/graph/integrations/capture/status/{projectId}", null, "Viewer");
        assertFalse(status.body().path("imported").asBoolean(), status.toString());
        assertEquals(0, status.body().path("governedDatasets").asInt());
    }

    @Test
    void historyBadgeAndReaudit() {
        Result none = calls.call("POST", "/graph/integrations/capture/reaudit/{projectId}", "{}", "Viewer");
        assertEquals(404, none.status(), none.toString());
        assertEquals("No stored estate snapshot for vendor 'capture' - import the vendor project first (imports"
                + " persist the parsed snapshot).", none.firstMessage());
        Result grey = calls.call("GET", "/graph/integrations/capture/badge/{projectId}", null, "Viewer");
        assertEquals(200, grey.status());
        assertTrue(grey.header("Content-Type").startsWith("image/svg+xml"));
        assertTrue(grey.header("Cache-Control").contains("no-cache"));
        assertTrue(grey.text().contains("#9f9f9f"));

        importStudy(STUDY);
        Result recorded = calls.call("POST", "/graph/integrations/capture/audit/{projectId}",
                Json.write(Json.object().put("recordHistory", true).set("artifacts", Json.object()
                        .put("data_dictionary", STUDY.replace("\"0, Female | 1, Male\"", "\"0, Female\"")))),
                "Viewer");
        assertTrue(recorded.body().path("historyRecorded").asBoolean(), recorded.toString());
        assertTrue(calls.call("GET", "/graph/integrations/capture/badge/{projectId}", null, "Viewer").text()
                .contains("#dfb317"), "enum-narrowed is a warning");

        Result reaudit = calls.call("POST", "/graph/integrations/capture/reaudit/{projectId}",
                "{\"projectName\": null}", "Viewer");
        assertEquals(200, reaudit.status(), reaudit.toString());
        assertTrue(reaudit.body().path("metrics").has("Snapshot stored"));
        assertTrue(calls.call("GET", "/graph/integrations/capture/badge/{projectId}", null, "Viewer").text()
                .contains("#4c1"), "the stored snapshot is clean");

        JsonNode runs = calls.call("GET", "/graph/integrations/capture/history/{projectId}", null, "Viewer").body()
                .path("projects").get(0).path("runs");
        assertEquals(List.of("reaudit", "audit"), List.of(runs.get(0).path("trigger").asText(),
                runs.get(1).path("trigger").asText()));
    }

    @Test
    void machineAuditUsesTheV1EnvelopeAndRecordsCi() {
        importStudy(STUDY);
        Result r = calls.callWithKey("POST", "/v1/{projectId}/integrations/capture/audit",
                Json.write(Json.object().put("recordHistory", true).set("artifacts", Json.object()
                        .put("data_dictionary", STUDY.replace("number,2,300", "date_ymd,,")))), "Viewer");
        assertEquals(200, r.status(), r.toString());
        assertTrue(r.body().path("success").asBoolean());
        assertTrue(r.body().path("data").path("errorCount").asInt() > 0, "field-type-drift is an error");
        Result badge = calls.callWithKey("GET", "/v1/{projectId}/integrations/capture/badge", null, "Viewer");
        assertTrue(badge.text().contains("#e05d44"), badge.toString());
        JsonNode runs = calls.call("GET", "/graph/integrations/capture/history/{projectId}", null, "Viewer").body()
                .path("projects").get(0).path("runs");
        assertEquals("ci", runs.get(0).path("trigger").asText());
    }

    @Test
    void generateThenImportIntoAnEmptyProjectThenAuditHasNoDrift() {
        Result empty = calls.call("POST", "/graph/integrations/capture/generate/{projectId}", "{}", "Viewer");
        assertEquals(400, empty.status(), empty.toString());
        assertEquals("No eligible governed fields found to emit as a data dictionary.", empty.firstMessage());
        importStudy(STUDY);
        Result generated = calls.call("POST", "/graph/integrations/capture/generate/{projectId}", "{}", "Viewer");
        assertEquals(200, generated.status(), generated.toString());
        JsonNode artifact = generated.body().path("artifacts").get(0);
        assertEquals("service_data_dictionary.csv", artifact.path("name").asText());
        assertEquals("csv", artifact.path("kind").asText());

        IntegrationCalls other = new IntegrationCalls();
        String csv = artifact.path("content").asText();
        assertEquals(200, other.call("POST", "/graph/integrations/capture/import/{projectId}", artifacts(csv), "Admin")
                .status());
        Result audit = other.call("POST", "/graph/integrations/capture/audit/{projectId}", artifacts(csv), "Viewer");
        assertEquals(0, audit.body().path("driftedObjects").size(), audit.toString());
        assertEquals(0, audit.body().path("errorCount").asInt(), audit.toString());
    }

    @Test
    void historyKeepsFiftyRunsUnderSixtyConcurrentAudits() throws Exception {
        importStudy(STUDY);
        ExecutorService pool = Executors.newFixedThreadPool(12);
        List<Future<Result>> futures = new ArrayList<>();
        String body = Json.write(Json.object().put("recordHistory", true).set("artifacts", Json.object()
                .put("data_dictionary", STUDY)));
        for (int i = 0; i < 60; i++) {
            futures.add(pool.submit(() -> calls.call("POST", "/graph/integrations/capture/audit/{projectId}", body,
                    "Viewer")));
        }
        for (Future<Result> f : futures) {
            assertEquals(200, f.get().status(), f.get().toString());
        }
        pool.shutdown();
        JsonNode runs = calls.call("GET", "/graph/integrations/capture/history/{projectId}", null, "Viewer").body()
                .path("projects").get(0).path("runs");
        assertEquals(50, runs.size());
    }

    @Test
    void scheduledReauditRunsOnlyForProjectsThatOptedIn() {
        Result optedIn = calls.call("POST", "/graph/integrations/capture/import/{projectId}", Json.write(Json.object()
                .put("scheduledReaudit", true).set("artifacts", Json.object().put("data_dictionary", STUDY))),
                "Admin");
        assertEquals(200, optedIn.status(), optedIn.toString());
        IntegrationCalls other = new IntegrationCalls();
        other.call("POST", "/graph/integrations/capture/import/{projectId}", artifacts(STUDY), "Admin");
        new ScheduledReauditHandler(io.modelgraph.store.TestStores.services()).handleRequest(java.util.Map.of(),
                null);
        JsonNode runs = calls.call("GET", "/graph/integrations/capture/history/{projectId}", null, "Viewer").body()
                .path("projects").get(0).path("runs");
        assertEquals("scheduled", runs.get(0).path("trigger").asText(), runs.toString());
        assertEquals(0, other.call("GET", "/graph/integrations/capture/history/{projectId}", null, "Viewer").body()
                .path("projects").size());
    }

    @Test
    void importNeedsAdmin() {
        assertEquals(401, calls.call("POST", "/graph/integrations/capture/import/{projectId}", artifacts(STUDY),
                "Editor").status());
        assertEquals(401, calls.call("POST", "/graph/integrations/capture/audit/{projectId}", artifacts(STUDY),
                null).status());
    }
}
