package io.modelgraph.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The linear-time check tells a quadratic parser from a linear one that had one slow step. */
class LinearTimeTest {
    private static final List<Integer> SIZES = List.of(1_000, 2_000, 4_000, 8_000);

    @Test
    void aLinearParserWithOneSlowDoublingMeasuresAboutOne() {
        // the figures of a linear SQL parser on a loaded CI machine: 3.5x at one doubling
        double exponent = LinearTime.exponent(SIZES, List.of(49L, 170L, 180L, 400L));
        assertTrue(exponent < 1.1, "exponent " + exponent);
    }

    @Test
    void aQuadraticParserMeasuresAboutTwo() {
        assertEquals(2.0, LinearTime.exponent(SIZES, List.of(25L, 100L, 400L, 1_600L)), 0.01);
    }

    @Test
    void timesUnderTheFloorDoNotHideAQuadraticTail() {
        // 5 and 12 ms are noise; the two measurable sizes alone show the growth
        assertEquals(2.0, LinearTime.exponent(SIZES, List.of(5L, 12L, 80L, 320L)), 0.01);
    }

    @Test
    void aRealQuadraticParserFails() {
        // counts each character's earlier occurrences: n^2/2 comparisons
        LinearTime.Parse quadratic = input -> {
            long same = 0;
            for (int i = 0; i < input.length(); i++) {
                for (int j = 0; j < i; j++) {
                    same += input.charAt(i) == input.charAt(j) ? 1 : 0;
                }
            }
            if (same < 0) {
                throw new IllegalStateException();
            }
        };
        AssertionError refused = assertThrows(AssertionError.class,
                () -> LinearTime.assertLinear("quadratic", 2_000, 3, "ab"::repeat, quadratic));
        assertTrue(refused.getMessage().contains("grows as size^"), refused.getMessage());
    }

    @Test
    void aRealLinearParserPasses() {
        LinearTime.Parse linear = input -> {
            long sum = 0;
            for (int r = 0; r < 200; r++) {
                for (int i = 0; i < input.length(); i++) {
                    sum += input.charAt(i);
                }
            }
            if (sum < 0) {
                throw new IllegalStateException();
            }
        };
        LinearTime.assertLinear("linear", 100_000, 3, "ab"::repeat, linear);
    }
}
