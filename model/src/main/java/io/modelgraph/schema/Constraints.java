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

    public Constraints withPattern(String v) {
        return new Constraints(Optional.ofNullable(v), format, minLength, maxLength, minimum, maximum, exclusiveMinimum,
                exclusiveMaximum, multipleOf, precision, scale, constValue, uniqueItems);
    }

    public Constraints withFormat(String v) {
        return new Constraints(pattern, Optional.ofNullable(v), minLength, maxLength, minimum, maximum, exclusiveMinimum,
                exclusiveMaximum, multipleOf, precision, scale, constValue, uniqueItems);
    }

    public Constraints withLength(Long min, Long max) {
        return new Constraints(pattern, format, Optional.ofNullable(min), Optional.ofNullable(max), minimum, maximum,
                exclusiveMinimum, exclusiveMaximum, multipleOf, precision, scale, constValue, uniqueItems);
    }

    public Constraints withRange(BigDecimal min, BigDecimal max) {
        return new Constraints(pattern, format, minLength, maxLength, Optional.ofNullable(min), Optional.ofNullable(max),
                exclusiveMinimum, exclusiveMaximum, multipleOf, precision, scale, constValue, uniqueItems);
    }

    public Constraints withExclusiveRange(BigDecimal min, BigDecimal max) {
        return new Constraints(pattern, format, minLength, maxLength, minimum, maximum, Optional.ofNullable(min),
                Optional.ofNullable(max), multipleOf, precision, scale, constValue, uniqueItems);
    }

    public Constraints withMultipleOf(BigDecimal v) {
        return new Constraints(pattern, format, minLength, maxLength, minimum, maximum, exclusiveMinimum,
                exclusiveMaximum, Optional.ofNullable(v), precision, scale, constValue, uniqueItems);
    }

    public Constraints withPrecision(Integer p, Integer s) {
        return new Constraints(pattern, format, minLength, maxLength, minimum, maximum, exclusiveMinimum,
                exclusiveMaximum, multipleOf, Optional.ofNullable(p), Optional.ofNullable(s), constValue, uniqueItems);
    }

    public Constraints withConst(JsonNode v) {
        return new Constraints(pattern, format, minLength, maxLength, minimum, maximum, exclusiveMinimum,
                exclusiveMaximum, multipleOf, precision, scale, Optional.ofNullable(v), uniqueItems);
    }

    public Constraints withUniqueItems(boolean v) {
        return new Constraints(pattern, format, minLength, maxLength, minimum, maximum, exclusiveMinimum,
                exclusiveMaximum, multipleOf, precision, scale, constValue, v);
    }
}
