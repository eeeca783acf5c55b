package io.modelgraph.exchange;

import io.modelgraph.http.Priming;
import io.modelgraph.http.PrimingCheck;
import io.modelgraph.platform.Services;
import io.modelgraph.store.TestStores;
import java.util.List;
import org.junit.jupiter.api.Test;

/** SnapStart priming of the exchange function: the CRaC hook runs its hot path on the real stores and writes nothing. */
class ExchangePrimingTest {
    @Test
    void theCheckpointHookWarmsTheHotPathAndWritesNothing() throws Exception {
        Services services = TestStores.services();
        Priming priming = Priming.register(services, ExchangeHandler.routes(ExchangeModule.of(services), services, java.util.Optional.empty()), ExchangeHandler.primingRequests());
        PrimingCheck.assertPrimesWithoutWriting(services, priming, List.of(
                "GET /v1/{projectId}/exportJsonSchema 200",
                "GET /v1/{projectId}/exportJsonLd 200",
                "GET /v1/{projectId}/validateJSON 200",
                "GET /v1/{projectId}/fetchJsonSchemaImportProfiles 200"));
    }
}
