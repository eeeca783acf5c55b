package io.modelgraph.local;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The schemastore-train instances on which the service is documented to differ from ajv's anchor (ajv-formats
 * 2.1.1): every {@code `tests/....json`} named in the docs page's format section, where each is given with the
 * rule, the RFC clause and the ajv-formats change behind it. A difference the page does not name fails the
 * conformance test, so a new one is either fixed or explained there.
 */
final class AnchorDifferences {
    static final String DOC = "docs/jsonschema-dialects.md";
    static final String SECTION = "Format: assertion or annotation";
    private static final Pattern INSTANCE = Pattern.compile("`(tests/[^`\\s]+\\.json)`");

    private AnchorDifferences() {
    }

    static Set<String> documented() throws IOException {
        String page = Files.readString(repositoryRoot().resolve(DOC));
        int start = page.indexOf("\n## " + SECTION + "\n");
        if (start < 0) {
            throw new IllegalStateException(DOC + " has no section \"" + SECTION + "\"");
        }
        int end = page.indexOf("\n## ", start + 4);
        String section = page.substring(start, end < 0 ? page.length() : end);
        Set<String> out = new TreeSet<>();
        Matcher m = INSTANCE.matcher(section);
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    /** The test runs in its module's folder; the docs are at the repository root above it. */
    private static Path repositoryRoot() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve(DOC))) {
                return p;
            }
        }
        throw new IllegalStateException(DOC + " not found above " + Path.of("").toAbsolutePath());
    }
}
