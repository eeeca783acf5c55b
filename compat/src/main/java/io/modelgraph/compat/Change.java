package io.modelgraph.compat;

import java.util.Objects;

/**
 * One line of the changelog, whatever the mode. RENAMED only where the candidate says so (an alias naming the
 * base's name, or the same {@code mapsTo}); otherwise a rename is a REMOVED and an ADDED.
 *
 * @param basePath      empty for ADDED
 * @param candidatePath empty for REMOVED
 * @param detail        what changed, for people
 */
public record Change(Kind kind, String basePath, String candidatePath, String detail) {
    public enum Kind {
        ADDED, REMOVED, CHANGED, RENAMED
    }

    public Change {
        Objects.requireNonNull(kind, "kind");
        basePath = basePath == null ? "" : basePath;
        candidatePath = candidatePath == null ? "" : candidatePath;
        detail = detail == null ? "" : detail;
    }
}
