package io.modelgraph.schema.graph;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.schema.Cardinality;
import io.modelgraph.schema.Constraints;
import io.modelgraph.schema.DataType;
import io.modelgraph.schema.PrimitiveKind;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeMap;

/**
 * The column values of the default mixins for each model fact, and back. Only columns with something to say are
 * written, so an unconstrained element has no constraints value at all.
 *
 * <p>Data types: {@code dataType} is a {@link PrimitiveKind} name, or {@code TYPE} / {@code TAXONOMY} (the target
 * is the element's range-includes relation), {@code UNION} (members in {@code union}) or {@code MAP} (value type
 * in {@code mapValues}). Nested descriptors are objects {@code {dataType, nativeType?, name?, union?, mapValues?}}
 * where {@code name} names the referenced Type or Taxonomy.
 */
final class GraphFacts {
    static final String TYPE = "TYPE";
    static final String TAXONOMY = "TAXONOMY";
    static final String UNION = "UNION";
    static final String MAP = "MAP";
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    // ---------------------------------------------------------------- data type

    static Map<String, JsonNode> dataType(DataType t) {
        Map<String, JsonNode> out = new LinkedHashMap<>();
        ObjectNode d = descriptor(t);
        d.remove("name");
        d.fields().forEachRemaining(e -> out.put(e.getKey(), e.getValue()));
        return out;
    }

    private static ObjectNode descriptor(DataType t) {
        ObjectNode d = F.objectNode();
        if (t instanceof DataType.Primitive) {
            DataType.Primitive p = (DataType.Primitive) t;
            d.put("dataType", p.kind().name());
            p.nativeName().ifPresent(n -> d.put("nativeType", n));
        } else if (t instanceof DataType.TypeRef) {
            d.put("dataType", TYPE).put("name", ((DataType.TypeRef) t).typeName());
        } else if (t instanceof DataType.TaxonomyRef) {
            d.put("dataType", TAXONOMY).put("name", ((DataType.TaxonomyRef) t).taxonomyName());
        } else if (t instanceof DataType.Union) {
            d.put("dataType", UNION);
            ArrayNode members = d.putArray("union");
            for (DataType m : ((DataType.Union) t).members()) {
                members.add(descriptor(m));
            }
        } else if (t instanceof DataType.MapOf) {
            d.put("dataType", MAP).set("mapValues", descriptor(((DataType.MapOf) t).values()));
        }
        return d;
    }

    /** Reads a data type back; {@code rangeTarget} is the label and node type of the element's range, if any. */
    static DataType dataType(Map<String, JsonNode> columns, Optional<Range> rangeTarget) {
        String kind = text(columns.get("dataType")).orElse("");
        if (kind.equals(TYPE) || kind.equals(TAXONOMY) || kind.isEmpty()) {
            if (rangeTarget.isPresent()) {
                return rangeTarget.get().taxonomy() ? new DataType.TaxonomyRef(rangeTarget.get().label())
                        : new DataType.TypeRef(rangeTarget.get().label());
            }
            return DataType.of(PrimitiveKind.ANY);
        }
        ObjectNode d = F.objectNode();
        columns.forEach(d::set);
        return fromDescriptor(d);
    }

    record Range(String label, boolean taxonomy) {
    }

    private static DataType fromDescriptor(JsonNode d) {
        String kind = d.path("dataType").asText("");
        switch (kind) {
            case TYPE:
                return new DataType.TypeRef(d.path("name").asText());
            case TAXONOMY:
                return new DataType.TaxonomyRef(d.path("name").asText());
            case UNION: {
                List<DataType> members = new ArrayList<>();
                d.path("union").forEach(m -> members.add(fromDescriptor(m)));
                return new DataType.Union(members);
            }
            case MAP:
                return new DataType.MapOf(fromDescriptor(d.path("mapValues")));
            default:
                PrimitiveKind p;
                try {
                    p = PrimitiveKind.valueOf(kind);
                } catch (IllegalArgumentException e) {
                    p = PrimitiveKind.ANY;
                }
                return new DataType.Primitive(p, text(d.get("nativeType")));
        }
    }

