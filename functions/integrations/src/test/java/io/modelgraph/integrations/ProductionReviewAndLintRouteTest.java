package io.modelgraph.integrations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.integrations.IntegrationCalls.Result;
import io.modelgraph.json.Json;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Each production-change and lint rule through the route: a fixture (a dictionary pair for the review, one
 * dictionary for a lint rule) that triggers exactly that code in its section.
 */
class ProductionReviewAndLintRouteTest {
    static final String BASE = IntegrationRoutesTest.HEADER + "\n"
            + "record_id,form_a,,text,Record ID,,,,,,,,,,,,,\n"
            + "age,form_a,,text,Age,,,integer,0,120,,,,,,,,\n"
            + "dob,form_a,,text,Date of birth,,,date_ymd,1900-01-01,today,,,,,,,,\n"
            + "sex,form_a,,radio,Sex,\"1, Female | 2, Male\",,,,,,,,,,,,\n"
            + "smoker,form_a,,yesno,Smoker,,,,,,,,,,,,,\n"
            + "packs,form_a,,text,Packs,,,integer,,,,[smoker] = '1',,,,,,\n"
            + "bmi,form_b,,calc,BMI,[age] * 2,,,,,,,,,,,,\n"
            + "note,form_b,,notes,Notes about [age],,,,,,,,,,,,,\n";

    static final Set<String> LINT = Set.of("invalid-variable-name", "duplicate-variable", "logic-unknown-variable",
            "calc-unknown-variable", "piping-unknown-variable", "min-greater-than-max", "date-bound-format",
            "duplicate-choice-codes");

    private static ObjectNode body(String csv) {
        ObjectNode b = Json.object();
        b.set("artifacts", Json.object().put("data_dictionary", csv));
        return b;
    }

    private static Set<String> codes(JsonNode report, String section) {
        Set<String> out = new TreeSet<>();
        report.path("findings").forEach(f -> {
            if (f.path("section").asText().equals(section)) {
                out.add(f.path("code").asText());
            }
        });
        return out;
    }

    @Test
    void eachProductionChangeRuleHasAFixturePairThatTriggersExactlyItsCode() {
        Map<String, String> fixtures = new LinkedHashMap<>();
        fixtures.put("production-field-deleted", BASE.replace("note,form_b,,notes,Notes about [age],,,,,,,,,,,,,\n",
                ""));
        fixtures.put("production-field-type-changed", BASE.replace("sex,form_a,,radio", "sex,form_a,,dropdown"));
        fixtures.put("production-validation-changed", BASE.replace("date_ymd,1900-01-01", "date_dmy,1900-01-01"));
        fixtures.put("production-choice-removed", BASE.replace("\"1, Female | 2, Male\"", "\"1, Female\""));
        fixtures.put("production-choice-relabelled", BASE.replace("\"1, Female | 2, Male\"",
                "\"1, Woman | 2, Male\""));
        fixtures.put("production-field-moved", BASE.replace("note,form_b,,notes,Notes about [age],,,,,,,,,,,,,\n", "")
                .replace("bmi,form_b", "note,form_a,,notes,Notes about [age],,,,,,,,,,,,,\nbmi,form_b"));
        fixtures.put("production-field-added", BASE + "weight,form_b,,text,Weight,,,number,,,,,,,,,,\n");
        fixtures.put("production-choice-added", BASE.replace("\"1, Female | 2, Male\"",
                "\"1, Female | 2, Male | 3, Other\""));
        IntegrationCalls calls = new IntegrationCalls();
        assertEquals(200, calls.call("POST", "/graph/integrations/capture/import/{projectId}", Json.write(body(BASE)),
                "Admin").status());
        ObjectNode same = body(BASE).put("productionReview", true);
        Result unchanged = calls.call("POST", "/graph/integrations/capture/audit/{projectId}", Json.write(same),
                "Viewer");
        assertEquals(200, unchanged.status(), unchanged.toString());
        assertEquals(Set.of(), codes(unchanged.body(), "Production"));
        assertEquals("0 critical, 0 approved automatically", unchanged.body().path("metrics")
                .path("Production review").asText());
        assertEquals(0, unchanged.body().path("errorCount").asInt(), unchanged.toString());
        for (Map.Entry<String, String> f : fixtures.entrySet()) {
            ObjectNode b = body(f.getValue()).put("productionReview", true);
            Result r = calls.call("POST", "/graph/integrations/capture/audit/{projectId}", Json.write(b), "Viewer");
            assertEquals(200, r.status(), r.toString());
            assertEquals(Set.of(f.getKey()), codes(r.body(), "Production"), f.getKey() + ": " + r);
            boolean critical = !f.getKey().endsWith("-added");
            long productionErrors = 0;
            for (JsonNode finding : r.body().path("findings")) {
                if (finding.path("section").asText().equals("Production")) {
                    assertEquals(critical ? "Error" : "Info", finding.path("severity").asText(), f.getKey());
                    productionErrors += critical ? 1 : 0;
                }
            }
            // critical changes count in errorCount (and so the badge), next to the governance findings
            assertTrue(r.body().path("errorCount").asInt() >= productionErrors, r.toString());
            assertEquals(critical, productionErrors > 0, f.getKey());
            assertTrue(r.body().path("markdown").asText().contains("### Production"), r.toString());
            // the /v1 route offers the same review, for CI
            Result ci = calls.callWithKey("POST", "/v1/{projectId}/integrations/capture/audit", Json.write(b),
                    "Viewer");
            assertEquals(200, ci.status(), ci.toString());
            assertEquals(Set.of(f.getKey()), codes(ci.body().path("data"), "Production"), ci.toString());
        }
    }

