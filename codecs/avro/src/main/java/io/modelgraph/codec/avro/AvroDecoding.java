package io.modelgraph.codec.avro;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.modelgraph.codec.CodecOptions;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.Cardinality;
import io.modelgraph.schema.Constraints;
import io.modelgraph.schema.DataType;
import io.modelgraph.schema.ElementDef;
import io.modelgraph.schema.PrimitiveKind;
import io.modelgraph.schema.Provenance;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.TaxonomyDef;
import io.modelgraph.schema.Term;
import io.modelgraph.schema.TypeDef;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.avro.JsonProperties;
import org.apache.avro.LogicalType;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Protocol;
import org.apache.avro.Schema;
import org.apache.avro.util.internal.JacksonUtils;

/**
 * Parsed Avro schemas to the canonical model: records become types, enums taxonomies, fixed types model
 * annotations their fields point at. Every named type reachable from a document is decoded once; recursion
 * needs nothing special because references are by name.
 */
final class AvroDecoding {
    private final AvroInput.Parsed parsed;
    private final CodecOptions options;
    private final LossinessLedger ledger;
    /** Named schemas by full name, in the order first met. */
    private final Map<String, Schema> named = new LinkedHashMap<>();
    private final Map<String, String> fileOf = new HashMap<>();
    private final Map<String, String> modelNames = new HashMap<>();
    /** The reverse of {@link #modelNames}, so that resolving each reference costs a lookup, not a scan. */
    private final Map<String, String> fullNames = new HashMap<>();
    private final FieldSchemas derive;

    AvroDecoding(AvroInput.Parsed parsed, CodecOptions options, LossinessLedger ledger) {
        this.parsed = parsed;
        this.options = options;
        this.ledger = ledger;
        this.derive = new FieldSchemas(this::fullNameOfModel, this::fullNameOfModel, Optional.empty());
    }

    SchemaModel decode() {
        List<JsonNode> roots = new ArrayList<>();
        Map<String, String> modelAnnotations = new LinkedHashMap<>();
        Optional<String> description = Optional.empty();
        String modelName = "";
        for (AvroInput.Document doc : parsed.documents()) {
            if (doc.protocol().isPresent()) {
                Protocol p = doc.protocol().get();
                modelAnnotations.put(AvroKeys.PROTOCOL, p.getNamespace() == null ? p.getName()
                        : p.getNamespace() + "." + p.getName());
                description = description.or(() -> Optional.ofNullable(p.getDoc()));
                modelName = modelName.isEmpty() ? p.getName() : modelName;
                for (Schema t : p.getTypes()) {
                    collect(t, doc.file());
                    roots.add(TextNode.valueOf(t.getFullName()));
                }
                p.getMessages().forEach((name, message) -> ledger.drop(where(doc.file(), "messages." + name),
                        "Avro protocol message '" + name + "' (request, response, errors) is not part of a schema"
                                + " model; its types are kept."));
            } else {
                Schema s = doc.schema().orElseThrow();
                collect(s, doc.file());
                JsonNode ref = ref(s);
                if (ref.isArray() && parsed.documents().size() > 1) {
                    // several files, each a top-level union, make one union: Avro has no union of unions
                    ref.forEach(member -> {
                        if (!roots.contains(member)) {
                            roots.add(member);
                        }
                    });
                } else {
                    roots.add(ref);
                }
                if (modelName.isEmpty() && isNamed(s)) {
                    modelName = s.getName();
                }
            }
        }
        assignModelNames();
        List<TypeDef> types = new ArrayList<>();
        List<TaxonomyDef> taxonomies = new ArrayList<>();
        for (Schema s : named.values()) {
            switch (s.getType()) {
                case RECORD -> types.add(record(s));
                case ENUM -> taxonomies.add(enumeration(s));
                default -> modelAnnotations.put(AvroKeys.FIXED_PREFIX + s.getFullName(), fixedDefinition(s)
                        .toString());
            }
        }
        JsonNode root = roots.size() == 1 ? roots.get(0) : FieldSchemas.JSON.arrayNode().addAll(roots);
        modelAnnotations.put(AvroKeys.ROOT, root.toString());
        String name = options.get("name").orElse(modelName.isEmpty() ? "avro" : modelName);
        Optional<String> rootType = roots.size() == 1 && roots.get(0).isTextual()
                ? Optional.ofNullable(modelNames.get(roots.get(0).asText())).filter(n -> types.stream()
                .anyMatch(t -> t.name().equals(n))) : Optional.empty();
        return new SchemaModel(name, description, types, taxonomies, Map.of(), Provenance.of(AvroCodec.FORMAT),
                modelAnnotations, rootType, Optional.empty(), List.of());
    }

