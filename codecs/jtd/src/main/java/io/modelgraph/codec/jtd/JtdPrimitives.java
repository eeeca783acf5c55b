package io.modelgraph.codec.jtd;

import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.DataType;
import io.modelgraph.schema.PrimitiveKind;
import java.util.Optional;
import java.util.Set;

/** JTD's eleven {@code type} values and the model's scalar kinds, both ways (docs/formats/jtd.md, "Types"). */
final class JtdPrimitives {
    private static final Set<String> INTEGERS = Set.of("int8", "uint8", "int16", "uint16", "int32", "uint32");

    private JtdPrimitives() {
    }

    static DataType decode(String type) {
        return switch (type) {
            case "boolean" -> new DataType.Primitive(PrimitiveKind.BOOLEAN, Optional.empty());
            case "string" -> new DataType.Primitive(PrimitiveKind.STRING, Optional.empty());
            case "timestamp" -> new DataType.Primitive(PrimitiveKind.DATETIME, Optional.empty());
            case "float64" -> new DataType.Primitive(PrimitiveKind.NUMBER, Optional.empty());
            case "float32" -> new DataType.Primitive(PrimitiveKind.NUMBER, Optional.of("float32"));
            // the width is the native name: other formats read an integer, JTD writes the same width back
            default -> new DataType.Primitive(PrimitiveKind.INTEGER, Optional.of(type));
        };
    }

    /** The {@code type} for a scalar; empty for ANY (the empty schema). Approximations are ledgered at {@code path}. */
    static Optional<String> encode(DataType.Primitive p, String path, LossinessLedger ledger) {
        Optional<String> nativeName = p.nativeName();
        switch (p.kind()) {
            case BOOLEAN:
                return Optional.of("boolean");
            case STRING:
                return Optional.of("string");
            case DATETIME:
                return Optional.of("timestamp");
            case NUMBER:
                return Optional.of(nativeName.filter(n -> n.equals("float32")).orElse("float64"));
            case INTEGER:
                if (nativeName.filter(INTEGERS::contains).isPresent()) {
                    return nativeName;
                }
                ledger.approximate(path, "JTD's widest integer is 32 bits; the integer is written as int32.");
                return Optional.of("int32");
            case DECIMAL:
                ledger.approximate(path, "JTD has no decimal type; written as float64.");
                return Optional.of("float64");
            case ANY:
                return Optional.empty();
            default:
                ledger.approximate(path, "JTD has no " + p.kind().name().toLowerCase() + " type; written as string.");
                return Optional.of("string");
        }
    }
}
