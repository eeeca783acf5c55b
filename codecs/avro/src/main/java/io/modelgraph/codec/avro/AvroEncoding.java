package io.modelgraph.codec.avro;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.Cardinality;
import io.modelgraph.schema.Constraints;
import io.modelgraph.schema.ElementDef;
import io.modelgraph.schema.PrimitiveKind;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.TaxonomyDef;
import io.modelgraph.schema.Term;
import io.modelgraph.schema.TypeDef;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The canonical model to one Avro schema (JSON only; no Avro class is loaded). Named types are first built in
 * reference form, then the root is expanded depth first so every named type is defined at its first use, as
 * Avro requires. An Avro-origin model keeps its full names and exact field schemas; any other model gets valid
 * names (renames in the ledger) and the nearest Avro type for each element.
 */
final class AvroEncoding {
    private static final ObjectMapper JSON_READER = new ObjectMapper();
    private static final List<String> NESTED = List.of("items", "values", "type");

    private final SchemaModel model;
    private final LossinessLedger ledger;
    private final AvroNames names;
    private final Map<String, String> typeNames;
    private final Map<String, String> taxonomyNames;
    /** Model names of types and value lists written under another name, to the name written. */
    private final Map<String, String> renamed = new HashMap<>();
    /** Definitions in reference form by full name, in model order. */
    private final Map<String, ObjectNode> definitions;
    private final Set<String> emitted = new HashSet<>();
    private final List<Runnable> defaultChecks = new ArrayList<>();
    /** Every definition's full name, in model order (definitions themselves are built on demand). */
    private final Set<String> definitionNames;
    private final Map<String, TypeDef> typeByFullName;
    private final Map<String, TaxonomyDef> taxonomyByFullName;
    private final Map<String, Set<String>> referencesByName;
    private boolean named;
    private boolean deferChecks;
    private final FieldSchemas fieldSchemas;
    private final String defaultNamespace;
    private boolean defined;

    AvroEncoding(SchemaModel model, LossinessLedger ledger) {
        this.model = model;
        this.ledger = ledger;
        // sized once for the model: a compare names every type of both models on each call, and growing these
        // maps cost as much as filling them
        int types = model.types().size();
        int lists = model.taxonomies().size();
        this.names = new AvroNames(types + lists);
        this.typeNames = new HashMap<>(capacity(types));
        this.taxonomyNames = new HashMap<>(capacity(lists));
        this.definitions = new LinkedHashMap<>(capacity(types + lists));
        this.definitionNames = new java.util.LinkedHashSet<>(capacity(types + lists));
        this.typeByFullName = new HashMap<>(capacity(types));
        this.taxonomyByFullName = new HashMap<>(capacity(lists));
        this.referencesByName = new HashMap<>(capacity(types + lists));
        this.fieldSchemas = new FieldSchemas(n -> typeNames.getOrDefault(n, n),
                n -> taxonomyNames.getOrDefault(n, n), Optional.of(ledger));
        this.defaultNamespace = defaultNamespace();
    }

    private static int capacity(int entries) {
        return entries * 4 / 3 + 1;
    }

    /** Names every type and value list and builds each definition in reference form, once. */
    private void define() {
        if (defined) {
            return;
        }
        defined = true;
        name();
        deferChecks = true;
        definitionNames.forEach(this::definition);
        deferChecks = false;
        runDefaultChecks();
        // a field refers to a renamed type by the new name, which is what it reads back as
        model.types().forEach(t -> t.elements().forEach(e -> referenced(e.type()).stream()
                .filter(renamed::containsKey).forEach(n -> ledger.drop("$.types." + t.name() + "." + e.name(),
                        "'" + t.name() + "." + e.name() + "' refers to '" + n + "', written as '" + renamed.get(n)
                                + "'."))));
    }

