package io.modelgraph.codec.odcs;

import static io.modelgraph.codec.odcs.OdcsDecoding.EXTRA;
import static io.modelgraph.codec.odcs.OdcsDecoding.HEADER;
import static io.modelgraph.codec.odcs.OdcsDecoding.ITEMS;
import static io.modelgraph.codec.odcs.OdcsDecoding.LEVEL;
import static io.modelgraph.codec.odcs.OdcsDecoding.LOGICAL_TYPE;
import static io.modelgraph.codec.odcs.OdcsDecoding.NESTED;
import static io.modelgraph.codec.odcs.OdcsDecoding.OPTIONS;
import static io.modelgraph.codec.odcs.OdcsDecoding.REQUIRED;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.codec.JsonAnnotations;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.Constraints;
import io.modelgraph.schema.DataType;
import io.modelgraph.schema.ElementDef;
import io.modelgraph.schema.KeyDef;
import io.modelgraph.schema.PrimitiveKind;
import io.modelgraph.schema.Relationship;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.TaxonomyDef;
import io.modelgraph.schema.Term;
import io.modelgraph.schema.TypeDef;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The canonical model as an ODCS v3.1.0 contract. A model decoded from ODCS gets its header and every verbatim
 * member back; any other model gets a draft contract header. Nested Types are written inline where they are used.
 */
final class OdcsEncoding {
    static final String API_VERSION = "v3.1.0";
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final Pattern SHORTHAND_PART = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final Set<String> PHYSICAL_FORMATS = Set.of("odcs", "sql");

    private final SchemaModel model;
    private final LossinessLedger ledger;
    private final boolean physicalTypes;
    private final Set<String> usedTaxonomies = new HashSet<>();
    private final Deque<String> inlining = new ArrayDeque<>();
    /**
     * The element being written, as {@code 'Type.element'}: property entries name it, since the output path
     * ({@code $.schema[3].properties[2]}) does not say which element changed.
     */
    private String current = "";

    private OdcsEncoding(SchemaModel model, LossinessLedger ledger) {
        this.model = model;
        this.ledger = ledger;
        this.physicalTypes = PHYSICAL_FORMATS.contains(model.provenance().format());
    }

    static ObjectNode encode(SchemaModel model, LossinessLedger ledger) {
        return new OdcsEncoding(model, ledger).contract();
    }

    private ObjectNode contract() {
        ObjectNode doc = header();
        ArrayNode schema = F.arrayNode();
        for (TypeDef type : model.types()) {
            if (!type.annotations().containsKey(NESTED)) {
                schema.add(schemaObject(type, "$.schema[" + schema.size() + "]"));
            }
        }
        if (!schema.isEmpty()) {
            doc.set("schema", schema);
        }
        for (Relationship r : model.relationships()) {
            if (model.type(r.fromType()).isEmpty()) {
                ledger.drop("relationships." + r.fromType(), "The relationship starts at '" + r.fromType()
                        + "', which is not a type of the model; ODCS writes relationships under their schema object.");
            }
        }
        for (TaxonomyDef t : model.taxonomies()) {
            if (!usedTaxonomies.contains(t.name())) {
                ledger.drop("taxonomies." + t.name(), "ODCS has no standalone controlled lists; taxonomy '" + t.name()
                        + "' is used by no property and is not written.");
            }
        }
        return doc;
    }

    private ObjectNode header() {
        ObjectNode kept = JsonAnnotations.object(model.annotations(), HEADER);
        ObjectNode doc = F.objectNode();
        doc.put("apiVersion", API_VERSION);
        doc.put("kind", "DataContract");
        doc.put("id", kept.path("id").asText(model.identifier().orElse("urn:modelgraph:" + slug(model.name()))));
        if (kept.isEmpty() || kept.has("name")) {
            doc.put("name", kept.path("name").asText(model.name()));
        }
        doc.put("version", kept.path("version").asText("1.0.0"));
        doc.put("status", kept.path("status").asText("draft"));
        if (kept.has("description")) {
            doc.set("description", kept.get("description"));
        } else {
            model.description().ifPresent(d -> doc.putObject("description").put("purpose", d));
        }
        putAbsent(doc, kept);
        doc.remove("schema");
        return doc;
    }

