package io.modelgraph.local;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The conformance profile runs a module's corpus tests only where its pom sets {@code conformance.skip} (untagged
 * by {@code store}) or {@code conformance.store.skip} (tagged {@code store}) to false; everywhere else those runs
 * start no JVM (docs/testing.md "CI"). A corpus test in a module that does not say so would never run, and a skip
 * must never count as a pass: this check finds it.
 */
class ConformanceExecutionsTest {
    private static final Path ROOT = TemplateTest.ROOT;

    @Test
    void everyModuleWithCorpusTestsLetsTheConformanceProfileRunThem() throws IOException {
        List<String> found = new ArrayList<>();
        try (Stream<Path> poms = Files.walk(ROOT, 3)) {
            for (Path pom : poms.filter(p -> p.getFileName().toString().equals("pom.xml")).toList()) {
                Path tests = pom.getParent().resolve("src/test/java");
                if (!Files.isDirectory(tests)) {
                    continue;
                }
                String pomText = Files.readString(pom, StandardCharsets.UTF_8);
                boolean plain = false;
                boolean store = false;
                try (Stream<Path> sources = Files.walk(tests)) {
                    for (Path source : sources.filter(p -> p.toString().endsWith(".java")).toList()) {
                        String text = Files.readString(source, StandardCharsets.UTF_8);
                        if (text.contains("@Tag(\"conformance\")")) {
                            if (text.contains("@Tag(\"store\")")) {
                                store = true;
                            } else {
                                plain = true;
                            }
                        }
                    }
                }
                String module = ROOT.relativize(pom.getParent()).toString();
                if (plain && !pomText.contains("<conformance.skip>false</conformance.skip>")) {
                    found.add(module + ": has conformance tests; set <conformance.skip>false</conformance.skip>");
                }
                if (store && !pomText.contains("<conformance.store.skip>false</conformance.store.skip>")) {
                    found.add(module + ": has conformance tests tagged store; set"
                            + " <conformance.store.skip>false</conformance.store.skip>");
                }
            }
        }
        assertTrue(found.isEmpty(), String.join("\n", found));
    }
}
