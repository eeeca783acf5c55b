package io.modelgraph.transform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.graph.store.GraphStore;
import io.modelgraph.http.ApiRequest;
import io.modelgraph.http.Router;
import io.modelgraph.http.TestEvents;
import io.modelgraph.json.Json;
import io.modelgraph.store.HttpFaults;
import io.modelgraph.store.HttpFaults.Fault;
import io.modelgraph.store.TestStores;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * schema/import with DynamoDB's writes failing at the SDK's HTTP layer ({@link HttpFaults}): lasting 500s or slow
 * answers end, after bounded retries, in the fatal envelope with a tracking code and no node written (slowness
 * well within the HTTP API's 29 s); 500s that pass are retried away and the import writes its model
 * (docs/reliability.md).
 */
class ImportStoreFaultsTest {
    private final HttpFaults faults = new HttpFaults();
    private final Router router = TransformHandler.routes(faults.services, Optional.empty(), Optional.empty());

    private APIGatewayV2HTTPResponse importSchema(String project) {
        return router.dispatch(ApiRequest.from(TestEvents.event("POST", "/graph/transform/schema/import/" + project,
                "", Json.write(Map.of("format", "jsonschema", "schema", DecodeBudgetTest.schema(20))), Map.of(),
                TestEvents.claims("alice", project, "Admin"))));
    }

    private static int nodes(String project) {
        return GraphStore.of(TestStores.services()).load(project, List.of()).nodes().size();
    }

    @Test
    void anImportUnderLastingServerErrorsIsFatalAndWritesNothing() throws Exception {
        String project = TestStores.newProjectId();
        faults.fail(Fault.SERVER_ERROR, Integer.MAX_VALUE, "BatchWriteItem", "TransactWriteItems", "PutItem");
        APIGatewayV2HTTPResponse r = importSchema(project);
        int attempts = faults.attempts.get();
        faults.off();
        JsonNode body = Json.parse(r.getBody());
        assertEquals(500, r.getStatusCode(), r.getBody());
        assertFalse(body.path("success").asBoolean(true), r.getBody());
        assertTrue(body.path("errors").path(0).path("message").asText().matches(".*quote error code MG-[A-Z2-9]{10}"
                + "\\..*"), r.getBody());
        assertTrue(attempts > 1, "retried: " + attempts);
        assertEquals(0, nodes(project), "nothing written");
    }

    @Test
    void anImportRetriesServerErrorsThatPassAndWritesItsModel() throws Exception {
        String project = TestStores.newProjectId();
        faults.fail(Fault.SERVER_ERROR, 2, "BatchWriteItem", "TransactWriteItems", "PutItem");
        APIGatewayV2HTTPResponse r = importSchema(project);
        assertEquals(200, r.getStatusCode(), r.getBody());
        assertTrue(nodes(project) >= 20, "the 20 types and more were written: " + nodes(project));
    }

    @Test
    void anImportUnderLastingSlowWritesIsFatalInTimeAndWritesNothing() throws Exception {
        String project = TestStores.newProjectId();
        faults.slow(java.time.Duration.ofSeconds(60), Integer.MAX_VALUE, "BatchWriteItem", "TransactWriteItems",
                "PutItem");
        long t0 = System.nanoTime();
        APIGatewayV2HTTPResponse r = importSchema(project);
        long millis = (System.nanoTime() - t0) / 1_000_000;
        faults.off();
        JsonNode body = Json.parse(r.getBody());
        assertEquals(500, r.getStatusCode(), r.getBody());
        assertTrue(body.path("errors").path(0).path("message").asText().matches(".*quote error code MG-[A-Z2-9]{10}"
                + "\\..*"), r.getBody());
        assertTrue(millis < 25_000, "answered in " + millis + " ms");
        assertEquals(0, nodes(project), "nothing written");
        System.out.println("ImportStoreFaults: schema/import under lasting slow writes: " + millis + " ms");
    }
}
