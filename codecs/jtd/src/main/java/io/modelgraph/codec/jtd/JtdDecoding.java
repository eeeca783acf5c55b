package io.modelgraph.codec.jtd;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.codec.SchemaSyntaxException;
import io.modelgraph.schema.Cardinality;
import io.modelgraph.schema.DataType;
import io.modelgraph.schema.ElementDef;
import io.modelgraph.schema.PrimitiveKind;
import io.modelgraph.schema.Provenance;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.TaxonomyDef;
import io.modelgraph.schema.Term;
import io.modelgraph.schema.TypeDef;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A checked JTD schema into the canonical model (docs/formats/jtd.md): properties definitions are types, enum definitions
 * taxonomies, a discriminator an abstract type whose mapping values are its subtypes; an inline object or enum
 * becomes a type or taxonomy named after its owner and property and is written inline again. What the model has
 * no shape for (arrays of arrays, nullable array items, definitions of other forms) is kept as JSON annotations.
 */
final class JtdDecoding {
    static final String ROOT = "Root";

    private final JsonNode definitions;
    private final List<TypeDef> types = new ArrayList<>();
    private final List<TaxonomyDef> taxonomies = new ArrayList<>();
    private final Set<String> names = new HashSet<>();
    private final ObjectNode aliases = JtdText.parseOwn("{}").deepCopy();

    private JtdDecoding(JsonNode definitions) {
        this.definitions = definitions;
    }

