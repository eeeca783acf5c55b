package io.modelgraph.codec.odcs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.codec.JsonAnnotations;
import io.modelgraph.codec.ParserLimits;
import io.modelgraph.codec.SchemaSyntaxException;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.Cardinality;
import io.modelgraph.schema.Constraints;
import io.modelgraph.schema.DataType;
import io.modelgraph.schema.ElementDef;
import io.modelgraph.schema.KeyDef;
import io.modelgraph.schema.PrimitiveKind;
import io.modelgraph.schema.Provenance;
import io.modelgraph.schema.Relationship;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.TaxonomyDef;
import io.modelgraph.schema.Term;
import io.modelgraph.schema.TypeDef;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * An ODCS v3 contract to the canonical model. Schema objects are Types, properties Elements, nested objects Types of
 * their own (marked {@code odcs.nested}), relationships {@link Relationship}s, primary keys and unique properties
 * {@link KeyDef}s. Everything the model has no field for is kept verbatim: the document header (every top-level
 * member but {@code schema}) as {@code odcs.header}, and the unmapped members of each object and property as
 * {@code odcs.extra}, so a contract re-exports whole.
 */
final class OdcsDecoding {
    static final String FORMAT = "odcs";
    static final String HEADER = "odcs.header";
    static final String EXTRA = "odcs.extra";
    static final String NESTED = "odcs.nested";
    static final String ITEMS = "odcs.items";
    static final String REQUIRED = "odcs.required";
    static final String LOGICAL_TYPE = "odcs.logicalType";
    static final String LEVEL = "odcs.level";
    static final String OPTIONS = "odcs.logicalTypeOptions";
    /** A primary-key property whose contract gave no position: none is invented on re-export. */
    static final String UNPOSITIONED = "odcs.unpositioned";

    private static final Set<String> OBJECT_KEYS = Set.of("name", "description", "properties", "relationships",
            "logicalType");
    private static final Set<String> PROPERTY_KEYS = Set.of("name", "description", "logicalType", "physicalType",
            "required", "unique", "primaryKey", "primaryKeyPosition", "logicalTypeOptions", "items", "properties",
            "examples", "relationships");
    private static final Set<String> ARRAY_KEYS = Set.of("name", "description", "logicalType", "required",
            "unique", "primaryKey", "primaryKeyPosition", "logicalTypeOptions", "items", "properties", "examples",
            "relationships");
    /** An array's {@code items}: as a property, but its own name (if any) is kept verbatim. */
    private static final Set<String> ITEM_KEYS = Set.of("description", "logicalType", "physicalType",
            "logicalTypeOptions", "items", "properties", "examples");
    private static final Set<String> VERSIONS = Set.of("v3.0.0", "v3.0.1", "v3.0.2", "v3.1.0");

    private final LossinessLedger ledger;
    private final List<TypeDef> types = new ArrayList<>();
    private final List<TaxonomyDef> taxonomies = new ArrayList<>();
    private final List<Relationship> relationships = new ArrayList<>();
    private final Set<String> typeNames = new LinkedHashSet<>();

    private OdcsDecoding(LossinessLedger ledger) {
        this.ledger = ledger;
    }

    static SchemaModel decode(JsonNode doc, LossinessLedger ledger) throws SchemaSyntaxException {
        return new OdcsDecoding(ledger).read(doc);
    }