    private ObjectNode schemaObject(TypeDef type, String path) {
        ObjectNode o = F.objectNode();
        o.put("name", type.name());
        o.put("logicalType", OdcsTypes.OBJECT);
        if (!type.supertypes().isEmpty()) {
            ledger.drop(path, "ODCS schema objects have no inheritance; '" + type.name() + "' is written with its"
                    + " own properties only (supertypes " + type.supertypes() + ").");
        }
        if (type.isAbstract()) {
            ledger.drop(path, "ODCS schema objects cannot be abstract; '" + type.name() + "' is written as a"
                    + " concrete object.");
        }
        type.mapsTo().ifPresent(m -> ledger.drop(path, "The mapping of '" + type.name() + "' to " + m
                + " is not written; ODCS schema objects have no place for it that this codec reads."));
        type.description().ifPresent(d -> o.put("description", d));
        inlining.push(type.name());
        ArrayNode properties = properties(type, path);
        inlining.pop();
        if (!properties.isEmpty()) {
            o.set("properties", properties);
        }
        ArrayNode relationships = F.arrayNode();
        for (Relationship r : model.relationships()) {
            if (r.fromType().equals(type.name()) && !propertyLevel(r)) {
                schemaRelationship(r, path).ifPresent(relationships::add);
            }
        }
        if (!relationships.isEmpty()) {
            o.set("relationships", relationships);
        }
        putAbsent(o, JsonAnnotations.object(type.annotations(), EXTRA));
        return o;
    }

    private ArrayNode properties(TypeDef type, String path) {
        ArrayNode out = F.arrayNode();
        List<String> primary = type.primaryKey().map(KeyDef::elements).orElse(List.of());
        for (KeyDef key : type.keys()) {
            if (key.kind() == KeyDef.Kind.UNIQUE && key.elements().size() > 1) {
                ledger.drop(path + ".unique", "ODCS marks single properties unique; the composite unique key ("
                        + String.join(", ", key.elements()) + ") of '" + type.name() + "' is not written.");
            }
        }
        for (ElementDef e : type.elements()) {
            String pPath = path + ".properties[" + out.size() + "]";
            String outer = current;
            current = "'" + type.name() + "." + e.name() + "'";
            ObjectNode p = property(e, pPath);
            current = outer;
            int position = primary.indexOf(e.name());
            if (position >= 0) {
                p.put("primaryKey", true);
                if (!e.annotations().containsKey(OdcsDecoding.UNPOSITIONED)) {
                    p.put("primaryKeyPosition", position + 1);
                }
            }
            boolean unique = type.keys().stream().anyMatch(k -> k.kind() == KeyDef.Kind.UNIQUE
                    && k.elements().equals(List.of(e.name())));
            if (unique) {
                p.put("unique", true);
            }
            ArrayNode relationships = F.arrayNode();
            for (Relationship r : model.relationships()) {
                if (r.fromType().equals(type.name()) && propertyLevel(r) && r.fromElements().equals(List.of(e.name()))) {
                    ObjectNode rel = F.objectNode();
                    rel.put("to", r.toType() + "." + r.toElements().get(0));
                    putAbsent(rel, JsonAnnotations.object(r.annotations(), EXTRA));
                    relationships.add(rel);
                }
            }
            if (!relationships.isEmpty()) {
                p.set("relationships", relationships);
            }
            putAbsent(p, JsonAnnotations.object(e.annotations(), EXTRA));
            out.add(p);
        }
        return out;
    }

    private void approximate(String path, String explanation) {
        ledger.approximate(path, explanation + " (" + current + ")");
    }

    private void drop(String path, String explanation) {
        ledger.drop(path, explanation + " (" + current + ")");
    }

    /** What an ODCS property has no place for: the reader gives it back absent (not nullable, no default). */
    private void unwritten(ElementDef e, String path) {
        if (e.nullable()) {
            ledger.narrow(path, "ODCS properties do not say whether a value may be null; " + current
                    + " reads back as not nullable.");
        }
        e.defaultValue().ifPresent(d -> drop(path, "ODCS properties have no default; " + d + " is not written."));
        e.mapsTo().ifPresent(m -> drop(path, "The mapping to " + m + " is not written; ODCS properties have no"
                + " place for it that this codec reads."));
        if (e.constraints().precision().isPresent() || e.constraints().scale().isPresent()) {
            // ODCS 3.1's logicalTypeOptions for numbers have no precision or scale (a SQL NUMBER(1,0))
            drop(path, "ODCS has no precision or scale; precision " + e.constraints().precision().map(String::valueOf)
                    .orElse("-") + ", scale " + e.constraints().scale().map(String::valueOf).orElse("-")
                    + " is not written.");
        }
    }

