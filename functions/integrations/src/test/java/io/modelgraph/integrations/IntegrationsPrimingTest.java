package io.modelgraph.integrations;

import io.modelgraph.http.Priming;
import io.modelgraph.http.PrimingCheck;
import io.modelgraph.platform.Services;
import io.modelgraph.store.TestStores;
import java.util.List;
import org.junit.jupiter.api.Test;

/** SnapStart priming of the integrations function: the CRaC hook runs its hot path on the real stores and writes nothing. */
class IntegrationsPrimingTest {
    @Test
    void theCheckpointHookWarmsTheHotPathAndWritesNothing() throws Exception {
        Services services = TestStores.services();
        Priming priming = Priming.register(services, IntegrationsHandler.routes(services, java.util.Optional.empty(), java.util.Optional.empty()), IntegrationsHandler.primingRequests());
        PrimingCheck.assertPrimesWithoutWriting(services, priming, List.of(
                "GET /graph/integrations/vendors 200",
                "GET /graph/integrations/{vendor}/status/{projectId} 200",
                "GET /graph/integrations/{vendor}/badge/{projectId} 200"));
    }
}
