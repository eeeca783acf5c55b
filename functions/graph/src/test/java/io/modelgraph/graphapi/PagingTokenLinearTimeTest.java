package io.modelgraph.graphapi;

import io.modelgraph.api.ApiProblem;
import io.modelgraph.codec.LinearTime;
import org.junit.jupiter.api.Test;

/**
 * A fetchNodes paging token is caller text: reading one, genuine in form or forged, costs linear time in its length
 * (a long body, a run of dots, a body of base64 padding).
 */
class PagingTokenLinearTimeTest {
    private final PagingToken tokens = new PagingToken("secret");

    private void read(String token) {
        try {
            tokens.read(token, "fingerprint");
        } catch (ApiProblem refused) {
            // a forged token is refused with a logical error: only its time matters here
        }
    }

    @Test
    void longBodies() {
        LinearTime.assertLinear("paging token body", 200_000, 3, n -> "A".repeat(n) + ".AAAA", this::read);
        LinearTime.assertLinear("paging token dots", 200_000, 3, n -> "A" + ".".repeat(n), this::read);
        LinearTime.assertLinear("paging token signature", 200_000, 3, n -> "eyJ2IjoxfQ." + "_-".repeat(n),
                this::read);
    }
}