    /**
     * Gives every type and value list its full name and reads the fixed definitions the model keeps, once; record
     * and enum definitions are built when first asked for ({@link #definition}).
     */
    private void name() {
        if (named) {
            return;
        }
        named = true;
        // the namespace and the ledger path are worked out only for a name the model does not keep (a compare
        // names every type of both models on each call)
        model.types().forEach(t -> typeNames.put(t.name(), fullName(t.name(), t.provenance(),
                () -> namespaceOf(t), "types")));
        model.taxonomies().forEach(x -> taxonomyNames.put(x.name(), fullName(x.name(), x.provenance(),
                () -> namespaceOf(x.annotations()), "taxonomies")));
        model.annotations().forEach((k, v) -> {
            if (k.startsWith(AvroKeys.FIXED_PREFIX)) {
                readJson(v).filter(JsonNode::isObject).ifPresent(d -> {
                    definitions.put(k.substring(AvroKeys.FIXED_PREFIX.length()), (ObjectNode) d);
                    definitionNames.add(k.substring(AvroKeys.FIXED_PREFIX.length()));
                });
            }
        });
        for (TypeDef t : model.types()) {
            for (ElementDef e : t.elements()) {
                String fixed = e.annotations().get(AvroKeys.FIXED);
                if (fixed == null) {
                    continue;
                }
                readJson(fixed).filter(JsonNode::isArray).ifPresent(a -> a.forEach(d -> {
                    String ns = d.path("namespace").asText("");
                    String full = (ns.isEmpty() ? "" : ns + ".") + d.path("name").asText();
                    if (definitions.putIfAbsent(full, (ObjectNode) d) == null) {
                        definitionNames.add(full);
                    }
                }));
            }
        }
        model.types().forEach(t -> {
            String full = typeNames.get(t.name());
            // a record takes the place of a fixed type of the same name (most models keep none)
            if (!definitions.isEmpty()) {
                definitions.remove(full);
            }
            typeByFullName.put(full, t);
            definitionNames.add(full);
        });
        model.taxonomies().forEach(x -> {
            String full = taxonomyNames.get(x.name());
            if (!definitions.isEmpty()) {
                definitions.remove(full);
            }
            typeByFullName.remove(full);
            taxonomyByFullName.put(full, x);
            definitionNames.add(full);
        });
    }

    /** The definition of a full name in reference form, built on first use; null when the model has none. */
    ObjectNode definition(String fullName) {
        name();
        ObjectNode d = definitions.get(fullName);
        if (d != null || !definitionNames.contains(fullName)) {
            return d;
        }
        TaxonomyDef x = taxonomyByFullName.get(fullName);
        d = x != null ? enumeration(x) : record(typeByFullName.get(fullName));
        definitions.put(fullName, d);
        if (!deferChecks) {
            runDefaultChecks();
        }
        return d;
    }

    /** Default checks look at definitions they may build in turn; each runs once. */
    private void runDefaultChecks() {
        while (!defaultChecks.isEmpty()) {
            defaultChecks.remove(defaultChecks.size() - 1).run();
        }
    }

    /**
     * The named types the definition of {@code fullName} refers to, read off the model as {@link #record} writes
     * its fields (a field's kept Avro schema, else its type's references, a fixed type for binary, decimal and
     * duration values), without building the definition.
     */
    Set<String> references(String fullName) {
        name();
        Set<String> refs = referencesByName.get(fullName);
        if (refs != null) {
            return refs;
        }
        TypeDef t = typeByFullName.get(fullName);
        if (t == null) {
            refs = Set.of();
        } else {
            Set<String> into = new java.util.LinkedHashSet<>();
            for (ElementDef e : t.elements()) {
                String kept = e.annotations().get(AvroKeys.SCHEMA);
                Optional<JsonNode> schema = kept == null ? Optional.empty() : readJson(kept);
                if (schema.isPresent()) {
                    collectNames(schema.get(), into);
                } else {
                    referencesOf(e.type(), e, into);
                }
            }
            refs = java.util.Collections.unmodifiableSet(into);
        }
        referencesByName.put(fullName, refs);
        return refs;
    }

