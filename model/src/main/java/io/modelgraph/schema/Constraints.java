package io.modelgraph.schema;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.util.Optional;

/** Value constraints of an element. Absent means unconstrained. */
public record Constraints(
        Optional<String> pattern,
        Optional<String> format,
        Optional<Long> minLength,
        Optional<Long> maxLength,
        Optional<BigDecimal> minimum,
        Optional<BigDecimal> maximum,
        Optional<BigDecimal> exclusiveMinimum,
        Optional<BigDecimal> exclusiveMaximum,
        Optional<BigDecimal> multipleOf,
        Optional<Integer> precision,
        Optional<Integer> scale,
        Optional<JsonNode> constValue,
        boolean uniqueItems) {

    public static final Constraints NONE = new Constraints(Optional.empty(), Optional.empty(), Optional.empty(),
            Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
            Optional.empty(), Optional.empty(), Optional.empty(), false);

    public boolean isEmpty() {
        return this.equals(NONE);
    }

    /** A builder of constraints, all unset. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding this Constraints's components, to change some and build a new one. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /**
     * Builds a {@code Constraints} one component at a time; unset components keep their empty value. Codecs and
     * mappers change a copy through {@link #toBuilder()} instead of re-listing every component.
     */
    public static final class Builder {
        private Optional<String> pattern = Optional.empty();
        private Optional<String> format = Optional.empty();
        private Optional<Long> minLength = Optional.empty();
        private Optional<Long> maxLength = Optional.empty();
        private Optional<BigDecimal> minimum = Optional.empty();
        private Optional<BigDecimal> maximum = Optional.empty();
        private Optional<BigDecimal> exclusiveMinimum = Optional.empty();
        private Optional<BigDecimal> exclusiveMaximum = Optional.empty();
        private Optional<BigDecimal> multipleOf = Optional.empty();
        private Optional<Integer> precision = Optional.empty();
        private Optional<Integer> scale = Optional.empty();
        private Optional<JsonNode> constValue = Optional.empty();
        private boolean uniqueItems = false;

        private Builder() {
        }

        private Builder(Constraints from) {
            this.pattern = from.pattern;
            this.format = from.format;
            this.minLength = from.minLength;
            this.maxLength = from.maxLength;
            this.minimum = from.minimum;
            this.maximum = from.maximum;
            this.exclusiveMinimum = from.exclusiveMinimum;
            this.exclusiveMaximum = from.exclusiveMaximum;
            this.multipleOf = from.multipleOf;
            this.precision = from.precision;
            this.scale = from.scale;
            this.constValue = from.constValue;
            this.uniqueItems = from.uniqueItems;
        }

        public Builder pattern(Optional<String> value) {
            this.pattern = value;
            return this;
        }

        /** Sets pattern; {@code null} clears it. */
        public Builder pattern(String value) {
            this.pattern = Optional.ofNullable(value);
            return this;
        }

        public Builder format(Optional<String> value) {
            this.format = value;
            return this;
        }

        /** Sets format; {@code null} clears it. */
        public Builder format(String value) {
            this.format = Optional.ofNullable(value);
            return this;
        }

        public Builder minLength(Optional<Long> value) {
            this.minLength = value;
            return this;
        }

        /** Sets minLength; {@code null} clears it. */
        public Builder minLength(Long value) {
            this.minLength = Optional.ofNullable(value);
            return this;
        }

        public Builder maxLength(Optional<Long> value) {
            this.maxLength = value;
            return this;
        }

        /** Sets maxLength; {@code null} clears it. */
        public Builder maxLength(Long value) {
            this.maxLength = Optional.ofNullable(value);
            return this;
        }

        public Builder minimum(Optional<BigDecimal> value) {
            this.minimum = value;
            return this;
        }

        /** Sets minimum; {@code null} clears it. */
        public Builder minimum(BigDecimal value) {
            this.minimum = Optional.ofNullable(value);
            return this;
        }

        public Builder maximum(Optional<BigDecimal> value) {
            this.maximum = value;
            return this;
        }

        /** Sets maximum; {@code null} clears it. */
        public Builder maximum(BigDecimal value) {
            this.maximum = Optional.ofNullable(value);
            return this;
        }

        public Builder exclusiveMinimum(Optional<BigDecimal> value) {
            this.exclusiveMinimum = value;
            return this;
        }

        /** Sets exclusiveMinimum; {@code null} clears it. */
        public Builder exclusiveMinimum(BigDecimal value) {
            this.exclusiveMinimum = Optional.ofNullable(value);
            return this;
        }

        public Builder exclusiveMaximum(Optional<BigDecimal> value) {
            this.exclusiveMaximum = value;
            return this;
        }

        /** Sets exclusiveMaximum; {@code null} clears it. */
        public Builder exclusiveMaximum(BigDecimal value) {
            this.exclusiveMaximum = Optional.ofNullable(value);
            return this;
        }

        public Builder multipleOf(Optional<BigDecimal> value) {
            this.multipleOf = value;
            return this;
        }

        /** Sets multipleOf; {@code null} clears it. */
        public Builder multipleOf(BigDecimal value) {
            this.multipleOf = Optional.ofNullable(value);
            return this;
        }

        public Builder precision(Optional<Integer> value) {
            this.precision = value;
            return this;
        }

        /** Sets precision; {@code null} clears it. */
        public Builder precision(Integer value) {
            this.precision = Optional.ofNullable(value);
            return this;
        }

        public Builder scale(Optional<Integer> value) {
            this.scale = value;
            return this;
        }

        /** Sets scale; {@code null} clears it. */
        public Builder scale(Integer value) {
            this.scale = Optional.ofNullable(value);
            return this;
        }

        public Builder constValue(Optional<JsonNode> value) {
            this.constValue = value;
            return this;
        }

        /** Sets constValue; {@code null} clears it. */
        public Builder constValue(JsonNode value) {
            this.constValue = Optional.ofNullable(value);
            return this;
        }

        public Builder uniqueItems(boolean value) {
            this.uniqueItems = value;
            return this;
        }

        public Constraints build() {
            return new Constraints(pattern, format, minLength, maxLength, minimum, maximum, exclusiveMinimum,
                    exclusiveMaximum, multipleOf, precision, scale, constValue, uniqueItems);
        }
    }
}
