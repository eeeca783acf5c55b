package io.modelgraph.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The reference page as people see it: {@code /docs} of the running local gateway opened in headless Chromium
 * (Debian's {@code chromium}, which {@code .ci/run} installs where missing) with every host but the gateway's
 * unresolvable, so a page that needed the internet, or whose bundled assets were missing, renders no operation
 * and fails. The rendered DOM must list every operation of openapi.yaml.
 */
class ReferencePageBrowserTest {
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "patch");
    /** Swagger UI's summary line of one operation: its method, then its path in {@code data-path}. */
    private static final Pattern OPERATION = Pattern.compile(
            "opblock-summary-method\">([A-Z]+)</span>.*?opblock-summary-path\" data-path=\"([^\"]+)\"", Pattern.DOTALL);

    @BeforeAll
    static void needsChromium() {
        Assumptions.assumeTrue(Files.isExecutable(CHROMIUM), "Chromium not installed at " + CHROMIUM
                + " (.ci/run installs it); the reference page's rendering not checked");
    }

    @Test
    void theDocsPageListsEveryOperationOfTheDocument() throws Exception {
        String dom = render(TestStack.server().baseUrl() + ReferencePage.DOCS_PATH);
        Set<String> rendered = new TreeSet<>();
        Matcher m = OPERATION.matcher(dom);
        while (m.find()) {
            rendered.add(m.group(1) + " " + m.group(2).replace("\u200b", ""));
        }
        Set<String> documented = documentedOperations();
        assertTrue(documented.size() > 30, "the document lists " + documented.size() + " operations");
        assertEquals(documented, rendered, "operations rendered on /docs (DOM: " + dom.length() + " chars, begins "
                + dom.substring(0, Math.min(600, dom.length())) + ")");
        assertTrue(dom.contains("Integration API"), "the document's title is shown");
    }

    static Set<String> documentedOperations() throws Exception {
        JsonNode doc = new YAMLMapper().readTree(TemplateTest.ROOT.resolve("openapi.yaml").toFile());
        Set<String> operations = new TreeSet<>();
        doc.path("paths").fields().forEachRemaining(path -> path.getValue().fieldNames().forEachRemaining(method -> {
            if (METHODS.contains(method)) {
                operations.add(method.toUpperCase(Locale.ROOT) + " " + path.getKey());
            }
        }));
        return operations;
    }

    /** The DOM once the page's scripts have run (virtual time lets them finish before the dump). */
    private static String render(String url) throws Exception {
        Path dir = Files.createTempDirectory("reference-page");
        try {
            Path out = dir.resolve("dom.html");
            List<String> command = new ArrayList<>(List.of(CHROMIUM.toString(), "--headless", "--no-sandbox",
                    "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync", "--user-data-dir=" + dir.resolve("profile"),
                    // nothing but the gateway on 127.0.0.1 can be reached: the page must be self-contained
                    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
                    "--virtual-time-budget=60000", "--window-size=1280,4000", "--dump-dom", url));
            Process p = new ProcessBuilder(command).redirectOutput(out.toFile())
                    .redirectError(dir.resolve("chromium.log").toFile()).start();
            assertTrue(p.waitFor(180, TimeUnit.SECONDS), "Chromium did not finish");
            assertEquals(0, p.exitValue(), Files.readString(dir.resolve("chromium.log")));
            return Files.readString(out);
        } finally {
            try (var files = Files.walk(dir)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            }
        }
    }
}