    // ---------------------------------------------------------------- cardinality, constraints, values

    static Map<String, JsonNode> cardinality(Cardinality c, boolean nullable) {
        Map<String, JsonNode> out = new LinkedHashMap<>();
        out.put("required", F.booleanNode(c.required()));
        out.put("nullable", F.booleanNode(nullable));
        out.put("minOccurs", F.numberNode(c.min()));
        out.put("maxOccurs", c.max().isPresent() ? F.numberNode(c.max().getAsInt()) : F.nullNode());
        return out;
    }

    static Cardinality cardinality(Map<String, JsonNode> columns) {
        JsonNode min = columns.get("minOccurs");
        JsonNode max = columns.get("maxOccurs");
        boolean required = columns.containsKey("required") && columns.get("required").asBoolean();
        int lower = min != null && min.canConvertToInt() && min.intValue() >= 0 ? min.intValue() : required ? 1 : 0;
        // only an explicit null is unbounded; a missing (or unreadable) upper bound is the default of one
        OptionalInt upper = max != null && max.isNull() ? OptionalInt.empty()
                : max != null && max.canConvertToInt() ? OptionalInt.of(max.intValue()) : OptionalInt.of(1);
        if (upper.isPresent() && upper.getAsInt() < lower) {
            upper = OptionalInt.of(lower); // bounds written by separate calls may cross; never fail the read
        }
        return new Cardinality(lower, upper);
    }

    static Map<String, JsonNode> constraints(Constraints c) {
        Map<String, JsonNode> out = new LinkedHashMap<>();
        c.pattern().ifPresent(v -> out.put("pattern", F.textNode(v)));
        c.format().ifPresent(v -> out.put("format", F.textNode(v)));
        c.minLength().ifPresent(v -> out.put("minLength", F.numberNode(v)));
        c.maxLength().ifPresent(v -> out.put("maxLength", F.numberNode(v)));
        c.minimum().ifPresent(v -> out.put("minimum", F.numberNode(v)));
        c.maximum().ifPresent(v -> out.put("maximum", F.numberNode(v)));
        c.exclusiveMinimum().ifPresent(v -> out.put("exclusiveMinimum", F.numberNode(v)));
        c.exclusiveMaximum().ifPresent(v -> out.put("exclusiveMaximum", F.numberNode(v)));
        c.multipleOf().ifPresent(v -> out.put("multipleOf", F.numberNode(v)));
        c.precision().ifPresent(v -> out.put("precision", F.numberNode(v)));
        c.scale().ifPresent(v -> out.put("scale", F.numberNode(v)));
        if (c.uniqueItems()) {
            out.put("uniqueItems", F.booleanNode(true));
        }
        return out;
    }

    /** The constraint numbers whose scale a store may not keep ({@code 4.50}), as JSON text; empty when none. */
    static Optional<String> exactDecimals(Constraints c) {
        ObjectNode o = F.objectNode();
        Map<String, Optional<BigDecimal>> numbers = new LinkedHashMap<>();
        numbers.put("minimum", c.minimum());
        numbers.put("maximum", c.maximum());
        numbers.put("exclusiveMinimum", c.exclusiveMinimum());
        numbers.put("exclusiveMaximum", c.exclusiveMaximum());
        numbers.put("multipleOf", c.multipleOf());
        numbers.forEach((k, v) -> v.filter(d -> d.scale() > 0 && d.unscaledValue().mod(java.math.BigInteger.TEN)
                .signum() == 0).ifPresent(d -> o.put(k, d.toPlainString())));
        return o.isEmpty() ? Optional.empty() : Optional.of(o.toString());
    }

