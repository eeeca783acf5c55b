package io.modelgraph.local;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.charset.MalformedInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Rules of the repository that a review would otherwise have to remember: comments and pages point at the
 * repository's own documentation, never at texts it does not contain; tests are named by behaviour; benchmarks
 * live in {@code bench/}; a test orders events with latches or an injected clock, not by sleeping.
 */
class RepositoryRulesTest {
    static final Path ROOT = TemplateTest.ROOT;

    /** Phrases that cite a text the repository does not hold (spelled so this file does not match itself). */
    private static final List<Pattern> FOREIGN_REFERENCES = List.of(
            Pattern.compile("(?i)\\bthe\\s+seed\\b"),
            Pattern.compile("(?i)\\bseed\\s+(rules?|limit)\\b"),
            Pattern.compile("(?i)\\bseed\\s+0\\d\\d\\b"),
            Pattern.compile("(?i)shared/seed[s]"),
            Pattern.compile("(?i)\\bissue\\s*#?\\d+"));

    private static final Set<String> SKIPPED_DIRECTORIES = Set.of("target", "node_modules", ".git", ".data",
            ".mvn");

    /**
     * Every file under {@code **}{@code /src/**}, {@code docs/} and {@code .ci/}, every {@code pom.xml}, and the
     * top-level README, API and template.
     */
    static List<Path> scannedFiles() throws IOException {
        List<Path> out = new ArrayList<>();
        for (String top : List.of("README.md", "openapi.yaml", "template.yaml")) {
            out.add(ROOT.resolve(top));
        }
        try (Stream<Path> all = Files.walk(ROOT)) {
            all.filter(Files::isRegularFile)
                    .filter(p -> ROOT.relativize(p).toString().startsWith("docs/")
                            || ROOT.relativize(p).toString().startsWith(".ci/")
                            || p.getFileName().toString().equals("pom.xml") || isUnderSrc(p))
                    .filter(p -> !skipped(p))
                    .forEach(out::add);
        }
        return out;
    }

    private static boolean isUnderSrc(Path p) {
        for (Path part : ROOT.relativize(p)) {
            if (part.toString().equals("src")) {
                return true;
            }
        }
        return false;
    }

    private static boolean skipped(Path p) {
        for (Path part : ROOT.relativize(p)) {
            if (SKIPPED_DIRECTORIES.contains(part.toString())) {
                return true;
            }
        }
        return false;
    }

    private static List<String> lines(Path p) throws IOException {
        try {
            return Files.readAllLines(p, StandardCharsets.UTF_8);
        } catch (MalformedInputException binary) {
            return List.of(); // a binary resource (an image, a jar's test fixture) holds no prose
        }
    }

    @Test
    void noCommentOrPageCitesTheSpecificationSourceOrAnIssueNumber() throws IOException {
        List<String> found = new ArrayList<>();
        for (Path p : scannedFiles()) {
            List<String> lines = lines(p);
            for (int i = 0; i < lines.size(); i++) {
                for (Pattern pattern : FOREIGN_REFERENCES) {
                    Matcher m = pattern.matcher(lines.get(i));
                    if (m.find()) {
                        found.add(ROOT.relativize(p) + ":" + (i + 1) + ": '" + m.group() + "'");
                    }
                }
            }
        }
        assertTrue(found.isEmpty(), "Point at the docs/ page that states the rule (docs/formats/shex.md#encode),"
                + " not at a text the repository does not hold:\n" + String.join("\n", found));
    }

    @Test
    void testClassesAreNamedByBehaviourAndNoBenchmarkIsATest() throws IOException {
        List<String> found = new ArrayList<>();
        Pattern issueName = Pattern.compile("(?i)issue\\d");
        for (Path p : scannedFiles()) {
            String rel = ROOT.relativize(p).toString();
            String name = p.getFileName().toString();
            if (!rel.contains("/src/test/")) {
                continue;
            }
            if (issueName.matcher(name).find()) {
                found.add(rel + ": named after an issue; name it by the behaviour it checks");
            }
            if (name.contains("Bench")) {
                found.add(rel + ": a benchmark belongs in bench/ (a main that prints figures), not in a test");
            }
        }
        assertTrue(found.isEmpty(), String.join("\n", found));
    }

    @Test
    void everySleepInATestIsOneThatMeasuresTimeAndSaysSo() throws IOException {
        List<String> found = new ArrayList<>();
        for (Path p : scannedFiles()) {
            String rel = ROOT.relativize(p).toString();
            if (!rel.contains("/src/test/") || !rel.endsWith(".java")) {
                continue;
            }
            List<String> lines = lines(p);
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i);
                if (line.contains("Thread." + "sleep(") && !line.trim().startsWith("//")) {
                    boolean said = line.contains("// sleep:") || (i > 0 && lines.get(i - 1).contains("// sleep:"));
                    if (!said) {
                        found.add(rel + ":" + (i + 1));
                    }
                }
            }
        }
        assertTrue(found.isEmpty(), "A Thread.sleep in a test orders by the wall clock: use a latch or an injected"
                + " Clock (io.modelgraph.testing.MovableClock). Where the test measures time itself, say so with a"
                + " '// sleep: <why>' comment on the line or the line above:\n" + String.join("\n", found));
    }
}