    private void referencesOf(io.modelgraph.schema.DataType type, ElementDef e, Set<String> into) {
        String name = null;
        if (type instanceof io.modelgraph.schema.DataType.TypeRef r) {
            name = typeNames.getOrDefault(r.typeName(), r.typeName());
        } else if (type instanceof io.modelgraph.schema.DataType.TaxonomyRef r) {
            name = taxonomyNames.getOrDefault(r.taxonomyName(), r.taxonomyName());
        } else if (type instanceof io.modelgraph.schema.DataType.MapOf m) {
            referencesOf(m.values(), e, into);
        } else if (type instanceof io.modelgraph.schema.DataType.Union u) {
            u.members().forEach(m -> referencesOf(m, e, into));
        } else if (type instanceof io.modelgraph.schema.DataType.Primitive p && (p.kind() == PrimitiveKind.BINARY
                || p.kind() == PrimitiveKind.DECIMAL || p.kind() == PrimitiveKind.DURATION)) {
            name = FieldSchemas.fixedName(e).orElse(null);
        }
        if (name != null && definitionNames.contains(name)) {
            into.add(name);
        }
    }

    private static List<String> referenced(io.modelgraph.schema.DataType type) {
        if (type instanceof io.modelgraph.schema.DataType.TypeRef r) {
            return List.of(r.typeName());
        }
        if (type instanceof io.modelgraph.schema.DataType.TaxonomyRef r) {
            return List.of(r.taxonomyName());
        }
        if (type instanceof io.modelgraph.schema.DataType.Union u) {
            return u.members().stream().flatMap(m -> referenced(m).stream()).toList();
        }
        if (type instanceof io.modelgraph.schema.DataType.MapOf m) {
            return referenced(m.values());
        }
        return List.of();
    }

    JsonNode encode() {
        define();
        Set<String> files = new java.util.TreeSet<>();
        model.types().forEach(t -> t.provenance().source().ifPresent(files::add));
        model.taxonomies().forEach(x -> x.provenance().source().ifPresent(files::add));
        if (files.size() > 1) {
            ledger.drop("$", "The model's types came from the files " + files + "; one Avro schema holds them all.");
        }
        model.description().ifPresent(d -> ledger.drop("$", "An Avro schema has no place for the model's"
                + " description."));
        JsonNode root = expand(flatUnion(root()), "");
        List<String> unreached = definitionNames.stream().filter(n -> !emitted.contains(n)).toList();
        return withMembers(root, unreached.stream().map(n -> expand(TextNode.valueOf(n), "")).toList());
    }

    /** {@code root} with {@code extra} appended to its union (a root that is no union becomes the first member). */
    private static JsonNode withMembers(JsonNode root, List<JsonNode> extra) {
        if (extra.isEmpty()) {
            return root;
        }
        ArrayNode union = FieldSchemas.JSON.arrayNode();
        if (root.isArray()) {
            union.addAll((ArrayNode) root);
        } else {
            union.add(root);
        }
        union.addAll(extra);
        return union;
    }

    /**
     * The schema before expansion: the root in reference form, named types the root does not reach appended to
     * its union (as {@link #encode} appends them), and every definition by full name.
     */
    AvroReferenceForm referenceForm() {
        name();
        JsonNode root = flatUnion(root());
        Set<String> reached = new HashSet<>(capacity(definitionNames.size()));
        java.util.ArrayDeque<String> queue = new java.util.ArrayDeque<>();
        Set<String> first = new HashSet<>();
        collectNames(root, first);
        queue.addAll(first);
        while (!queue.isEmpty()) {
            String name = queue.poll();
            if (reached.add(name)) {
                queue.addAll(references(name));
            }
        }
        List<String> unreached = definitionNames.stream().filter(n -> !reached.contains(n)).toList();
        root = withMembers(root, unreached.stream().<JsonNode>map(TextNode::valueOf).toList());
        return new AvroReferenceForm(root, java.util.Collections.unmodifiableSet(definitionNames), this::definition,
                this::references, typeNames, taxonomyNames, typeByFullName, taxonomyByFullName);
    }

