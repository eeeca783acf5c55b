package io.modelgraph.codec;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

/**
 * Shows a parser linear on one pathological shape of input: the input is generated at a size and at doublings of
 * it, each size is parsed (best of a few runs, after a warm-up), and each doubling may cost at most {@link #RATIO}
 * times the size before it. A quadratic parser costs 4x per doubling, so it fails from the first doubling that
 * takes measurable time; short runs are compared against a floor, since a few milliseconds are noise on a shared
 * machine. Time is the parsing thread's CPU time. The largest size must also take less than
 * {@link #CEILING_MILLIS}, far inside a function's timeout.
 */
public final class LinearTime {
    /**
     * The most one doubling of the input may multiply the time by: a linear parser costs 2x, a quadratic one 4x, and
     * 3x sits between them (about n^1.6), so allocation and cache effects at the largest sizes do not read as a
     * quadratic parser while a quadratic one still fails at every doubling it is measured on.
     */
    public static final double RATIO = 3.0;
    /** Times below this are not told apart: scheduling and collection noise. */
    public static final long FLOOR_MILLIS = 40;
    public static final long CEILING_MILLIS = 8_000;
    private static final int RUNS = 3;
    private static final int RETRIES = 2;
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    /** A parse of one input; it may refuse it with a {@link SchemaSyntaxException}, which is also an answer. */
    @FunctionalInterface
    public interface Parse {
        void run(String input) throws Exception;
    }

    private LinearTime() {
    }

    /**
     * Parses {@code generate.apply(n)} for n = start, 2·start, … (doublings+1 sizes) and asserts the growth.
     * Returns the measured milliseconds per size, for reports.
     */
    public static List<Long> assertLinear(String shape, int start, int doublings, IntFunction<String> generate,
            Parse parse) {
        String first = generate.apply(start);
        for (int i = 0; i < 3; i++) {
            time(parse, first);
        }
        List<Long> millis = new ArrayList<>();
        List<Integer> sizes = new ArrayList<>();
        String previous = first;
        for (int d = 0, n = start; d <= doublings; d++, n *= 2) {
            String input = d == 0 ? first : generate.apply(n);
            long best = best(parse, input);
            sizes.add(input.length());
            millis.add(best);
            assertTrue(best <= CEILING_MILLIS, shape + ": " + input.length() + " characters took " + best
                    + " ms, above " + CEILING_MILLIS + " ms; times " + millis + " for sizes " + sizes);
            // a shared machine stalls now and then: a doubling over the ratio is measured again, both sizes,
            // before it counts; a superlinear parser exceeds it every time
            for (int retry = 0; retry < RETRIES && d > 0 && !within(millis.get(d - 1), best); retry++) {
                millis.set(d - 1, Math.min(millis.get(d - 1), best(parse, previous)));
                best = Math.min(best, best(parse, input));
                millis.set(d, best);
            }
            if (d > 0) {
                assertTrue(within(millis.get(d - 1), best), shape + ": doubling to " + input.length()
                        + " characters took " + best + " ms after " + millis.get(d - 1) + " ms (more than " + RATIO
                        + "x); times " + millis + " for sizes " + sizes);
            }
            previous = input;
        }
        System.out.println("LinearTime " + shape + ": sizes " + sizes + " characters, CPU ms " + millis);
        return millis;
    }

    private static boolean within(long before, long after) {
        return after <= RATIO * Math.max(before, FLOOR_MILLIS);
    }

    private static long best(Parse parse, String input) {
        long best = time(parse, input);
        for (int r = 1; r < RUNS && best <= CEILING_MILLIS; r++) {
            best = Math.min(best, time(parse, input));
        }
        return best;
    }

    /** The parsing thread's CPU time: on a shared machine wall-clock time measures the neighbours as well. */
    private static long time(Parse parse, String input) {
        long t0 = THREADS.getCurrentThreadCpuTime();
        try {
            parse.run(input);
        } catch (SchemaSyntaxException refused) {
            // a logical refusal is an answer too: only its time matters here
        } catch (Exception e) {
            throw new AssertionError("The parser failed with " + e + " instead of an answer or a logical error", e);
        }
        return (THREADS.getCurrentThreadCpuTime() - t0) / 1_000_000;
    }
}
