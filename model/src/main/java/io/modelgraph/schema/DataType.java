package io.modelgraph.schema;

import java.util.List;
import java.util.Optional;

/** What an element holds: a scalar, a reference to a type or taxonomy, a union, or a map. */
public sealed interface DataType {

    /** A scalar; {@code nativeName} is the source format's spelling, such as {@code xsd:dateTime} or {@code varchar}. */
    record Primitive(PrimitiveKind kind, Optional<String> nativeName) implements DataType {
        public Primitive(PrimitiveKind kind) {
            this(kind, Optional.empty());
        }
    }

    /** A nested or referenced object: the name of a {@link TypeDef} in the same model. */
    record TypeRef(String typeName) implements DataType {
    }

    /** A value drawn from a controlled list: the name of a {@link TaxonomyDef} in the same model. */
    record TaxonomyRef(String taxonomyName) implements DataType {
    }

    /** One of several types (Avro unions, JSON Schema oneOf/anyOf, ShEx OR). */
    record Union(List<DataType> members) implements DataType {
        public Union {
            members = List.copyOf(members);
        }
    }

    /** String-keyed map (Avro map, protobuf map, JSON Schema additionalProperties). */
    record MapOf(DataType values) implements DataType {
    }

    static DataType of(PrimitiveKind kind) {
        return new Primitive(kind);
    }
}