    private SchemaModel read(JsonNode doc) throws SchemaSyntaxException {
        if (!doc.isObject()) {
            throw new SchemaSyntaxException("$", "An ODCS contract is a YAML mapping with 'apiVersion', 'kind' and"
                    + " 'schema'.");
        }
        String kind = doc.path("kind").asText("");
        if (!kind.equals("DataContract")) {
            throw new SchemaSyntaxException("$.kind", "An ODCS contract has 'kind: DataContract'"
                    + (kind.isEmpty() ? "." : "; found '" + kind + "'."));
        }
        String version = doc.path("apiVersion").asText("");
        if (!VERSIONS.contains(version)) {
            throw new SchemaSyntaxException("$.apiVersion", "ODCS apiVersion '" + version + "' is not supported; use"
                    + " one of v3.0.0, v3.0.1, v3.0.2, v3.1.0.");
        }
        JsonNode schema = doc.path("schema");
        if (!schema.isMissingNode() && !schema.isArray()) {
            throw new SchemaSyntaxException("$.schema", "'schema' is a list of schema objects.");
        }
        for (int i = 0; i < schema.size(); i++) {
            typeNames.add(name(schema.get(i), "$.schema[" + i + "]"));
        }
        for (int i = 0; i < schema.size(); i++) {
            readObject(schema.get(i), "$.schema[" + i + "]", false);
        }
        ObjectNode header = ((ObjectNode) doc).deepCopy();
        header.remove("schema");
        String modelName = text(doc, "name").or(() -> text(doc, "dataProduct")).or(() -> text(doc, "id"))
                .orElse("contract");
        Optional<String> description = doc.path("description").isTextual() ? text(doc, "description")
                : text(doc.path("description"), "purpose");
        return new SchemaModel(modelName, description, types, List.copyOf(taxonomies), Map.of(), Provenance.of(FORMAT),
                Map.of(HEADER, JsonAnnotations.text(header)), Optional.empty(), text(doc, "id"), relationships);
    }

    /** Reads one schema object (or a nested object property) as a Type; returns its name. */
    private String readObject(JsonNode object, String path, boolean nested) throws SchemaSyntaxException {
        if (types.size() > ParserLimits.MAX_DEFINITIONS) {
            throw new SchemaSyntaxException(path, "The contract declares more than " + ParserLimits.MAX_DEFINITIONS
                    + " objects.");
        }
        String typeName = nested ? object.path("__typeName").asText() : name(object, path);
        // the type's place is taken before its nested objects add theirs, so types keep document order
        int slot = types.size();
        types.add(null);
        JsonNode properties = object.path("properties");
        if (!properties.isMissingNode() && !properties.isArray()) {
            throw new SchemaSyntaxException(path + ".properties", "'properties' is a list of properties.");
        }
        List<ElementDef> elements = new ArrayList<>();
        Map<Integer, String> primary = new java.util.TreeMap<>();
        List<String> primaryUnpositioned = new ArrayList<>();
        List<KeyDef> uniques = new ArrayList<>();
        Set<String> elementNames = new LinkedHashSet<>();
        for (int j = 0; j < properties.size(); j++) {
            JsonNode p = properties.get(j);
            String pPath = path + ".properties[" + j + "]";
            String pName = name(p, pPath);
            if (!elementNames.add(pName)) {
                throw new SchemaSyntaxException(pPath + ".name", "Property '" + pName + "' appears twice in '"
                        + typeName + "'.");
            }
            elements.add(readProperty(typeName, p, pPath));
            if (p.path("primaryKey").asBoolean(false)) {
                int position = p.path("primaryKeyPosition").asInt(-1);
                if (position > 0 && !primary.containsKey(position)) {
                    primary.put(position, pName);
                } else {
                    primaryUnpositioned.add(pName);
                }
            }
            if (p.path("unique").asBoolean(false)) {
                uniques.add(KeyDef.unique(List.of(pName)));
            }
            readPropertyRelationships(typeName, pName, p.path("relationships"), pPath + ".relationships");
        }
        List<KeyDef> keys = new ArrayList<>();
        List<String> primaryNames = new ArrayList<>(primary.values());
        primaryNames.addAll(primaryUnpositioned);
        if (!primaryNames.isEmpty()) {
            keys.add(KeyDef.primary(primaryNames));
        }
        keys.addAll(uniques);
        readSchemaRelationships(typeName, object.path("relationships"), path + ".relationships");

        Map<String, String> annotations = new LinkedHashMap<>();
        ObjectNode extra = extras(object, OBJECT_KEYS);
        extra.remove("__typeName");
        if (nested) {
            annotations.put(NESTED, "true");
        }
        if (!extra.isEmpty()) {
            annotations.put(EXTRA, JsonAnnotations.text(extra));
        }
        Provenance provenance = Provenance.of(FORMAT).toBuilder().originalName(typeName).build();
        types.set(slot, new TypeDef(typeName, text(object, "description"), List.of(), elements, false,
                Optional.empty(), provenance, annotations, Optional.empty(), keys));
        return typeName;
    }

