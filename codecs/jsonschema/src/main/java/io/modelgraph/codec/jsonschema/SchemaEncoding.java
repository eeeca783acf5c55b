package io.modelgraph.codec.jsonschema;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.Constraints;
import io.modelgraph.schema.DataType;
import io.modelgraph.schema.ElementDef;
import io.modelgraph.schema.PrimitiveKind;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.TaxonomyDef;
import io.modelgraph.schema.Term;
import io.modelgraph.schema.TypeDef;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Writes the canonical model as one JSON Schema 2020-12 document. The root type (when the model names one)
 * sits at the top level; every other type and taxonomy goes under {@code $defs} and is referenced as
 * {@code #/$defs/Name}, except types and enums that were inline in their source and are used once.
 * Output is deterministic: same model, same bytes.
 */
final class SchemaEncoding {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private final SchemaModel model;
    private final LossinessLedger ledger;
    private final Optional<TypeDef> root;
    private final Map<String, String> typeDefNames = new LinkedHashMap<>();
    private final Map<String, String> taxonomyDefNames = new LinkedHashMap<>();
    /** The type whose elements are being written, for entries that name an element. */
    private String owner = "";
    private final Set<String> inlineTypes = new HashSet<>();
    private final Set<String> inlineTaxonomies = new HashSet<>();
    private final Set<String> reportedTaxonomies = new HashSet<>();

    SchemaEncoding(SchemaModel model, LossinessLedger ledger) {
        this.model = model;
        this.ledger = ledger;
        this.root = rootType(model).flatMap(model::type);
        plan();
    }

    /** Decides what is inlined and the $defs name of everything else. */
    private void plan() {
        Map<String, List<String>> typeUsers = new HashMap<>();
        Map<String, Integer> taxonomyUses = new HashMap<>();
        Set<String> supertypeTargets = new HashSet<>();
        for (TypeDef t : model.types()) {
            supertypeTargets.addAll(t.supertypes());
            for (ElementDef e : t.elements()) {
                collectUses(e.type(), t.name(), typeUsers, taxonomyUses);
            }
        }
        String rootName = root.map(TypeDef::name).orElse("");
        for (TypeDef t : model.types()) {
            List<String> users = typeUsers.getOrDefault(t.name(), List.of());
            if ("true".equals(t.annotations().get(JsonSchemaAnnotations.INLINE)) && !t.name().equals(rootName)
                    && users.size() == 1 && !supertypeTargets.contains(t.name())) {
                inlineTypes.add(t.name());
            }
        }
        // An inlined type must not end up inside itself: walk each host chain and undo cycles.
        for (TypeDef t : model.types()) {
            if (!inlineTypes.contains(t.name())) {
                continue;
            }
            Set<String> seen = new HashSet<>();
            String host = t.name();
            while (inlineTypes.contains(host) && seen.add(host)) {
                host = typeUsers.get(host).get(0);
            }
            if (host.equals(t.name()) || seen.contains(host)) {
                inlineTypes.remove(t.name());
            }
        }
        Names names = new Names();
        for (TypeDef t : model.types()) {
            if (!t.name().equals(rootName) && !inlineTypes.contains(t.name())) {
                typeDefNames.put(t.name(), names.unique(t.name()));
            }
        }
        for (TaxonomyDef x : model.taxonomies()) {
            boolean inline = "true".equals(x.annotations().get(JsonSchemaAnnotations.INLINE))
                    && taxonomyUses.getOrDefault(x.name(), 0) > 0 && x.description().isEmpty();
            if (inline) {
                inlineTaxonomies.add(x.name());
            } else {
                taxonomyDefNames.put(x.name(), names.isTaken(x.name()) ? names.unique(x.name() + "Enum")
                        : names.unique(x.name()));
            }
        }
    }

    private static void collectUses(DataType t, String owner, Map<String, List<String>> typeUsers,
            Map<String, Integer> taxonomyUses) {
        if (t instanceof DataType.TypeRef) {
            typeUsers.computeIfAbsent(((DataType.TypeRef) t).typeName(), k -> new ArrayList<>()).add(owner);
        } else if (t instanceof DataType.TaxonomyRef) {
            taxonomyUses.merge(((DataType.TaxonomyRef) t).taxonomyName(), 1, Integer::sum);
        } else if (t instanceof DataType.Union) {
            for (DataType m : ((DataType.Union) t).members()) {
                collectUses(m, owner, typeUsers, taxonomyUses);
            }
        } else if (t instanceof DataType.MapOf) {
            collectUses(((DataType.MapOf) t).values(), owner, typeUsers, taxonomyUses);
        }
    }

    /** The model's root type; the {@code jsonschema.root} annotation of models stored before that field existed. */
    static Optional<String> rootType(SchemaModel model) {
        return model.rootType().or(() -> Optional.ofNullable(model.annotations().get(JsonSchemaAnnotations.ROOT)));
    }

    ObjectNode encode() {
        ObjectNode doc = F.objectNode();
        doc.put("$schema", Keywords.DIALECT);
        model.identifier().or(() -> Optional.ofNullable(model.annotations().get(JsonSchemaAnnotations.ID)))
                .ifPresent(id -> doc.put("$id", id));
        if ("true".equals(model.annotations().get(JsonSchemaAnnotations.FORMAT_ASSERTION))) {
            doc.put(JsonSchemaAnnotations.FORMAT_ASSERTION_KEYWORD, true);
        }
        if (root.isPresent()) {
            typeBody(doc, root.get(), "#");
            String rootTypeName = root.get().name();
            if (!doc.has("title") && !root.get().provenance().format().equals(JsonSchemaCodec.FORMAT)) {
                // a reader names the root type after the document's title; without one it is "Root"
                doc.put("title", rootTypeName);
                if (!Names.typeNameFromTitle(rootTypeName).equals(rootTypeName)) {
                    ledger.approximate("#/title", "root type '" + rootTypeName + "' is titled with its name, which"
                            + " reads back as type '" + Names.typeNameFromTitle(rootTypeName) + "'");
                }
            }
            if (model.description().isPresent() && !model.description().equals(root.get().description())) {
                ledger.drop("#/description", "the model description differs from the root type's and is not"
                        + " written");
            }
        } else {
            if (!model.name().isEmpty()) {
                doc.put("title", model.name());
            }
            model.description().ifPresent(d -> doc.put("description", d));
        }
        for (Map.Entry<String, String> a : new TreeMap<>(model.annotations()).entrySet()) {
            String k = a.getKey();
            if (k.equals(JsonSchemaAnnotations.ROOT) || k.equals(JsonSchemaAnnotations.ID)
                    || (root.isPresent() && root.get().annotations().containsKey(k))) {
                continue;
            }
            if (k.equals(JsonSchemaAnnotations.COMMENT)) {
                doc.put("$comment", a.getValue());
            } else if (k.equals(JsonSchemaAnnotations.VERBATIM)) {
                writeVerbatim(doc, a.getValue(), "#", ledger);
            } else if (JsonSchemaAnnotations.isExtension(k)) {
                writeExtension(doc, k, a.getValue(), "#", ledger);
            } else if (!JsonSchemaAnnotations.isInternal(k)) {
                ledger.drop("#", "model annotation '" + k + "' has no JSON Schema keyword");
            }
        }
        for (io.modelgraph.schema.Relationship r : model.relationships()) {
            ledger.drop("#", "relationship " + r.name().map(n -> "'" + n + "' ").orElse("") + "from " + r.fromType()
                    + r.fromElements() + " to " + r.toType() + r.toElements() + " has no JSON Schema keyword");
        }
        if (!model.namespaces().isEmpty()) {
            ledger.drop("#", "namespace prefixes (" + String.join(", ", new TreeMap<>(model.namespaces()).keySet())
                    + ") have no JSON Schema counterpart");
        }
        ObjectNode defs = F.objectNode();
        for (TypeDef t : model.types()) {
            String defName = typeDefNames.get(t.name());
            if (defName != null) {
                defs.set(defName, typeBody(F.objectNode(), t, "#/$defs/" + Pointers.escape(defName)));
            }
        }
        for (TaxonomyDef x : model.taxonomies()) {
            String defName = taxonomyDefNames.get(x.name());
            if (defName != null) {
                String path = "#/$defs/" + Pointers.escape(defName);
                ObjectNode body = enumBody(x, false, path);
                x.description().ifPresent(d -> body.put("description", d));
                defs.set(defName, body);
            }
        }
        String kept = model.annotations().get(JsonSchemaAnnotations.DEFS_VERBATIM);
        if (kept != null) {
            ObjectNode keptDefs = F.objectNode();
            writeVerbatim(keptDefs, kept, "#/$defs", ledger);
            keptDefs.fields().forEachRemaining(e -> {
                if (defs.has(e.getKey())) {
                    ledger.drop("#/$defs/" + Pointers.escape(e.getKey()), "kept definition '" + e.getKey()
                            + "' has the name of a type or taxonomy; the model's is written");
                } else {
                    defs.set(e.getKey(), e.getValue());
                }
            });
        }
        if (!defs.isEmpty()) {
            doc.set("$defs", defs);
        }
        return doc;
    }

    // ---------------------------------------------------------------- types

    /** A taxonomy without terms that the type names, written as any string (see {@link #enumBody}). */
    private Optional<String> termless(DataType type) {
        if (type instanceof DataType.TaxonomyRef ref) {
            return model.taxonomy(ref.taxonomyName()).filter(x -> x.terms().isEmpty()).map(TaxonomyDef::name);
        }
        if (type instanceof DataType.Union u) {
            return u.members().stream().map(this::termless).flatMap(Optional::stream).findFirst();
        }
        return Optional.empty();
    }

    /**
     * The element as {@code Type.element}: the root type's elements sit at {@code #/properties/...}, a path that
     * does not name their type.
     */
    private String owned(ElementDef e) {
        return owner.isEmpty() ? e.name() : owner + "." + e.name();
    }

    private ObjectNode typeBody(ObjectNode out, TypeDef t, String path) {
        String outer = owner;
        owner = t.name();
        try {
            return typeContent(out, t, path);
        } finally {
            owner = outer;
        }
    }

    private ObjectNode typeContent(ObjectNode out, TypeDef t, String path) {
        if (!"true".equals(t.annotations().get(JsonSchemaAnnotations.UNTYPED))) {
            out.put("type", "object");
        }
        t.description().ifPresent(d -> out.put("description", d));
        writeAnnotations(out, t.annotations(), path, true, ledger);
        if (!t.supertypes().isEmpty()) {
            // members kept verbatim (written above) follow the supertypes: allOf is a conjunction
            ArrayNode kept = out.path("allOf").isArray() ? (ArrayNode) out.get("allOf") : F.arrayNode();
            ArrayNode all = out.putArray("allOf");
            for (String s : t.supertypes()) {
                all.add(typeReference(s, Pointers.child(path, "allOf")));
            }
            all.addAll(kept);
        }
        if (t.elements().isEmpty() && inlineTypes.contains(t.name()) && !out.has("additionalProperties")) {
            // written in place, an object schema without properties reads back as a map: the empty properties
            // keep it a type of its own
            out.putObject("properties");
        }
        if (!t.elements().isEmpty()) {
            ObjectNode props = out.putObject("properties");
            ArrayNode required = F.arrayNode();
            for (ElementDef e : t.elements()) {
                String ep = Pointers.child(Pointers.child(path, "properties"), e.name());
                props.set(e.name(), elementSchema(e, ep));
                termless(e.type()).ifPresent(x -> ledger.relax(ep, "'" + t.name() + "." + e.name() + "' refers to"
                        + " taxonomy '" + x + "', which lists no terms; the value reads back as a string"));
                if (isRequired(e)) {
                    required.add(e.name());
                }
            }
            if (!required.isEmpty()) {
                out.set("required", required);
            }
        }
        if ("true".equals(t.annotations().get(JsonSchemaAnnotations.CLOSED))) {
            out.put("additionalProperties", false);
        }
        if (t.isAbstract()) {
            ledger.drop(path, "type '" + t.name() + "' is abstract; JSON Schema cannot say so");
        }
        t.namespace().ifPresent(n -> ledger.drop(path, "type '" + t.name() + "' is in namespace '" + n
                + "'; JSON Schema has no keyword for that"));
        for (io.modelgraph.schema.KeyDef k : t.keys()) {
            ledger.drop(path, k.kind().name().toLowerCase(java.util.Locale.ROOT) + " key " + k.elements() + " of type '"
                    + t.name() + "' has no JSON Schema keyword");
        }
        t.mapsTo().ifPresent(m -> ledger.drop(path, "type '" + t.name() + "' maps to <" + m
                + ">; JSON Schema has no keyword for that"));
        return out;
    }

    private static boolean isRequired(ElementDef e) {
        if (e.cardinality().many()) {
            String presence = e.annotations().get(JsonSchemaAnnotations.PRESENCE);
            if (presence != null) {
                return presence.equals("required");
            }
        }
        return e.cardinality().required();
    }

    private ObjectNode typeReference(String typeName, String path) {
        ObjectNode ref = F.objectNode();
        if (root.isPresent() && root.get().name().equals(typeName)) {
            ref.put("$ref", "#");
        } else if (typeDefNames.containsKey(typeName)) {
            ref.put("$ref", Pointers.defRef(typeDefNames.get(typeName)));
        } else if (inlineTypes.contains(typeName)) {
            return typeBody(ref, model.type(typeName).orElseThrow(), path);
        } else {
            ledger.drop(path, "type '" + typeName + "' is not defined in the model; the value is written as any");
        }
        return ref;
    }

    // ---------------------------------------------------------------- elements

    private ObjectNode elementSchema(ElementDef e, String path) {
        ObjectNode out = F.objectNode();
        e.description().ifPresent(d -> out.put("description", d));
        String unionKeyword = e.annotations().getOrDefault(JsonSchemaAnnotations.UNION, "");
        if (e.cardinality().many()) {
            out.set("type", e.nullable() ? F.arrayNode().add("array").add("null") : F.textNode("array"));
            ObjectNode items = valueSchema(e.type(), e.constraints().toBuilder().uniqueItems(false)
                    .build(), false, unionKeyword,
                    Pointers.child(path, "items"));
            if (!items.isEmpty()) {
                out.set("items", items);
            }
            if (e.cardinality().min() > 0) {
                out.put("minItems", e.cardinality().min());
            }
            e.cardinality().max().ifPresent(max -> out.put("maxItems", max));
            if (e.constraints().uniqueItems()) {
                out.put("uniqueItems", true);
            }
        } else {
            if (e.constraints().uniqueItems()) {
                ledger.relax(path, "uniqueItems on a single-valued element says nothing in JSON Schema");
            }
            out.setAll(valueSchema(e.type(), e.constraints().toBuilder().uniqueItems(false)
                    .build(), e.nullable(), unionKeyword,
                    path));
        }
        e.defaultValue().ifPresent(d -> out.set("default", d));
        if (!e.examples().isEmpty()) {
            ArrayNode ex = out.putArray("examples");
            e.examples().forEach(ex::add);
        }
        writeAnnotations(out, e.annotations(), path, false, ledger);
        e.mapsTo().ifPresent(m -> ledger.drop(path, "element '" + owned(e) + "' maps to <" + m
                + ">; JSON Schema has no keyword for that"));
        e.fieldNumber().ifPresent(n -> ledger.drop(path, "element '" + owned(e) + "' has field number " + n
                + "; JSON Schema has no keyword for that"));
        return out;
    }

    private ObjectNode valueSchema(DataType t, Constraints c, boolean nullable, String unionKeyword, String path) {
        ObjectNode out = F.objectNode();
        boolean spellNullAsUnion = nullable && (unionKeyword.equals("oneOf") || unionKeyword.equals("anyOf"));
        if (t instanceof DataType.Primitive) {
            PrimitiveKind kind = ((DataType.Primitive) t).kind();
            if (kind != PrimitiveKind.ANY) {
                ObjectNode typed = F.objectNode();
                typed.put("type", jsonType(kind));
                defaultFormat(kind).filter(f -> c.format().isEmpty()).ifPresent(f -> typed.put("format", f));
                Optional<String> own = defaultFormat(kind);
                if (own.isPresent() && c.format().isPresent()) {
                    // a reader takes a string's format as its kind (ODCS: a date with format date-time)
                    ledger.approximate(path, "format '" + c.format().get() + "' of a " + kind.name().toLowerCase()
                            + " in '" + owner + "'"
                            + " is the format the value is written with; it reads back as the kind that format names,"
                            + " not as a separate constraint");
                }
                if (kind == PrimitiveKind.BINARY) {
                    typed.put("contentEncoding", "base64");
                }
                if (kind == PrimitiveKind.DECIMAL) {
                    ledger.approximate(path, "JSON Schema has no decimal type; written as number");
                }
                if (spellNullAsUnion) {
                    out.set(unionKeyword, F.arrayNode().add(typed).add(nullSchema()));
                } else {
                    out.setAll(typed);
                    if (nullable) {
                        out.set("type", F.arrayNode().add(jsonType(kind)).add("null"));
                    }
                }
            }
        } else if (t instanceof DataType.TypeRef) {
            ObjectNode ref = typeReference(((DataType.TypeRef) t).typeName(), path);
            // an inline type whose own type list (kept verbatim) admits null already says what the wrapper would
            wrapNullable(out, ref, nullable && !admitsNull(ref), unionKeyword);
        } else if (t instanceof DataType.TaxonomyRef) {
            String name = ((DataType.TaxonomyRef) t).taxonomyName();
            Optional<TaxonomyDef> x = model.taxonomy(name);
            if (x.isEmpty()) {
                ledger.drop(path, "taxonomy '" + name + "' is not defined in the model; the value is written as"
                        + " any");
            } else if (inlineTaxonomies.contains(name) && !spellNullAsUnion) {
                out.setAll(enumBody(x.get(), nullable, path));
            } else if (inlineTaxonomies.contains(name)) {
                wrapNullable(out, enumBody(x.get(), false, path), true, unionKeyword);
            } else {
                ObjectNode ref = F.objectNode().put("$ref", Pointers.defRef(taxonomyDefNames.get(name)));
                wrapNullable(out, ref, nullable, unionKeyword);
            }
        } else if (t instanceof DataType.Union) {
            union(out, (DataType.Union) t, nullable, unionKeyword, path);
        } else if (t instanceof DataType.MapOf) {
            DataType values = ((DataType.MapOf) t).values();
            ObjectNode map = F.objectNode().put("type", "object");
            ObjectNode valueSchema = valueSchema(values, Constraints.NONE, false, "",
                    Pointers.child(path, "additionalProperties"));
            if (!valueSchema.isEmpty()) {
                map.set("additionalProperties", valueSchema);
            }
            if (spellNullAsUnion) {
                out.set(unionKeyword, F.arrayNode().add(map).add(nullSchema()));
            } else {
                out.setAll(map);
                if (nullable) {
                    out.set("type", F.arrayNode().add("object").add("null"));
                }
            }
        }
        writeConstraints(out, c, path);
        return out;
    }

    private static boolean admitsNull(ObjectNode schema) {
        JsonNode type = schema.get("type");
        if (type == null || !type.isArray()) {
            return false;
        }
        for (JsonNode t : type) {
            if (t.isTextual() && t.textValue().equals("null")) {
                return true;
            }
        }
        return false;
    }

    private static void wrapNullable(ObjectNode out, ObjectNode inner, boolean nullable, String unionKeyword) {
        if (!nullable) {
            out.setAll(inner);
            return;
        }
        String keyword = unionKeyword.equals("oneOf") ? "oneOf" : "anyOf";
        out.set(keyword, F.arrayNode().add(inner).add(nullSchema()));
    }

    private void union(ObjectNode out, DataType.Union u, boolean nullable, String unionKeyword, String path) {
        boolean simple = unionKeyword.equals("type") && u.members().stream().allMatch(m ->
                m instanceof DataType.Primitive && isPlainJsonType(((DataType.Primitive) m).kind()));
        if (simple) {
            ArrayNode types = F.arrayNode();
            for (DataType m : u.members()) {
                types.add(jsonType(((DataType.Primitive) m).kind()));
            }
            if (nullable) {
                types.add("null");
            }
            out.set("type", types);
            return;
        }
        String keyword = unionKeyword.equals("oneOf") ? "oneOf" : "anyOf";
        ArrayNode members = F.arrayNode();
        int i = 0;
        for (DataType m : u.members()) {
            members.add(valueSchema(m, Constraints.NONE, false, "", Pointers.child(Pointers.child(path, keyword),
                    i++)));
        }
        if (nullable) {
            members.add(nullSchema());
        }
        out.set(keyword, members);
    }

    private ObjectNode enumBody(TaxonomyDef x, boolean nullable, String path) {
        ObjectNode out = F.objectNode();
        out.set("type", nullable ? F.arrayNode().add("string").add("null") : F.textNode("string"));
        // An inline enum used twice is written twice; its losses are reported once.
        LossinessLedger sink = reportedTaxonomies.add(x.name()) ? ledger : new LossinessLedger();
        if (x.terms().isEmpty() && !nullable) {
            // a LinkML dynamic enum: its values come from another ontology; "enum": [] would allow no value
            sink.relax(path, "taxonomy '" + x.name() + "' lists no terms (its values are defined elsewhere); it is"
                    + " written as any string and reads back as no taxonomy");
            x.mapsTo().ifPresent(m -> sink.drop(path, "taxonomy '" + x.name() + "' maps to <" + m
                    + ">; JSON Schema has no keyword for that"));
            writeAnnotations(out, x.annotations(), path, false, sink);
            return out;
        }
        ArrayNode values = out.putArray("enum");
        boolean richTerms = false;
        for (Term term : x.terms()) {
            values.add(term.code());
            richTerms |= term.label().isPresent() || term.description().isPresent() || term.mapsTo().isPresent();
        }
        if (nullable) {
            values.addNull();
        }
        if (richTerms) {
            sink.drop(path, "labels, descriptions and mappings of the terms of '" + x.name()
                    + "' have no place in a JSON Schema enum");
        }
        x.mapsTo().ifPresent(m -> sink.drop(path, "taxonomy '" + x.name() + "' maps to <" + m
                + ">; JSON Schema has no keyword for that"));
        writeAnnotations(out, x.annotations(), path, false, sink);
        return out;
    }

    private void writeConstraints(ObjectNode out, Constraints c, String path) {
        c.pattern().ifPresent(v -> out.put("pattern", v));
        c.format().ifPresent(v -> out.put("format", v));
        c.minLength().ifPresent(v -> out.put("minLength", v));
        c.maxLength().ifPresent(v -> out.put("maxLength", v));
        c.minimum().ifPresent(v -> out.put("minimum", v));
        c.maximum().ifPresent(v -> out.put("maximum", v));
        c.exclusiveMinimum().ifPresent(v -> out.put("exclusiveMinimum", v));
        c.exclusiveMaximum().ifPresent(v -> out.put("exclusiveMaximum", v));
        c.multipleOf().ifPresent(v -> out.put("multipleOf", v));
        c.constValue().ifPresent(v -> out.set("const", v));
        if (c.precision().isPresent() || c.scale().isPresent()) {
            ledger.relax(path, "precision/scale (" + c.precision().map(String::valueOf).orElse("-") + ","
                    + c.scale().map(String::valueOf).orElse("-") + ") has no JSON Schema keyword");
        }
    }

    /** Neutral annotations, anchors and x-* keywords; anything else is reported, never dropped silently. */
    private static void writeAnnotations(ObjectNode out, Map<String, String> annotations, String path,
            boolean isType, LossinessLedger sink) {
        for (Map.Entry<String, String> a : new TreeMap<>(annotations).entrySet()) {
            String k = a.getKey();
            String v = a.getValue();
            if (JsonSchemaAnnotations.isInternal(k)) {
                if (k.equals(JsonSchemaAnnotations.ANCHOR) && isType) {
                    out.put("$anchor", v);
                } else if (k.equals(JsonSchemaAnnotations.VERBATIM)) {
                    writeVerbatim(out, v, path, sink);
                }
                continue;
            }
            if (k.equals(JsonSchemaAnnotations.CLOSED) && isType) {
                continue;
            }
            if (k.equals(JsonSchemaAnnotations.TITLE)) {
                out.put("title", v);
            } else if (k.equals(JsonSchemaAnnotations.COMMENT)) {
                out.put("$comment", v);
            } else if (k.equals(JsonSchemaAnnotations.DEPRECATED) || k.equals(JsonSchemaAnnotations.READ_ONLY)
                    || k.equals(JsonSchemaAnnotations.WRITE_ONLY)) {
                out.put(k, Boolean.parseBoolean(v));
            } else if (JsonSchemaAnnotations.isExtension(k)) {
                writeExtension(out, k, v, path, sink);
            } else {
                sink.drop(path, "annotation '" + k + "' has no JSON Schema keyword");
            }
        }
    }

    /**
     * Keywords kept verbatim by the decoder, written back into the schema object they came from; a keyword the
     * encoder has written itself meanwhile (the model was edited) keeps the model's value and is reported.
     */
    private static void writeVerbatim(ObjectNode out, String value, String path, LossinessLedger sink) {
        JsonNode kept;
        try {
            kept = JsonSchemaText.parseTrusted(value);
        } catch (JsonProcessingException e) {
            sink.drop(path, "annotation '" + JsonSchemaAnnotations.VERBATIM + "' holds text that is not JSON; not"
                    + " written");
            return;
        }
        if (!kept.isObject()) {
            sink.drop(path, "annotation '" + JsonSchemaAnnotations.VERBATIM + "' is not a JSON object; not written");
            return;
        }
        kept.fields().forEachRemaining(e -> {
            if (e.getKey().equals("allOf") && out.path("allOf").isArray() && e.getValue().isArray()) {
                // a conjunction: the kept members join the ones the model wrote (supertypes)
                ((com.fasterxml.jackson.databind.node.ArrayNode) out.get("allOf")).addAll(
                        (com.fasterxml.jackson.databind.node.ArrayNode) e.getValue());
            } else if (out.has(e.getKey())) {
                sink.drop(Pointers.child(path, e.getKey()), "verbatim keyword '" + e.getKey() + "' collides with"
                        + " one the model now says; the model's is written");
            } else if (e.getKey().equals("enum") && e.getValue().isArray() && e.getValue().isEmpty()) {
                noValue(out, kept.has("not"), Pointers.child(path, "enum"), sink);
            } else {
                out.set(e.getKey(), e.getValue());
            }
        });
    }

    /**
     * An empty {@code enum} allows no value; the validation vocabulary says the array SHOULD hold one, and ajv
     * refuses it, so it is written as {@code "not": {}} (or a {@code false} member of {@code allOf} when {@code not}
     * is taken), which allows no value either (docs/formats/jsonschema.md).
     */
    private static void noValue(ObjectNode out, boolean notKept, String path, LossinessLedger sink) {
        if (!out.has("not") && !notKept) {
            out.set("not", F.objectNode());
            sink.approximate(path, "an empty enum allows no value; it is written as \"not\": {}, which allows none"
                    + " either");
            return;
        }
        ArrayNode members = out.get("allOf") instanceof ArrayNode a ? a : out.putArray("allOf");
        members.add(false);
        sink.approximate(path, "an empty enum allows no value; it is written as a false member of allOf, which "
                + "allows none either");
    }

    private static void writeExtension(ObjectNode out, String key, String value, String path,
            LossinessLedger sink) {
        if (key.endsWith(ExtensionValues.JSON_SUFFIX)) {
            String keyword = key.substring(0, key.length() - ExtensionValues.JSON_SUFFIX.length());
            try {
                out.set(keyword, JsonSchemaText.parseTrusted(value));
            } catch (JsonProcessingException e) {
                sink.drop(path, "extension '" + keyword + "' holds text that is not JSON; not written");
            }
        } else {
            out.put(key, value);
        }
    }

    // ---------------------------------------------------------------- spellings

    private static ObjectNode nullSchema() {
        return F.objectNode().put("type", "null");
    }

    private static boolean isPlainJsonType(PrimitiveKind kind) {
        return kind == PrimitiveKind.STRING || kind == PrimitiveKind.INTEGER || kind == PrimitiveKind.NUMBER
                || kind == PrimitiveKind.BOOLEAN;
    }

    static String jsonType(PrimitiveKind kind) {
        switch (kind) {
            case INTEGER:
                return "integer";
            case NUMBER:
            case DECIMAL:
                return "number";
            case BOOLEAN:
                return "boolean";
            default:
                return "string";
        }
    }

    static Optional<String> defaultFormat(PrimitiveKind kind) {
        switch (kind) {
            case DATE:
                return Optional.of("date");
            case DATETIME:
                return Optional.of("date-time");
            case TIME:
                return Optional.of("time");
            case DURATION:
                return Optional.of("duration");
            case URI:
                return Optional.of("uri");
            case UUID:
                return Optional.of("uuid");
            default:
                return Optional.empty();
        }
    }
}