    private ObjectNode property(ElementDef e, String path) {
        unwritten(e, path);
        ObjectNode p = F.objectNode();
        p.put("name", e.name());
        ObjectNode options = F.objectNode();
        if (e.cardinality().many()) {
            p.put("logicalType", OdcsTypes.ARRAY);
            if (!OdcsTypes.ARRAY.equals(e.annotations().get(LOGICAL_TYPE))) {
                // the values' constraints belong to the items; the array's options are about its size
                ObjectNode items = F.objectNode();
                ObjectNode itemOptions = F.objectNode();
                value(e.type(), items, itemOptions, e, path + ".items");
                constraintOptions(e.constraints(), itemOptions);
                ObjectNode itemExtras = JsonAnnotations.object(e.annotations(), ITEMS).deepCopy();
                if (itemExtras.path("logicalTypeOptions").isObject()) {
                    putAbsent(itemOptions, itemExtras.remove("logicalTypeOptions"));
                }
                setOptions(items, allowed(items.path("logicalType").asText(""), itemOptions, path + ".items"));
                putAbsent(items, itemExtras);
                p.set("items", items);
            }
            if (e.cardinality().min() > 0) {
                options.put("minItems", e.cardinality().min());
            }
            if (e.cardinality().max().isPresent()) {
                options.put("maxItems", e.cardinality().max().getAsInt());
            }
            if (e.constraints().uniqueItems()) {
                options.put("uniqueItems", true);
            }
            if (e.annotations().containsKey(REQUIRED)) {
                p.put("required", true);
            }
        } else {
            value(e.type(), p, options, e, path);
            constraintOptions(e.constraints(), options);
            options = allowed(p.path("logicalType").asText(""), options, path);
            if (e.cardinality().required()) {
                p.put("required", true);
            }
        }
        e.description().ifPresent(d -> p.put("description", d));
        putAbsent(options, JsonAnnotations.object(e.annotations(), OPTIONS));
        setOptions(p, options);
        if (!e.examples().isEmpty()) {
            ArrayNode examples = p.putArray("examples");
            e.examples().forEach(examples::add);
        }
        return p;
    }

    /** The formats ODCS 3.1 allows a number's logicalTypeOptions: the width of the value (Rust's type names). */
    private static final Map<String, Set<String>> NUMERIC_FORMATS = Map.of(
            "integer", Set.of("i8", "i16", "i32", "i64", "i128", "u8", "u16", "u32", "u64", "u128"),
            "number", Set.of("f32", "f64"));

    /** Formats of other languages (JSON Schema, OpenAPI, Avro) with an ODCS equivalent. */
    private static final Map<String, String> FORMAT_NAMES = Map.ofEntries(Map.entry("int8", "i8"),
            Map.entry("int16", "i16"), Map.entry("int32", "i32"), Map.entry("int64", "i64"),
            Map.entry("int128", "i128"), Map.entry("uint8", "u8"), Map.entry("uint16", "u16"),
            Map.entry("uint32", "u32"), Map.entry("uint64", "u64"), Map.entry("uint128", "u128"),
            Map.entry("byte", "i8"), Map.entry("short", "i16"), Map.entry("int", "i32"), Map.entry("long", "i64"),
            Map.entry("float", "f32"), Map.entry("double", "f64"), Map.entry("float32", "f32"),
            Map.entry("float64", "f64"));

    /**
     * A number's format in ODCS's terms: {@code int32} is {@code i32}; a format ODCS has no name for (or one for the
     * other kind of number) is left out. Either change is ledgered (docs/fidelity.md).
     */
    private void numericFormat(String logicalType, String format, ObjectNode out, String path) {
        Set<String> allowed = NUMERIC_FORMATS.get(logicalType);
        if (allowed.contains(format)) {
            out.put("format", format);
            return;
        }
        String mapped = FORMAT_NAMES.get(format.toLowerCase(java.util.Locale.ROOT));
        if (mapped != null && allowed.contains(mapped)) {
            out.put("format", mapped);
            approximate(path + ".logicalTypeOptions.format", "format '" + format + "' is written as ODCS's '"
                    + mapped + "'.");
        } else {
            drop(path + ".logicalTypeOptions.format", "ODCS logical type '" + logicalType + "' takes only the"
                    + " formats " + new java.util.TreeSet<>(allowed) + "; format '" + format + "' is not written.");
        }
    }

