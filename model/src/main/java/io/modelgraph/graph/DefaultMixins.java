package io.modelgraph.graph;

import java.util.List;
import java.util.Optional;

/**
 * Mixins every project has: what the schema surfaces need to carry a model faithfully. Column value
 * types are documented in the README ("Default mixins").
 */
public final class DefaultMixins {
    public static final String DESCRIPTION = "description";
    public static final String DATA_TYPE = "data-type";
    public static final String CARDINALITY = "cardinality";
    public static final String CONSTRAINTS = "constraints";
    public static final String VALUES = "values";
    public static final String MAPPING = "mapping";
    public static final String PROVENANCE = "provenance";
    public static final String TERM = "term";
    public static final String VENDOR = "vendor-metadata";
    public static final String ANNOTATIONS = "annotations";
    /** On a space's model node (a Component): the facts of the model as a whole (see ModelGraphMapper). */
    public static final String MODEL = "model";
    /** On Types and Elements: structural facts formats re-emit (namespace, keys, field numbers). */
    public static final String STRUCTURE = "structure";

    public static final List<MixinDef> ALL = List.of(
            new MixinDef(DESCRIPTION, "Description", MixinDef.NORMAL, List.of(
                    new MixinColumn("description", "Description", "string")), false),
            new MixinDef(DATA_TYPE, "Data Type", MixinDef.NORMAL, List.of(
                    new MixinColumn("dataType", "Data Type", "string: a PrimitiveKind (STRING, INTEGER, NUMBER, ...)"),
                    new MixinColumn("nativeType", "Native Type", "string: the source format's own type name"),
                    new MixinColumn("union", "Union", "array: member type descriptors when the element is a union"),
                    new MixinColumn("mapValues", "Map Values", "object: value type when the element is a map")),
                    false),
            new MixinDef(CARDINALITY, "Cardinality", MixinDef.NORMAL, List.of(
                    new MixinColumn("required", "Required", "boolean"),
                    new MixinColumn("nullable", "Nullable", "boolean"),
                    new MixinColumn("minOccurs", "Min Occurs", "integer"),
                    new MixinColumn("maxOccurs", "Max Occurs", "integer, or null for unbounded")), false),
            new MixinDef(CONSTRAINTS, "Constraints", MixinDef.ATTRIBUTE, List.of(
                    new MixinColumn("pattern", "Pattern", "string (ECMA-262 regular expression)"),
                    new MixinColumn("format", "Format", "string"),
                    new MixinColumn("minLength", "Min Length", "integer"),
                    new MixinColumn("maxLength", "Max Length", "integer"),
                    new MixinColumn("minimum", "Minimum", "number"),
                    new MixinColumn("maximum", "Maximum", "number"),
                    new MixinColumn("exclusiveMinimum", "Exclusive Minimum", "number"),
                    new MixinColumn("exclusiveMaximum", "Exclusive Maximum", "number"),
                    new MixinColumn("multipleOf", "Multiple Of", "number"),
                    new MixinColumn("precision", "Precision", "integer"),
                    new MixinColumn("scale", "Scale", "integer"),
                    new MixinColumn("uniqueItems", "Unique Items", "boolean")), false),
            new MixinDef(VALUES, "Values", MixinDef.ATTRIBUTE, List.of(
                    new MixinColumn("enum", "Enum", "array"),
                    new MixinColumn("const", "Const", "any"),
                    new MixinColumn("default", "Default", "any"),
                    new MixinColumn("examples", "Examples", "array")), false),
            new MixinDef(MAPPING, "Mapping", MixinDef.NORMAL, List.of(
                    new MixinColumn("mapsTo", "Maps To", "string (IRI)")), false),
            new MixinDef(PROVENANCE, "Provenance", MixinDef.NORMAL, List.of(
                    new MixinColumn("format", "Format", "string (format key)"),
                    new MixinColumn("source", "Source", "string"),
                    new MixinColumn("originalName", "Original Name", "string"),
                    new MixinColumn("importedAt", "Imported At", "string (ISO-8601 instant)")), false),
            new MixinDef(TERM, "Term", MixinDef.NORMAL, List.of(
                    new MixinColumn("code", "Code", "string"),
                    new MixinColumn("order", "Order", "integer")), false),
            new MixinDef(VENDOR, "Vendor Metadata", MixinDef.MULTI_LEVEL, List.of(
                    new MixinColumn("vendor", "Vendor", "string (connector key)"),
                    new MixinColumn("metadata", "Metadata", "object")), false),
            new MixinDef(ANNOTATIONS, "Annotations", MixinDef.NORMAL, List.of(
                    new MixinColumn("annotations", "Annotations", "object: string to string")), false),
            new MixinDef(MODEL, "Model", MixinDef.NORMAL, List.of(
                    new MixinColumn("name", "Name", "string: the model's name"),
                    new MixinColumn("rootType", "Root Type", "string: name of the document's root Type"),
                    new MixinColumn("identifier", "Identifier", "string: JSON Schema $id, ontology IRI, contract id"),
                    new MixinColumn("namespaces", "Namespaces", "object: prefix to namespace IRI"),
                    new MixinColumn("relationships", "Relationships",
                            "array: {name, fromType, fromElements, toType, toElements, fromCardinality,"
                                    + " toCardinality, annotations}")), false),
            new MixinDef(STRUCTURE, "Structure", MixinDef.NORMAL, List.of(
                    new MixinColumn("namespace", "Namespace", "string: Avro namespace, protobuf package, SQL schema"),
                    new MixinColumn("keys", "Keys", "array: {kind: PRIMARY|UNIQUE, name?, elements: [name]}"),
                    new MixinColumn("fieldNumber", "Field Number", "integer: protobuf field number")), false));

    public static Optional<MixinDef> find(String id) {
        return ALL.stream().filter(m -> m.id().equals(id)).findFirst();
    }

    private DefaultMixins() {
    }
}