    private ElementDef readProperty(String typeName, JsonNode p, String path) throws SchemaSyntaxException {
        String pName = name(p, path);
        Map<String, String> annotations = new LinkedHashMap<>();
        boolean required = p.path("required").asBoolean(false);
        JsonNode options = p.path("logicalTypeOptions");
        String logical = p.path("logicalType").asText("");
        Constraints constraints = constraints(options, path + ".logicalTypeOptions", annotations);
        DataType type;
        Cardinality cardinality = required ? Cardinality.REQUIRED : Cardinality.OPTIONAL;
        if (logical.equals(OdcsTypes.ARRAY)) {
            JsonNode items = p.path("items");
            type = items.isObject() ? valueType(typeName + "_" + pName, items, path + ".items", annotations)
                    : DataType.of(PrimitiveKind.ANY);
            if (items.isObject()) {
                ObjectNode itemExtras = extras(items, type instanceof DataType.Primitive ? ITEM_KEYS
                        : without(ITEM_KEYS, "physicalType"));
                // the items' own options (pattern, lengths, ranges) are the values' constraints; the array's
                // options (minItems, maxItems, uniqueItems) are the cardinality's
                Map<String, String> itemRest = new LinkedHashMap<>();
                Constraints itemConstraints = constraints(items.path("logicalTypeOptions"),
                        path + ".items.logicalTypeOptions", itemRest);
                if (!itemConstraints.equals(Constraints.NONE)) {
                    if (!constraints.toBuilder().uniqueItems(false).build().equals(Constraints.NONE)) {
                        ledger.approximate(path + ".logicalTypeOptions", "Both the array and its items carry value"
                                + " options; the items' options are kept.");
                    }
                    constraints = itemConstraints.toBuilder().uniqueItems(constraints.uniqueItems()).build();
                }
                if (itemRest.containsKey(OPTIONS)) {
                    itemExtras.set("logicalTypeOptions", JsonAnnotations.object(itemRest, OPTIONS));
                }
                if (!itemExtras.isEmpty()) {
                    annotations.put(ITEMS, JsonAnnotations.text(itemExtras));
                }
            } else {
                annotations.put(LOGICAL_TYPE, OdcsTypes.ARRAY);
            }
            int min = Math.max(0, options.path("minItems").asInt(0));
            int maxItems = options.path("maxItems").asInt(-1);
            // A bound under two would read back as a single value; such a bound stays verbatim in the options.
            OptionalInt max = maxItems >= Math.max(min, 2) ? OptionalInt.of(maxItems) : OptionalInt.empty();
            cardinality = new Cardinality(min, max);
            if (required) {
                annotations.put(REQUIRED, "true");
            }
        } else {
            type = valueType(typeName + "_" + pName, p, path, annotations);
            Optional<TaxonomyDef> allowed = allowedValues(typeName + "_" + pName, p, type);
            if (allowed.isPresent()) {
                taxonomies.add(allowed.get());
                type = new DataType.TaxonomyRef(allowed.get().name());
            }
        }
        // An array's own physicalType (list, array) is not its items' type: it stays verbatim.
        ObjectNode extra = extras(p, logical.equals(OdcsTypes.ARRAY) ? ARRAY_KEYS
                : type instanceof DataType.Primitive ? PROPERTY_KEYS : without(PROPERTY_KEYS, "physicalType"));
        if (!extra.isEmpty()) {
            annotations.put(EXTRA, JsonAnnotations.text(extra));
        }
        if (p.path("primaryKey").asBoolean(false) && p.path("primaryKeyPosition").asInt(-1) <= 0) {
            annotations.put(UNPOSITIONED, "true");
        }
        List<JsonNode> examples = new ArrayList<>();
        p.path("examples").forEach(examples::add);
        return ElementDef.builder(pName).description(text(p, "description")).type(type).cardinality(cardinality)
                .constraints(constraints).examples(examples).annotations(annotations).build();
    }