    private static void setOptions(ObjectNode target, ObjectNode options) {
        if (!options.isEmpty()) {
            target.set("logicalTypeOptions", options);
        }
    }

    /**
     * ODCS 3.1 allows each logical type its own options (a date's bounds are text, a string has no minimum):
     * an option the property's logical type does not take is left out, with a ledger entry.
     */
    private ObjectNode allowed(String logicalType, ObjectNode options, String path) {
        Set<String> keys = OdcsTypes.options(logicalType);
        boolean textBounds = OdcsTypes.hasTextBounds(logicalType);
        ObjectNode out = F.objectNode();
        Iterator<Map.Entry<String, JsonNode>> fields = options.fields();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> f = fields.next();
            boolean bound = OdcsTypes.BOUNDS.contains(f.getKey());
            if (f.getKey().equals("format") && NUMERIC_FORMATS.containsKey(logicalType)) {
                numericFormat(logicalType, f.getValue().asText(), out, path);
                continue;
            }
            if (keys.contains(f.getKey()) && !(textBounds && bound && !f.getValue().isTextual())) {
                out.set(f.getKey(), f.getValue());
            } else {
                drop(path + ".logicalTypeOptions." + f.getKey(), "ODCS logical type '" + logicalType
                        + "' takes no option '" + f.getKey() + "'" + (textBounds && bound ? " with a numeric value"
                        : "") + "; the constraint " + f.getKey() + " = " + f.getValue() + " is not written.");
            }
        }
        return out;
    }

    /** Writes a value's logical type (and what it needs) into {@code target}. */
    private void value(DataType type, ObjectNode target, ObjectNode options, ElementDef e, String path) {
        if (type instanceof DataType.Primitive prim) {
            String kept = e.annotations().get(LOGICAL_TYPE);
            if (prim.kind() == PrimitiveKind.ANY && kept == null) {
                prim.nativeName().filter(n -> physicalTypes).ifPresent(n -> target.put("physicalType", n));
                return;
            }
            OdcsTypes.Logical logical = OdcsTypes.logical(prim.kind());
            target.put("logicalType", kept != null && !kept.equals(OdcsTypes.ARRAY) ? kept : logical.name());
            if (physicalTypes) {
                prim.nativeName().ifPresent(n -> target.put("physicalType", n));
            }
            if (kept == null && !logical.exact()) {
                logical.format().filter(f -> e.constraints().format().isEmpty())
                        .ifPresent(f -> options.put("format", f));
                approximate(path, "ODCS has no " + prim.kind().name().toLowerCase() + " type; written as "
                        + logical.name() + logical.format().map(f -> " with format '" + f + "'").orElse("") + ".");
            }
        } else if (type instanceof DataType.TypeRef ref) {
            target.put("logicalType", OdcsTypes.OBJECT);
            Optional<TypeDef> nested = model.type(ref.typeName());
            if (nested.isEmpty()) {
                drop(path, "Type '" + ref.typeName() + "' is not in the model; written as an object.");
            } else if (!nested.get().annotations().containsKey(NESTED)) {
                // another schema object: referenced, not copied (copying every reachable type is exponential)
                approximate(path, "'" + ref.typeName() + "' is a schema object of its own; the reference is"
                        + " written as an object without its properties.");
            } else if (inlining.contains(ref.typeName())) {
                drop(path, "'" + ref.typeName() + "' refers to itself; ODCS writes nested objects inline, so"
                        + " the recursive reference is written as an object without properties.");
            } else {
                inlining.push(ref.typeName());
                target.set("properties", properties(nested.get(), path));
                inlining.pop();
                nested.get().description().filter(d -> e.description().isEmpty())
                        .ifPresent(d -> target.put("description", d));
                if (nested.get().annotations().containsKey(NESTED)) {
                    putAbsent(target, JsonAnnotations.object(nested.get().annotations(), EXTRA));
                }
            }
        } else if (type instanceof DataType.TaxonomyRef ref) {
            target.put("logicalType", "string");
            usedTaxonomies.add(ref.taxonomyName());
            Optional<TaxonomyDef> taxonomy = model.taxonomy(ref.taxonomyName());
            if (taxonomy.isPresent() && !JsonAnnotations.object(e.annotations(), EXTRA).has("quality")) {
                ObjectNode rule = target.putArray("quality").addObject();
                rule.put("type", "library");
                rule.put("metric", "invalidValues");
                rule.put("mustBe", 0);
                ArrayNode valid = rule.putObject("arguments").putArray("validValues");
                taxonomy.get().terms().stream().map(Term::code).forEach(valid::add);
                approximate(path, "ODCS has no enumerations; taxonomy '" + ref.taxonomyName() + "' is written"
                        + " as a string with an invalidValues quality rule listing its codes.");
            }
        } else if (type instanceof DataType.Union union) {
            target.put("logicalType", "string");
            approximate(path, "ODCS has no union types; a union of " + union.members().size()
                    + " types is written as a string.");
        } else if (type instanceof DataType.MapOf map) {
            target.put("logicalType", OdcsTypes.OBJECT);
            if (!(map.values() instanceof DataType.Primitive p && p.kind() == PrimitiveKind.ANY)) {
                drop(path, "ODCS objects do not type the values of a map; written as an object.");
            }
        }
    }

    private static void constraintOptions(Constraints c, ObjectNode options) {
        c.pattern().ifPresent(v -> options.put("pattern", v));
        c.format().ifPresent(v -> options.put("format", v));
        c.minLength().ifPresent(v -> options.put("minLength", v));
        c.maxLength().ifPresent(v -> options.put("maxLength", v));
        c.minimum().ifPresent(v -> options.put("minimum", v));
        c.maximum().ifPresent(v -> options.put("maximum", v));
        c.exclusiveMinimum().ifPresent(v -> options.put("exclusiveMinimum", v));
        c.exclusiveMaximum().ifPresent(v -> options.put("exclusiveMaximum", v));
        c.multipleOf().ifPresent(v -> options.put("multipleOf", v));
    }

    private Optional<ObjectNode> schemaRelationship(Relationship r, String path) {
        List<String> from = r.fromElements().stream().map(el -> r.fromType() + "." + el).toList();
        List<String> to = r.toElements().stream().map(el -> r.toType() + "." + el).toList();
        boolean valid = r.fromElements().size() == r.toElements().size() && !from.isEmpty()
                && SHORTHAND_PART.matcher(r.fromType()).matches() && SHORTHAND_PART.matcher(r.toType()).matches()
                && r.fromElements().stream().allMatch(el -> SHORTHAND_PART.matcher(el).matches())
                && r.toElements().stream().allMatch(el -> SHORTHAND_PART.matcher(el).matches());
        if (!valid) {
            ledger.drop(path + ".relationships", "The relationship " + from + " -> " + to + " cannot be written as"
                    + " ODCS 'table.column' references.");
            return Optional.empty();
        }
        ObjectNode rel = F.objectNode();
        rel.put("type", "foreignKey");
        if (from.size() == 1) {
            rel.put("from", from.get(0));
            rel.put("to", to.get(0));
        } else {
            from.forEach(rel.putArray("from")::add);
            to.forEach(rel.putArray("to")::add);
        }
        putAbsent(rel, JsonAnnotations.object(r.annotations(), EXTRA));
        return Optional.of(rel);
    }

    private static boolean propertyLevel(Relationship r) {
        return "property".equals(r.annotations().get(LEVEL)) && r.fromElements().size() == 1;
    }

    private static void putAbsent(ObjectNode target, JsonNode extra) {
        Iterator<Map.Entry<String, JsonNode>> fields = extra.fields();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> f = fields.next();
            if (!target.has(f.getKey())) {
                target.set(f.getKey(), f.getValue());
            }
        }
    }

    private static String slug(String name) {
        String s = name.toLowerCase().replaceAll("[^a-z0-9]+", "-").replaceAll("(^-|-$)", "");
        return s.isEmpty() ? "model" : s;
    }
}
