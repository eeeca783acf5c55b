package io.modelgraph.authorizer;

import io.modelgraph.auth.ApiKeyStore;
import io.modelgraph.http.Priming;
import io.modelgraph.http.PrimingCheck;
import io.modelgraph.platform.Services;
import io.modelgraph.store.TestStores;
import java.util.List;
import org.junit.jupiter.api.Test;

/** SnapStart priming of the authorizer: one lookup of a key never issued, nothing stamped or written. */
class AuthorizerPrimingTest {
    @Test
    void theCheckpointHookLooksUpAKeyThatWasNeverIssuedAndWritesNothing() throws Exception {
        Services services = TestStores.services();
        ApiKeyVerifier verifier = new ApiKeyVerifier(new ApiKeyStore(services.dynamo(),
                services.stores().apiKeyTable()), services.clock());
        Priming priming = ApiKeyAuthorizerHandler.priming(verifier);
        // the key was well-formed, so it reached the table lookup, and was not found
        PrimingCheck.assertPrimesWithoutWriting(services, priming, List.of("{denied=The API key is not valid.}"));
    }
}
