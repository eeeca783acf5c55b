package io.modelgraph.compat;

import java.util.Locale;
import java.util.Optional;

/**
 * Which readers must keep working (docs/compare.md "Modes"). BACKWARD: readers using the candidate read data
 * written with the base. FORWARD: readers still using the base read data written with the candidate. FULL: both.
 * NONE: no verdict, only the changelog.
 */
public enum Mode {
    BACKWARD, FORWARD, FULL, NONE;

    /** The mode named {@code text} (any case), or empty when it names none. */
    public static Optional<Mode> parse(String text) {
        for (Mode m : values()) {
            if (m.name().equals(text.trim().toUpperCase(Locale.ROOT))) {
                return Optional.of(m);
            }
        }
        return Optional.empty();
    }

    /** The candidate is the reader and the base the writer. */
    boolean checksBackward() {
        return this == BACKWARD || this == FULL;
    }

    /** The base is the reader and the candidate the writer. */
    boolean checksForward() {
        return this == FORWARD || this == FULL;
    }
}
