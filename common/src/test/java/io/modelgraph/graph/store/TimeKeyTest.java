package io.modelgraph.graph.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** The time sort key (docs/graph.md "Key design"): 15 digits, zero-padded, so string order is time order. */
class TimeKeyTest {
    @Test
    void theKeyIsTheMillisecondsPaddedToFifteenDigitsThenTheId() {
        for (long millis : List.of(0L, 7L, 1_795_741_505_467L, 999_999_999_999_999L, 1_000_000_000_000_000L, -42L)) {
            assertEquals(String.format(Locale.ROOT, "%015d", millis) + "#n1", GraphKeys.timeKey(millis, "n1"));
        }
        assertEquals("001795741505467#node-7", GraphKeys.timeKey(1_795_741_505_467L, "node-7"));
        assertTrue(GraphKeys.timeKey(99, "b").compareTo(GraphKeys.timeKey(100, "a")) < 0, "time orders, not the id");
    }
}
