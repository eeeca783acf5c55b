package io.modelgraph.codec.jtd;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.DataType;
import io.modelgraph.schema.ElementDef;
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
 * The canonical model as one JTD schema (docs/formats/jtd.md): types become properties definitions (supertypes' elements
 * flattened in, as JTD has no inheritance), taxonomies enum definitions, the root type the root schema. What JTD
 * cannot say (unions, value constraints, defaults, keys, relationships, wider scalar kinds) is written to the
 * ledger. A model decoded from JTD is written back to the same document.
 */
final class JtdEncoding {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final SchemaModel model;
    private final LossinessLedger ledger;
    private final Map<String, TypeDef> types = new LinkedHashMap<>();
    private final Map<String, TaxonomyDef> taxonomies = new LinkedHashMap<>();
    private final Set<String> writing = new HashSet<>();
    /** Definition names of taxonomies: a taxonomy named like a type gets another (one namespace in JTD). */
    private final Map<String, String> enumNames = new LinkedHashMap<>();

    JtdEncoding(SchemaModel model, LossinessLedger ledger) {
        this.model = model;
        this.ledger = ledger;
        model.types().forEach(t -> types.putIfAbsent(t.name(), t));
        model.taxonomies().forEach(t -> taxonomies.putIfAbsent(t.name(), t));
        Set<String> taken = new HashSet<>(types.keySet());
        for (String name : taxonomies.keySet()) {
            String chosen = name;
            for (int i = 2; taken.contains(chosen); i++) {
                chosen = name + "Enum" + (i == 2 ? "" : i);
            }
            taken.add(chosen);
            enumNames.put(name, chosen);
            if (!chosen.equals(name)) {
                ledger.approximate(name, "JTD definitions share one namespace; the taxonomy '" + name
                        + "' is written as '" + chosen + "' beside the type of the same name.");
            }
        }
    }

    ObjectNode document() {
        Optional<TypeDef> root = model.rootType().map(types::get);
        ObjectNode doc;
        if (root.isPresent()) {
            doc = typeSchema(root.get());
            if (!root.get().name().equals(JtdDecoding.ROOT)) {
                // the root schema is the document itself: it has no definition name to carry the type's
                ledger.drop(root.get().name(), "JTD's root schema has no name: root type '" + root.get().name()
                        + "' is written as the document and reads back as '" + JtdDecoding.ROOT + "'.");
            }
        } else if (model.annotations().containsKey(JtdKeys.ROOT_VERBATIM)) {
            doc = (ObjectNode) JtdText.parseOwn(model.annotations().get(JtdKeys.ROOT_VERBATIM));
        } else {
            doc = NODES.objectNode();
        }
        ObjectNode definitions = NODES.objectNode();
        for (TypeDef t : model.types()) {
            if (root.filter(r -> r.name().equals(t.name())).isPresent() || inline(t.annotations()) || variant(t)) {
                continue;
            }
            definitions.set(t.name(), typeSchema(t));
        }
        for (TaxonomyDef x : model.taxonomies()) {
            if (!inline(x.annotations()) && taxonomies.get(x.name()) == x) {
                definitions.set(enumNames.get(x.name()), enumSchema(x));
            }
        }
        Optional.ofNullable(model.annotations().get(JtdKeys.ALIASES)).map(JtdText::parseOwn).ifPresent(a ->
                a.fields().forEachRemaining(e -> definitions.set(e.getKey(), e.getValue())));
        if (!definitions.isEmpty()) {
            ObjectNode ordered = NODES.objectNode();
            ordered.set("definitions", definitions);
            ordered.setAll(doc);
            doc = ordered;
        }
        metadata(doc, model.description(), model.annotations());
        report();
        return doc;
    }

    private void report() {
        if (!model.namespaces().isEmpty()) {
            ledger.drop("$", "JTD has no namespaces; the model's " + model.namespaces().size() + " prefixes are not"
                    + " written.");
        }
        if (!model.relationships().isEmpty()) {
            ledger.drop("$", "JTD has no relationships between types; " + model.relationships().size()
                    + " dropped.");
        }
        model.identifier().ifPresent(id -> ledger.drop("$", "JTD has no schema identifier; '" + id
                + "' is not written."));
    }

    private static boolean inline(Map<String, String> annotations) {
        return "true".equals(annotations.get(JtdKeys.INLINE));
    }

    /** A mapping value of a discriminator type, written inside that type. */
    private boolean variant(TypeDef t) {
        return t.annotations().containsKey(JtdKeys.TAG) && t.supertypes().size() == 1
                && Optional.ofNullable(types.get(t.supertypes().get(0)))
                        .filter(s -> s.annotations().containsKey(JtdKeys.DISCRIMINATOR)).isPresent();
    }

