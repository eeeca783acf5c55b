package io.modelgraph.compat;

import java.util.Objects;

/**
 * How a comparison reads what the schemas leave open (docs/compare.md). Built with {@link #builder()}; {@link
 * #DEFAULTS} reads every schema as its specification states.
 *
 * @param undeclaredProperties what a writer's open content model may carry under names it does not declare
 */
public record CompareOptions(UndeclaredProperties undeclaredProperties) {
    /** Every option at its default. */
    public static final CompareOptions DEFAULTS = builder().build();

    public CompareOptions {
        Objects.requireNonNull(undeclaredProperties, "undeclaredProperties");
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        return new Builder().undeclaredProperties(undeclaredProperties);
    }

    /** A builder starting from the defaults. */
    public static final class Builder {
        private UndeclaredProperties undeclaredProperties = UndeclaredProperties.ANY_VALUE;

        private Builder() {
        }

        public Builder undeclaredProperties(UndeclaredProperties value) {
            this.undeclaredProperties = Objects.requireNonNull(value, "undeclaredProperties");
            return this;
        }

        public CompareOptions build() {
            return new CompareOptions(undeclaredProperties);
        }
    }
}