    /**
     * A string property whose quality rules include {@code invalidValues} with {@code validValues} and
     * {@code mustBe: 0} allows only those values: ODCS's way of stating an enumeration, read as a taxonomy so other
     * formats get their own allowed-values construct (an enum, a CHECK). The rule itself stays in the property's
     * verbatim extras, so the contract is written back as it was (docs/fidelity.md).
     */
    private static Optional<TaxonomyDef> allowedValues(String name, JsonNode p, DataType type) {
        if (!(type instanceof DataType.Primitive prim) || prim.kind() != PrimitiveKind.STRING) {
            return Optional.empty();
        }
        for (JsonNode rule : p.path("quality")) {
            JsonNode values = rule.path("arguments").path("validValues");
            boolean mustBeNone = !rule.has("mustBe") || rule.path("mustBe").asDouble(-1) == 0;
            if (rule.path("metric").asText("").equals("invalidValues") && mustBeNone && values.isArray()
                    && !values.isEmpty()) {
                List<Term> terms = new ArrayList<>();
                Set<String> codes = new LinkedHashSet<>();
                for (JsonNode v : values) {
                    if (!v.isValueNode() || v.isNull() || !codes.add(v.asText())) {
                        return Optional.empty();
                    }
                    terms.add(Term.of(v.asText()));
                }
                return Optional.of(TaxonomyDef.of(name, terms).toBuilder().provenance(Provenance.of(FORMAT)).build());
            }
        }
        return Optional.empty();
    }

    /** The type of a scalar, object or array item: a nested object becomes a Type of its own. */
    private DataType valueType(String nestedName, JsonNode node, String path, Map<String, String> annotations)
            throws SchemaSyntaxException {
        String logical = node.path("logicalType").asText("");
        Optional<String> physical = text(node, "physicalType");
        if (logical.equals(OdcsTypes.OBJECT) || (logical.isEmpty() && node.path("properties").isArray())) {
            if (node.path("properties").isArray()) {
                String unique = uniqueTypeName(nestedName);
                // The nested Type holds the properties only; every other member belongs to the property.
                ObjectNode copy = ((ObjectNode) node).objectNode();
                copy.put("__typeName", unique);
                copy.set("properties", node.get("properties"));
                readObject(copy, path, true);
                return new DataType.TypeRef(unique);
            }
            annotations.put(LOGICAL_TYPE, OdcsTypes.OBJECT);
            return new DataType.MapOf(DataType.of(PrimitiveKind.ANY));
        }
        if (logical.isEmpty()) {
            return new DataType.Primitive(PrimitiveKind.ANY, physical);
        }
        Optional<PrimitiveKind> kind = OdcsTypes.kind(logical);
        if (kind.isEmpty()) {
            ledger.approximate(path + ".logicalType", "Logical type '" + logical + "' is not an ODCS v3 type; read"
                    + " as any value.");
            annotations.put(LOGICAL_TYPE, logical);
            return new DataType.Primitive(PrimitiveKind.ANY, physical);
        }
        return new DataType.Primitive(kind.get(), physical);
    }

    private String uniqueTypeName(String base) {
        String candidate = base;
        int n = 2;
        while (typeNames.contains(candidate)) {
            candidate = base + "_" + n++;
        }
        typeNames.add(candidate);
        return candidate;
    }

