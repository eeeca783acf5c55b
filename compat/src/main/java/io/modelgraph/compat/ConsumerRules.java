package io.modelgraph.compat;

import java.util.List;

/**
 * The rules of one consumer format: can a reader of that format, holding one schema, read data written with the
 * other? {@link Compatibility} calls {@link #check} once per direction the mode asks for. Implementations are
 * found in {@link Compatibility}'s built-in list and, for more formats, through {@link java.util.ServiceLoader}
 * ({@code META-INF/services/io.modelgraph.compat.ConsumerRules}).
 */
public interface ConsumerRules {
    /** The consumer format key, such as {@code avro}. */
    String consumer();

    /**
     * Consumers whose rules have the same rule set answer alike up to their key, so one comparison runs the set
     * once and gives its findings to each of them; by default every consumer's rules are a set of their own.
     */
    default String ruleSet() {
        return consumer();
    }

    /** The findings for one direction; paths are given through {@link Reading#finding}, which places them. */
    List<Finding> check(Reading reading);
}
