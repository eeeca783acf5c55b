package io.modelgraph.codec.avro;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.DataType;
import io.modelgraph.schema.ElementDef;
import io.modelgraph.schema.PrimitiveKind;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The Avro field schema a model element stands for, in reference form (named types by name). The encoder writes
 * it; the decoder compares it with the source and keeps the source's exact schema in {@link AvroKeys#SCHEMA} only
 * when the two differ, so an Avro-origin model re-emits its own schema and other models get the nearest one.
 */
final class FieldSchemas {
    static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    static final Set<String> PRIMITIVES = Set.of("null", "boolean", "int", "long", "float", "double", "bytes",
            "string");

    private final Function<String, String> typeRef;
    private final Function<String, String> taxonomyRef;
    private final Optional<LossinessLedger> ledger;

    FieldSchemas(Function<String, String> typeRef, Function<String, String> taxonomyRef,
            Optional<LossinessLedger> ledger) {
        this.typeRef = typeRef;
        this.taxonomyRef = taxonomyRef;
        this.ledger = ledger;
    }

    JsonNode forElement(ElementDef e, String path) {
        JsonNode base = forType(e.type(), e, path);
        if (e.cardinality().many()) {
            ObjectNode array = JSON.objectNode().put("type", "array");
            array.set("items", base);
            base = array;
        }
        boolean optional = e.nullable() || (!e.cardinality().required() && !e.cardinality().many());
        if (!optional) {
            return base;
        }
        if (!e.nullable()) {
            // Avro has no absent field: an optional value is a union with null, which reads back as nullable
            ledger.ifPresent(l -> l.approximate(path, "Avro fields are never absent; the optional '" + e.name()
                    + "' is written as a union with null, so it reads back as nullable."));
        }
        boolean nullFirst = e.defaultValue().map(JsonNode::isNull).orElse(true);
        ArrayNode union = JSON.arrayNode();
        if (nullFirst) {
            union.add("null");
        }
        if (base.isArray()) {
            base.forEach(m -> {
                if (!m.equals(TextNode.valueOf("null"))) {
                    union.add(m);
                }
            });
        } else {
            union.add(base);
        }
        if (!nullFirst) {
            union.add("null");
        }
        return union;
    }

    JsonNode forType(DataType type, ElementDef e, String path) {
        if (type instanceof DataType.TypeRef t) {
            return TextNode.valueOf(typeRef.apply(t.typeName()));
        }
        if (type instanceof DataType.TaxonomyRef t) {
            return TextNode.valueOf(taxonomyRef.apply(t.taxonomyName()));
        }
        if (type instanceof DataType.MapOf m) {
            ObjectNode map = JSON.objectNode().put("type", "map");
            map.set("values", forType(m.values(), e, path));
            return map;
        }
        if (type instanceof DataType.Union u) {
            ArrayNode union = JSON.arrayNode();
            for (DataType member : u.members()) {
                JsonNode m = forType(member, e, path);
                if (m.isArray()) {
                    m.forEach(x -> addOnce(union, x, path));
                } else {
                    addOnce(union, m, path);
                }
            }
            return union;
        }
        return primitive((DataType.Primitive) type, e, path);
    }

    /**
     * Adds a member unless the union holds it or another of its Avro type: a union holds one schema per type
     * except named ones, and a logical type is its underlying type ({@code timestamp-millis} is a {@code long}).
     */
    private void addOnce(ArrayNode union, JsonNode member, String path) {
        String branch = branch(member);
        for (JsonNode m : union) {
            if (m.equals(member)) {
                return;
            }
            if (branch(m).equals(branch)) {
                ledger.ifPresent(l -> l.narrow(path, "Avro unions hold one member per type; " + member + " is left"
                        + " out, since " + m + " is already a '" + branch + "'."));
                return;
            }
        }
        union.add(member);
    }

