package io.modelgraph.transform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.http.ApiRequest;
import io.modelgraph.http.Router;
import io.modelgraph.http.TestEvents;
import io.modelgraph.jobs.JobRecord;
import io.modelgraph.jobs.JobState;
import io.modelgraph.jobs.WriteBudget;
import io.modelgraph.jobs.WriteRate;
import io.modelgraph.json.Json;
import io.modelgraph.platform.Services;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The deadline is checked after decoding and before planning (docs/graph.md#time-budget-and-jobs): an import whose decode left too little of
 * the request for its model is answered 202 before the spaces are read (its job's size is the decoded model's
 * definitions, not a planned change set), and the job answers the synchronous envelope. A small model at the same
 * deadline is written inline.
 */
class DecodeBudgetTest {
    private final Services services = TransformCalls.services();
    private final List<String> launched = new ArrayList<>();
    private final Router router = TransformHandler.routes(services, Optional.empty(),
            Optional.of((projectId, jobId) -> launched.add(jobId)));

    /** {@code types} Types of one string property each: 2 x types definitions. */
    static String schema(int types) {
        Map<String, Object> defs = new LinkedHashMap<>();
        for (int i = 0; i < types; i++) {
            defs.put("T" + i, Map.of("type", "object", "properties", Map.of("p", Map.of("type", "string"))));
        }
        return Json.write(Map.of("$schema", "https://json-schema.org/draft/2020-12/schema", "$defs", defs));
    }

    private APIGatewayV2HTTPResponse importSchema(String project, String schema, WriteBudget budget) {
        APIGatewayV2HTTPEvent event = TestEvents.event("POST", "/graph/transform/schema/import/" + project, "",
                Json.write(Map.of("format", "jsonschema", "schema", schema)), Map.of(),
                TestEvents.claims("alice", project, "Admin"));
        return router.dispatch(ApiRequest.from(event), budget);
    }

    /** 50 units per second: 4 s after the write reserve hold 200 units at the rate itself. */
    static final WriteRate RATE = new WriteRate(50, 3);

    static WriteBudget fourSecondsLeft() {
        return WriteBudget.request(WriteBudget.RESERVE_MILLIS + 4_000, RATE);
    }

    @Test
    void aModelTheTimeLeftCannotPlanAndWriteBecomesAJobBeforeItsSpacesAreRead() throws Exception {
        String project = TransformCalls.newProjectId();
        String large = schema(300); // 600 definitions: 12 s at the rate
        APIGatewayV2HTTPResponse accepted = importSchema(project, large, fourSecondsLeft());
        assertEquals(202, accepted.getStatusCode(), accepted.getBody());
        JsonNode job = Json.parse(accepted.getBody()).path("job");
        // judged by the decoded model (600 definitions), before any plan (which would count relations and values too)
        assertEquals(600, job.path("changes").asInt(), accepted.getBody());
        assertEquals(List.of(job.path("jobId").asText()), launched);

        JobRecord done = new TransformJobHandler(services, RATE)
                .run(project, job.path("jobId").asText(), 900_000).orElseThrow();
        assertEquals(JobState.done, done.state());
        String other = TransformCalls.newProjectId();
        APIGatewayV2HTTPResponse sync = importSchema(other, large, WriteBudget.unbounded());
        assertEquals(200, sync.getStatusCode(), sync.getBody());
        JsonNode shown = Json.parse(router.dispatch(ApiRequest.from(TestEvents.event("GET",
                "/graph/transform/jobs/" + project + "/" + job.path("jobId").asText(), "", null, Map.of(),
                TestEvents.claims("alice", project, "Admin")))).getBody()).path("job");
        assertEquals(200, shown.path("statusCode").asInt(), shown.toString());
        assertEquals(Json.parse(sync.getBody().replace(other, project)), shown.path("result"));

        // a small model at the same deadline is planned and written inline
        String small = TransformCalls.newProjectId();
        APIGatewayV2HTTPResponse inline = importSchema(small, schema(2), fourSecondsLeft());
        assertEquals(200, inline.getStatusCode(), inline.getBody());
        assertTrue(Json.parse(inline.getBody()).path("success").asBoolean(), inline.getBody());
        assertEquals(1, launched.size(), "no second job");
    }
}