    private String fullName(String modelName, io.modelgraph.schema.Provenance provenance,
            java.util.function.Supplier<String> namespaceOf, String section) {
        if (provenance.format().equals(AvroCodec.FORMAT) && provenance.originalName().isPresent()) {
            return names.unique(provenance.originalName().get());
        }
        String path = "$." + section + "." + modelName;
        String namespace = namespaceOf.get();
        if (namespace.isEmpty()) {
            // Avro cannot refer from inside a namespace to a type without one: share the model's namespace
            namespace = defaultNamespace;
        }
        String wanted = (namespace.isEmpty() ? "" : namespace + ".") + AvroNames.valid(modelName);
        String chosen = names.unique(wanted);
        if (!AvroNames.valid(modelName).equals(modelName) || !chosen.equals(wanted)) {
            ledger.drop(path, "'" + modelName + "' is not a valid or unique Avro name; written as '" + chosen
                    + "'.");
            renamed.put(modelName, chosen);
        }
        return chosen;
    }

    /** A type's Avro namespace: its namespace field, else as {@link #namespaceOf(Map)} finds it. */
    private static String namespaceOf(TypeDef t) {
        return t.namespace().isPresent() ? AvroNames.validNamespace(t.namespace().get())
                : namespaceOf(t.annotations());
    }

    /** The Avro namespace of a part from another format: its own, or its protobuf package. */
    private static String namespaceOf(Map<String, String> annotations) {
        String namespace = annotations.getOrDefault(AvroKeys.NAMESPACE,
                annotations.getOrDefault("protobuf.package", ""));
        return AvroNames.validNamespace(namespace);
    }

    private String defaultNamespace() {
        return java.util.stream.Stream.concat(model.types().stream().map(AvroEncoding::namespaceOf),
                        model.taxonomies().stream().map(t -> namespaceOf(t.annotations())))
                .filter(n -> !n.isEmpty()).findFirst().orElse("");
    }

    private JsonNode root() {
        String stored = model.annotations().get(AvroKeys.ROOT);
        if (stored != null) {
            Optional<JsonNode> root = readJson(stored);
            if (root.isPresent()) {
                return root.get();
            }
        }
        if (model.rootType().isPresent() && typeNames.containsKey(model.rootType().get())) {
            return TextNode.valueOf(typeNames.get(model.rootType().get()));
        }
        Set<String> referenced = new HashSet<>();
        definitionNames.forEach(n -> referenced.addAll(references(n)));
        List<String> roots = definitionNames.stream().filter(n -> !referenced.contains(n)).toList();
        if (roots.isEmpty() && !model.types().isEmpty()) {
            // every type is referenced (recursion): the model's first type is the root
            roots = List.of(typeNames.get(model.types().get(0).name()));
        }
        if (roots.isEmpty()) {
            ledger.drop("$", "The model has no type; the Avro schema is \"null\".");
            return TextNode.valueOf("null");
        }
        if (roots.size() == 1) {
            return TextNode.valueOf(roots.get(0));
        }
        ArrayNode union = FieldSchemas.JSON.arrayNode();
        roots.forEach(union::add);
        return union;
    }

    /**
     * A root that is a union of unions (a request of several files, each a top-level union) as one union: Avro
     * refuses nested unions and two members of one unnamed type, so members are flattened in order and a later
     * member of a kind already present is left out with a ledger entry (docs/fidelity.md).
     */
    private JsonNode flatUnion(JsonNode root) {
        if (!root.isArray()) {
            return root;
        }
        ArrayNode union = FieldSchemas.JSON.arrayNode();
        flattenInto(root, union, new HashSet<>(), new HashSet<>());
        return union;
    }

