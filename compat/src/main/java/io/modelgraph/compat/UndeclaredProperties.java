package io.modelgraph.compat;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What a comparison assumes about properties a writer's open content model does not declare (docs/compare.md
 * "Open content models"). The assumption decides whether a reader that newly declares a constrained property under
 * a name the writer left open breaks.
 */
public enum UndeclaredProperties {
    /**
     * The writer's open model may carry any value under any undeclared name, as its schema says: a document that
     * used the name for another value was accepted and is refused now, so the change breaks (the default, and
     * json-schema-diff's reading).
     */
    ANY_VALUE("any-value"),
    /**
     * Producers never send properties the model does not declare: nothing was ever written under the new name, so
     * declaring it is a warning to review, not a break.
     */
    ABSENT("absent");

    private final String key;

    UndeclaredProperties(String key) {
        this.key = key;
    }

    /** The value's name in requests, reports and the command line. */
    public String key() {
        return key;
    }

    /** The value named {@code text} (any case, surrounding spaces ignored), or empty when it names none. */
    public static Optional<UndeclaredProperties> parse(String text) {
        String wanted = text.trim().toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(v -> v.key.equals(wanted)).findFirst();
    }

    /** Every value's name, in declaration order (the default first), for error messages. */
    public static List<String> keys() {
        return Arrays.stream(values()).map(UndeclaredProperties::key).toList();
    }
}
