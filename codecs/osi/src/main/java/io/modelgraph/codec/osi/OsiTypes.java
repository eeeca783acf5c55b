package io.modelgraph.codec.osi;

import io.modelgraph.schema.PrimitiveKind;

/** OSI 0.2 field datatypes and the canonical kinds, both ways. */
final class OsiTypes {

    static PrimitiveKind kind(String datatype) {
        return switch (datatype) {
            case "String" -> PrimitiveKind.STRING;
            case "Integer" -> PrimitiveKind.INTEGER;
            case "Decimal" -> PrimitiveKind.DECIMAL;
            case "Float" -> PrimitiveKind.NUMBER;
            case "Boolean" -> PrimitiveKind.BOOLEAN;
            case "Date" -> PrimitiveKind.DATE;
            case "Time" -> PrimitiveKind.TIME;
            case "DateTime", "DateTimeTz" -> PrimitiveKind.DATETIME;
            default -> PrimitiveKind.ANY;
        };
    }

    /** The datatype for a kind; {@code Opaque} where OSI's portable vocabulary has none. */
    static String datatype(PrimitiveKind kind) {
        return switch (kind) {
            case STRING, URI, UUID -> "String";
            case INTEGER -> "Integer";
            case DECIMAL -> "Decimal";
            case NUMBER -> "Float";
            case BOOLEAN -> "Boolean";
            case DATE -> "Date";
            case TIME -> "Time";
            case DATETIME -> "DateTime";
            case DURATION, BINARY, ANY -> "Opaque";
        };
    }

    private OsiTypes() {
    }
}
