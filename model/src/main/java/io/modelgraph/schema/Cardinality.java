package io.modelgraph.schema;

import java.util.OptionalInt;

/** How many values an element takes: {@code min} and {@code max} (empty max is unbounded). */
public record Cardinality(int min, OptionalInt max) {
    public static final Cardinality REQUIRED = new Cardinality(1, OptionalInt.of(1));
    public static final Cardinality OPTIONAL = new Cardinality(0, OptionalInt.of(1));
    public static final Cardinality ANY_NUMBER = new Cardinality(0, OptionalInt.empty());
    public static final Cardinality AT_LEAST_ONE = new Cardinality(1, OptionalInt.empty());

    public Cardinality {
        if (min < 0 || (max.isPresent() && max.getAsInt() < min)) {
            throw new IllegalArgumentException("Invalid cardinality " + min + ".." + max);
        }
    }

    public boolean required() {
        return min >= 1;
    }

    /** More than one value allowed: encoded as an array / repeated / collection. */
    public boolean many() {
        return max.isEmpty() || max.getAsInt() > 1;
    }
}