    /** logicalTypeOptions to constraints; options the model has no field for stay verbatim. */
    private static Constraints constraints(JsonNode options, String path, Map<String, String> annotations)
            throws SchemaSyntaxException {
        if (options.isMissingNode() || options.isNull()) {
            return Constraints.NONE;
        }
        if (!options.isObject()) {
            throw new SchemaSyntaxException(path, "'logicalTypeOptions' is a mapping.");
        }
        Constraints c = Constraints.NONE;
        ObjectNode rest = ((ObjectNode) options).deepCopy();
        if (options.hasNonNull("pattern")) {
            c = c.toBuilder().pattern(options.get("pattern").asText()).build();
            rest.remove("pattern");
        }
        if (options.hasNonNull("format")) {
            c = c.toBuilder().format(options.get("format").asText()).build();
            rest.remove("format");
        }
        Long minLength = longValue(options, "minLength", rest);
        Long maxLength = longValue(options, "maxLength", rest);
        c = c.toBuilder().minLength(minLength).maxLength(maxLength).build();
        BigDecimal minimum = decimal(options, "minimum", rest);
        BigDecimal maximum = decimal(options, "maximum", rest);
        BigDecimal exclusiveMinimum = null;
        BigDecimal exclusiveMaximum = null;
        // v3.0 says exclusiveMinimum: true beside minimum; v3.1 gives the bound itself.
        if (options.path("exclusiveMinimum").isBoolean()) {
            if (options.get("exclusiveMinimum").asBoolean() && minimum != null) {
                exclusiveMinimum = minimum;
                minimum = null;
                rest.remove("exclusiveMinimum");
            }
        } else {
            exclusiveMinimum = decimal(options, "exclusiveMinimum", rest);
        }
        if (options.path("exclusiveMaximum").isBoolean()) {
            if (options.get("exclusiveMaximum").asBoolean() && maximum != null) {
                exclusiveMaximum = maximum;
                maximum = null;
                rest.remove("exclusiveMaximum");
            }
        } else {
            exclusiveMaximum = decimal(options, "exclusiveMaximum", rest);
        }
        c = c.toBuilder().minimum(minimum).maximum(maximum).exclusiveMinimum(exclusiveMinimum)
                .exclusiveMaximum(exclusiveMaximum).build();
        c = c.toBuilder().multipleOf(decimal(options, "multipleOf", rest)).build();
        if (options.path("uniqueItems").asBoolean(false)) {
            c = c.toBuilder().uniqueItems(true).build();
            rest.remove("uniqueItems");
        }
        if (options.path("minItems").asInt(0) > 0) {
            rest.remove("minItems");
        }
        int maxItems = options.path("maxItems").asInt(-1);
        if (maxItems >= Math.max(2, options.path("minItems").asInt(0))) {
            rest.remove("maxItems");
        }
        if (!rest.isEmpty()) {
            annotations.put(OPTIONS, JsonAnnotations.text(rest));
        }
        return c;
    }

    private void readSchemaRelationships(String typeName, JsonNode list, String path) throws SchemaSyntaxException {
        for (int i = 0; i < list.size(); i++) {
            JsonNode r = list.get(i);
            String rPath = path + "[" + i + "]";
            List<String[]> from = references(r.path("from"), rPath + ".from");
            List<String[]> to = references(r.path("to"), rPath + ".to");
            if (from.size() != to.size() || from.isEmpty()) {
                throw new SchemaSyntaxException(rPath, "A relationship names as many 'from' as 'to' properties.");
            }
            String fromType = from.get(0)[0].isEmpty() ? typeName : from.get(0)[0];
            relationships.add(relationship(r, fromType, from, to, "schema"));
        }
    }

