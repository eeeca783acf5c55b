package io.modelgraph.graphapi;

import io.modelgraph.http.Priming;
import io.modelgraph.http.PrimingCheck;
import io.modelgraph.platform.Services;
import io.modelgraph.store.TestStores;
import java.util.List;
import org.junit.jupiter.api.Test;

/** SnapStart priming of the graph function: the CRaC hook runs its hot path on the real stores and writes nothing. */
class GraphPrimingTest {
    @Test
    void theCheckpointHookWarmsTheHotPathAndWritesNothing() throws Exception {
        Services services = TestStores.isolated();
        Priming priming = Priming.register(services, GraphHandler.routes(services, java.util.Optional.empty(), java.util.Optional.empty()), GraphHandler.primingRequests());
        PrimingCheck.assertPrimesWithoutWriting(services, priming, List.of(
                "GET /v1/{projectId}/fetchNode 404",
                "GET /v1/{projectId}/mixinsInfo 200",
                "GET /v1/{projectId}/relationGroupsInfo 200"));
    }
}
