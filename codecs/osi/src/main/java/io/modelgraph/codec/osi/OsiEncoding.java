package io.modelgraph.codec.osi;

import static io.modelgraph.codec.osi.OsiDocument.EXTRA;
import static io.modelgraph.codec.osi.OsiDocument.HEADER;
import static io.modelgraph.codec.osi.OsiDocument.SEMANTIC_MODEL;
import static io.modelgraph.codec.osi.OsiDocument.SEMANTIC_MODELS;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.codec.JsonAnnotations;
import io.modelgraph.codec.UnrepresentableModelException;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.DataType;
import io.modelgraph.schema.ElementDef;
import io.modelgraph.schema.KeyDef;
import io.modelgraph.schema.PrimitiveKind;
import io.modelgraph.schema.Relationship;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.TaxonomyDef;
import io.modelgraph.schema.TypeDef;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The canonical model as an OSI document: version 0.1.1 for a model that came from 0.1.1, 0.2.0.dev0 otherwise.
 * A model from OSI gets its header, semantic-model facts and verbatim members back; any other model gets one
 * semantic model named after it, datasets sourced by their namespace and name, and ANSI SQL field expressions
 * naming the column.
 */
final class OsiEncoding {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final Set<String> DATATYPES = Set.of("String", "Integer", "Decimal", "Float", "Boolean", "Date",
            "Time", "DateTime", "DateTimeTz", "Opaque");

    private final SchemaModel model;
    private final LossinessLedger ledger;
    private final boolean v011;

    private OsiEncoding(SchemaModel model, LossinessLedger ledger) {
        this.model = model;
        this.ledger = ledger;
        this.v011 = OsiDocument.isVersion011(JsonAnnotations.object(model.annotations(), HEADER).path("version")
                .asText(""));
    }

    static ObjectNode encode(SchemaModel model, LossinessLedger ledger) {
        return new OsiEncoding(model, ledger).document();
    }

