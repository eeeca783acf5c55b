package io.modelgraph.graphapi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.modelgraph.api.ApiProblem;
import java.nio.charset.StandardCharsets;

/**
 * The fuzz targets of fetchNodes' paging tokens (docs/reliability.md, "Fuzzing"). Any text as a token may only be
 * read as a position or refused with a 400 at {@code query.pagingToken}; any position the service issues reads back
 * unchanged with the query it was issued for, and is refused with any other. In the default build each target runs
 * its regression inputs ({@code src/test/resources/io/modelgraph/graphapi/PagingTokenFuzzTestInputs/<target>/});
 * with {@code -Pfuzz} Jazzer mutates them for the bounded time below.
 */
class PagingTokenFuzzTest {
    private final PagingToken tokens = new PagingToken("secret");

    @FuzzTest(maxDuration = "60s")
    void read(byte[] input) {
        String token = new String(input, StandardCharsets.UTF_8);
        try {
            tokens.read(token, "fingerprint");
        } catch (ApiProblem refused) {
            assertEquals(400, refused.status(), refused.getMessage());
            assertEquals("query.pagingToken", refused.path());
        }
    }

    @FuzzTest(maxDuration = "60s")
    void roundTrip(FuzzedDataProvider data) {
        boolean afterKey = data.consumeBoolean();
        int offset = data.consumeInt(0, Integer.MAX_VALUE);
        String fingerprint = data.consumeString(200);
        String key = data.consumeRemainingAsString();
        if (!wellFormed(key) || !wellFormed(fingerprint)) {
            return; // the edge refuses lone surrogates before a query reaches fetchNodes (CallerStrings)
        }
        PagingToken.Position position = afterKey ? PagingToken.Position.after(key) : PagingToken.Position.at(offset);
        String token = tokens.issue(fingerprint, position);
        assertEquals(position, tokens.read(token, fingerprint));
        ApiProblem other = assertThrows(ApiProblem.class, () -> tokens.read(token, fingerprint + "x"));
        assertEquals(400, other.status());
    }

    private static boolean wellFormed(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return false;
            }
        }
        return true;
    }
}
