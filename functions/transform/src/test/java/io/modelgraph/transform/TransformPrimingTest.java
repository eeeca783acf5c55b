package io.modelgraph.transform;

import io.modelgraph.http.Priming;
import io.modelgraph.http.PrimingCheck;
import io.modelgraph.platform.Services;
import io.modelgraph.store.TestStores;
import java.util.List;
import org.junit.jupiter.api.Test;

/** SnapStart priming of the transform function: the CRaC hook runs its hot path on the real stores and writes nothing. */
class TransformPrimingTest {
    @Test
    void theCheckpointHookWarmsTheHotPathAndWritesNothing() throws Exception {
        Services services = TestStores.services();
        Priming priming = Priming.register(services, TransformHandler.routes(services, java.util.Optional.empty(), java.util.Optional.empty()), TransformHandler.primingRequests());
        PrimingCheck.assertPrimesWithoutWriting(services, priming, List.of(
                "POST /graph/transform/schema/export/{projectId} 200"));
    }
}