    private ObjectNode document() {
        ObjectNode header = JsonAnnotations.object(model.annotations(), HEADER);
        ObjectNode doc = F.objectNode();
        doc.put("version", v011 ? OsiDocument.VERSION_011 : OsiDocument.VERSION_02);
        Iterator<Map.Entry<String, JsonNode>> it = header.fields();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> f = it.next();
            if (!f.getKey().equals("version")) {
                doc.set(f.getKey(), f.getValue());
            }
        }
        Map<String, ObjectNode> facts = semanticModelFacts();
        Map<String, List<TypeDef>> groups = new LinkedHashMap<>();
        facts.keySet().forEach(k -> groups.put(k, new ArrayList<>()));
        for (TypeDef t : model.types()) {
            groups.computeIfAbsent(t.annotations().getOrDefault(SEMANTIC_MODEL, model.name()), k -> new ArrayList<>())
                    .add(t);
        }
        if (groups.isEmpty()) {
            // OSI requires at least one semantic model with at least one dataset: a model without types has no
            // OSI form, and inventing a dataset would be a change nobody asked for (docs/formats/osi.md)
            throw new UnrepresentableModelException("$.types", "The model has no types; an OSI document needs at"
                    + " least one dataset (semantic_model[].datasets has minItems 1), so it cannot be written as OSI.");
        }
        ArrayNode models = doc.putArray("semantic_model");
        for (Map.Entry<String, List<TypeDef>> group : groups.entrySet()) {
            ObjectNode sm = models.addObject();
            sm.put("name", group.getKey());
            ObjectNode kept = facts.getOrDefault(group.getKey(), F.objectNode());
            if (!kept.has("description")) {
                model.description().filter(d -> facts.isEmpty()).ifPresent(d -> sm.put("description", d));
            }
            putAbsentExcept(sm, kept, Set.of("name", "metrics", "custom_extensions"));
            String path = "$.semantic_model[" + (models.size() - 1) + "]";
            ArrayNode datasets = sm.putArray("datasets");
            for (TypeDef t : group.getValue()) {
                datasets.add(dataset(t, path + ".datasets[" + datasets.size() + "]"));
            }
            ArrayNode relationships = F.arrayNode();
            for (Relationship r : model.relationships()) {
                String owner = r.annotations().getOrDefault(SEMANTIC_MODEL, model.type(r.fromType())
                        .map(t -> t.annotations().getOrDefault(SEMANTIC_MODEL, model.name())).orElse(model.name()));
                if (owner.equals(group.getKey()) || (groups.size() == 1)) {
                    relationships.add(relationship(r));
                }
            }
            if (!relationships.isEmpty()) {
                sm.set("relationships", relationships);
            }
            putAbsentExcept(sm, kept, Set.of("name"));
        }
        for (TaxonomyDef t : model.taxonomies()) {
            ledger.drop("taxonomies." + t.name(), "OSI has no controlled lists; taxonomy '" + t.name()
                    + "' is not written (fields that use it are written as strings).");
        }
        return doc;
    }

    private Map<String, ObjectNode> semanticModelFacts() {
        Map<String, ObjectNode> out = new LinkedHashMap<>();
        JsonAnnotations.read(model.annotations(), SEMANTIC_MODELS).ifPresent(list -> list.forEach(n -> {
            if (n.isObject() && n.path("name").isTextual()) {
                out.put(n.path("name").asText(), (ObjectNode) n);
            }
        }));
        return out;
    }

    private ObjectNode dataset(TypeDef t, String path) {
        ObjectNode ds = F.objectNode();
        ds.put("name", t.name());
        ObjectNode extra = JsonAnnotations.object(t.annotations(), EXTRA);
        if (!extra.has("source")) {
            ds.put("source", t.namespace().map(ns -> ns + "." + t.name()).orElse(t.name()));
        }
        putAbsentExcept(ds, extra, Set.of("ai_context", "fields", "custom_extensions"));
        t.primaryKey().ifPresent(k -> k.elements().forEach(ds.withArray("primary_key")::add));
        List<KeyDef> uniques = t.keys().stream().filter(k -> k.kind() == KeyDef.Kind.UNIQUE).toList();
        if (!uniques.isEmpty()) {
            ArrayNode u = ds.putArray("unique_keys");
            uniques.forEach(k -> k.elements().forEach(u.addArray()::add));
        }
        t.description().ifPresent(d -> ds.put("description", d));
        if (!t.supertypes().isEmpty()) {
            ledger.drop(path, "OSI datasets have no inheritance; '" + t.name() + "' is written with its own fields"
                    + " only (supertypes " + t.supertypes() + ").");
        }
        if (extra.has("ai_context")) {
            ds.set("ai_context", extra.get("ai_context"));
        }
        ArrayNode fields = F.arrayNode();
        for (ElementDef e : t.elements()) {
            fields.add(field(t, e, path + ".fields[" + fields.size() + "]"));
        }
        if (!fields.isEmpty()) {
            ds.set("fields", fields);
        }
        putAbsentExcept(ds, extra, Set.of());
        return ds;
    }

    private ObjectNode field(TypeDef t, ElementDef e, String path) {
        // each entry names the dataset and field: the output path alone does not say which element changed
        String at = "'" + t.name() + "." + e.name() + "'";
        ObjectNode f = F.objectNode();
        f.put("name", e.name());
        ObjectNode extra = JsonAnnotations.object(e.annotations(), EXTRA);
        if (!extra.has("expression")) {
            ObjectNode dialect = f.putObject("expression").putArray("dialects").addObject();
            dialect.put("dialect", "ANSI_SQL");
            dialect.put("expression", e.name());
        } else {
            f.set("expression", extra.get("expression"));
        }
        putAbsentExcept(f, extra, Set.of("ai_context", "custom_extensions"));
        e.description().ifPresent(d -> f.put("description", d));
        String datatype = datatype(e, path, at);
        if (!v011 && datatype != null) {
            f.put("datatype", datatype);
        }
        putAbsentExcept(f, extra, Set.of());
        if (e.cardinality().many()) {
            ledger.approximate(path, "OSI fields hold one value; the many-valued element " + at + " is"
                    + " written as one field.");
        } else if (e.cardinality().required()) {
            ledger.relax(path, "OSI fields have no required flag; " + at + " reads back as optional.");
        }
        if (e.nullable()) {
            ledger.narrow(path, "OSI fields do not say whether a value may be null; " + at + " reads back as not"
                    + " nullable.");
        }
        if (!e.constraints().isEmpty()) {
            ledger.relax(path, "OSI fields carry no value constraints; those of " + at + " are not written.");
        }
        e.defaultValue().ifPresent(d -> ledger.drop(path, "OSI fields have no default; " + d + " of " + at
                + " is not written."));
        e.mapsTo().ifPresent(m -> ledger.drop(path, "OSI fields have no mapping to a vocabulary term; " + m
                + " of " + at + " is not written."));
        return f;
    }

    /** The field's datatype, or null where the model says nothing (OSI: omit when unknown). */
    private String datatype(ElementDef e, String path, String at) {
        DataType type = e.type();
        if (type instanceof DataType.Primitive p) {
            if (p.kind() == PrimitiveKind.ANY && p.nativeName().isEmpty()) {
                return null;
            }
            String name = p.nativeName().filter(DATATYPES::contains).orElse(OsiTypes.datatype(p.kind()));
            if (v011) {
                return null;
            }
            if (name.equals("Opaque") && p.kind() != PrimitiveKind.ANY) {
                ledger.approximate(path, "OSI has no " + p.kind().name().toLowerCase() + " datatype; " + at
                        + " is written as Opaque.");
            } else if (OsiTypes.kind(name) != p.kind() && p.kind() != PrimitiveKind.ANY) {
                ledger.approximate(path, "OSI has no " + p.kind().name().toLowerCase() + " datatype; " + at
                        + " is written as " + name + ".");
            }
            return name;
        }
        if (type instanceof DataType.TaxonomyRef ref) {
            ledger.approximate(path, "OSI has no controlled lists; " + at + ", a value of taxonomy '"
                    + ref.taxonomyName() + "', is written as a String field.");
            return "String";
        }
        if (type instanceof DataType.TypeRef ref) {
            ledger.approximate(path, "OSI datasets are flat; " + at + ", a reference to '" + ref.typeName()
                    + "', is written as an Opaque field (a relationship with columns says more).");
            return "Opaque";
        }
        ledger.approximate(path, "OSI has no " + (type instanceof DataType.Union ? "union" : "map")
                + " datatype; " + at + " is written as Opaque.");
        return "Opaque";
    }

    private ObjectNode relationship(Relationship r) {
        ObjectNode o = F.objectNode();
        o.put("name", r.name().orElse(r.fromType() + "_to_" + r.toType()));
        o.put("from", r.fromType());
        o.put("to", r.toType());
        r.fromElements().forEach(o.putArray("from_columns")::add);
        r.toElements().forEach(o.putArray("to_columns")::add);
        putAbsentExcept(o, JsonAnnotations.object(r.annotations(), EXTRA), Set.of());
        return o;
    }

    private static void putAbsentExcept(ObjectNode target, JsonNode extra, Set<String> later) {
        Iterator<Map.Entry<String, JsonNode>> fields = extra.fields();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> f = fields.next();
            if (!later.contains(f.getKey()) && !target.has(f.getKey())) {
                target.set(f.getKey(), f.getValue());
            }
        }
    }
}
