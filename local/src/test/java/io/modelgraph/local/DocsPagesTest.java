package io.modelgraph.local;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelgraph.codec.Format;
import io.modelgraph.transform.TransformHandler;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The documentation holds together: every format has its page, and every relative link leads to a file. */
class DocsPagesTest {
    static final Path ROOT = TemplateTest.ROOT;

    /** {@code [text](target)}; the target ends at the first space or closing parenthesis. */
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");

    @Test
    void everyRegisteredFormatHasItsPage() {
        List<String> missing = new ArrayList<>();
        for (Format format : TransformHandler.codecs().formats()) {
            Path page = ROOT.resolve("docs/formats").resolve(format.key() + ".md");
            if (!Files.isRegularFile(page)) {
                missing.add("docs/formats/" + format.key() + ".md");
            }
        }
        assertTrue(missing.isEmpty(), "Formats without their page (what is read, written, options, what is"
                + " ledgered): " + missing);
    }

    @Test
    void everyRelativeLinkInTheReadmeAndTheDocsResolves() throws IOException {
        List<Path> pages = new ArrayList<>(List.of(ROOT.resolve("README.md")));
        try (Stream<Path> docs = Files.walk(ROOT.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).forEach(pages::add);
        }
        List<String> broken = new ArrayList<>();
        for (Path page : pages) {
            String text = Files.readString(page, StandardCharsets.UTF_8);
            Matcher m = LINK.matcher(text);
            while (m.find()) {
                String target = m.group(1);
                if (target.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*") || target.startsWith("#") || target.startsWith("$")) {
                    continue; // a URL (https:, mailto:), an anchor on the same page, or a shell example's $MG
                }
                String file = target.contains("#") ? target.substring(0, target.indexOf('#')) : target;
                Path resolved = page.getParent().resolve(URLDecoder.decode(file, StandardCharsets.UTF_8)).normalize();
                if (!Files.exists(resolved)) {
                    broken.add(ROOT.relativize(page) + ": " + target);
                }
            }
        }
        assertTrue(broken.isEmpty(), "Relative links that lead nowhere:\n" + String.join("\n", broken));
    }
}
