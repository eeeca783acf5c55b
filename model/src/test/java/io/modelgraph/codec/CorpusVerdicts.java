package io.modelgraph.codec;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;

/**
 * The verdicts of a batch run over the corpus (one pass that needs every file, for example one Node process per
 * target format, or one shared database) as one named dynamic test per case: a corpus regression fails the test of
 * that file (and target), by name, instead of one test with a list (docs/testing.md "Corpus suites").
 *
 * <p>A case on the known-exceptions list is a passing test whose name ends {@code (known exception)} while it still
 * fails as recorded; when it starts passing, its test fails, so the list stays true.
 */
public final class CorpusVerdicts {
    private final Map<String, List<String>> problems = new LinkedHashMap<>();

    /** Records a case with no problem yet; a case is a test even when every check accepts it. */
    public CorpusVerdicts pass(String name) {
        problems.computeIfAbsent(name, k -> new ArrayList<>());
        return this;
    }

    /** Records what a check found wrong with the case (the case's test fails with it). */
    public CorpusVerdicts fail(String name, String problem) {
        problems.computeIfAbsent(name, k -> new ArrayList<>()).add(problem);
        return this;
    }

    /** Whether the case was recorded. */
    public boolean has(String name) {
        return problems.containsKey(name);
    }

    /** The problems of a recorded case (empty when it passes). */
    public List<String> problems(String name) {
        return List.copyOf(problems.getOrDefault(name, List.of()));
    }

    /** The recorded cases, in the order they were first recorded. */
    public Set<String> names() {
        return problems.keySet();
    }

    /** The recorded cases that have problems. */
    public List<String> failing() {
        return problems.entrySet().stream().filter(e -> !e.getValue().isEmpty()).map(Map.Entry::getKey).toList();
    }

    /** One test per case, none known to fail. */
    public Stream<DynamicTest> tests(String what) {
        return tests(what, Set.of(), name -> name);
    }

    /**
     * One test per case, in recording order: it passes when the case has no problem; a case whose
     * {@code knownKey} is in {@code known} instead must still fail ({@code what} says what a problem is, for the
     * failure message).
     */
    public Stream<DynamicTest> tests(String what, Set<String> known, Function<String, String> knownKey) {
        return problems.entrySet().stream().map(e -> {
            String name = e.getKey();
            List<String> found = List.copyOf(e.getValue());
            if (known.contains(knownKey.apply(name))) {
                return DynamicTest.dynamicTest(name + " (known exception)", source(name), () -> {
                    if (found.isEmpty()) {
                        throw new AssertionError(name + " is on the known-exceptions list but now passes: take it"
                                + " off the list");
                    }
                });
            }
            return DynamicTest.dynamicTest(name, source(name), () -> {
                if (!found.isEmpty()) {
                    throw new AssertionError(what + ": " + name + ": " + String.join(" | ", found));
                }
            });
        });
    }

    /**
     * The case a test is about, as its source: with a source of its own, a report names each test by its display
     * name instead of the factory's method and an index.
     */
    public static URI source(String name) {
        try {
            return new URI("corpus", name, null);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(name, e);
        }
    }
}