    private void flattenInto(JsonNode members, ArrayNode union, Set<String> kinds, Set<String> written) {
        for (JsonNode m : members) {
            if (m.isArray()) {
                flattenInto(m, union, kinds, written);
                continue;
            }
            String kind = m.isTextual() ? m.asText() : m.path("name").asText(m.path("type").asText(m.toString()));
            if (kinds.add(kind)) {
                union.add(m);
                written.add(m.toString());
            } else if (!written.contains(m.toString())) {
                ledger.drop("$", "The root union already holds a member of kind '" + kind + "'; " + m
                        + " is left out of it.");
            }
        }
    }

    private void collectNames(JsonNode node, Set<String> into) {
        if (node.isTextual() && definitionNames.contains(node.asText())) {
            into.add(node.asText());
        } else if (node.isArray()) {
            node.forEach(n -> collectNames(n, into));
        } else if (node.isObject()) {
            for (String key : NESTED) {
                JsonNode nested = node.get(key);
                if (nested != null) {
                    collectNames(nested, into);
                }
            }
            JsonNode fields = node.get("fields");
            if (fields != null) {
                fields.forEach(f -> collectNames(f.path("type"), into));
            }
        }
    }

    /** Replaces the first use of each named type by its definition, later uses by its name. */
    private JsonNode expand(JsonNode ref, String enclosingNamespace) {
        if (ref.isTextual()) {
            String name = ref.asText();
            if (FieldSchemas.PRIMITIVES.contains(name)) {
                return ref;
            }
            ObjectNode definition = definition(name);
            if (definition == null) {
                ledger.approximate("$", "Type '" + name + "' is not in the model; written as a string.");
                return TextNode.valueOf("string");
            }
            String namespace = namespaceOf(name);
            if (!emitted.add(name)) {
                return TextNode.valueOf(namespace.equals(enclosingNamespace) ? simpleOf(name) : name);
            }
            ObjectNode out = definition.deepCopy();
            out.put("name", simpleOf(name));
            out.remove("namespace");
            if (!namespace.equals(enclosingNamespace)) {
                out.put("namespace", namespace);
            }
            for (JsonNode field : out.path("fields")) {
                ((ObjectNode) field).set("type", expand(field.get("type"), namespace));
            }
            return reorder(out);
        }
        if (ref.isArray()) {
            ArrayNode union = FieldSchemas.JSON.arrayNode();
            ref.forEach(m -> union.add(expand(m, enclosingNamespace)));
            return union;
        }
        if (ref.isObject()) {
            ObjectNode out = ((ObjectNode) ref).deepCopy();
            if (out.has("items")) {
                out.set("items", expand(out.get("items"), enclosingNamespace));
            }
            if (out.has("values")) {
                out.set("values", expand(out.get("values"), enclosingNamespace));
            }
            return out;
        }
        return ref;
    }

    /** type, name, namespace first: what a reader of the schema looks for. */
    private static ObjectNode reorder(ObjectNode definition) {
        ObjectNode out = FieldSchemas.JSON.objectNode();
        for (String key : List.of("type", "name", "namespace")) {
            if (definition.has(key)) {
                out.set(key, definition.get(key));
            }
        }
        definition.fields().forEachRemaining(e -> {
            if (!out.has(e.getKey())) {
                out.set(e.getKey(), e.getValue());
            }
        });
        return out;
    }

    private static String namespaceOf(String fullName) {
        int dot = fullName.lastIndexOf('.');
        return dot < 0 ? "" : fullName.substring(0, dot);
    }

    private static String simpleOf(String fullName) {
        return fullName.substring(fullName.lastIndexOf('.') + 1);
    }

