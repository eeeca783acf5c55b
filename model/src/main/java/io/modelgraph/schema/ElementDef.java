package io.modelgraph.schema;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A property of a type (a JSON Schema property, a ShEx triple constraint, an Avro field, a column).
 * {@code annotations} keep format-specific facts a codec needs for a faithful round trip to its own
 * format, and vendor metadata (keys prefixed with the vendor, such as {@code redcap.branchingLogic}).
 */
public record ElementDef(
        String name,
        Optional<String> description,
        DataType type,
        Cardinality cardinality,
        boolean nullable,
        Constraints constraints,
        Optional<String> mapsTo,
        Optional<JsonNode> defaultValue,
        List<JsonNode> examples,
        Map<String, String> annotations,
        OptionalInt fieldNumber) {

    public ElementDef {
        examples = List.copyOf(examples);
        annotations = Map.copyOf(annotations);
    }

    public static ElementDef of(String name, DataType type, Cardinality cardinality) {
        return new ElementDef(name, Optional.empty(), type, cardinality, false, Constraints.NONE, Optional.empty(),
                Optional.empty(), List.of(), Map.of(), OptionalInt.empty());
    }

    /** A builder of a ElementDef named {@code name}, every other component empty. */
    public static Builder builder(String name) {
        return new Builder().name(name);
    }

    /** A builder holding this ElementDef's components, to change some and build a new one. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /**
     * Builds a {@code ElementDef} one component at a time; unset components keep their empty value. Codecs and
     * mappers change a copy through {@link #toBuilder()} instead of re-listing every component.
     */
    public static final class Builder {
        private String name = "";
        private Optional<String> description = Optional.empty();
        private DataType type = new DataType.Primitive(PrimitiveKind.ANY, Optional.empty());
        private Cardinality cardinality = Cardinality.REQUIRED;
        private boolean nullable = false;
        private Constraints constraints = Constraints.NONE;
        private Optional<String> mapsTo = Optional.empty();
        private Optional<JsonNode> defaultValue = Optional.empty();
        private List<JsonNode> examples = List.of();
        private Map<String, String> annotations = Map.of();
        private OptionalInt fieldNumber = OptionalInt.empty();

        private Builder() {
        }

        private Builder(ElementDef from) {
            this.name = from.name;
            this.description = from.description;
            this.type = from.type;
            this.cardinality = from.cardinality;
            this.nullable = from.nullable;
            this.constraints = from.constraints;
            this.mapsTo = from.mapsTo;
            this.defaultValue = from.defaultValue;
            this.examples = from.examples;
            this.annotations = from.annotations;
            this.fieldNumber = from.fieldNumber;
        }

        public Builder name(String value) {
            this.name = value;
            return this;
        }

        public Builder description(Optional<String> value) {
            this.description = value;
            return this;
        }

        /** Sets description; {@code null} clears it. */
        public Builder description(String value) {
            this.description = Optional.ofNullable(value);
            return this;
        }

        public Builder type(DataType value) {
            this.type = value;
            return this;
        }

        public Builder cardinality(Cardinality value) {
            this.cardinality = value;
            return this;
        }

        public Builder nullable(boolean value) {
            this.nullable = value;
            return this;
        }

        public Builder constraints(Constraints value) {
            this.constraints = value;
            return this;
        }

        public Builder mapsTo(Optional<String> value) {
            this.mapsTo = value;
            return this;
        }

        /** Sets mapsTo; {@code null} clears it. */
        public Builder mapsTo(String value) {
            this.mapsTo = Optional.ofNullable(value);
            return this;
        }

        public Builder defaultValue(Optional<JsonNode> value) {
            this.defaultValue = value;
            return this;
        }

        /** Sets defaultValue; {@code null} clears it. */
        public Builder defaultValue(JsonNode value) {
            this.defaultValue = Optional.ofNullable(value);
            return this;
        }

        public Builder examples(List<JsonNode> value) {
            this.examples = value;
            return this;
        }

        public Builder annotations(Map<String, String> value) {
            this.annotations = value;
            return this;
        }

        public Builder fieldNumber(OptionalInt value) {
            this.fieldNumber = value;
            return this;
        }

        public Builder fieldNumber(int value) {
            this.fieldNumber = OptionalInt.of(value);
            return this;
        }

        public ElementDef build() {
            return new ElementDef(name, description, type, cardinality, nullable, constraints, mapsTo, defaultValue,
                    examples, annotations, fieldNumber);
        }
    }
}