    private static String where(String file, String path) {
        return file.isEmpty() ? "$." + path : file + ": $." + path;
    }

    private void collect(Schema s, String file) {
        switch (s.getType()) {
            case RECORD -> {
                if (named.putIfAbsent(s.getFullName(), s) == null) {
                    fileOf.put(s.getFullName(), file);
                    s.getFields().forEach(f -> collect(f.schema(), file));
                }
            }
            case ENUM, FIXED -> {
                if (named.putIfAbsent(s.getFullName(), s) == null) {
                    fileOf.put(s.getFullName(), file);
                }
            }
            case ARRAY -> collect(s.getElementType(), file);
            case MAP -> collect(s.getValueType(), file);
            case UNION -> s.getTypes().forEach(t -> collect(t, file));
            default -> {
            }
        }
    }

    /** Simple names, unless two named types share one: then both keep their full names. */
    private void assignModelNames() {
        Map<String, Integer> simple = new HashMap<>();
        named.values().forEach(s -> simple.merge(s.getName(), 1, Integer::sum));
        named.values().forEach(s -> modelNames.put(s.getFullName(),
                simple.get(s.getName()) > 1 ? s.getFullName() : s.getName()));
        modelNames.forEach((full, model) -> fullNames.putIfAbsent(model, full));
    }

    private String modelName(Schema s) {
        return modelNames.get(s.getFullName());
    }

    private String fullNameOfModel(String modelName) {
        return fullNames.getOrDefault(modelName, modelName);
    }

    private Provenance provenance(Schema s) {
        String file = fileOf.getOrDefault(s.getFullName(), "");
        return new Provenance(AvroCodec.FORMAT, file.isEmpty() ? Optional.empty() : Optional.of(file),
                Optional.of(s.getFullName()));
    }

    private Map<String, String> namedAnnotations(Schema s) {
        Map<String, String> a = new LinkedHashMap<>();
        if (s.getNamespace() != null && !s.getNamespace().isEmpty()) {
            a.put(AvroKeys.NAMESPACE, s.getNamespace());
        }
        if (!s.getAliases().isEmpty()) {
            a.put(AvroKeys.ALIASES, strings(s.getAliases()).toString());
        }
        putProps(a, s);
        return a;
    }

    /** Custom properties: dotted keys of other formats come back as their own annotations; the rest as JSON. */
    private static void putProps(Map<String, String> annotations, JsonProperties owner) {
        ObjectNode props = FieldSchemas.JSON.objectNode();
        owner.getObjectProps().forEach((k, v) -> {
            JsonNode value = JacksonUtils.toJsonNode(v);
            if (isForeignAnnotation(k) && value != null && value.isTextual()) {
                annotations.put(k, value.asText());
            } else {
                props.set(k, value);
            }
        });
        if (!props.isEmpty()) {
            annotations.put(AvroKeys.PROPS, props.toString());
        }
    }

    static boolean isForeignAnnotation(String key) {
        int dot = key.indexOf('.');
        return dot > 0 && !key.startsWith("avro.");
    }

    private static ArrayNode strings(Iterable<String> values) {
        ArrayNode a = FieldSchemas.JSON.arrayNode();
        values.forEach(a::add);
        return a;
    }

