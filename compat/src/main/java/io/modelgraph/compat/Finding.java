package io.modelgraph.compat;

import java.util.Objects;

/**
 * One thing a consumer format's rules found about a change.
 *
 * @param rule          the rule's stable id, such as {@code avro.reader-field-missing-default} (docs/compare.md)
 * @param severity      ERROR breaks the mode
 * @param consumer      the consumer format key the rule belongs to
 * @param basePath      where in the base ({@code Type}, {@code Type.element}, {@code Taxonomy.TERM}); empty when
 *                      the base has no such place
 * @param candidatePath the same in the candidate; empty when the candidate has no such place
 * @param message       what breaks and why, for people
 */
public record Finding(String rule, Severity severity, String consumer, String basePath, String candidatePath,
        String message) {
    public Finding {
        Objects.requireNonNull(rule, "rule");
        Objects.requireNonNull(severity, "severity");
        Objects.requireNonNull(consumer, "consumer");
        basePath = basePath == null ? "" : basePath;
        candidatePath = candidatePath == null ? "" : candidatePath;
        message = message == null ? "" : message;
    }
}
