package io.modelgraph.schema;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A link between two types through columns: {@code fromElements} of {@code fromType} refer to {@code toElements}
 * of {@code toType} (in the same order). Needed by sql (FOREIGN KEY, inline, named or by ALTER TABLE), osi
 * ({@code relationships} with {@code from_columns}/{@code to_columns}) and odcs v3.1 ({@code relationships}).
 * A plain reference between types that names no columns stays an element typed {@link DataType.TypeRef}.
 *
 * <p>Cardinalities say how many {@code from} rows one {@code to} row has ({@code fromCardinality}, typically
 * {@link Cardinality#ANY_NUMBER}) and how many {@code to} rows one {@code from} row refers to
 * ({@code toCardinality}: {@link Cardinality#REQUIRED} for a NOT NULL foreign key, {@link Cardinality#OPTIONAL} for a
 * nullable one).
 */
public record Relationship(
        Optional<String> name,
        String fromType,
        List<String> fromElements,
        String toType,
        List<String> toElements,
        Cardinality fromCardinality,
        Cardinality toCardinality,
        Map<String, String> annotations) {

    public Relationship {
        fromElements = List.copyOf(fromElements);
        toElements = List.copyOf(toElements);
        annotations = Map.copyOf(annotations);
    }

    /** A many-to-one foreign key with no name. */
    public static Relationship foreignKey(String fromType, List<String> fromElements, String toType,
            List<String> toElements, boolean required) {
        return new Relationship(Optional.empty(), fromType, fromElements, toType, toElements, Cardinality.ANY_NUMBER,
                required ? Cardinality.REQUIRED : Cardinality.OPTIONAL, Map.of());
    }

    /** A builder holding this Relationship's components, to change some and build a new one. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /**
     * Builds a {@code Relationship} one component at a time; unset components keep their empty value. Codecs and
     * mappers change a copy through {@link #toBuilder()} instead of re-listing every component.
     */
    public static final class Builder {
        private Optional<String> name = Optional.empty();
        private String fromType = "";
        private List<String> fromElements = List.of();
        private String toType = "";
        private List<String> toElements = List.of();
        private Cardinality fromCardinality = Cardinality.ANY_NUMBER;
        private Cardinality toCardinality = Cardinality.OPTIONAL;
        private Map<String, String> annotations = Map.of();

        private Builder() {
        }

        private Builder(Relationship from) {
            this.name = from.name;
            this.fromType = from.fromType;
            this.fromElements = from.fromElements;
            this.toType = from.toType;
            this.toElements = from.toElements;
            this.fromCardinality = from.fromCardinality;
            this.toCardinality = from.toCardinality;
            this.annotations = from.annotations;
        }

        public Builder name(Optional<String> value) {
            this.name = value;
            return this;
        }

        /** Sets name; {@code null} clears it. */
        public Builder name(String value) {
            this.name = Optional.ofNullable(value);
            return this;
        }

        public Builder fromType(String value) {
            this.fromType = value;
            return this;
        }

        public Builder fromElements(List<String> value) {
            this.fromElements = value;
            return this;
        }

        public Builder toType(String value) {
            this.toType = value;
            return this;
        }

        public Builder toElements(List<String> value) {
            this.toElements = value;
            return this;
        }

        public Builder fromCardinality(Cardinality value) {
            this.fromCardinality = value;
            return this;
        }

        public Builder toCardinality(Cardinality value) {
            this.toCardinality = value;
            return this;
        }

        public Builder annotations(Map<String, String> value) {
            this.annotations = value;
            return this;
        }

        public Relationship build() {
            return new Relationship(name, fromType, fromElements, toType, toElements, fromCardinality, toCardinality,
                    annotations);
        }
    }
}
