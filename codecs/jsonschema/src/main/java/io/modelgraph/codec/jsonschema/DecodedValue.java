package io.modelgraph.codec.jsonschema;

import io.modelgraph.schema.Constraints;
import io.modelgraph.schema.DataType;
import java.util.Map;

/** What one (non-array) subschema says about a value: its type, constraints, nullability, and union spelling. */
record DecodedValue(DataType type, Constraints constraints, boolean nullable, Map<String, String> annotations) {
    DecodedValue {
        annotations = Map.copyOf(annotations);
    }

    static DecodedValue of(DataType type, Constraints constraints, boolean nullable) {
        return new DecodedValue(type, constraints, nullable, Map.of());
    }
}