    @Test
    void theReviewNeedsAStoredSnapshot() {
        IntegrationCalls calls = new IntegrationCalls();
        Result r = calls.call("POST", "/graph/integrations/capture/audit/{projectId}",
                Json.write(body(BASE).put("productionReview", true)), "Viewer");
        assertEquals(404, r.status(), r.toString());
        assertEquals("productionReview", r.firstPath());
    }

    @Test
    void eachLintRuleHasAFixtureThatTriggersExactlyItsCode() {
        Map<String, String> fixtures = new LinkedHashMap<>();
        fixtures.put("invalid-variable-name", BASE.replace("smoker,form_a,,yesno", "smoker,form_a,,yesno")
                .replace("note,form_b", "Note,form_b"));
        fixtures.put("duplicate-variable", BASE.replace("bmi,form_b", "note,form_b,,notes,Again,,,,,,,,,,,,,\nbmi,form_b"));
        fixtures.put("logic-unknown-variable", BASE.replace("[smoker] = '1'", "[smokes] = '1'"));
        fixtures.put("calc-unknown-variable", BASE.replace("[age] * 2", "[height] * 2"));
        fixtures.put("piping-unknown-variable", BASE.replace("Notes about [age]", "Notes about [agee]"));
        fixtures.put("min-greater-than-max", BASE.replace("integer,0,120", "integer,120,0"));
        fixtures.put("date-bound-format", BASE.replace("date_ymd,1900-01-01", "date_ymd,01/01/1900"));
        fixtures.put("duplicate-choice-codes", BASE.replace("\"1, Female | 2, Male\"", "\"1, Female | 1, Male\""));
        IntegrationCalls calls = new IntegrationCalls();
        Result clean = calls.call("POST", "/graph/integrations/capture/audit/{projectId}", Json.write(body(BASE)),
                "Viewer");
        assertEquals(Set.of(), lint(clean.body()), clean.toString());
        for (Map.Entry<String, String> f : fixtures.entrySet()) {
            Result r = calls.call("POST", "/graph/integrations/capture/audit/{projectId}", Json.write(body(f.getValue())),
                    "Viewer");
            assertEquals(200, r.status(), r.toString());
            assertEquals(Set.of(f.getKey()), lint(r.body()), f.getKey() + ": " + r);
        }
    }

    private static Set<String> lint(JsonNode report) {
        Set<String> out = new TreeSet<>(codes(report, "Conformance"));
        out.retainAll(LINT);
        return out;
    }
}