    private TypeDef record(Schema s) {
        List<ElementDef> elements = new ArrayList<>();
        for (Schema.Field f : s.getFields()) {
            elements.add(field(f));
        }
        Map<String, String> annotations = namedAnnotations(s);
        if (s.isError()) {
            annotations.put(AvroKeys.ERROR, "true");
        }
        // the namespace both as the model's field and as an annotation: the graph stores only the latter so far
        return new TypeDef(modelName(s), Optional.ofNullable(s.getDoc()), List.of(), elements, false,
                Optional.empty(), provenance(s), annotations, Optional.ofNullable(s.getNamespace())
                .filter(n -> !n.isEmpty()), List.of());
    }

    private TaxonomyDef enumeration(Schema s) {
        List<Term> terms = s.getEnumSymbols().stream().map(Term::of).toList();
        Map<String, String> annotations = namedAnnotations(s);
        if (s.getEnumDefault() != null) {
            annotations.put(AvroKeys.ENUM_DEFAULT, s.getEnumDefault());
        }
        return new TaxonomyDef(modelName(s), Optional.ofNullable(s.getDoc()), terms, Optional.empty(),
                provenance(s), annotations);
    }

    private ObjectNode fixedDefinition(Schema s) {
        ObjectNode d = FieldSchemas.JSON.objectNode().put("type", "fixed").put("name", s.getName());
        if (s.getNamespace() != null && !s.getNamespace().isEmpty()) {
            d.put("namespace", s.getNamespace());
        }
        d.put("size", s.getFixedSize());
        if (s.getDoc() != null) {
            d.put("doc", s.getDoc());
        }
        if (!s.getAliases().isEmpty()) {
            d.set("aliases", strings(s.getAliases()));
        }
        s.getObjectProps().forEach((k, v) -> d.set(k, JacksonUtils.toJsonNode(v)));
        return d;
    }

    private ElementDef field(Schema.Field f) {
        Schema s = f.schema();
        Schema inner = s;
        boolean nullable = false;
        DataType type;
        Cardinality cardinality;
        if (s.getType() == Schema.Type.UNION) {
            List<Schema> nonNull = s.getTypes().stream().filter(t -> t.getType() != Schema.Type.NULL).toList();
            nullable = nonNull.size() < s.getTypes().size();
            if (nonNull.size() == 1) {
                inner = nonNull.get(0);
            }
        }
        if (inner.getType() == Schema.Type.UNION) {
            List<Schema> nonNull = inner.getTypes().stream().filter(t -> t.getType() != Schema.Type.NULL).toList();
            type = nonNull.isEmpty() ? new DataType.Primitive(PrimitiveKind.ANY, Optional.of("null"))
                    : new DataType.Union(nonNull.stream().map(this::dataType).toList());
            cardinality = nullable ? Cardinality.OPTIONAL : Cardinality.REQUIRED;
            inner = nonNull.size() == 1 ? nonNull.get(0) : inner;
        } else if (inner.getType() == Schema.Type.ARRAY) {
            cardinality = Cardinality.ANY_NUMBER;
            inner = inner.getElementType();
            type = dataType(inner);
        } else {
            cardinality = nullable ? Cardinality.OPTIONAL : Cardinality.REQUIRED;
            type = dataType(inner);
        }
        Map<String, String> annotations = new LinkedHashMap<>();
        Constraints constraints = constraints(inner, annotations);
        // fixed types travel with the fields that use them: model-level annotations do not survive the graph yet
        ArrayNode fixed = FieldSchemas.JSON.arrayNode();
        fixedTypes(s, new java.util.HashSet<>()).forEach(x -> fixed.add(fixedDefinition(x)));
        if (!fixed.isEmpty()) {
            annotations.put(AvroKeys.FIXED, fixed.toString());
        }
        if (f.order() != Schema.Field.Order.ASCENDING) {
            annotations.put(AvroKeys.ORDER, f.order().name().toLowerCase(java.util.Locale.ROOT));
        }
        if (!f.aliases().isEmpty()) {
            annotations.put(AvroKeys.ALIASES, strings(f.aliases()).toString());
        }
        putProps(annotations, f);
        ElementDef e = ElementDef.builder(f.name()).description(Optional.ofNullable(f.doc())).type(type)
                .cardinality(cardinality).nullable(nullable).constraints(constraints)
                .defaultValue(f.hasDefaultValue() ? Optional.of(asWritten(JacksonUtils.toJsonNode(f.defaultVal())))
                        : Optional.empty())
                .annotations(annotations).build();
        JsonNode actual = ref(s);
        if (!derive.forElement(e, "").equals(actual)) {
            annotations.put(AvroKeys.SCHEMA, actual.toString());
            if (nestsCollections(actual, false)) {
                ledger.approximate("$." + f.name(), "Field schema " + actual + " nests arrays, maps or unions"
                        + " beyond what the model states; the model keeps the nearest type and annotation "
                        + AvroKeys.SCHEMA + " the exact schema.");
            }
            e = e.toBuilder().annotations(annotations).build();
        }
        return e;
    }

