package io.modelgraph.codec.protobuf;

import io.modelgraph.schema.PrimitiveKind;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** The well-known types that map onto the model's own scalars instead of becoming types of the model. */
final class WellKnownTypes {
    private static final Map<String, PrimitiveKind> NATIVE = Map.ofEntries(
            Map.entry("google.protobuf.Timestamp", PrimitiveKind.DATETIME),
            Map.entry("google.protobuf.Duration", PrimitiveKind.DURATION),
            Map.entry("google.protobuf.DoubleValue", PrimitiveKind.NUMBER),
            Map.entry("google.protobuf.FloatValue", PrimitiveKind.NUMBER),
            Map.entry("google.protobuf.Int64Value", PrimitiveKind.INTEGER),
            Map.entry("google.protobuf.UInt64Value", PrimitiveKind.INTEGER),
            Map.entry("google.protobuf.Int32Value", PrimitiveKind.INTEGER),
            Map.entry("google.protobuf.UInt32Value", PrimitiveKind.INTEGER),
            Map.entry("google.protobuf.BoolValue", PrimitiveKind.BOOLEAN),
            Map.entry("google.protobuf.StringValue", PrimitiveKind.STRING),
            Map.entry("google.protobuf.BytesValue", PrimitiveKind.BINARY),
            Map.entry("google.protobuf.Struct", PrimitiveKind.ANY),
            Map.entry("google.protobuf.Value", PrimitiveKind.ANY),
            Map.entry("google.protobuf.ListValue", PrimitiveKind.ANY),
            Map.entry("google.protobuf.NullValue", PrimitiveKind.ANY),
            Map.entry("google.protobuf.Any", PrimitiveKind.ANY),
            Map.entry("google.protobuf.Empty", PrimitiveKind.ANY),
            Map.entry("google.protobuf.FieldMask", PrimitiveKind.STRING));

    /** Wrappers stand for a scalar that may be absent: the element is nullable. */
    static boolean isWrapper(String fullName) {
        return fullName.endsWith("Value") && fullName.startsWith("google.protobuf.")
                && !Set.of("google.protobuf.Value", "google.protobuf.ListValue", "google.protobuf.NullValue")
                .contains(fullName);
    }

    static Optional<PrimitiveKind> kind(String fullName) {
        return Optional.ofNullable(NATIVE.get(fullName));
    }

    /** The file that declares a well-known type, for the encoder's imports. */
    static String file(String fullName) {
        String simple = fullName.substring(fullName.lastIndexOf('.') + 1);
        return "google/protobuf/" + switch (simple) {
            case "Timestamp" -> "timestamp";
            case "Duration" -> "duration";
            case "Struct", "Value", "ListValue", "NullValue" -> "struct";
            case "Any" -> "any";
            case "Empty" -> "empty";
            case "FieldMask" -> "field_mask";
            default -> "wrappers";
        } + ".proto";
    }

    private WellKnownTypes() {
    }
}