    private ObjectNode typeSchema(TypeDef t) {
        if (!writing.add(t.name())) {
            // a type written in place that contains itself: JTD recurses only through definitions
            ledger.approximate(t.name(), "'" + t.name() + "' contains itself where it is written in place; the"
                    + " inner occurrence accepts any value.");
            return NODES.objectNode();
        }
        try {
            ObjectNode s = t.annotations().containsKey(JtdKeys.DISCRIMINATOR) ? discriminatorSchema(t)
                    : propertiesSchema(t);
            if ("true".equals(t.annotations().get(JtdKeys.NULLABLE))) {
                s.put("nullable", true);
            }
            metadata(s, t.description(), t.annotations());
            return s;
        } finally {
            writing.remove(t.name());
        }
    }

    private ObjectNode discriminatorSchema(TypeDef t) {
        ObjectNode s = NODES.objectNode();
        s.put("discriminator", t.annotations().get(JtdKeys.DISCRIMINATOR));
        ObjectNode mapping = s.putObject("mapping");
        for (TypeDef v : model.types()) {
            if (variant(v) && v.supertypes().get(0).equals(t.name())) {
                ObjectNode value = propertiesSchema(v);
                metadata(value, v.description(), v.annotations());
                mapping.set(v.annotations().get(JtdKeys.TAG), value);
            }
        }
        if (!t.elements().isEmpty()) {
            ledger.drop(t.name(), "A JTD discriminator has no properties of its own; " + t.elements().size()
                    + " elements of '" + t.name() + "' are not written.");
        }
        return s;
    }

    private ObjectNode propertiesSchema(TypeDef t) {
        ObjectNode s = NODES.objectNode();
        ObjectNode required = NODES.objectNode();
        ObjectNode optional = NODES.objectNode();
        List<ElementDef> elements = new ArrayList<>();
        if (!variant(t)) {
            inherited(t, new HashSet<>(), elements);
        }
        elements.addAll(t.elements());
        for (ElementDef e : elements) {
            String path = t.name() + "." + e.name();
            if (required.has(e.name()) || optional.has(e.name())) {
                ledger.drop(path, "'" + e.name() + "' is defined twice (also by a supertype); the first is written.");
                continue;
            }
            (optionalProperty(e) ? optional : required).set(e.name(), elementSchema(e, path));
        }
        if (!required.isEmpty() || optional.isEmpty()) {
            s.set("properties", required);
        }
        if (!optional.isEmpty()) {
            s.set("optionalProperties", optional);
        }
        if ("true".equals(t.annotations().get(JtdKeys.ADDITIONAL))) {
            s.put("additionalProperties", true);
        }
        if (t.isAbstract() && !t.annotations().containsKey(JtdKeys.DISCRIMINATOR)) {
            ledger.drop(t.name(), "JTD has no abstract types; '" + t.name() + "' is written as a definition.");
        }
        if (!t.keys().isEmpty()) {
            ledger.drop(t.name(), "JTD has no keys; " + t.keys().size() + " keys of '" + t.name()
                    + "' are not written.");
        }
        t.mapsTo().ifPresent(m -> ledger.drop(t.name(), "JTD has no place for the mapping to '" + m + "'."));
        return s;
    }

    /** Supertypes' elements first, nearest last; JTD has no inheritance. */
    private void inherited(TypeDef t, Set<String> seen, List<ElementDef> out) {
        for (String name : t.supertypes()) {
            TypeDef parent = types.get(name);
            if (parent == null || !seen.add(name)) {
                continue;
            }
            inherited(parent, seen, out);
            out.addAll(parent.elements());
            ledger.approximate(t.name(), "JTD has no inheritance; the elements of supertype '" + name
                    + "' are copied into '" + t.name() + "'.");
        }
    }

    private static boolean optionalProperty(ElementDef e) {
        if (e.annotations().containsKey(JtdKeys.VERBATIM)) {
            return e.cardinality().min() == 0;
        }
        boolean many = e.cardinality().max().isEmpty() || e.cardinality().max().getAsInt() > 1;
        return many ? "true".equals(e.annotations().get(JtdKeys.OPTIONAL)) : e.cardinality().min() == 0;
    }

    private ObjectNode elementSchema(ElementDef e, String path) {
        if (e.annotations().containsKey(JtdKeys.VERBATIM)) {
            return (ObjectNode) JtdText.parseOwn(e.annotations().get(JtdKeys.VERBATIM));
        }
        ObjectNode item = e.annotations().containsKey(JtdKeys.REF) && aliasExists(e.annotations().get(JtdKeys.REF))
                ? NODES.objectNode().put("ref", e.annotations().get(JtdKeys.REF)) : valueSchema(e.type(), path);
        boolean many = e.cardinality().max().isEmpty() || e.cardinality().max().getAsInt() > 1;
        ObjectNode s = item;
        if (many) {
            s = NODES.objectNode();
            s.set("elements", item);
            if (e.cardinality().min() > 0 || e.cardinality().max().isPresent()) {
                ledger.relax(path, "JTD arrays have no length bounds; " + e.cardinality() + " is written as any"
                        + " number of items.");
            }
        }
        if (e.nullable()) {
            s.put("nullable", true);
        }
        metadata(s, e.description(), e.annotations());
        if (!e.constraints().isEmpty()) {
            ledger.drop(path, "JTD has no value constraints (pattern, lengths, bounds, format); they are not"
                    + " written.");
        }
        e.defaultValue().ifPresent(d -> ledger.drop(path, "JTD has no default values; " + d + " is not written."));
        if (!e.examples().isEmpty()) {
            ledger.drop(path, "JTD has no examples; " + e.examples().size() + " are not written.");
        }
        e.mapsTo().ifPresent(m -> ledger.drop(path, "JTD has no place for the mapping to '" + m + "'."));
        return s;
    }