    private void readPropertyRelationships(String typeName, String property, JsonNode list, String path)
            throws SchemaSyntaxException {
        for (int i = 0; i < list.size(); i++) {
            JsonNode r = list.get(i);
            List<String[]> to = references(r.path("to"), path + "[" + i + "].to");
            if (to.size() != 1) {
                throw new SchemaSyntaxException(path + "[" + i + "].to", "A property-level relationship names one"
                        + " 'to' property.");
            }
            relationships.add(relationship(r, typeName, List.<String[]>of(new String[] {typeName, property}), to,
                    "property"));
        }
    }

    private static Relationship relationship(JsonNode r, String fromType, List<String[]> from, List<String[]> to,
            String level) {
        Map<String, String> annotations = new LinkedHashMap<>();
        annotations.put(LEVEL, level);
        ObjectNode extra = extras(r, Set.of("from", "to"));
        if (!extra.isEmpty()) {
            annotations.put(EXTRA, JsonAnnotations.text(extra));
        }
        return new Relationship(Optional.empty(), fromType, from.stream().map(f -> f[1]).toList(), to.get(0)[0],
                to.stream().map(t -> t[1]).toList(), Cardinality.ANY_NUMBER, Cardinality.OPTIONAL, annotations);
    }

    /** {@code table.column} references (shorthand) or {@code schema/id/properties/id} ones, one or a list. */
    private static List<String[]> references(JsonNode node, String path) throws SchemaSyntaxException {
        List<String[]> out = new ArrayList<>();
        if (node.isTextual()) {
            out.add(reference(node.asText(), path));
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                out.add(reference(node.get(i).asText(""), path + "[" + i + "]"));
            }
        } else {
            throw new SchemaSyntaxException(path, "A relationship end is a 'table.column' reference or a list of"
                    + " them.");
        }
        return out;
    }

    private static String[] reference(String text, String path) throws SchemaSyntaxException {
        String[] slash = text.replaceFirst("^.*#", "").replaceFirst("^/", "").split("/");
        if (slash.length >= 4) {
            return new String[] {slash[1], slash[slash.length - 1]};
        }
        int dot = text.lastIndexOf('.');
        if (dot <= 0 || dot == text.length() - 1) {
            if (!text.isEmpty() && !text.contains(".")) {
                return new String[] {"", text};
            }
            throw new SchemaSyntaxException(path, "'" + text + "' is not a 'table.column' reference.");
        }
        return new String[] {text.substring(0, dot), text.substring(dot + 1)};
    }

    private static ObjectNode extras(JsonNode node, Set<String> mapped) {
        ObjectNode out = ((ObjectNode) node).objectNode();
        Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> f = fields.next();
            if (!mapped.contains(f.getKey())) {
                out.set(f.getKey(), f.getValue());
            }
        }
        return out;
    }

    private static Set<String> without(Set<String> keys, String key) {
        Set<String> out = new java.util.HashSet<>(keys);
        out.remove(key);
        return out;
    }

    private static String name(JsonNode node, String path) throws SchemaSyntaxException {
        if (!node.isObject()) {
            throw new SchemaSyntaxException(path, "Expected a mapping.");
        }
        String n = node.path("name").asText("").strip();
        if (n.isEmpty()) {
            throw new SchemaSyntaxException(path + ".name", "Every schema object and property needs a 'name'.");
        }
        return n;
    }

    private static Optional<String> text(JsonNode node, String key) {
        JsonNode v = node.path(key);
        return v.isValueNode() && !v.isNull() && !v.asText().isEmpty() ? Optional.of(v.asText()) : Optional.empty();
    }

    private static Long longValue(JsonNode options, String key, ObjectNode rest) {
        if (options.path(key).canConvertToLong()) {
            rest.remove(key);
            return options.get(key).asLong();
        }
        return null;
    }

    private static BigDecimal decimal(JsonNode options, String key, ObjectNode rest) {
        if (options.path(key).isNumber()) {
            rest.remove(key);
            return options.get(key).decimalValue();
        }
        return null;
    }
}