    /** Fixed types a field schema names, not looking into records (their own fields carry theirs). */
    private static List<Schema> fixedTypes(Schema s, java.util.Set<String> seen) {
        List<Schema> out = new ArrayList<>();
        switch (s.getType()) {
            case FIXED -> {
                if (seen.add(s.getFullName())) {
                    out.add(s);
                }
            }
            case ARRAY -> out.addAll(fixedTypes(s.getElementType(), seen));
            case MAP -> out.addAll(fixedTypes(s.getValueType(), seen));
            case UNION -> s.getTypes().forEach(t -> out.addAll(fixedTypes(t, seen)));
            default -> {
            }
        }
        return out;
    }

    /** An array or union inside an array, map or union: what the model's element type cannot say. */
    private static boolean nestsCollections(JsonNode ref, boolean inside) {
        if (ref.isArray()) {
            int nonNull = 0;
            for (JsonNode m : ref) {
                if (!m.equals(TextNode.valueOf("null"))) {
                    nonNull++;
                    if (m.isObject() && m.path("type").asText().equals("array") || nestsCollections(m, true)) {
                        return true;
                    }
                }
            }
            return inside && nonNull > 1;
        }
        if (ref.isObject()) {
            String t = ref.path("type").asText();
            if (t.equals("array")) {
                JsonNode items = ref.get("items");
                return inside || items.isArray() || nestsCollections(items, true);
            }
            if (t.equals("map")) {
                JsonNode values = ref.get("values");
                return values.isObject() && values.path("type").asText().equals("array")
                        || nestsCollections(values, true);
            }
        }
        return false;
    }

    private static Constraints constraints(Schema s, Map<String, String> annotations) {
        Constraints c = Constraints.NONE;
        if (s.getType() == Schema.Type.FIXED) {
            c = c.toBuilder().minLength((long) s.getFixedSize()).maxLength((long) s.getFixedSize()).build();
        }
        if (s.getLogicalType() instanceof LogicalTypes.Decimal d) {
            c = c.toBuilder().precision(d.getPrecision()).scale(s.getObjectProp("scale") == null ? null : d.getScale())
                    .build();
        }
        return c;
    }