    private boolean aliasExists(String name) {
        return Optional.ofNullable(model.annotations().get(JtdKeys.ALIASES)).map(JtdText::parseOwn)
                .filter(a -> a.has(name)).isPresent();
    }

    private ObjectNode valueSchema(DataType type, String path) {
        ObjectNode s = NODES.objectNode();
        if (type instanceof DataType.Primitive p) {
            JtdPrimitives.encode(p, path, ledger).ifPresent(t -> s.put("type", t));
        } else if (type instanceof DataType.TypeRef r) {
            TypeDef target = types.get(r.typeName());
            if (target == null) {
                ledger.drop(path, "The type '" + r.typeName() + "' is not in the model; written as any value.");
            } else if ((inline(target.annotations()) || variant(target))
                    && !model.rootType().filter(r.typeName()::equals).isPresent()) {
                return typeSchema(target);
            } else if (model.rootType().filter(r.typeName()::equals).isPresent()) {
                // the root schema is not a definition: JTD cannot refer to it, so its shape is repeated
                ledger.approximate(path, "JTD cannot refer to the root schema; '" + r.typeName() + "' is written"
                        + " in place.");
                return writing.contains(r.typeName()) ? s : typeSchema(target);
            } else {
                s.put("ref", r.typeName());
            }
        } else if (type instanceof DataType.TaxonomyRef r) {
            TaxonomyDef target = taxonomies.get(r.taxonomyName());
            if (target == null) {
                ledger.drop(path, "The taxonomy '" + r.taxonomyName() + "' is not in the model; written as a"
                        + " string.");
                s.put("type", "string");
            } else if (inline(target.annotations())) {
                return enumSchema(target);
            } else {
                s.put("ref", enumNames.get(r.taxonomyName()));
            }
        } else if (type instanceof DataType.MapOf m) {
            s.set("values", valueSchema(m.values(), path + "[*]"));
        } else if (type instanceof DataType.Union u) {
            ledger.drop(path, "JTD has no unions; the union of " + u.members().size() + " types is written as any"
                    + " value.");
        }
        return s;
    }

    private ObjectNode enumSchema(TaxonomyDef x) {
        ObjectNode s = NODES.objectNode();
        var values = s.putArray("enum");
        ObjectNode described = NODES.objectNode();
        Set<String> seen = new HashSet<>();
        for (Term t : x.terms()) {
            if (!seen.add(t.code())) {
                continue;
            }
            values.add(t.code());
            t.description().or(t::label).ifPresent(d -> described.put(t.code(), d));
            t.mapsTo().ifPresent(m -> ledger.drop(x.name() + "." + t.code(), "JTD has no place for the mapping to '"
                    + m + "'."));
        }
        if (values.isEmpty()) {
            // JTD enums are not empty: a taxonomy without terms accepts any string
            s.remove("enum");
            s.put("type", "string");
            ledger.relax(x.name(), "A JTD enum needs a value; the empty taxonomy '" + x.name() + "' is written as"
                    + " a string.");
        }
        ObjectNode metadata = NODES.objectNode();
        if (!described.isEmpty() && s.has("enum")) {
            metadata.set("enumDescription", described);
        }
        x.mapsTo().ifPresent(m -> ledger.drop(x.name(), "JTD has no place for the mapping to '" + m + "'."));
        metadata(s, x.description(), x.annotations());
        if (!metadata.isEmpty()) {
            (s.has("metadata") ? (ObjectNode) s.get("metadata") : s.putObject("metadata")).setAll(metadata);
        }
        return s;
    }

    /** {@code metadata}: the description and the kept members. */
    private static void metadata(ObjectNode s, Optional<String> description, Map<String, String> annotations) {
        ObjectNode metadata = NODES.objectNode();
        Optional.ofNullable(annotations.get(JtdKeys.METADATA)).map(JtdText::parseOwn).ifPresent(m ->
                metadata.setAll((ObjectNode) m));
        description.ifPresent(d -> metadata.put("description", d));
        if (!metadata.isEmpty()) {
            ObjectNode existing = s.has("metadata") ? (ObjectNode) s.get("metadata") : s.putObject("metadata");
            Iterator<Map.Entry<String, JsonNode>> it = metadata.fields();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> m = it.next();
                existing.set(m.getKey(), m.getValue());
            }
        }
    }
}
