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

    /** An element without a field number (the shape before that fact existed). */
    public ElementDef(String name, Optional<String> description, DataType type, Cardinality cardinality,
            boolean nullable, Constraints constraints, Optional<String> mapsTo, Optional<JsonNode> defaultValue,
            List<JsonNode> examples, Map<String, String> annotations) {
        this(name, description, type, cardinality, nullable, constraints, mapsTo, defaultValue, examples, annotations,
                OptionalInt.empty());
    }

    public static ElementDef of(String name, DataType type, Cardinality cardinality) {
        return new ElementDef(name, Optional.empty(), type, cardinality, false, Constraints.NONE, Optional.empty(),
                Optional.empty(), List.of(), Map.of(), OptionalInt.empty());
    }

    public ElementDef withDescription(String text) {
        return new ElementDef(name, Optional.ofNullable(text), type, cardinality, nullable, constraints, mapsTo,
                defaultValue, examples, annotations, fieldNumber);
    }

    public ElementDef withType(DataType t) {
        return new ElementDef(name, description, t, cardinality, nullable, constraints, mapsTo, defaultValue, examples,
                annotations, fieldNumber);
    }

    public ElementDef withCardinality(Cardinality c) {
        return new ElementDef(name, description, type, c, nullable, constraints, mapsTo, defaultValue, examples,
                annotations, fieldNumber);
    }

    public ElementDef withNullable(boolean n) {
        return new ElementDef(name, description, type, cardinality, n, constraints, mapsTo, defaultValue, examples,
                annotations, fieldNumber);
    }

    public ElementDef withConstraints(Constraints c) {
        return new ElementDef(name, description, type, cardinality, nullable, c, mapsTo, defaultValue, examples,
                annotations, fieldNumber);
    }

    public ElementDef withMapsTo(String iri) {
        return new ElementDef(name, description, type, cardinality, nullable, constraints, Optional.ofNullable(iri),
                defaultValue, examples, annotations, fieldNumber);
    }

    public ElementDef withDefault(JsonNode value) {
        return new ElementDef(name, description, type, cardinality, nullable, constraints, mapsTo,
                Optional.ofNullable(value), examples, annotations, fieldNumber);
    }

    public ElementDef withExamples(List<JsonNode> values) {
        return new ElementDef(name, description, type, cardinality, nullable, constraints, mapsTo, defaultValue, values,
                annotations, fieldNumber);
    }

    public ElementDef withAnnotations(Map<String, String> values) {
        return new ElementDef(name, description, type, cardinality, nullable, constraints, mapsTo, defaultValue,
                examples, values, fieldNumber);
    }

    public ElementDef withName(String newName) {
        return new ElementDef(newName, description, type, cardinality, nullable, constraints, mapsTo, defaultValue,
                examples, annotations, fieldNumber);
    }

    public ElementDef withFieldNumber(int number) {
        return new ElementDef(name, description, type, cardinality, nullable, constraints, mapsTo, defaultValue,
                examples, annotations, OptionalInt.of(number));
    }
}