    DataType dataType(Schema s) {
        LogicalType logical = s.getLogicalType();
        if (logical != null) {
            Optional<PrimitiveKind> kind = logicalKind(logical.getName());
            if (kind.isPresent()) {
                return new DataType.Primitive(kind.get(), Optional.of(logical.getName()));
            }
        }
        return switch (s.getType()) {
            case RECORD -> new DataType.TypeRef(modelName(s));
            case ENUM -> new DataType.TaxonomyRef(modelName(s));
            case FIXED -> new DataType.Primitive(PrimitiveKind.BINARY, Optional.of("fixed"));
            case MAP -> new DataType.MapOf(dataType(s.getValueType()));
            case ARRAY -> dataType(s.getElementType());
            case UNION -> {
                List<Schema> nonNull = s.getTypes().stream().filter(t -> t.getType() != Schema.Type.NULL)
                        .toList();
                yield nonNull.size() == 1 ? dataType(nonNull.get(0))
                        : new DataType.Union(nonNull.stream().map(this::dataType).toList());
            }
            case STRING -> primitive(PrimitiveKind.STRING, "string");
            case BYTES -> primitive(PrimitiveKind.BINARY, "bytes");
            case INT -> primitive(PrimitiveKind.INTEGER, "int");
            case LONG -> primitive(PrimitiveKind.INTEGER, "long");
            case FLOAT -> primitive(PrimitiveKind.NUMBER, "float");
            case DOUBLE -> primitive(PrimitiveKind.NUMBER, "double");
            case BOOLEAN -> primitive(PrimitiveKind.BOOLEAN, "boolean");
            case NULL -> primitive(PrimitiveKind.ANY, "null");
        };
    }

    private static final Set<String> TIMESTAMPS = Set.of("timestamp-millis", "timestamp-micros",
            "timestamp-nanos", "local-timestamp-millis", "local-timestamp-micros", "local-timestamp-nanos");

    private static Optional<PrimitiveKind> logicalKind(String name) {
        if (TIMESTAMPS.contains(name)) {
            return Optional.of(PrimitiveKind.DATETIME);
        }
        return Optional.ofNullable(switch (name) {
            case "decimal", "big-decimal" -> PrimitiveKind.DECIMAL;
            case "uuid" -> PrimitiveKind.UUID;
            case "date" -> PrimitiveKind.DATE;
            case "time-millis", "time-micros" -> PrimitiveKind.TIME;
            case "duration" -> PrimitiveKind.DURATION;
            default -> null;
        });
    }

    private static DataType primitive(PrimitiveKind kind, String name) {
        return new DataType.Primitive(kind, Optional.of(name));
    }

    private static boolean isNamed(Schema s) {
        return s.getType() == Schema.Type.RECORD || s.getType() == Schema.Type.ENUM
                || s.getType() == Schema.Type.FIXED;
    }

    /** The schema with named types replaced by their full names: how annotations and roots store schemas. */
    static JsonNode ref(Schema s) {
        if (isNamed(s)) {
            return TextNode.valueOf(s.getFullName());
        }
        if (s.getType() == Schema.Type.UNION) {
            ArrayNode union = FieldSchemas.JSON.arrayNode();
            s.getTypes().forEach(t -> union.add(ref(t)));
            return union;
        }
        ObjectNode o = FieldSchemas.JSON.objectNode().put("type", s.getType().getName());
        if (s.getType() == Schema.Type.ARRAY) {
            o.set("items", ref(s.getElementType()));
        } else if (s.getType() == Schema.Type.MAP) {
            o.set("values", ref(s.getValueType()));
        }
        s.getObjectProps().forEach((k, v) -> o.set(k, JacksonUtils.toJsonNode(v)));
        return o.size() == 1 ? TextNode.valueOf(s.getType().getName()) : o;
    }

    /**
     * A float field's default comes back from Avro as a Java float, whose double value is not the number written
     * ({@code 3.14} is 3.140000104904175): it is kept as the float's shortest decimal, as the schema states it.
     */
    private static com.fasterxml.jackson.databind.JsonNode asWritten(com.fasterxml.jackson.databind.JsonNode value) {
        if (value instanceof com.fasterxml.jackson.databind.node.FloatNode f) {
            return com.fasterxml.jackson.databind.node.DecimalNode.valueOf(new java.math.BigDecimal(Float.toString(
                    f.floatValue())));
        }
        return value;
    }
}
