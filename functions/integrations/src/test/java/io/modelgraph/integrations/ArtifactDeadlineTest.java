package io.modelgraph.integrations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelgraph.codec.ParseDeadline;
import io.modelgraph.integrations.IntegrationCalls.Result;
import io.modelgraph.json.Json;
import org.junit.jupiter.api.Test;

/**
 * Reading a caller's data dictionary runs under the decode deadline on every route that reads one: a CSV still being
 * read when it passes answers 413 naming the limit, and nothing is written (docs/reliability.md).
 */
class ArtifactDeadlineTest {
    private static final String HEADER = "\"Variable / Field Name\",\"Form Name\",\"Section Header\",\"Field Type\","
            + "\"Field Label\",\"Choices, Calculations, OR Slider Labels\",\"Field Note\","
            + "\"Text Validation Type OR Show Slider Number\",\"Text Validation Min\",\"Text Validation Max\","
            + "Identifier?,\"Branching Logic (Show field only if...)\",\"Required Field?\",\"Custom Alignment\","
            + "\"Question Number (surveys only)\",\"Matrix Group Name\",\"Matrix Ranking?\",\"Field Annotation\"";

    /** {@code fields} text fields on one form: far more than a millisecond of reading. */
    private static String dictionary(int fields) {
        StringBuilder b = new StringBuilder(HEADER).append("\nrecord_id,visits,,text,\"Study ID\",,,,,,,,,,,,,\n");
        for (int i = 0; i < fields; i++) {
            b.append("f").append(i).append(",visits,,text,\"Field ").append(i).append("\",,,,,,,,,,,,,\n");
        }
        return b.toString();
    }

    private static String artifacts(String csv) {
        return Json.write(Json.object().set("artifacts", Json.object().put("data_dictionary", csv)));
    }

    private static void assertPastTheDeadline(Result r) {
        assertEquals(413, r.status(), r.toString());
        assertEquals("artifacts", r.firstPath(), r.toString());
        assertTrue(r.firstMessage().contains("decode time limit of 1 ms"), r.firstMessage());
    }

    @Test
    void anImportAndAnAuditStillReadingAtTheDeadlineAnswer413AndWriteNothing() {
        IntegrationCalls calls = new IntegrationCalls(new ParseDeadline(1));
        String csv = artifacts(dictionary(20_000));
        assertPastTheDeadline(calls.call("POST", "/graph/integrations/capture/import/{projectId}", csv, "Admin"));
        assertPastTheDeadline(calls.call("POST", "/graph/integrations/capture/audit/{projectId}",
                Json.write(Json.object().put("recordHistory", true).set("artifacts", Json.object()
                        .put("data_dictionary", dictionary(20_000)))), "Admin"));
        Result machine = calls.callWithKey("POST", "/v1/{projectId}/integrations/capture/audit", csv, "Viewer");
        assertEquals(413, machine.status(), machine.toString());
        assertTrue(machine.body().path("error").path("message").asText().startsWith("artifacts: Could not read the "
                + "REDCap data dictionary within the decode time limit of 1 ms"), machine.toString());

        Result status = calls.call("GET", "/graph/integrations/capture/status/{projectId}", null, "Viewer");
        assertEquals(200, status.status(), status.toString());
        assertFalse(status.body().path("imported").asBoolean(true), status.toString());
        Result history = calls.call("GET", "/graph/integrations/capture/history/{projectId}", null, "Viewer");
        assertEquals(200, history.status(), history.toString());
        assertEquals(0, history.body().path("projects").size(), "no audit was recorded: " + history);
        assertTrue(history.body().path("projects").isArray(), history.toString());
    }

    @Test
    void aDictionaryReadWithinTheDeadlineImports() {
        IntegrationCalls calls = new IntegrationCalls(new ParseDeadline(ParseDeadline.DEFAULT_MILLIS));
        Result r = calls.call("POST", "/graph/integrations/capture/import/{projectId}", artifacts(dictionary(3)),
                "Admin");
        assertEquals(200, r.status(), r.toString());
    }
}