    static SchemaModel decode(JsonNode root) throws SchemaSyntaxException {
        JtdCheck.check(root);
        JtdDecoding d = new JtdDecoding(root.path("definitions"));
        d.definitions.fieldNames().forEachRemaining(d.names::add);
        Map<String, String> annotations = new LinkedHashMap<>();
        Optional<String> rootType = Optional.empty();
        Iterator<Map.Entry<String, JsonNode>> it = d.definitions.fields();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> def = it.next();
            d.definition(def.getKey(), def.getValue());
        }
        Form rootForm = Form.of(root);
        if (rootForm == Form.PROPERTIES || rootForm == Form.DISCRIMINATOR) {
            String name = d.unique(ROOT);
            d.definition(name, root);
            rootType = Optional.of(name);
        } else if (rootForm != Form.EMPTY || root.has("nullable")) {
            ObjectNode kept = ((ObjectNode) root).deepCopy();
            kept.remove(List.of("definitions", "metadata"));
            annotations.put(JtdKeys.ROOT_VERBATIM, JtdText.compact(kept));
        }
        if (!d.aliases.isEmpty()) {
            annotations.put(JtdKeys.ALIASES, JtdText.compact(d.aliases));
        }
        otherMetadata(root).ifPresent(m -> annotations.put(JtdKeys.METADATA, m));
        return new SchemaModel(rootType.orElse(ROOT), description(root), d.types, d.taxonomies, Map.of(),
                Provenance.of(JtdCodec.FORMAT), annotations, rootType, Optional.empty(), List.of());
    }

    private void definition(String name, JsonNode s) {
        switch (Form.of(s)) {
            case PROPERTIES -> types.add(type(name, s, Map.of()));
            case DISCRIMINATOR -> discriminator(name, s, Map.of());
            case ENUM -> taxonomies.add(taxonomy(name, s, Map.of()));
            default -> aliases.set(name, s);
        }
    }

    private TypeDef type(String name, JsonNode s, Map<String, String> extra) {
        Map<String, String> annotations = new LinkedHashMap<>(extra);
        if (s.path("additionalProperties").asBoolean(false)) {
            annotations.put(JtdKeys.ADDITIONAL, "true");
        }
        otherMetadata(s).ifPresent(m -> annotations.put(JtdKeys.METADATA, m));
        if (s.path("nullable").asBoolean(false)) {
            // a nullable object is the property's fact, kept there; a nullable definition has no place on a type
            annotations.put(JtdKeys.NULLABLE, "true");
        }
        List<ElementDef> elements = new ArrayList<>();
        for (String member : List.of("properties", "optionalProperties")) {
            Iterator<Map.Entry<String, JsonNode>> it = s.path(member).fields();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> p = it.next();
                elements.add(element(name, p.getKey(), p.getValue(), member.equals("optionalProperties")));
            }
        }
        return new TypeDef(name, description(s), List.of(), elements, false, Optional.empty(),
                Provenance.of(JtdCodec.FORMAT), annotations, Optional.empty(), List.of());
    }

    private void discriminator(String name, JsonNode s, Map<String, String> extra) {
        String tag = s.get("discriminator").asText();
        Map<String, String> annotations = new LinkedHashMap<>(extra);
        annotations.put(JtdKeys.DISCRIMINATOR, tag);
        otherMetadata(s).ifPresent(m -> annotations.put(JtdKeys.METADATA, m));
        if (s.path("nullable").asBoolean(false)) {
            annotations.put(JtdKeys.NULLABLE, "true");
        }
        types.add(new TypeDef(name, description(s), List.of(), List.of(), true, Optional.empty(),
                Provenance.of(JtdCodec.FORMAT), annotations, Optional.empty(), List.of()));
        Iterator<Map.Entry<String, JsonNode>> it = s.get("mapping").fields();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> m = it.next();
            TypeDef variant = type(unique(name + "_" + m.getKey()), m.getValue(), Map.of(JtdKeys.TAG, m.getKey()));
            types.add(variant.toBuilder().supertypes(List.of(name)).build());
        }
    }

    private TaxonomyDef taxonomy(String name, JsonNode s, Map<String, String> extra) {
        JsonNode described = s.path("metadata").path("enumDescription");
        List<Term> terms = new ArrayList<>();
        for (JsonNode v : s.get("enum")) {
            JsonNode d = described.path(v.asText());
            terms.add(new Term(v.asText(), Optional.empty(), d.isTextual() ? Optional.of(d.asText()) : Optional.empty(),
                    Optional.empty()));
        }
        Map<String, String> annotations = new LinkedHashMap<>(extra);
        otherMetadata(s).ifPresent(m -> annotations.put(JtdKeys.METADATA, m));
        return new TaxonomyDef(name, description(s), terms, Optional.empty(), Provenance.of(JtdCodec.FORMAT),
                annotations);
    }

    private ElementDef element(String owner, String name, JsonNode s, boolean optional) {
        Map<String, String> annotations = new LinkedHashMap<>();
        otherMetadata(s).ifPresent(m -> annotations.put(JtdKeys.METADATA, m));
        Cardinality cardinality = optional ? Cardinality.OPTIONAL : Cardinality.REQUIRED;
        DataType type;
        Form form = Form.of(s);
        Optional<DataType> single = form == Form.ELEMENTS ? Optional.empty() : shape(owner + "_" + name, s,
                annotations);
        if (form == Form.ELEMENTS) {
            JsonNode item = s.get("elements");
            Optional<DataType> itemType = Form.of(item) == Form.ELEMENTS || item.has("nullable")
                    || item.has("metadata") ? Optional.empty() : shape(owner + "_" + name, item, annotations);
            if (itemType.isPresent()) {
                type = itemType.get();
                cardinality = Cardinality.ANY_NUMBER;
                if (optional) {
                    annotations.put(JtdKeys.OPTIONAL, "true");
                }
            } else {
                type = verbatim(s, annotations);
            }
        } else if (single.isPresent()) {
            type = single.get();
        } else {
            type = verbatim(s, annotations);
        }
        boolean nullable = s.path("nullable").asBoolean(false);
        if (annotations.containsKey(JtdKeys.VERBATIM)) {
            // the kept schema carries nullable and metadata itself
            annotations.remove(JtdKeys.METADATA);
            annotations.remove(JtdKeys.REF);
            nullable = false;
            cardinality = optional ? Cardinality.OPTIONAL : Cardinality.REQUIRED;
        }
        return new ElementDef(name, annotations.containsKey(JtdKeys.VERBATIM) ? Optional.empty() : description(s),
                type, cardinality, nullable, io.modelgraph.schema.Constraints.NONE, Optional.empty(), Optional.empty(),
                List.of(), annotations, java.util.OptionalInt.empty());
    }

    private static DataType verbatim(JsonNode s, Map<String, String> annotations) {
        annotations.put(JtdKeys.VERBATIM, JtdText.compact(s));
        return new DataType.Primitive(PrimitiveKind.ANY, Optional.empty());
    }

    /**
     * The data type of a schema that is not an array, creating inline types and taxonomies as {@code hint}; empty
     * when the model has no shape for it (kept verbatim by the caller).
     */
    private Optional<DataType> shape(String hint, JsonNode s, Map<String, String> annotations) {
        switch (Form.of(s)) {
            case EMPTY:
                return Optional.of(new DataType.Primitive(PrimitiveKind.ANY, Optional.empty()));
            case TYPE:
                return Optional.of(JtdPrimitives.decode(s.get("type").asText()));
            case ENUM: {
                String name = unique(hint);
                taxonomies.add(taxonomy(name, s, Map.of(JtdKeys.INLINE, "true")));
                return Optional.of(new DataType.TaxonomyRef(name));
            }
            case PROPERTIES: {
                String name = unique(hint);
                types.add(type(name, s, Map.of(JtdKeys.INLINE, "true")));
                return Optional.of(new DataType.TypeRef(name));
            }
            case DISCRIMINATOR: {
                String name = unique(hint);
                discriminator(name, s, Map.of(JtdKeys.INLINE, "true"));
                return Optional.of(new DataType.TypeRef(name));
            }
            case VALUES: {
                JsonNode values = s.get("values");
                Form inner = Form.of(values);
                if (inner == Form.ELEMENTS || inner == Form.VALUES || inner == Form.DISCRIMINATOR
                        || values.has("nullable") || values.has("metadata")) {
                    return Optional.empty();
                }
                Map<String, String> inner2 = new LinkedHashMap<>();
                Optional<DataType> valueType = shape(hint + "Value", values, inner2);
                // a map of an aliased definition is kept whole: the name would have no element to sit on
                return inner2.isEmpty() ? valueType.map(DataType.MapOf::new) : Optional.empty();
            }
            case REF: {
                String target = s.get("ref").asText();
                Form targetForm = Form.of(definitions.get(target));
                if (targetForm == Form.PROPERTIES || targetForm == Form.DISCRIMINATOR) {
                    return Optional.of(new DataType.TypeRef(target));
                }
                if (targetForm == Form.ENUM) {
                    return Optional.of(new DataType.TaxonomyRef(target));
                }
                // a definition of another form: the element takes its shape and remembers the name
                JsonNode aliased = definitions.get(target);
                if (targetForm == Form.TYPE || targetForm == Form.EMPTY) {
                    if (aliased.has("nullable")) {
                        return Optional.empty();
                    }
                    annotations.put(JtdKeys.REF, target);
                    return Optional.of(targetForm == Form.TYPE ? JtdPrimitives.decode(aliased.get("type").asText())
                            : new DataType.Primitive(PrimitiveKind.ANY, Optional.empty()));
                }
                return Optional.empty();
            }
            default:
                return Optional.empty();
        }
    }

    private String unique(String wanted) {
        String name = wanted;
        for (int i = 2; !names.add(name); i++) {
            name = wanted + i;
        }
        return name;
    }

    private static boolean contains(JsonNode values, String code) {
        for (JsonNode v : values) {
            if (v.asText().equals(code)) {
                return true;
            }
        }
        return false;
    }

    private static Optional<String> description(JsonNode s) {
        JsonNode d = s.path("metadata").path("description");
        return d.isTextual() ? Optional.of(d.asText()) : Optional.empty();
    }

    private static Optional<String> otherMetadata(JsonNode s) {
        if (!s.path("metadata").isObject()) {
            return Optional.empty();
        }
        ObjectNode rest = ((ObjectNode) s.get("metadata")).deepCopy();
        if (rest.path("description").isTextual()) {
            rest.remove("description");
        }
        if (s.has("enum") && rest.path("enumDescription").isObject()) {
            // the terms' descriptions; a member that is not a string stays in the kept metadata
            ObjectNode terms = (ObjectNode) rest.get("enumDescription");
            List<String> read = new ArrayList<>();
            terms.fields().forEachRemaining(t -> {
                if (t.getValue().isTextual() && contains(s.get("enum"), t.getKey())) {
                    read.add(t.getKey());
                }
            });
            terms.remove(read);
            if (terms.isEmpty()) {
                rest.remove("enumDescription");
            }
        }
        return rest.isEmpty() ? Optional.empty() : Optional.of(JtdText.compact(rest));
    }
}
