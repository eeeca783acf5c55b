package io.modelgraph.codec.jsonschema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.ParserLimits;
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
import java.math.BigDecimal;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * Reads one JSON Schema 2020-12 document into the canonical model. One instance per document.
 *
 * <p>Shape of the mapping: the root (when it describes an object) and every object definition under
 * {@code $defs}/{@code definitions} become types; inline object schemas are hoisted into types of their own
 * (one type per schema object); string enums become taxonomies; scalar definitions are inlined where used.
 * Every keyword is either taken into the model or reported by {@link SchemaView#finish}.
 */
final class SchemaDecoding {
    static final String FORMAT = "jsonschema";

    private enum DefKind { TYPE, TAXONOMY, ALIAS }

    /** A top-level definition; aliases (scalar definitions) are resolved lazily and inlined at use sites. */
    private static final class Def {
        final String key;
        final String path;
        final JsonNode node;
        DefKind kind;
        String name;
        DecodedValue aliasValue;
        boolean resolving;
        /** Reading the scalar definition ledgered a loss: use sites that can keep a reference keep one to it. */
        boolean lossy;

        Def(String key, String path, JsonNode node) {
            this.key = key;
            this.path = path;
            this.node = node;
        }
    }

    /** Thrown from deep inside the walk when the document declares more than the limit allows. */
    static final class TooLarge extends RuntimeException {
        TooLarge(String message) {
            super(message, null, false, false);
        }
    }

    private final JsonNode document;
    private final CodecOptions options;
    /** Swapped for a scratch ledger while a union's members are read (see union). */
    private LossinessLedger ledger;
    private final Names typeNames = new Names();
    private final Names taxonomyNames = new Names();
    private final Map<String, Def> defs = new LinkedHashMap<>();
    private final Map<String, Def> anchors = new LinkedHashMap<>();
    private final List<TypeDef> types = new ArrayList<>();
    private final List<TaxonomyDef> taxonomies = new ArrayList<>();
    private Optional<String> rootName = Optional.empty();
    private Optional<String> rootAnchor = Optional.empty();
    private int declared;
    /** How deep the reading is inside scalar definitions being resolved (parts read there are shared). */
    private int resolvingAliases;
    /** Types and enums hoisted while a scalar definition was read: kept only when something refers to them. */
    private final Set<String> sharedTypes = new HashSet<>();
    private final Set<String> sharedTaxonomies = new HashSet<>();

    /**
     * Identifiers of embedded resources, when the document uses dynamic references: their dynamic scope is made
     * of those resources, so the identifiers are kept verbatim where they sit (elsewhere the dialect upgrade has
     * already written every reference through them as a root pointer and dropped them).
     */
    private final Set<String> embeddedIds = new HashSet<>();
    private final boolean dynamicScopes;

    SchemaDecoding(JsonNode document, CodecOptions options, LossinessLedger ledger) {
        this.document = document;
        this.options = options;
        this.ledger = ledger;
        boolean dynamic = scanDynamic(document, true);
        // two anchors of one name can only live in different embedded resources: those resources are kept too
        this.dynamicScopes = dynamic || duplicateAnchors;
    }

    private final Set<String> anchorNames = new HashSet<>();
    private boolean duplicateAnchors;

    /** Whether the document uses {@code $dynamicRef}/{@code $dynamicAnchor}; collects embedded identifiers. */
    private boolean scanDynamic(JsonNode node, boolean root) {
        boolean found = false;
        if (node.isObject()) {
            if (!root && node.path("$id").isTextual()) {
                embeddedIds.add(node.get("$id").textValue());
            }
            if (node.path("$anchor").isTextual() && !anchorNames.add(node.get("$anchor").textValue())) {
                duplicateAnchors = true;
            }
            found = node.has("$dynamicRef") || node.has("$dynamicAnchor");
            for (JsonNode child : node) {
                found |= scanDynamic(child, false);
            }
        } else if (node.isArray()) {
            for (JsonNode child : node) {
                found |= scanDynamic(child, false);
            }
        }
        return found;
    }

    /** Keeps an embedded identifier in place in a document whose dynamic scope depends on it. */
    private void keepEmbeddedId(SchemaView v, ObjectNode verbatim) {
        if (dynamicScopes && v.peek("$id").filter(JsonNode::isTextual).isPresent()) {
            verbatim.set("$id", v.take("$id").orElseThrow());
        }
    }

    /** The root {@code $id}. */
    private Optional<String> identifier = Optional.empty();
    /** Definitions that are neither object types nor string enums, kept verbatim by key. */
    private final ObjectNode keptDefs = JsonNodeFactory.instance.objectNode();

    SchemaModel decode() {
        String fallbackName = options.get("name").orElse("schema");
        if (document.isBoolean()) {
            // the false schema rejects every instance: the model cannot say that, so it is kept verbatim in the
            // equivalent object spelling {"not": {}}
            return model(fallbackName, Optional.empty(), document.booleanValue() ? Map.of()
                    : Map.of(JsonSchemaAnnotations.VERBATIM, "{\"not\":{}}"));
        }
        ObjectNode root = (ObjectNode) document;
        SchemaView rv = new SchemaView(root, "#");
        Map<String, String> modelAnnotations = new LinkedHashMap<>();
        rv.take("$schema").ifPresent(s -> {
            String text = s.isTextual() ? s.textValue() : s.toString();
            if (!isDialect(text)) {
                ledger.approximate(rv.pathOf("$schema"), "dialect '" + text + "' is read as 2020-12");
            }
        });
        identifier = rv.takeText("$id", ledger);
        rv.take(JsonSchemaAnnotations.FORMAT_ASSERTION_KEYWORD).ifPresent(a -> {
            // a fact of the whole document, not of the root type: an export rooted at another type keeps it
            if (a.isBoolean() && a.booleanValue()) {
                modelAnnotations.put(JsonSchemaAnnotations.FORMAT_ASSERTION, "true");
            } else if (!a.isBoolean()) {
                ledger.drop(rv.pathOf(JsonSchemaAnnotations.FORMAT_ASSERTION_KEYWORD), "'"
                        + JsonSchemaAnnotations.FORMAT_ASSERTION_KEYWORD + "' is not a boolean; format stays an"
                        + " annotation");
            }
        });
        collectDefs(rv, "$defs");
        collectDefs(rv, "definitions");

        boolean rootIsType = isObjectType(root);
        Optional<String> title = root.path("title").isTextual() ? Optional.of(root.get("title").textValue())
                : Optional.empty();
        if (rootIsType) {
            String wanted = title.or(() -> options.get("name")).map(Names::typeNameFromTitle).orElse("Root");
            rootName = Optional.of(typeNames.unique(wanted));
            if (root.path("$anchor").isTextual()) {
                rootAnchor = Optional.of(root.get("$anchor").textValue());
            }
        }
        classifyDefs();
        // named enums first, in document order, then the enums hoisted from inline schemas in the order they are
        // met: an export writes the named ones under $defs after the types that hoist the others, and a
        // re-import must read the same order back (docs/jsonschema-dialects.md "Round trips")
        for (Def def : defs.values()) {
            if (def.kind == DefKind.TAXONOMY) {
                buildTaxonomy(def);
            }
        }

        String modelName;
        Optional<String> modelDescription = Optional.empty();
        if (rootIsType) {
            modelName = title.or(() -> options.get("name")).orElse(rootName.get());
            buildType(rv, rootName.get(), false);
        } else {
            modelName = rv.takeText("title", ledger).orElse(fallbackName);
            modelDescription = rv.takeText("description", ledger);
            rv.takeText("$comment", ledger).ifPresent(c -> modelAnnotations.put(JsonSchemaAnnotations.COMMENT, c));
            takeExtensions(rv, modelAnnotations);
            ObjectNode verbatim = JsonNodeFactory.instance.objectNode();
            rv.finish(ledger, "the root schema does not describe an object, so its own keywords have no place"
                    + " in the model", verbatim);
            keepVerbatim(verbatim, modelAnnotations);
        }
        for (Def def : defs.values()) {
            if (def.kind == DefKind.TYPE) {
                buildType(new SchemaView((ObjectNode) def.node, def.path), def.name, false);
            } else if (def.kind == DefKind.ALIAS) {
                // inlined where referenced, and kept verbatim under its name for what refers to it otherwise
                keptDefs.set(def.key, def.node);
            }
        }
        if (!keptDefs.isEmpty()) {
            modelAnnotations.put(JsonSchemaAnnotations.DEFS_VERBATIM, keptDefs.toString());
        }
        dropUnreferencedSharedParts();
        sharedPartsLast();
        return model(modelName, modelDescription, modelAnnotations);
    }

    /**
     * A scalar definition whose every reference is kept verbatim (it says more than the model can) still had its
     * parts hoisted when it was read; nothing in the model refers to them. Kept, they were written under $defs by
     * the export, and the re-import, reading the definition again, hoisted them a second time under longer names.
     * Parts of such a definition that a reference the model reads does use stay.
     */
    private void dropUnreferencedSharedParts() {
        if (sharedTypes.isEmpty() && sharedTaxonomies.isEmpty()) {
            return;
        }
        Map<String, TypeDef> byName = new HashMap<>();
        types.forEach(t -> byName.put(t.name(), t));
        Set<String> reachedTypes = new HashSet<>();
        Set<String> reachedTaxonomies = new HashSet<>();
        Deque<String> work = new ArrayDeque<>();
        types.stream().map(TypeDef::name).filter(n -> !sharedTypes.contains(n)).forEach(work::add);
        rootName.ifPresent(work::add);
        while (!work.isEmpty()) {
            String name = work.pop();
            TypeDef t = byName.get(name);
            if (t == null || !reachedTypes.add(name)) {
                continue;
            }
            work.addAll(t.supertypes());
            t.elements().forEach(e -> reach(e.type(), work, reachedTaxonomies));
        }
        types.removeIf(t -> sharedTypes.contains(t.name()) && !reachedTypes.contains(t.name()));
        taxonomies.removeIf(x -> sharedTaxonomies.contains(x.name()) && !reachedTaxonomies.contains(x.name()));
    }

    /**
     * Parts hoisted from inside a scalar definition are written under $defs, and the re-import reads them in the
     * definitions' order, after the types whose reading met them first: they go last here too, in the order met,
     * so their stored positions survive the round trip (docs/jsonschema-dialects.md "Round trips").
     */
    private void sharedPartsLast() {
        if (sharedTypes.isEmpty()) {
            return;
        }
        List<TypeDef> shared = types.stream().filter(t -> sharedTypes.contains(t.name())).toList();
        types.removeIf(t -> sharedTypes.contains(t.name()));
        types.addAll(shared);
    }

    private static void reach(DataType type, Deque<String> types, Set<String> taxonomies) {
        if (type instanceof DataType.TypeRef r) {
            types.add(r.typeName());
        } else if (type instanceof DataType.TaxonomyRef r) {
            taxonomies.add(r.taxonomyName());
        } else if (type instanceof DataType.Union u) {
            u.members().forEach(m -> reach(m, types, taxonomies));
        } else if (type instanceof DataType.MapOf m) {
            reach(m.values(), types, taxonomies);
        }
    }

    private SchemaModel model(String name, Optional<String> description, Map<String, String> annotations) {
        return new SchemaModel(name, description, types, taxonomies, Map.of(), Provenance.of(FORMAT), annotations,
                rootName, identifier, List.of());
    }

    static boolean isDialect(String text) {
        String t = text.endsWith("#") ? text.substring(0, text.length() - 1) : text;
        return t.equals(Keywords.DIALECT);
    }

    // ---------------------------------------------------------------- definitions

    private void collectDefs(SchemaView rv, String keyword) {
        Optional<JsonNode> holder = rv.take(keyword);
        if (holder.isEmpty()) {
            return;
        }
        if (!holder.get().isObject()) {
            ledger.drop(rv.pathOf(keyword), "'" + keyword + "' is not an object; not carried");
            return;
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = holder.get().fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> e = it.next();
            count();
            String path = Pointers.child(rv.pathOf(keyword), e.getKey());
            Def def = new Def(e.getKey(), path, e.getValue());
            defs.put(keyword + "\u0000" + e.getKey(), def);
            if (e.getValue().path("$anchor").isTextual()) {
                anchors.put(e.getValue().get("$anchor").textValue(), def);
            }
        }
    }

    private void classifyDefs() {
        for (Def def : defs.values()) {
            if (isObjectType(def.node)) {
                def.kind = DefKind.TYPE;
                def.name = typeNames.unique(def.key);
            } else if (def.node.isObject() && isStringEnum((ObjectNode) def.node)) {
                def.kind = DefKind.TAXONOMY;
                def.name = taxonomyNames.unique(def.key);
            } else {
                def.kind = DefKind.ALIAS;
            }
        }
    }

    /** An object schema that names properties (or is declared {@code type: object} without being a map). */
    private static boolean isObjectType(JsonNode n) {
        if (!n.isObject() || n.has("$ref")) {
            return false;
        }
        if (n.has("properties") || n.has("required")) {
            return true;
        }
        List<String> t = nonNull(typeList(n.get("type")));
        JsonNode extra = n.get("additionalProperties");
        boolean map = extra != null && extra.isObject() && extra.size() > 0;
        return t.equals(List.of("object")) && !map;
    }

    private static boolean isStringEnum(ObjectNode n) {
        JsonNode values = n.get("enum");
        if (values == null || !values.isArray() || values.isEmpty()
                || n.has("$ref") || n.has("oneOf") || n.has("anyOf") || n.has("properties")) {
            return false;
        }
        boolean anyText = false;
        for (JsonNode v : values) {
            if (v.isTextual() && v.textValue().isBlank()) {
                // a term is named by its value, and a name cannot be blank: such an enum is kept verbatim
                return false;
            }
            if (v.isTextual()) {
                anyText = true;
            } else if (!v.isNull()) {
                return false;
            }
        }
        List<String> t = nonNull(typeList(n.get("type")));
        return anyText && (t.isEmpty() || t.equals(List.of("string")));
    }

    private void buildTaxonomy(Def def) {
        SchemaView v = new SchemaView((ObjectNode) def.node, def.path);
        Map<String, String> ann = new LinkedHashMap<>();
        List<String> t = typeList(v.take("type").orElse(null));
        Optional<String> description = v.takeText("description", ledger);
        v.takeText("title", ledger).ifPresent(x -> ann.put(JsonSchemaAnnotations.TITLE, x));
        takeCommon(v, ann);
        List<Term> terms = new ArrayList<>();
        boolean nullAllowed = t.contains("null");
        for (JsonNode value : v.take("enum").orElseThrow()) {
            if (value.isNull()) {
                nullAllowed = true;
            } else {
                terms.add(Term.of(value.textValue()));
            }
        }
        if (nullAllowed) {
            ledger.relax(def.path, "null allowed by the enum definition is not carried by the taxonomy");
        }
        v.finish(ledger, "");
        taxonomies.add(new TaxonomyDef(def.name, description, terms, Optional.empty(), Provenance.of(FORMAT), ann));
    }

    // ---------------------------------------------------------------- types and elements

    private void buildType(SchemaView v, String name, boolean inline) {
        v.keepingVerbatim();
        int slot = types.size();
        types.add(null);
        Map<String, String> ann = new LinkedHashMap<>();
        if (inline) {
            ann.put(JsonSchemaAnnotations.INLINE, "true");
        }
        ObjectNode verbatim = JsonNodeFactory.instance.objectNode();
        if (!v.has("type")) {
            ann.put(JsonSchemaAnnotations.UNTYPED, "true");
        }
        List<String> t = typeList(v.take("type").orElse(null));
        if (t.contains("null") || (!nonNull(t).isEmpty() && !nonNull(t).equals(List.of("object")))) {
            // a type list that also admits null, arrays, scalars...: the type stays untyped in the model and
            // keeps the list verbatim, so its properties apply to objects and the rest is still accepted
            ann.put(JsonSchemaAnnotations.UNTYPED, "true");
            v.release("type");
        }
        Optional<String> description = v.takeText("description", ledger);
        v.takeText("title", ledger).ifPresent(x -> ann.put(JsonSchemaAnnotations.TITLE, x));
        v.takeText("$anchor", ledger).ifPresent(x -> ann.put(JsonSchemaAnnotations.ANCHOR, x));
        takeCommon(v, ann);

        Set<String> required = new LinkedHashSet<>();
        v.take("required").ifPresent(r -> {
            if (!r.isArray()) {
                ledger.drop(v.pathOf("required"), "'required' is not an array; not carried");
                return;
            }
            for (JsonNode n : r) {
                if (n.isTextual()) {
                    required.add(n.textValue());
                } else {
                    ledger.drop(v.pathOf("required"), "a non-string entry of 'required' is not carried");
                }
            }
        });

        List<String> supertypes = new ArrayList<>();
        com.fasterxml.jackson.databind.node.ArrayNode keptMembers = JsonNodeFactory.instance.arrayNode();
        v.take("allOf").ifPresent(all -> readSupertypes(all, v.pathOf("allOf"), supertypes, keptMembers));

        List<ElementDef> elements = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        v.take("properties").ifPresent(props -> {
            if (!props.isObject()) {
                ledger.drop(v.pathOf("properties"), "'properties' is not an object; not carried");
                return;
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = props.fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> p = it.next();
                count();
                seen.add(p.getKey());
                String path = Pointers.child(v.pathOf("properties"), p.getKey());
                boolean isRequired = required.contains(p.getKey());
                Optional<ElementDef> element = element(p.getKey(), p.getValue(), path, isRequired, name);
                if (element.isPresent()) {
                    elements.add(element.get());
                } else if (isRequired) {
                    ledger.relax(v.pathOf("required"), "'" + p.getKey() + "' is no longer required: its property"
                            + " schema was not carried");
                }
            }
        });
        for (String r : required) {
            if (!seen.contains(r)) {
                // A required name without a property schema: any value, but it must be present.
                elements.add(ElementDef.of(r, DataType.of(PrimitiveKind.ANY), Cardinality.REQUIRED));
            }
        }

        v.take("additionalProperties").ifPresent(extra -> {
            if (extra.isBoolean() && !extra.booleanValue()) {
                ann.put(JsonSchemaAnnotations.CLOSED, "true");
            } else if (v.has("unevaluatedProperties")) {
                // even 'true' evaluates every other property, so unevaluatedProperties no longer sees them
                verbatim.set("additionalProperties", extra);
            } else if (!(extra.isBoolean() || (extra.isObject() && extra.isEmpty()))) {
                // a schema for additional properties beside named ones: the model has no place for it
                verbatim.set("additionalProperties", extra);
            }
        });
        if (!keptMembers.isEmpty()) {
            // members that are not supertypes still apply: kept verbatim, written beside the supertypes' refs
            verbatim.set("allOf", keptMembers);
        }
        keepEmbeddedId(v, verbatim);
        v.finish(ledger, "", verbatim);
        keepVerbatim(verbatim, ann);
        types.set(slot, TypeDef.builder(name).description(description).supertypes(supertypes).elements(elements)
                .provenance(Provenance.of(FORMAT)).annotations(ann).build());
    }

    private void readSupertypes(JsonNode all, String path, List<String> supertypes,
            com.fasterxml.jackson.databind.node.ArrayNode kept) {
        if (!all.isArray()) {
            ledger.drop(path, "'allOf' is not an array; not carried");
            return;
        }
        int i = 0;
        for (JsonNode member : all) {
            String mp = Pointers.child(path, i++);
            Optional<String> target = member.isObject() && member.size() == 1 && member.path("$ref").isTextual()
                    ? typeRefTarget(member.get("$ref").textValue()) : Optional.empty();
            if (target.isPresent()) {
                supertypes.add(target.get());
            } else {
                kept.add(member);
            }
        }
    }

    private Optional<String> typeRefTarget(String written) {
        String ref = ownFragment(written);
        if (ref.equals("#") && rootName.isPresent()) {
            return rootName;
        }
        Optional<Def> def = lookup(ref);
        return def.filter(d -> d.kind == DefKind.TYPE).map(d -> d.name);
    }

    private Optional<ElementDef> element(String name, JsonNode schema, String path, boolean required,
            String owner) {
        Cardinality single = required ? Cardinality.REQUIRED : Cardinality.OPTIONAL;
        if (schema.isBoolean()) {
            if (schema.booleanValue()) {
                return Optional.of(ElementDef.of(name, DataType.of(PrimitiveKind.ANY), single));
            }
            // false: the property must be absent. The model has no term for that, so the element is any and
            // keeps the equivalent {"not": {}} verbatim, which the export writes back in its place
            return Optional.of(ElementDef.builder(name).type(DataType.of(PrimitiveKind.ANY)).cardinality(single)
                    .annotations(Map.of(JsonSchemaAnnotations.VERBATIM, "{\"not\":{}}")).build());
        }
        if (!schema.isObject()) {
            ledger.drop(path, "a property schema that is neither an object nor a boolean is not carried");
            return Optional.empty();
        }
        SchemaView v = new SchemaView((ObjectNode) schema, path).keepingVerbatim();
        Map<String, String> ann = new LinkedHashMap<>();
        Optional<String> description = v.takeText("description", ledger);
        v.takeText("title", ledger).ifPresent(x -> ann.put(JsonSchemaAnnotations.TITLE, x));
        takeCommon(v, ann);
        Optional<JsonNode> defaultValue = v.take("default");
        List<JsonNode> examples = new ArrayList<>();
        v.take("examples").ifPresent(ex -> {
            if (ex.isArray()) {
                ex.forEach(examples::add);
            } else {
                ledger.drop(v.pathOf("examples"), "'examples' is not an array; not carried");
            }
        });
        String context = owner + Names.pascal(name);
        List<String> t = typeList(v.peek("type").orElse(null));
        ElementDef element;
        if (nonNull(t).equals(List.of("array"))) {
            element = arrayElement(v, name, context, required, t.contains("null"), ann);
        } else {
            DecodedValue value = value(v, context);
            ann.putAll(value.annotations());
            element = ElementDef.builder(name).type(value.type()).cardinality(single).nullable(value.nullable())
                    .constraints(value.constraints()).annotations(ann).build();
        }
        ObjectNode verbatim = JsonNodeFactory.instance.objectNode();
        keepEmbeddedId(v, verbatim);
        v.finish(ledger, "", verbatim);
        if (!verbatim.isEmpty()) {
            Map<String, String> withVerbatim = new LinkedHashMap<>(element.annotations());
            keepVerbatim(verbatim, withVerbatim);
            element = element.toBuilder().annotations(withVerbatim).build();
        }
        return Optional.of(element.toBuilder().description(description.orElse(null))
                .defaultValue(defaultValue.orElse(null))
                .examples(examples).build());
    }

    private ElementDef arrayElement(SchemaView v, String name, String context, boolean required, boolean nullable,
            Map<String, String> ann) {
        v.take("type");
        DataType item = DataType.of(PrimitiveKind.ANY);
        Constraints constraints = Constraints.NONE;
        Optional<JsonNode> items = v.take("items");
        if (items.isPresent()) {
            JsonNode i = items.get();
            if (i.isBoolean() && !i.booleanValue()) {
                ledger.relax(v.pathOf("items"), "items: false (only empty arrays) is not carried");
            } else if (i.isObject()) {
                SchemaView iv = new SchemaView((ObjectNode) i, v.pathOf("items"));
                Tentative<DecodedValue> read = tentatively(() -> {
                    DecodedValue itemValue = value(iv, context + "Item");
                    if (itemValue.nullable()) {
                        ledger.relax(iv.pathOf("type"), "null array items are not carried");
                    }
                    iv.finish(ledger, "annotations and keywords on array items are not carried");
                    return itemValue;
                });
                DecodedValue value = read.value();
                LossinessLedger scratch = read.losses();
                if (!scratch.isEmpty() && v.keepsVerbatim()) {
                    // the item schema says more than the model can: kept verbatim, items are any in the model
                    discard(read);
                    v.release("items");
                } else {
                    ledger.addAll(scratch.entries());
                    item = value.type();
                    constraints = value.constraints();
                    ann.putAll(value.annotations());
                }
            } else if (!i.isBoolean()) {
                ledger.drop(v.pathOf("items"), "'items' is not a schema; not carried");
            }
        }
        long min = takeCount(v, "minItems").orElse(0L);
        Optional<Long> max = takeCount(v, "maxItems");
        Optional<JsonNode> unique = v.take("uniqueItems");
        if (unique.isPresent()) {
            if (unique.get().isBoolean()) {
                constraints = constraints.toBuilder().uniqueItems(unique.get().booleanValue()).build();
            } else {
                ledger.relax(v.pathOf("uniqueItems"), "'uniqueItems' is not a boolean; not carried");
            }
        }
        if (max.isPresent() && max.get() < min) {
            ledger.relax(v.pathOf("maxItems"), "maxItems below minItems (no valid array) is not carried");
            max = Optional.empty();
        }
        Cardinality cardinality = new Cardinality((int) Math.min(min, Integer.MAX_VALUE),
                max.map(m -> OptionalInt.of((int) Math.min(m, Integer.MAX_VALUE))).orElse(OptionalInt.empty()));
        if (required && min == 0) {
            ann.put(JsonSchemaAnnotations.PRESENCE, "required");
        } else if (!required && min > 0) {
            ann.put(JsonSchemaAnnotations.PRESENCE, "optional");
        }
        return ElementDef.builder(name).type(item).cardinality(cardinality).nullable(nullable).constraints(constraints)
                .annotations(ann).build();
    }

    // ---------------------------------------------------------------- values

    /** Reads the type-describing keywords of a single (non-array) value. */
    private DecodedValue value(SchemaView v, String context) {
        Constraints c = takeConstraints(v);
        if (v.has("$ref")) {
            return reference(v, c);
        }
        if (v.has("oneOf") || v.has("anyOf")) {
            return union(v, c, context, v.has("oneOf") ? "oneOf" : "anyOf");
        }
        if (v.has("enum") && isStringEnum(objectOf(v))) {
            return inlineEnum(v, c, context);
        }
        List<String> t = typeList(v.take("type").orElse(null));
        boolean nullable = t.contains("null");
        List<String> kinds = nonNull(t);
        if (kinds.isEmpty()) {
            if (t.contains("null") && v.keepsVerbatim() && !v.has("properties") && !v.has("required")) {
                // only null: any (nullable) in the model, and the type kept verbatim so the export still says
                // only null (and reads back the same)
                v.release("type");
            } else if (t.contains("null")) {
                ledger.approximate(v.pathOf("type"), "a value that can only be null is read as any (nullable)");
            }
            if (v.has("properties") || v.has("required")) {
                return DecodedValue.of(hoist(v, context), c, nullable);
            }
            return DecodedValue.of(DataType.of(PrimitiveKind.ANY), c, nullable);
        }
        if (kinds.size() > 1) {
            List<DataType> members = new ArrayList<>();
            for (String k : kinds) {
                Optional<PrimitiveKind> p = scalarKind(k);
                if (p.isEmpty() && v.keepsVerbatim()) {
                    // the list (with the keywords for its object or array kind) is kept verbatim: the value is
                    // any in the model, and the export says what the source said
                    v.release("type");
                    return DecodedValue.of(DataType.of(PrimitiveKind.ANY), c, false);
                }
                if (p.isEmpty()) {
                    ledger.approximate(v.pathOf("type"), "a type list that includes '" + k + "' is read as any");
                    return DecodedValue.of(DataType.of(PrimitiveKind.ANY), c, nullable);
                }
                members.add(DataType.of(p.get()));
            }
            return new DecodedValue(new DataType.Union(members), c, nullable,
                    Map.of(JsonSchemaAnnotations.UNION, "type"));
        }
        String kind = kinds.get(0);
        if (kind.equals("object")) {
            JsonNode extra = v.peek("additionalProperties").orElse(null);
            if (v.has("properties") || v.has("required") || (extra != null && extra.isBoolean()
                    && !extra.booleanValue())) {
                return DecodedValue.of(hoist(v, context), c, nullable);
            }
            return DecodedValue.of(map(v, context), c, nullable);
        }
        if (kind.equals("array")) {
            ledger.approximate(v.pathOf("type"), "an array nested in an array or union is read as any");
            return DecodedValue.of(DataType.of(PrimitiveKind.ANY), c, nullable);
        }
        if (kind.equals("string")) {
            Optional<JsonNode> encoding = v.peek("contentEncoding");
            if (encoding.isPresent() && encoding.get().isTextual()
                    && Names.lower(encoding.get().textValue()).equals("base64")) {
                v.take("contentEncoding");
                return DecodedValue.of(DataType.of(PrimitiveKind.BINARY), c, nullable);
            }
            PrimitiveKind stringKind = stringKind(c.format());
            // a format the kind states (date-time for a date-time) is said once, by the kind: the encoder writes
            // it back from the kind, and other formats need not carry it as a constraint of their own
            Constraints own = SchemaEncoding.defaultFormat(stringKind).equals(c.format())
                    ? c.toBuilder().format(Optional.empty()).build() : c;
            return DecodedValue.of(DataType.of(stringKind), own, nullable);
        }
        Optional<PrimitiveKind> p = scalarKind(kind);
        if (p.isEmpty()) {
            ledger.approximate(v.pathOf("type"), "unknown type '" + kind + "' is read as any");
            return DecodedValue.of(DataType.of(PrimitiveKind.ANY), c, nullable);
        }
        return DecodedValue.of(DataType.of(p.get()), c, nullable);
    }

    private static void keepVerbatim(ObjectNode verbatim, Map<String, String> annotations) {
        if (!verbatim.isEmpty()) {
            annotations.put(JsonSchemaAnnotations.VERBATIM, verbatim.toString());
        }
    }

    private static ObjectNode objectOf(SchemaView v) {
        ObjectNode copy = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
        for (String k : v.keywords()) {
            copy.set(k, v.peek(k).orElseThrow());
        }
        return copy;
    }

    private DataType hoist(SchemaView v, String context) {
        String name = typeNames.unique(context);
        if (resolvingAliases > 0) {
            sharedTypes.add(name);
        }
        // inside a scalar definition the part is shared by every use of it, so it is written under $defs, where
        // a re-import finds it under the same name (docs/jsonschema-dialects.md "Round trips")
        buildType(v, name, resolvingAliases == 0);
        return new DataType.TypeRef(name);
    }

    private DataType map(SchemaView v, String context) {
        Optional<JsonNode> extra = v.take("additionalProperties");
        if (extra.isPresent() && v.has("unevaluatedProperties") && v.keepsVerbatim()) {
            // even 'true' evaluates every property, so unevaluatedProperties no longer sees them: kept verbatim
            v.release("additionalProperties");
            return new DataType.MapOf(DataType.of(PrimitiveKind.ANY));
        }
        if (extra.isEmpty() || extra.get().isBoolean() || (extra.get().isObject() && extra.get().isEmpty())) {
            return new DataType.MapOf(DataType.of(PrimitiveKind.ANY));
        }
        if (!extra.get().isObject()) {
            ledger.drop(v.pathOf("additionalProperties"), "'additionalProperties' is not a schema; not carried");
            return new DataType.MapOf(DataType.of(PrimitiveKind.ANY));
        }
        SchemaView ev = new SchemaView((ObjectNode) extra.get(), v.pathOf("additionalProperties"));
        Tentative<DecodedValue> read = tentatively(() -> {
            DecodedValue mapValue = value(ev, context + "Value");
            if (!mapValue.constraints().isEmpty()) {
                ledger.relax(ev.path(), "constraints on map values are not carried");
            }
            if (mapValue.nullable()) {
                ledger.relax(ev.path(), "null map values are not carried");
            }
            ev.finish(ledger, "annotations on map values are not carried");
            return mapValue;
        });
        DecodedValue value = read.value();
        LossinessLedger scratch = read.losses();
        if (!scratch.isEmpty() && v.keepsVerbatim()) {
            // the value schema says more than the model can: kept verbatim, values are any in the model
            discard(read);
            v.release("additionalProperties");
            return new DataType.MapOf(DataType.of(PrimitiveKind.ANY));
        }
        ledger.addAll(scratch.entries());
        return new DataType.MapOf(value.type());
    }

    private DecodedValue inlineEnum(SchemaView v, Constraints c, String context) {
        List<String> t = typeList(v.take("type").orElse(null));
        boolean nullable = t.contains("null");
        List<Term> terms = new ArrayList<>();
        for (JsonNode value : v.take("enum").orElseThrow()) {
            if (value.isNull()) {
                nullable = true;
            } else {
                terms.add(Term.of(value.textValue()));
            }
        }
        if (resolvingAliases > 0) {
            // an enum inside a scalar definition is written under $defs under this name; re-reading that export
            // finds the same enum there, and it is the same taxonomy, not a second one under a longer name
            Optional<TaxonomyDef> named = taxonomies.stream().filter(x -> x.name().equals(context)
                    && x.terms().equals(terms) && !x.annotations().containsKey(JsonSchemaAnnotations.INLINE))
                    .findFirst();
            if (named.isPresent()) {
                return DecodedValue.of(new DataType.TaxonomyRef(context), c, nullable);
            }
        }
        String name = taxonomyNames.unique(context);
        if (resolvingAliases > 0) {
            sharedTaxonomies.add(name);
        }
        taxonomies.add(new TaxonomyDef(name, Optional.empty(), terms, Optional.empty(), Provenance.of(FORMAT),
                resolvingAliases == 0 ? Map.of(JsonSchemaAnnotations.INLINE, "true") : Map.of()));
        return DecodedValue.of(new DataType.TaxonomyRef(name), c, nullable);
    }

    private DecodedValue union(SchemaView v, Constraints c, String context, String keyword) {
        JsonNode list = v.take(keyword).orElseThrow();
        if (!list.isArray() || list.isEmpty()) {
            ledger.drop(v.pathOf(keyword), "'" + keyword + "' is not a non-empty array; not carried");
            return DecodedValue.of(DataType.of(PrimitiveKind.ANY), c, false);
        }
        List<DataType> members = new ArrayList<>();
        Tentative<Boolean> read = tentatively(() -> unionMembers(list, v.pathOf(keyword), context, members));
        boolean nullable = read.value();
        LossinessLedger scratch = read.losses();
        if (!scratch.isEmpty() && v.keepsVerbatim()) {
            // a member says more than the model can (a constraint, a conditional, ...): the whole combinator is
            // kept verbatim so the verdict stays the source's; the value is any in the model
            discard(read);
            v.release(keyword);
            return DecodedValue.of(DataType.of(PrimitiveKind.ANY), c, false);
        }
        ledger.addAll(scratch.entries());
        // the keyword is kept to spell a union or a nullable value the same way again; a single member that does
        // not admit null is written as the member alone, and the re-import would read no keyword back
        Map<String, String> ann = members.size() <= 1 && !nullable ? Map.of()
                : Map.of(JsonSchemaAnnotations.UNION, keyword);
        if (members.isEmpty()) {
            return new DecodedValue(DataType.of(PrimitiveKind.ANY), c, nullable, ann);
        }
        DataType type = members.size() == 1 ? members.get(0) : new DataType.Union(members);
        return new DecodedValue(type, c, nullable, ann);
    }

    /**
     * What a tentative read gave, with the losses it would ledger, and what to roll back when the caller keeps the
     * source verbatim instead: the types and taxonomies it hoisted, the scalar definitions it resolved.
     */
    private record Tentative<T>(T value, LossinessLedger losses, int types, int taxonomies, Set<Def> resolved) {
    }

    /** Forgets what a tentative read added to the model, so a part kept verbatim leaves no orphan behind. */
    private void discard(Tentative<?> read) {
        while (types.size() > read.types()) {
            types.remove(types.size() - 1);
        }
        while (taxonomies.size() > read.taxonomies()) {
            taxonomies.remove(taxonomies.size() - 1);
        }
        for (Def def : defs.values()) {
            if (def.aliasValue != null && !read.resolved().contains(def)) {
                def.aliasValue = null;
                def.lossy = false;
            }
        }
    }

    /**
     * Runs {@code read} against a ledger of its own, so the caller can choose between the model's reading (its
     * losses then go to the ledger) and keeping the source keyword verbatim (nothing is lost).
     */
    private <T> Tentative<T> tentatively(java.util.function.Supplier<T> read) {
        LossinessLedger outer = ledger;
        LossinessLedger scratch = new LossinessLedger();
        int typeCount = types.size();
        int taxonomyCount = taxonomies.size();
        Set<Def> resolved = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        defs.values().stream().filter(d -> d.aliasValue != null).forEach(resolved::add);
        ledger = scratch;
        try {
            return new Tentative<>(read.get(), scratch, typeCount, taxonomyCount, resolved);
        } finally {
            ledger = outer;
        }
    }

    /** Reads the members of a union into {@code members}; whether one of them allows null. */
    private boolean unionMembers(JsonNode list, String path, String context, List<DataType> members) {
        boolean nullable = false;
        // a union of one member besides null is that member in the model, and the export writes it without the
        // combinator: named after the owner alone, its re-import finds it under the same name
        int kept = 0;
        for (JsonNode m : list) {
            boolean nullOnly = m.isObject() && m.size() == 1 && m.path("type").isTextual()
                    && m.get("type").textValue().equals("null");
            if ((m.isObject() && !nullOnly) || (m.isBoolean() && m.booleanValue())) {
                kept++;
            }
        }
        int i = 0;
        for (JsonNode m : list) {
            String mp = Pointers.child(path, i);
            i++;
            if (m.isBoolean()) {
                if (m.booleanValue()) {
                    members.add(DataType.of(PrimitiveKind.ANY));
                } else {
                    ledger.drop(mp, "a false union member (matches nothing) is not carried");
                }
                continue;
            }
            if (!m.isObject()) {
                ledger.drop(mp, "a union member that is not a schema is not carried");
                continue;
            }
            if (m.size() == 1 && m.path("type").isTextual() && m.get("type").textValue().equals("null")) {
                nullable = true;
                continue;
            }
            SchemaView mv = new SchemaView((ObjectNode) m, mp);
            DecodedValue value = value(mv, kept == 1 ? context : context + "Option" + i);
            if (!value.constraints().isEmpty()) {
                ledger.relax(mp, "constraints inside a union member are not carried");
            }
            nullable |= value.nullable();
            members.add(value.type());
            mv.finish(ledger, "annotations inside a union member are not carried");
        }
        return nullable;
    }

    private DecodedValue reference(SchemaView v, Constraints c) {
        JsonNode ref = v.take("$ref").orElseThrow();
        String path = v.pathOf("$ref");
        if (!ref.isTextual()) {
            ledger.drop(path, "'$ref' is not a string; not carried");
            return DecodedValue.of(DataType.of(PrimitiveKind.ANY), c, false);
        }
        String text = ownFragment(ref.textValue());
        if (!text.startsWith("#") && dynamicScopes && reachesEmbedded(text)) {
            // an embedded resource of this document, kept with its identifier: the reference resolves as written
            v.release("$ref");
            return DecodedValue.of(DataType.of(PrimitiveKind.ANY), c, false);
        }
        if (!text.startsWith("#")) {
            // another document, not carried by the request: never fetched; kept verbatim where the part has a
            // place for it, so validateJSON names it instead of passing silently (docs/jsonschema-dialects.md)
            v.release("$ref");
            ledger.drop(path, "reference '" + text + "' is to a document this request does not carry; it is not"
                    + " fetched, and the value is read as any (the reference is kept as written)");
            return DecodedValue.of(DataType.of(PrimitiveKind.ANY), c, false);
        }
        DecodedValue target;
        if ((text.equals("#") || isRootAnchor(text)) && rootName.isPresent()) {
            target = DecodedValue.of(new DataType.TypeRef(rootName.get()), Constraints.NONE, false);
        } else {
            Optional<Def> def = lookup(text);
            if (def.isEmpty() && v.keepsVerbatim() && keepsItsPlace(text)) {
                // a pointer into a part written back under the same name (a definition's member, a nested
                // $defs, a root property): kept as written, so it still resolves in what this codec writes
                v.release("$ref");
                return DecodedValue.of(DataType.of(PrimitiveKind.ANY), c, false);
            }
            if (def.isEmpty()) {
                ledger.drop(path, "reference '" + text + "' does not name a top-level definition of this"
                        + " document; the value is read as any");
                return DecodedValue.of(DataType.of(PrimitiveKind.ANY), c, false);
            }
            target = resolve(def.get(), path);
            if (def.get().kind == DefKind.ALIAS && def.get().lossy && v.keepsVerbatim()) {
                // the definition says more than the model can: the reference to it (kept verbatim under $defs)
                // stays, so the export still applies every constraint it states
                v.release("$ref");
                return DecodedValue.of(DataType.of(PrimitiveKind.ANY), c, false);
            }
            if (def.get().kind == DefKind.ALIAS) {
                ledger.drop(path, "reference to scalar definition '" + def.get().key + "' is replaced by its"
                        + " content; the reference itself is not kept");
            }
        }
        // A sibling 'type' that agrees with the target (object for types, string for taxonomies) says nothing new.
        Optional<JsonNode> typeKeyword = v.peek("type");
        boolean nullable = target.nullable();
        if (typeKeyword.isPresent()) {
            List<String> t = typeList(typeKeyword.get());
            List<String> kinds = nonNull(t);
            boolean agrees = kinds.isEmpty()
                    || (target.type() instanceof DataType.TypeRef && kinds.equals(List.of("object")))
                    || (target.type() instanceof DataType.TaxonomyRef && kinds.equals(List.of("string")));
            if (agrees) {
                v.take("type");
                nullable |= t.contains("null");
            }
        }
        return new DecodedValue(target.type(), merge(c, target.constraints()), nullable, target.annotations());
    }

    /**
     * Whether a local pointer reaches below a part the encoder writes back at the same pointer: a definition whose
     * model name is its key (types and taxonomies keep their key unless it collides; scalar definitions are kept
     * verbatim by key), or a property of the root type.
     */
    private boolean keepsItsPlace(String ref) {
        if (!ref.startsWith("#/")) {
            return false;
        }
        String[] tokens = Pointers.decodeFragment(ref.substring(2)).split("/", -1);
        if (tokens.length > 2 && tokens[0].equals("$defs")) {
            Def def = defs.get("$defs\u0000" + Pointers.unescape(tokens[1]));
            return def != null && (def.kind == DefKind.ALIAS || def.key.equals(def.name));
        }
        return tokens.length >= 2 && tokens[0].equals("properties") && rootName.isPresent();
    }

    /** A reference through the document's own {@code $id} ({@code https://x/s.json#/$defs/a}) as a fragment. */
    private String ownFragment(String ref) {
        if (identifier.isEmpty() || ref.startsWith("#")) {
            return ref;
        }
        String id = identifier.get();
        String bare = id.endsWith("#") ? id.substring(0, id.length() - 1) : id;
        int slash = bare.lastIndexOf('/');
        String file = slash >= 0 ? bare.substring(slash + 1) : bare;
        for (String self : List.of(bare, file)) {
            if (!self.isEmpty() && ref.startsWith(self) && (ref.length() == self.length()
                    || ref.charAt(self.length()) == '#')) {
                String rest = ref.substring(self.length());
                return rest.isEmpty() ? "#" : rest;
            }
        }
        return ref;
    }

    /** Whether a reference names an embedded resource of this document by its identifier (or its last segment). */
    private boolean reachesEmbedded(String ref) {
        int hash = ref.indexOf('#');
        String uri = hash < 0 ? ref : ref.substring(0, hash);
        String last = uri.substring(uri.lastIndexOf('/') + 1);
        for (String id : embeddedIds) {
            String bare = id.endsWith("#") ? id.substring(0, id.length() - 1) : id;
            if (bare.equals(uri) || (!last.isEmpty() && bare.substring(bare.lastIndexOf('/') + 1).equals(last))) {
                return true;
            }
        }
        return false;
    }

    private boolean isRootAnchor(String ref) {
        return rootAnchor.isPresent() && ref.equals("#" + rootAnchor.get());
    }

    private Optional<Def> lookup(String ref) {
        if (ref.startsWith("#/")) {
            String[] tokens = Pointers.decodeFragment(ref.substring(2)).split("/", -1);
            if (tokens.length != 2) {
                return Optional.empty();
            }
            return Optional.ofNullable(defs.get(Pointers.unescape(tokens[0]) + "\u0000"
                    + Pointers.unescape(tokens[1])));
        }
        if (ref.startsWith("#") && ref.length() > 1) {
            return Optional.ofNullable(anchors.get(ref.substring(1)));
        }
        return Optional.empty();
    }

    private DecodedValue resolve(Def def, String path) {
        if (def.kind == DefKind.TYPE) {
            return DecodedValue.of(new DataType.TypeRef(def.name), Constraints.NONE, false);
        }
        if (def.kind == DefKind.TAXONOMY) {
            return DecodedValue.of(new DataType.TaxonomyRef(def.name), Constraints.NONE, false);
        }
        if (def.aliasValue != null) {
            return def.aliasValue;
        }
        if (def.resolving) {
            ledger.drop(path, "a reference cycle through scalar definition '" + def.key + "' is read as any");
            return DecodedValue.of(DataType.of(PrimitiveKind.ANY), Constraints.NONE, false);
        }
        def.resolving = true;
        DecodedValue value;
        if (def.node.isBoolean()) {
            value = DecodedValue.of(DataType.of(PrimitiveKind.ANY), Constraints.NONE, false);
        } else if (def.node.isObject()) {
            SchemaView dv = new SchemaView((ObjectNode) def.node, def.path);
            int before = ledger.size();
            resolvingAliases++;
            try {
                value = value(dv, Names.pascal(def.key));
            } finally {
                resolvingAliases--;
            }
            dv.finish(ledger, "");
            def.lossy = ledger.size() > before;
        } else {
            value = DecodedValue.of(DataType.of(PrimitiveKind.ANY), Constraints.NONE, false);
        }
        def.resolving = false;
        def.aliasValue = value;
        return value;
    }

    // ---------------------------------------------------------------- keyword readers

    private Constraints takeConstraints(SchemaView v) {
        Constraints c = Constraints.NONE;
        c = c.toBuilder().pattern(v.takeText("pattern", ledger).orElse(null)).build();
        c = c.toBuilder().format(v.takeText("format", ledger).orElse(null)).build();
        Optional<Long> minLength = takeCount(v, "minLength");
        Optional<Long> maxLength = takeCount(v, "maxLength");
        c = c.toBuilder().minLength(minLength.orElse(null)).maxLength(maxLength.orElse(null)).build();
        c = c.toBuilder().minimum(takeNumber(v, "minimum").orElse(null)).maximum(takeNumber(v, "maximum").orElse(null))
                .build();
        c = c.toBuilder().exclusiveMinimum(takeNumber(v, "exclusiveMinimum").orElse(null))
                .exclusiveMaximum(takeNumber(v, "exclusiveMaximum").orElse(null)).build();
        c = c.toBuilder().multipleOf(takeNumber(v, "multipleOf").orElse(null)).build();
        c = c.toBuilder().constValue(v.take("const").orElse(null)).build();
        return c;
    }

    private Optional<Long> takeCount(SchemaView v, String keyword) {
        Optional<JsonNode> value = v.peek(keyword);
        if (value.isEmpty()) {
            return Optional.empty();
        }
        JsonNode n = value.get();
        if (n.isNumber() && n.canConvertToExactIntegral() && n.decimalValue().signum() >= 0
                && n.decimalValue().compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) <= 0) {
            v.take(keyword);
            return Optional.of(n.decimalValue().longValueExact());
        }
        return Optional.empty(); // left for the ledger
    }

    private Optional<BigDecimal> takeNumber(SchemaView v, String keyword) {
        Optional<JsonNode> value = v.peek(keyword);
        if (value.isEmpty() || !value.get().isNumber()) {
            return Optional.empty(); // absent, or left for the ledger (draft-4 boolean exclusives)
        }
        v.take(keyword);
        return Optional.of(value.get().decimalValue());
    }

    /** $comment, deprecated, readOnly, writeOnly and x-* extension keywords, as annotations. */
    private void takeCommon(SchemaView v, Map<String, String> ann) {
        v.takeText("$comment", ledger).ifPresent(x -> ann.put(JsonSchemaAnnotations.COMMENT, x));
        for (String flag : List.of(JsonSchemaAnnotations.DEPRECATED, JsonSchemaAnnotations.READ_ONLY,
                JsonSchemaAnnotations.WRITE_ONLY)) {
            Optional<JsonNode> value = v.peek(flag);
            if (value.isPresent() && value.get().isBoolean()) {
                v.take(flag);
                ann.put(flag, String.valueOf(value.get().booleanValue()));
            }
        }
        takeExtensions(v, ann);
    }

    private static void takeExtensions(SchemaView v, Map<String, String> ann) {
        List<String> keys = new ArrayList<>();
        v.keywords().forEach(keys::add);
        for (String k : keys) {
            if (JsonSchemaAnnotations.isExtension(k)) {
                JsonNode value = v.take(k).orElseThrow();
                if (value.isTextual()) {
                    ann.put(k, value.textValue());
                } else {
                    ann.put(k + ExtensionValues.JSON_SUFFIX, value.toString());
                }
            }
        }
    }

    private void count() {
        if (++declared > ParserLimits.MAX_DEFINITIONS) {
            throw new TooLarge("The document declares more than " + ParserLimits.MAX_DEFINITIONS
                    + " definitions and properties.");
        }
    }

    // ---------------------------------------------------------------- small helpers

    static List<String> typeList(JsonNode type) {
        List<String> out = new ArrayList<>();
        if (type == null) {
            return out;
        }
        if (type.isTextual()) {
            out.add(type.textValue());
        } else if (type.isArray()) {
            for (JsonNode t : type) {
                if (t.isTextual() && !out.contains(t.textValue())) {
                    out.add(t.textValue());
                }
            }
        }
        return out;
    }

    static List<String> nonNull(List<String> types) {
        List<String> out = new ArrayList<>(types);
        out.remove("null");
        return out;
    }

    private static Optional<PrimitiveKind> scalarKind(String jsonType) {
        switch (jsonType) {
            case "string":
                return Optional.of(PrimitiveKind.STRING);
            case "integer":
                return Optional.of(PrimitiveKind.INTEGER);
            case "number":
                return Optional.of(PrimitiveKind.NUMBER);
            case "boolean":
                return Optional.of(PrimitiveKind.BOOLEAN);
            default:
                return Optional.empty();
        }
    }

    /** The format keeps its own spelling in the constraints; the kind only gives it a neutral name. */
    private static PrimitiveKind stringKind(Optional<String> format) {
        if (format.isEmpty()) {
            return PrimitiveKind.STRING;
        }
        switch (format.get()) {
            case "date-time":
                return PrimitiveKind.DATETIME;
            case "date":
                return PrimitiveKind.DATE;
            case "time":
                return PrimitiveKind.TIME;
            case "duration":
                return PrimitiveKind.DURATION;
            case "uri":
                return PrimitiveKind.URI;
            case "uuid":
                return PrimitiveKind.UUID;
            default:
                return PrimitiveKind.STRING;
        }
    }

    /** Fills the unset constraints of {@code own} from {@code inherited} (a scalar definition used by reference). */
    private static Constraints merge(Constraints own, Constraints inherited) {
        if (inherited.isEmpty()) {
            return own;
        }
        return new Constraints(own.pattern().or(inherited::pattern), own.format().or(inherited::format),
                own.minLength().or(inherited::minLength), own.maxLength().or(inherited::maxLength),
                own.minimum().or(inherited::minimum), own.maximum().or(inherited::maximum),
                own.exclusiveMinimum().or(inherited::exclusiveMinimum),
                own.exclusiveMaximum().or(inherited::exclusiveMaximum), own.multipleOf().or(inherited::multipleOf),
                own.precision().or(inherited::precision), own.scale().or(inherited::scale),
                own.constValue().or(inherited::constValue), own.uniqueItems() || inherited.uniqueItems());
    }
}
