package io.modelgraph.compat;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelgraph.codec.CorpusVerdicts;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;

/**
 * Our verdicts against a native checker's on generated version pairs of corpus files, as the agreement tests count
 * them: a tally per kind of change and direction, every disagreement, one named test per corpus file (a
 * disagreement fails that file's test), then the totals: enough pairs, and at least 99% agreement overall and per
 * kind (docs/compare.md).
 */
public final class AgreementTally {
    private static final double AGREEMENT = 0.99;
    private final String nativeRefusal;
    /** Per kind and direction: verdicts that agree, verdicts, verdicts the native checker refuses. */
    private final Map<String, int[]> perKind = new TreeMap<>();
    private final List<String> disagreements = new ArrayList<>();
    private final CorpusVerdicts perFile = new CorpusVerdicts();

    /** {@code nativeRefusal} names the native checker's refusal in the printed table, e.g. "breaking for buf". */
    public AgreementTally(String nativeRefusal) {
        this.nativeRefusal = nativeRefusal;
    }

    /** A corpus file whose pairs are judged: a test of its own, which passes unless one of its pairs disagrees. */
    public void file(String name) {
        perFile.pass(name);
    }

    /**
     * One verdict of a pair of {@code file}; {@code kind} is the kind of change and the direction, {@code detail}
     * (asked for only on a disagreement) names the pair and both sides' reasons.
     */
    public void verdict(String file, String kind, boolean nativeCompatible, boolean oursCompatible,
            Supplier<String> detail) {
        int[] tally = perKind.computeIfAbsent(kind, k -> new int[3]);
        tally[1]++;
        tally[2] += nativeCompatible ? 0 : 1;
        if (oursCompatible == nativeCompatible) {
            tally[0]++;
        } else {
            String why = detail.get();
            disagreements.add(file + " " + why);
            perFile.fail(file, why);
        }
    }

    /** Prints {@code heading}, the agreement per kind (padded to {@code width}), the total and each disagreement. */
    public void print(String heading, int width) {
        System.out.println(heading);
        String row = "  %-" + width + "s %4d/%4d agree (%d " + nativeRefusal + ")%n";
        perKind.forEach((kind, t) -> System.out.printf(row, kind, t[0], t[1], t[2]));
        System.out.printf("  %-" + width + "s %4d/%4d (%.2f%%)%n", "all", agreed(), verdicts(),
                100.0 * agreed() / Math.max(1, verdicts()));
        disagreements.forEach(d -> System.out.println("  disagreement: " + d));
    }

    /**
     * One test per corpus file ({@code what} says what fails one), then "enough generated pairs" (more than
     * {@code minVerdicts} verdicts) and "at least 99% agreement overall and per kind".
     */
    public Stream<DynamicTest> tests(String what, int minVerdicts) {
        int agreed = agreed();
        int verdicts = verdicts();
        return Stream.concat(perFile.tests(what), Stream.of(
                DynamicTest.dynamicTest("enough generated pairs", CorpusVerdicts.source("enough generated pairs"),
                        () -> assertTrue(verdicts > minVerdicts, "too few generated pairs: " + verdicts)),
                DynamicTest.dynamicTest("at least 99% agreement overall and per kind",
                        CorpusVerdicts.source("at least 99% agreement overall and per kind"), () -> {
                            assertTrue(agreed >= AGREEMENT * verdicts, "agreement below 99%: " + agreed + "/"
                                    + verdicts);
                            for (Map.Entry<String, int[]> e : perKind.entrySet()) {
                                assertTrue(e.getValue()[0] >= AGREEMENT * e.getValue()[1],
                                        "agreement below 99% for " + e.getKey());
                            }
                        })));
    }

    private int agreed() {
        return perKind.values().stream().mapToInt(t -> t[0]).sum();
    }

    private int verdicts() {
        return perKind.values().stream().mapToInt(t -> t[1]).sum();
    }
}