    /** {@code c} with the exact numbers of {@link #exactDecimals} put back (values that no longer match are left). */
    static Constraints withExactDecimals(Constraints c, Optional<String> exact) {
        if (exact.isEmpty()) {
            return c;
        }
        JsonNode o;
        try {
            o = new com.fasterxml.jackson.databind.ObjectMapper().readTree(exact.get());
        } catch (java.io.IOException e) {
            return c;
        }
        return new Constraints(c.pattern(), c.format(), c.minLength(), c.maxLength(), exact(c.minimum(), o, "minimum"),
                exact(c.maximum(), o, "maximum"), exact(c.exclusiveMinimum(), o, "exclusiveMinimum"),
                exact(c.exclusiveMaximum(), o, "exclusiveMaximum"), exact(c.multipleOf(), o, "multipleOf"),
                c.precision(), c.scale(), c.constValue(), c.uniqueItems());
    }

    private static Optional<BigDecimal> exact(Optional<BigDecimal> stored, JsonNode exact, String column) {
        if (stored.isEmpty() || !exact.path(column).isTextual()) {
            return stored;
        }
        try {
            BigDecimal d = new BigDecimal(exact.get(column).asText());
            return d.compareTo(stored.get()) == 0 ? Optional.of(d) : stored;
        } catch (NumberFormatException e) {
            return stored;
        }
    }

    /** {@code const} lives in the values mixin, so it is passed in separately. */
    static Constraints constraints(Map<String, JsonNode> c, Optional<JsonNode> constValue) {
        return new Constraints(text(c.get("pattern")), text(c.get("format")), longOf(c.get("minLength")),
                longOf(c.get("maxLength")), decimal(c.get("minimum")), decimal(c.get("maximum")),
                decimal(c.get("exclusiveMinimum")), decimal(c.get("exclusiveMaximum")), decimal(c.get("multipleOf")),
                intOf(c.get("precision")), intOf(c.get("scale")), constValue,
                c.containsKey("uniqueItems") && c.get("uniqueItems").asBoolean());
    }

    static Map<String, JsonNode> values(Optional<JsonNode> constValue, Optional<JsonNode> defaultValue,
            List<JsonNode> examples) {
        Map<String, JsonNode> out = new LinkedHashMap<>();
        constValue.ifPresent(v -> out.put("const", v));
        defaultValue.ifPresent(v -> out.put("default", v));
        if (!examples.isEmpty()) {
            ArrayNode a = F.arrayNode();
            examples.forEach(a::add);
            out.put("examples", a);
        }
        return out;
    }

    static Map<String, JsonNode> annotations(Map<String, String> annotations) {
        if (annotations.isEmpty()) {
            return Map.of();
        }
        ObjectNode o = F.objectNode();
        new TreeMap<>(annotations).forEach(o::put);
        return Map.of("annotations", o);
    }

    static Map<String, String> annotations(Map<String, JsonNode> columns, boolean dropReserved) {
        Map<String, String> out = new LinkedHashMap<>();
        JsonNode o = columns.get("annotations");
        if (o != null && o.isObject()) {
            o.fields().forEachRemaining(e -> {
                if (!(dropReserved && e.getKey().startsWith(ModelGraphMapper.RESERVED_PREFIX))) {
                    out.put(e.getKey(), e.getValue().asText());
                }
            });
        }
        return out;
    }

    static io.modelgraph.schema.Provenance provenance(Map<String, JsonNode> p) {
        if (p.isEmpty()) {
            return io.modelgraph.schema.Provenance.NONE;
        }
        return new io.modelgraph.schema.Provenance(text(p.get("format")).orElse(""), text(p.get("source")),
                text(p.get("originalName")));
    }

    static ArrayNode texts(List<String> values) {
        ArrayNode a = F.arrayNode();
        values.forEach(a::add);
        return a;
    }

