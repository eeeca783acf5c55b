package io.modelgraph.codec;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

/**
 * Shows a parser linear on one pathological shape of input: the input is generated at a size and at doublings of
 * it, each size is parsed once after a warm-up, and the growth of time with size is fitted over the whole range
 * (least squares on the logarithms, the measured exponent). A linear parser measures about 1, a quadratic one 2; the
 * exponent may be at most {@link #EXPONENT}. Only a fit over the bound has every size parsed again, up to
 * {@link #RETRIES} times, each size keeping its best time: a failure stands on the best of five runs per size, while
 * a passing parser costs one run per size. One doubling alone is not judged: on a shared machine a single step can
 * cost 3.5x for a linear parser (a collection, a page fault, a compilation), while the fit over eight times the size
 * is not moved by one such step. Times below {@link #FLOOR_MILLIS} are noise and left out of the fit. Time is the
 * parsing thread's CPU time. The largest size must also take less than {@link #CEILING_MILLIS}, far inside a
 * function's timeout. See docs/reliability.md.
 */
public final class LinearTime {
    /** The largest measured exponent accepted: halfway between linear (1) and quadratic (2). */
    public static final double EXPONENT = 1.5;
    /** Times below this are not told apart: scheduling and collection noise. */
    public static final long FLOOR_MILLIS = 20;
    public static final long CEILING_MILLIS = 8_000;
    /**
     * Runs of the smallest input before any is timed: the first sizes are timed once each, so they must not carry
     * the compilation of the parser (a slow small size would lower the exponent).
     */
    private static final int WARM_UPS = 5;
    /** Further runs of every size when the fit exceeds the bound: a failure is judged on the best of 1 + these. */
    private static final int RETRIES = 4;
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
        List<String> inputs = new ArrayList<>();
        for (int d = 0, n = start; d <= doublings; d++, n *= 2) {
            inputs.add(generate.apply(n));
        }
        for (int i = 0; i < WARM_UPS; i++) {
            time(parse, inputs.get(0));
        }
        List<Integer> sizes = inputs.stream().map(String::length).toList();
        List<Long> millis = new ArrayList<>();
        for (String input : inputs) {
            long best = time(parse, input);
            millis.add(best);
            assertTrue(best <= CEILING_MILLIS, shape + ": " + input.length() + " characters took " + best
                    + " ms, above " + CEILING_MILLIS + " ms; times " + millis + " for sizes " + sizes);
        }
        // a shared machine stalls now and then: a fit over the bound is measured again, every size, before it
        // counts; a superlinear parser exceeds it every time
        for (int retry = 0; retry < RETRIES && exponent(sizes, millis) > EXPONENT; retry++) {
            for (int i = 0; i < inputs.size(); i++) {
                millis.set(i, Math.min(millis.get(i), time(parse, inputs.get(i))));
            }
        }
        double exponent = exponent(sizes, millis);
        assertTrue(exponent <= EXPONENT, shape + ": time grows as size^" + String.format("%.2f", exponent)
                + " (more than size^" + EXPONENT + "); CPU ms " + millis + " for sizes " + sizes);
        System.out.println("LinearTime " + shape + ": sizes " + sizes + " characters, CPU ms " + millis
                + ", exponent " + String.format("%.2f", exponent));
        return millis;
    }

    /**
     * The least-squares slope of log(time) over log(size), on the sizes whose time is above the floor; 0 when fewer
     * than two are (the largest input then takes less than the floor: nothing there grows measurably).
     */
    static double exponent(List<Integer> sizes, List<Long> millis) {
        List<double[]> points = new ArrayList<>();
        for (int i = 0; i < sizes.size(); i++) {
            if (millis.get(i) >= FLOOR_MILLIS) {
                points.add(new double[] {Math.log(sizes.get(i)), Math.log(millis.get(i))});
            }
        }
        if (points.size() < 2) {
            return 0;
        }
        double mx = points.stream().mapToDouble(p -> p[0]).average().orElse(0);
        double my = points.stream().mapToDouble(p -> p[1]).average().orElse(0);
        double cov = 0;
        double var = 0;
        for (double[] p : points) {
            cov += (p[0] - mx) * (p[1] - my);
            var += (p[0] - mx) * (p[0] - mx);
        }
        return cov / var;
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
