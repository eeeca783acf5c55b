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

    public Relationship withName(String n) {
        return new Relationship(Optional.ofNullable(n), fromType, fromElements, toType, toElements, fromCardinality,
                toCardinality, annotations);
    }

    public Relationship withAnnotations(Map<String, String> values) {
        return new Relationship(name, fromType, fromElements, toType, toElements, fromCardinality, toCardinality,
                values);
    }
}