    private ObjectNode record(TypeDef t) {
        String path = "$.types." + t.name();
        ObjectNode r = FieldSchemas.JSON.objectNode()
                .put("type", "true".equals(t.annotations().get(AvroKeys.ERROR)) ? "error" : "record");
        t.description().ifPresent(d -> r.put("doc", d));
        putAliases(r, t.annotations());
        if (!t.supertypes().isEmpty()) {
            ledger.drop(path, "Avro records have no supertypes; " + t.supertypes() + " dropped.");
        }
        if (t.isAbstract()) {
            ledger.drop(path, "Avro records cannot be abstract.");
        }
        t.mapsTo().ifPresent(m -> ledger.drop(path, "The mapping to " + m + " has no place in Avro."));
        ArrayNode fields = r.putArray("fields");
        AvroNames fieldNames = new AvroNames();
        for (ElementDef e : t.elements()) {
            fields.add(field(e, path + ".elements." + e.name(), fieldNames));
        }
        putProps(r, t.annotations(), path);
        return r;
    }

    private ObjectNode field(ElementDef e, String path, AvroNames fieldNames) {
        String name = fieldNames.unique(AvroNames.valid(e.name()));
        if (!name.equals(e.name())) {
            ledger.drop(path, "'" + e.name() + "' is not a valid or unique Avro field name; written as '" + name
                    + "'.");
        }
        ObjectNode f = FieldSchemas.JSON.objectNode().put("name", name);
        JsonNode schema = Optional.ofNullable(e.annotations().get(AvroKeys.SCHEMA)).flatMap(AvroEncoding::readJson)
                .orElseGet(() -> fieldSchemas.forElement(e, path));
        f.set("type", schema);
        e.description().ifPresent(d -> f.put("doc", d));
        e.defaultValue().ifPresent(d -> {
            f.set("default", d);
            // checked once every definition exists: a default may name a record or enum defined later
            defaultChecks.add(() -> {
                if (!fits(schema, d)) {
                    f.remove("default");
                    ledger.relax(path, "Default " + d + " does not fit the Avro type " + schema + "; dropped.");
                }
            });
        });
        Optional.ofNullable(e.annotations().get(AvroKeys.ORDER)).ifPresent(o -> f.put("order", o));
        putAliases(f, e.annotations());
        lostElementFacts(e, path);
        putProps(f, e.annotations(), path);
        return f;
    }

    private void lostElementFacts(ElementDef e, String path) {
        e.mapsTo().ifPresent(m -> ledger.drop(path, "The mapping to " + m + " has no place in Avro."));
        if (!e.examples().isEmpty()) {
            ledger.drop(path, "Avro fields have no examples; " + e.examples().size() + " dropped.");
        }
        Constraints c = e.constraints();
        boolean fixedLength = e.annotations().containsKey(AvroKeys.FIXED);
        Constraints carried = Constraints.builder().precision(c.precision().orElse(null)).scale(c.scale().orElse(null))
                .minLength(fixedLength ? c.minLength().orElse(null) : null)
                .maxLength(fixedLength ? c.maxLength().orElse(null) : null).build();
        if (!c.equals(carried)) {
            ledger.relax(path, "Avro types state no value constraints (pattern, range, length, format, const,"
                    + " uniqueness); they are dropped.");
        }
        Cardinality card = e.cardinality();
        if (card.many() && (card.min() > 0 || card.max().isPresent())) {
            ledger.relax(path, "An Avro array has no size bounds; " + card.min() + ".." + (card.max().isPresent()
                    ? card.max().getAsInt() : "*") + " becomes any number.");
        }
    }

    private ObjectNode enumeration(TaxonomyDef x) {
        String path = "$.taxonomies." + x.name();
        ObjectNode n = FieldSchemas.JSON.objectNode().put("type", "enum");
        x.description().ifPresent(d -> n.put("doc", d));
        putAliases(n, x.annotations());
        ArrayNode symbols = n.putArray("symbols");
        AvroNames symbolNames = new AvroNames();
        Map<String, String> renamed = new LinkedHashMap<>();
        int labelled = 0;
        for (Term term : x.terms()) {
            String symbol = symbolNames.unique(AvroNames.valid(term.code()));
            symbols.add(symbol);
            if (!symbol.equals(term.code())) {
                renamed.put(term.code(), symbol);
            }
            if (term.label().isPresent() || term.description().isPresent() || term.mapsTo().isPresent()) {
                labelled++;
            }
        }
        if (!renamed.isEmpty()) {
            ledger.drop(path, "Codes that are not valid Avro enum symbols were renamed: " + renamed + ".");
        }
        if (labelled > 0) {
            ledger.drop(path, "Avro enum symbols carry no label, description or mapping; those of " + labelled
                    + " terms are dropped.");
        }
        x.mapsTo().ifPresent(m -> ledger.drop(path, "The mapping to " + m + " has no place in Avro."));
        Optional.ofNullable(x.annotations().get(AvroKeys.ENUM_DEFAULT)).ifPresent(d -> n.put("default",
                renamed.getOrDefault(d, d)));
        putProps(n, x.annotations(), path);
        return n;
    }