    static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        if (array != null && array.isArray()) {
            array.forEach(v -> out.add(v.asText()));
        }
        return out;
    }

    // ---------------------------------------------------------------- structure (namespace, keys, field number)

    static Map<String, JsonNode> structure(io.modelgraph.schema.TypeDef t) {
        Map<String, JsonNode> out = new LinkedHashMap<>();
        t.namespace().ifPresent(v -> out.put("namespace", F.textNode(v)));
        if (!t.keys().isEmpty()) {
            ArrayNode keys = F.arrayNode();
            for (io.modelgraph.schema.KeyDef k : t.keys()) {
                ObjectNode o = keys.addObject().put("kind", k.kind().name());
                k.name().ifPresent(n -> o.put("name", n));
                o.set("elements", texts(k.elements()));
            }
            out.put("keys", keys);
        }
        return out;
    }

    static Map<String, JsonNode> structure(OptionalInt fieldNumber) {
        return fieldNumber.isPresent() ? Map.of("fieldNumber", F.numberNode(fieldNumber.getAsInt())) : Map.of();
    }

    static Optional<String> namespace(Map<String, JsonNode> structure) {
        return text(structure.get("namespace"));
    }

    /** Keys read back; an entry edited into something that is not a key is skipped. */
    static List<io.modelgraph.schema.KeyDef> keys(Map<String, JsonNode> structure) {
        List<io.modelgraph.schema.KeyDef> out = new ArrayList<>();
        JsonNode keys = structure.get("keys");
        if (keys == null || !keys.isArray()) {
            return out;
        }
        for (JsonNode k : keys) {
            List<String> elements = texts(k.get("elements"));
            io.modelgraph.schema.KeyDef.Kind kind = "UNIQUE".equals(k.path("kind").asText())
                    ? io.modelgraph.schema.KeyDef.Kind.UNIQUE : io.modelgraph.schema.KeyDef.Kind.PRIMARY;
            if (!elements.isEmpty()) {
                out.add(new io.modelgraph.schema.KeyDef(kind, text(k.get("name")), elements));
            }
        }
        return out;
    }

    static OptionalInt fieldNumber(Map<String, JsonNode> structure) {
        JsonNode n = structure.get("fieldNumber");
        return n == null || !n.canConvertToInt() || !n.isNumber() ? OptionalInt.empty() : OptionalInt.of(n.intValue());
    }

    static Map<String, JsonNode> single(String column, String value) {
        return Map.of(column, F.textNode(value));
    }

    // ---------------------------------------------------------------- scalars

    static Optional<String> text(JsonNode n) {
        return n == null || n.isNull() ? Optional.empty() : Optional.of(n.asText());
    }

    private static Optional<Long> longOf(JsonNode n) {
        return n == null || !n.isNumber() ? Optional.empty() : Optional.of(n.longValue());
    }

    private static Optional<Integer> intOf(JsonNode n) {
        return n == null || !n.isNumber() ? Optional.empty() : Optional.of(n.intValue());
    }

    private static Optional<BigDecimal> decimal(JsonNode n) {
        return n == null || !n.isNumber() ? Optional.empty() : Optional.of(n.decimalValue());
    }

    /** Equal as JSON, numbers by value (a store may hand 1 back as a long or a decimal). */
    static boolean sameColumns(Map<String, JsonNode> a, Map<String, JsonNode> b) {
        if (!a.keySet().equals(b.keySet())) {
            return false;
        }
        for (Map.Entry<String, JsonNode> e : a.entrySet()) {
            JsonNode other = b.get(e.getKey());
            if (!e.getValue().equals((x, y) -> numericAware(x, y), other)) {
                return false;
            }
        }
        return true;
    }

    private static int numericAware(JsonNode x, JsonNode y) {
        if (x.isNumber() && y.isNumber()) {
            return x.decimalValue().compareTo(y.decimalValue());
        }
        return x.equals(y) ? 0 : 1;
    }

    private GraphFacts() {
    }
}