    /** The member's branch in an Avro union: its name if named, else its (underlying) type. */
    private static String branch(JsonNode member) {
        if (member.isTextual()) {
            return member.asText();
        }
        JsonNode type = member.path("type");
        if (member.has("name") && type.isTextual() && Set.of("record", "enum", "fixed").contains(type.asText())) {
            return member.path("namespace").asText("").isEmpty() ? member.path("name").asText()
                    : member.path("namespace").asText() + "." + member.path("name").asText();
        }
        return type.isTextual() ? type.asText() : type.toString();
    }

    private JsonNode primitive(DataType.Primitive p, ElementDef e, String path) {
        String nativeName = p.nativeName().orElse("");
        Optional<String> fixed = fixedName(e);
        if (fixed.isPresent() && (p.kind() == PrimitiveKind.BINARY || p.kind() == PrimitiveKind.DECIMAL
                || p.kind() == PrimitiveKind.DURATION)) {
            return TextNode.valueOf(fixed.get());
        }
        if (PRIMITIVES.contains(nativeName) && fits(p.kind(), nativeName)) {
            return TextNode.valueOf(nativeName);
        }
        return switch (p.kind()) {
            case STRING -> TextNode.valueOf("string");
            case INTEGER -> TextNode.valueOf("long");
            case NUMBER -> TextNode.valueOf("double");
            case BOOLEAN -> TextNode.valueOf("boolean");
            case BINARY -> TextNode.valueOf("bytes");
            case DECIMAL -> decimal(e, path);
            case UUID -> logical("string", "uuid");
            case DATE -> logical("int", "date");
            case TIME -> nativeName.equals("time-micros") ? logical("long", "time-micros") : logical("int",
                    "time-millis");
            case DATETIME -> logical("long", nativeName.startsWith("timestamp-") || nativeName.startsWith(
                    "local-timestamp-") ? nativeName : "timestamp-millis");
            case DURATION -> approximate(path, "a duration becomes an ISO 8601 string (Avro's duration logical type"
                    + " needs a fixed type of its own)");
            case URI -> approximate(path, "a URI becomes a string");
            case ANY -> nativeName.equals("null") ? TextNode.valueOf("null")
                    : approximate(path, "a value of any type becomes a string");
        };
    }

    /** The full name of the first fixed type in the element's {@link AvroKeys#FIXED} definitions. */
    static Optional<String> fixedName(ElementDef e) {
        return Optional.ofNullable(e.annotations().get(AvroKeys.FIXED)).flatMap(AvroEncoding::readJson)
                .filter(a -> a.isArray() && a.size() > 0).map(a -> a.get(0)).map(d -> {
                    String ns = d.path("namespace").asText("");
                    return (ns.isEmpty() ? "" : ns + ".") + d.path("name").asText();
                });
    }

    private static boolean fits(PrimitiveKind kind, String avro) {
        return switch (avro) {
            case "int", "long" -> kind == PrimitiveKind.INTEGER;
            case "float", "double" -> kind == PrimitiveKind.NUMBER;
            case "string" -> kind == PrimitiveKind.STRING;
            case "bytes" -> kind == PrimitiveKind.BINARY;
            case "boolean" -> kind == PrimitiveKind.BOOLEAN;
            default -> kind == PrimitiveKind.ANY;
        };
    }

    private JsonNode decimal(ElementDef e, String path) {
        ObjectNode d = logical("bytes", "decimal");
        Optional<Integer> precision = e.constraints().precision();
        if (precision.isEmpty()) {
            ledger.ifPresent(l -> l.approximate(path, "a decimal without precision becomes decimal(38, scale)"));
        }
        d.put("precision", precision.orElse(38));
        e.constraints().scale().ifPresent(s -> d.put("scale", s));
        return d;
    }

    private static ObjectNode logical(String base, String logicalType) {
        return JSON.objectNode().put("type", base).put("logicalType", logicalType);
    }

    private JsonNode approximate(String path, String why) {
        ledger.ifPresent(l -> l.approximate(path, why));
        return TextNode.valueOf("string");
    }
}