    private static void putAliases(ObjectNode target, Map<String, String> annotations) {
        Optional.ofNullable(annotations.get(AvroKeys.ALIASES)).flatMap(AvroEncoding::readJson)
                .filter(JsonNode::isArray).ifPresent(a -> target.set("aliases", a));
    }

    /** Avro's custom properties keep this codec's props and other formats' dotted annotations. */
    private void putProps(ObjectNode target, Map<String, String> annotations, String path) {
        Optional.ofNullable(annotations.get(AvroKeys.PROPS)).flatMap(AvroEncoding::readJson)
                .filter(JsonNode::isObject).ifPresent(p -> p.fields().forEachRemaining(e -> {
                    if (!target.has(e.getKey())) {
                        target.set(e.getKey(), e.getValue());
                    }
                }));
        List<String> dropped = new ArrayList<>();
        annotations.forEach((k, v) -> {
            if (AvroDecoding.isForeignAnnotation(k)) {
                target.put(k, v);
            } else if (!k.startsWith("avro.")) {
                dropped.add(k);
            }
        });
        if (!dropped.isEmpty()) {
            ledger.drop(path, "Annotations " + dropped + " have no place in Avro.");
        }
    }

    /** Whether a default is valid for the schema: Avro checks defaults against the union's first branch. */
    private boolean fits(JsonNode schema, JsonNode value) {
        if (schema.isArray()) {
            return schema.size() > 0 && fits(schema.get(0), value);
        }
        if (schema.isObject()) {
            String type = schema.path("type").asText();
            if (type.equals("array")) {
                if (!value.isArray()) {
                    return false;
                }
                for (JsonNode v : value) {
                    if (!fits(schema.get("items"), v)) {
                        return false;
                    }
                }
                return true;
            }
            if (type.equals("map")) {
                if (!value.isObject()) {
                    return false;
                }
                for (Iterator<JsonNode> it = value.elements(); it.hasNext(); ) {
                    if (!fits(schema.get("values"), it.next())) {
                        return false;
                    }
                }
                return true;
            }
            return fits(TextNode.valueOf(type), value);
        }
        String name = schema.asText();
        return switch (name) {
            case "null" -> value.isNull();
            case "boolean" -> value.isBoolean();
            case "int" -> value.isNumber() && value.canConvertToExactIntegral() && value.canConvertToInt();
            case "long" -> value.isNumber() && value.canConvertToExactIntegral() && value.canConvertToLong();
            case "float", "double" -> value.isNumber();
            case "string", "bytes" -> value.isTextual();
            default -> {
                ObjectNode d = definition(name);
                if (d == null) {
                    yield false;
                }
                String kind = d.path("type").asText();
                if (kind.equals("enum")) {
                    boolean found = false;
                    for (JsonNode s : d.path("symbols")) {
                        found |= s.asText().equals(value.asText());
                    }
                    yield value.isTextual() && found;
                }
                yield kind.equals("fixed") ? value.isTextual() : value.isObject();
            }
        };
    }

    static Optional<JsonNode> readJson(String text) {
        try {
            return Optional.of(JSON_READER.readTree(text));
        } catch (JsonProcessingException e) {
            return Optional.empty();
        }
    }
}
