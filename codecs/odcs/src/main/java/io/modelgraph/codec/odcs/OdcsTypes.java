package io.modelgraph.codec.odcs;

import io.modelgraph.schema.PrimitiveKind;
import java.util.Optional;
import java.util.Set;

/** ODCS logical types and the canonical primitive kinds, both ways. */
final class OdcsTypes {
    static final String OBJECT = "object";
    static final String ARRAY = "array";

    /** The kind for a scalar logical type; empty for {@code object}, {@code array} or an unknown name. */
    /** Range options whose values ODCS 3.1 writes as text for dates, times and timestamps. */
    static final Set<String> BOUNDS = Set.of("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum");
    private static final Set<String> NUMERIC = Set.of("format", "minimum", "maximum", "exclusiveMinimum",
            "exclusiveMaximum", "multipleOf");
    private static final Set<String> TEMPORAL = Set.of("format", "minimum", "maximum", "exclusiveMinimum",
            "exclusiveMaximum", "timezone", "defaultTimezone");

    /**
     * The logicalTypeOptions ODCS 3.1.0's JSON Schema allows for a logical type ({@code additionalProperties:
     * false} in each type's branch). Without a logical type every branch's {@code if} holds (its
     * {@code properties} check passes vacuously), so no option at all is allowed.
     */
    static Set<String> options(String logicalType) {
        return switch (logicalType) {
            case "string" -> Set.of("format", "minLength", "maxLength", "pattern");
            case "date" -> Set.of("format", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum");
            case "time", "timestamp" -> TEMPORAL;
            case "integer", "number" -> NUMERIC;
            case "object" -> Set.of("minProperties", "maxProperties", "required");
            case "array" -> Set.of("minItems", "maxItems", "uniqueItems");
            case "boolean" -> Set.of();
            default -> Set.of();
        };
    }

    static boolean hasTextBounds(String logicalType) {
        return logicalType.equals("date") || logicalType.equals("time") || logicalType.equals("timestamp");
    }


    static Optional<PrimitiveKind> kind(String logicalType) {
        return Optional.ofNullable(switch (logicalType) {
            case "string" -> PrimitiveKind.STRING;
            case "date" -> PrimitiveKind.DATE;
            case "timestamp" -> PrimitiveKind.DATETIME;
            case "time" -> PrimitiveKind.TIME;
            case "number" -> PrimitiveKind.NUMBER;
            case "integer" -> PrimitiveKind.INTEGER;
            case "boolean" -> PrimitiveKind.BOOLEAN;
            default -> null;
        });
    }

    /** The logical type that holds a kind, and whether that is exact (ODCS has fewer scalar types). */
    record Logical(String name, Optional<String> format, boolean exact) {
    }

    static Logical logical(PrimitiveKind kind) {
        return switch (kind) {
            case STRING -> new Logical("string", Optional.empty(), true);
            case INTEGER -> new Logical("integer", Optional.empty(), true);
            case NUMBER -> new Logical("number", Optional.empty(), true);
            case DECIMAL -> new Logical("number", Optional.empty(), false);
            case BOOLEAN -> new Logical("boolean", Optional.empty(), true);
            case DATE -> new Logical("date", Optional.empty(), true);
            case DATETIME -> new Logical("timestamp", Optional.empty(), true);
            case TIME -> new Logical("time", Optional.empty(), true);
            case DURATION -> new Logical("string", Optional.of("duration"), false);
            case URI -> new Logical("string", Optional.of("uri"), false);
            case UUID -> new Logical("string", Optional.of("uuid"), false);
            case BINARY -> new Logical("string", Optional.of("binary"), false);
            case ANY -> new Logical("string", Optional.empty(), false);
        };
    }

    private OdcsTypes() {
    }
}
