package io.modelgraph.codec.linkml;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.codec.SchemaSyntaxException;
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
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * One LinkML schema (with the schemas it imports from the same request) into the canonical model. Classes are
 * types: their own {@code slots} and {@code attributes} are elements, {@code slot_usage} refines them (or adds the
 * class's view of an inherited slot), {@code is_a} then {@code mixins} are supertypes. Enums are taxonomies,
 * types are scalars with their LinkML name kept as the native name. Whatever else the schema says is named in
 * the ledger with its path.
 */
final class LinkMlDecoding {
    static final String FORMAT = "linkml";
    static final Set<String> SCHEMA_KEYS = Set.of("id", "name", "description", "prefixes", "default_prefix",
            "default_range", "imports", "classes", "slots", "enums", "types", "title", "version", "license",
            "status");
    static final Set<String> KEPT_SCALARS = Set.of("title", "version", "license", "status");
    static final Set<String> CLASS_KEYS = Set.of("description", "is_a", "mixins", "mixin", "abstract", "tree_root",
            "slots", "attributes", "slot_usage", "class_uri");
    static final Set<String> SLOT_KEYS = Set.of("description", "range", "required", "multivalued", "identifier",
            "key", "pattern", "minimum_value", "maximum_value", "slot_uri");
    static final Set<String> ENUM_KEYS = Set.of("description", "permissible_values", "enum_uri");

    private final LossinessLedger ledger;
    private final Map<String, String> prefixes = new LinkedHashMap<>();
    private final Map<String, JsonNode> classes = new LinkedHashMap<>();
    private final Map<String, JsonNode> slots = new LinkedHashMap<>();
    private final Map<String, JsonNode> enums = new LinkedHashMap<>();
    private final Map<String, JsonNode> types = new LinkedHashMap<>();
    private String defaultRange = "string";

    LinkMlDecoding(LossinessLedger ledger) {
        this.ledger = ledger;
    }

    SchemaModel decode(List<LinkMlYaml.Document> docs) throws SchemaSyntaxException {
        JsonNode main = docs.get(0).json();
        if (!main.isObject() || !main.has("id") && !main.has("classes") && !main.has("name")) {
            throw new SchemaSyntaxException("$", "Not a LinkML schema: the document has none of 'id', 'name' or "
                    + "'classes'.");
        }
        Map<String, String> annotations = new LinkedHashMap<>();
        include(main, docs, "", annotations, new java.util.HashSet<>());
        if (main.hasNonNull("default_range")) {
            defaultRange = main.get("default_range").asText();
        }
        String name = main.path("name").asText(main.path("id").asText("linkml"));
        main.fields().forEachRemaining(f -> {
            if (KEPT_SCALARS.contains(f.getKey()) && f.getValue().isValueNode()) {
                annotations.put("linkml." + f.getKey(), f.getValue().asText());
            } else if (!SCHEMA_KEYS.contains(f.getKey())) {
                ledger.drop(f.getKey(), "schema key '" + f.getKey() + "' is not carried by the model");
            }
        });
        if (main.hasNonNull("default_prefix")) {
            annotations.put(LinkMlKeys.DEFAULT_PREFIX, main.get("default_prefix").asText());
        }
        if (main.hasNonNull("default_range")) {
            annotations.put(LinkMlKeys.DEFAULT_RANGE, defaultRange);
        }
        types.forEach((typeName, def) -> annotations.put(LinkMlKeys.TYPE_PREFIX + typeName, def.toString()));
        List<TypeDef> typeDefs = new ArrayList<>();
        // each class's place in class order, looked up per supertype: a scan of the class list per supertype made
        // a long is_a chain quadratic (16,000 classes took 2.6 s)
        Map<String, Integer> order = new java.util.HashMap<>();
        classes.keySet().forEach(n -> order.putIfAbsent(n, order.size()));
        for (Map.Entry<String, JsonNode> c : classes.entrySet()) {
            TypeDef t = type(c.getKey(), c.getValue());
            // supertypes in class order (the graph keeps no other); is_a and mixins stay apart in the annotations
            List<String> supers = new ArrayList<>(t.supertypes());
            supers.sort(java.util.Comparator.comparingInt(n -> order.getOrDefault(n, Integer.MAX_VALUE)));
            supers.stream().filter(n -> !order.containsKey(n)).forEach(n -> ledger.drop("classes." + t.name(),
                    "supertype '" + n + "' is not a class of the schema or its imports"));
            typeDefs.add(t.toBuilder().supertypes(supers.stream().filter(order::containsKey).toList()).build());
        }
        List<TaxonomyDef> taxonomies = new ArrayList<>();
        enums.forEach((enumName, def) -> taxonomies.add(taxonomy(enumName, def)));
        Set<String> used = new java.util.HashSet<>();
        classes.values().forEach(c -> c.path("slots").forEach(s -> used.add(s.asText())));
        classes.values().forEach(c -> c.path("slot_usage").fieldNames().forEachRemaining(used::add));
        slots.keySet().stream().filter(s -> !used.contains(s)).forEach(s -> ledger.drop("slots." + s,
                "slot '" + s + "' is used by no class; the model holds elements only inside types"));
        // the schema's id is the model's identifier; the (first) tree_root class its root type
        Optional<String> root = classes.entrySet().stream().filter(c -> c.getValue().path("tree_root")
                .asBoolean(false)).map(Map.Entry::getKey).findFirst();
        return new SchemaModel(name, text(main, "description"), typeDefs, taxonomies, prefixes,
                new Provenance(FORMAT, Optional.empty(), Optional.of(name)), annotations, root, text(main, "id"),
                List.of());
    }

    /**
     * The names a document imports: {@code imports} is a multivalued slot of URIs or CURIEs, and a single value is
     * read as a list of one, as LinkML's own loaders do. A mapping, or a list holding anything but names, is refused
     * (docs/formats/linkml.md).
     */
    private static List<String> imports(JsonNode imports, String at) throws SchemaSyntaxException {
        if (imports.isMissingNode() || imports.isNull()) {
            return List.of();
        }
        if (imports.isValueNode()) {
            return List.of(imports.asText());
        }
        if (!imports.isArray()) {
            throw new SchemaSyntaxException(at + "imports", "'imports' is a list of schema names (URIs or CURIEs),"
                    + " not a mapping.");
        }
        List<String> names = new ArrayList<>();
        for (int i = 0; i < imports.size(); i++) {
            if (!imports.get(i).isValueNode() || imports.get(i).isNull()) {
                throw new SchemaSyntaxException(at + "imports[" + i + "]", "An import is a schema name (a URI or"
                        + " a CURIE), not a list or a mapping.");
            }
            names.add(imports.get(i).asText());
        }
        return names;
    }

    /** Takes the definitions of a document and, depth first, of the documents it imports. */
    private void include(JsonNode doc, List<LinkMlYaml.Document> docs, String at, Map<String, String> annotations,
            Set<String> seen) throws SchemaSyntaxException {
        String id = doc.path("id").asText(doc.path("name").asText(""));
        if (!seen.add(id)) {
            return;
        }
        prefixes(doc.path("prefixes"));
        List<String> importList = new ArrayList<>();
        List<String> imports = imports(doc.path("imports"), at);
        for (int i = 0; i < imports.size(); i++) {
            String imp = imports.get(i);
            importList.add(imp);
            if (imp.startsWith("linkml:")) {
                // a metamodel module (types, units, mappings, extensions, ...): it defines the metamodel's own
                // slots and classes, none of a schema's data model; types are bundled in LinkMlTypes, and the
                // encoder writes the module imports back from the linkml.imports annotation
                continue;
            }
            Optional<JsonNode> found = find(imp, docs);
            if (found.isEmpty()) {
                throw new SchemaSyntaxException(at + "imports[" + i + "]", "Import '" + imp + "' is not available: "
                        + "put the imported schema in the same request, as a further YAML document (after '---') "
                        + "whose name or id ends in '" + imp + "', or in a bundle of file name to file text.");
            }
            include(found.get(), docs, at, annotations, seen);
        }
        if (at.isEmpty() && !importList.isEmpty()) {
            annotations.put(LinkMlKeys.IMPORTS, String.join(",", importList));
        }
        collect(doc.path("classes"), classes);
        collect(doc.path("slots"), slots);
        collect(doc.path("enums"), enums);
        collect(doc.path("types"), types);
    }

    private static void collect(JsonNode section, Map<String, JsonNode> into) {
        section.fields().forEachRemaining(f -> into.put(f.getKey(), f.getValue()));
    }

    /**
     * An import by file, CURIE or name. LinkML resolves a plain import as a file next to the importing one
     * ({@code common} is {@code common.yaml}), so a bundle's file name decides first; then the document whose name,
     * or id's last segment, is the import's last segment.
     */
    private static Optional<JsonNode> find(String imp, List<LinkMlYaml.Document> docs) {
        String path = imp.startsWith("./") ? imp.substring(2) : imp;
        for (LinkMlYaml.Document d : docs.subList(1, docs.size())) {
            String file = d.file().replaceFirst("\\.(yaml|yml)$", "");
            if (!file.isEmpty() && (file.equals(path) || file.endsWith("/" + path))) {
                return Optional.of(d.json());
            }
        }
        String local = imp.substring(Math.max(imp.lastIndexOf(':'), imp.lastIndexOf('/')) + 1);
        for (LinkMlYaml.Document doc : docs.subList(1, docs.size())) {
            JsonNode d = doc.json();
            String id = d.path("id").asText("");
            if (d.path("name").asText("").equals(local) || id.equals(imp) || id.endsWith("/" + local)) {
                return Optional.of(d);
            }
        }
        return Optional.empty();
    }

    private void prefixes(JsonNode node) {
        node.fields().forEachRemaining(f -> {
            JsonNode v = f.getValue();
            String iri = v.isTextual() ? v.asText() : v.path("prefix_reference").asText("");
            if (!iri.isEmpty()) {
                prefixes.putIfAbsent(f.getKey(), iri);
            }
        });
    }

    private TypeDef type(String name, JsonNode def) {
        String at = "classes." + name;
        unknownKeys(def, CLASS_KEYS, at);
        Map<String, String> ann = new LinkedHashMap<>();
        List<String> supers = new ArrayList<>();
        if (def.hasNonNull("is_a")) {
            supers.add(def.get("is_a").asText());
        }
        List<String> mixins = new ArrayList<>();
        def.path("mixins").forEach(m -> mixins.add(m.asText()));
        supers.addAll(mixins);
        if (!mixins.isEmpty()) {
            ann.put(LinkMlKeys.MIXINS, String.join(",", mixins));
        }
        if (def.path("mixin").asBoolean(false)) {
            ann.put(LinkMlKeys.MIXIN, "true");
        }
        List<ElementDef> elements = new ArrayList<>();
        JsonNode usage = def.path("slot_usage");
        Set<String> listed = new java.util.HashSet<>();
        for (JsonNode s : def.path("slots")) {
            String slot = s.asText();
            if (!listed.add(slot)) {
                // LinkML reads a slot listed twice as one slot; two elements of one name would give a second
                // column or field of the same name in every target
                ledger.drop(at + ".slots." + slot, "slot '" + slot + "' is listed twice; read once");
                continue;
            }
            JsonNode global = slots.get(slot);
            if (global == null) {
                ledger.approximate(at + ".slots." + slot, "slot '" + slot + "' is not defined in the schema; read "
                        + "with the default range");
            }
            elements.add(usage(element(slot, merge(global, usage.get(slot)), at + ".slots." + slot, "slot"),
                    usage.get(slot)));
        }
        def.path("attributes").fields().forEachRemaining(f -> {
            if (!listed.add(f.getKey())) {
                ledger.drop(at + ".attributes." + f.getKey(), "attribute '" + f.getKey() + "' has the name of a slot"
                        + " the class lists; the slot is read, the attribute is not");
                return;
            }
            elements.add(element(f.getKey(), merge(f.getValue(), usage.get(f.getKey())), at + ".attributes."
                    + f.getKey(), "attribute"));
        });
        usage.fields().forEachRemaining(f -> {
            boolean own = elements.stream().anyMatch(e -> e.name().equals(f.getKey()));
            if (!own) {
                elements.add(usage(element(f.getKey(), merge(slots.get(f.getKey()), f.getValue()),
                        at + ".slot_usage." + f.getKey(), "slot_usage"), f.getValue()));
            }
        });
        TypeDef t = TypeDef.builder(name).description(text(def, "description")).supertypes(supers).elements(elements)
                .isAbstract(def.path("abstract").asBoolean(false)).mapsTo(text(def, "class_uri").map(this::expand))
                .provenance(new Provenance(FORMAT, Optional.empty(), Optional.of(name))).annotations(ann).build();
        return t;
    }

    /** Notes which keys the class's slot_usage set, so the encoder can tell the global slot from the usage. */
    private static ElementDef usage(ElementDef e, JsonNode usage) {
        if (usage == null || !usage.isObject() || usage.isEmpty()) {
            return e;
        }
        Map<String, String> ann = new LinkedHashMap<>(e.annotations());
        List<String> keys = new ArrayList<>();
        usage.fieldNames().forEachRemaining(keys::add);
        ann.put(LinkMlKeys.USAGE, String.join(",", keys));
        return e.toBuilder().annotations(ann).build();
    }

    /** A slot definition with a class's slot_usage laid over it (usage keys win). */
    private static JsonNode merge(JsonNode base, JsonNode usage) {
        com.fasterxml.jackson.databind.node.ObjectNode out = io.modelgraph.json.Json.object();
        if (base != null && base.isObject()) {
            out.setAll((com.fasterxml.jackson.databind.node.ObjectNode) base);
        }
        if (usage != null && usage.isObject()) {
            out.setAll((com.fasterxml.jackson.databind.node.ObjectNode) usage);
        }
        return out;
    }

    private ElementDef element(String name, JsonNode def, String at, String origin) {
        unknownKeys(def, SLOT_KEYS, at);
        Map<String, String> ann = new LinkedHashMap<>();
        ann.put(LinkMlKeys.ORIGIN, origin);
        if (def.path("identifier").asBoolean(false)) {
            ann.put(LinkMlKeys.IDENTIFIER, "true");
        }
        if (def.path("key").asBoolean(false)) {
            ann.put(LinkMlKeys.KEY, "true");
        }
        boolean required = def.path("required").asBoolean(false) || def.path("identifier").asBoolean(false);
        boolean many = def.path("multivalued").asBoolean(false);
        Cardinality card = new Cardinality(required ? 1 : 0, many ? OptionalInt.empty() : OptionalInt.of(1));
        Constraints c = Constraints.NONE;
        if (def.hasNonNull("pattern")) {
            c = c.toBuilder().pattern(def.get("pattern").asText()).build();
        }
        BigDecimal min = number(def, "minimum_value", at);
        BigDecimal max = number(def, "maximum_value", at);
        if (min != null || max != null) {
            c = c.toBuilder().minimum(min).maximum(max).build();
        }
        return ElementDef.of(name, range(def.path("range").asText(defaultRange), at), card)
                .toBuilder().constraints(c).annotations(ann).description(text(def, "description"))
                .mapsTo(text(def, "slot_uri").map(this::expand)).build();
    }

    private BigDecimal number(JsonNode def, String key, String at) {
        JsonNode v = def.get(key);
        if (v == null || v.isNull()) {
            return null;
        }
        if (v.isNumber()) {
            return v.decimalValue();
        }
        try {
            return new BigDecimal(v.asText());
        } catch (NumberFormatException e) {
            ledger.drop(at + "." + key, key + " '" + v.asText() + "' is not a number the model can hold");
            return null;
        }
    }

    private DataType range(String range, String at) {
        if (classes.containsKey(range)) {
            return new DataType.TypeRef(range);
        }
        if (enums.containsKey(range)) {
            return new DataType.TaxonomyRef(range);
        }
        Optional<PrimitiveKind> kind = scalar(range, 0);
        if (kind.isPresent()) {
            return new DataType.Primitive(kind.get(), Optional.of(range));
        }
        ledger.approximate(at + ".range", "range '" + range + "' is not a class, enum or type of the schema; read as "
                + "any value");
        return new DataType.Primitive(PrimitiveKind.ANY, Optional.of(range));
    }

    /** A built-in type's kind, or a schema type's through its {@code typeof} chain. */
    private Optional<PrimitiveKind> scalar(String name, int depth) {
        Optional<LinkMlTypes.BuiltIn> builtIn = LinkMlTypes.get(name);
        if (builtIn.isPresent()) {
            return builtIn.map(LinkMlTypes.BuiltIn::kind);
        }
        JsonNode def = types.get(name);
        if (def == null || depth > 32) {
            return Optional.empty();
        }
        if (def.hasNonNull("typeof")) {
            return scalar(def.get("typeof").asText(), depth + 1);
        }
        return Optional.of(switch (def.path("base").asText("str")) {
            case "int" -> PrimitiveKind.INTEGER;
            case "float" -> PrimitiveKind.NUMBER;
            case "Decimal" -> PrimitiveKind.DECIMAL;
            case "Bool" -> PrimitiveKind.BOOLEAN;
            case "XSDDate" -> PrimitiveKind.DATE;
            case "XSDDateTime" -> PrimitiveKind.DATETIME;
            case "XSDTime" -> PrimitiveKind.TIME;
            case "URI", "URIorCURIE" -> PrimitiveKind.URI;
            default -> PrimitiveKind.STRING;
        });
    }

    private TaxonomyDef taxonomy(String name, JsonNode def) {
        String at = "enums." + name;
        unknownKeys(def, ENUM_KEYS, at);
        List<Term> terms = new ArrayList<>();
        JsonNode pvs = def.path("permissible_values");
        if (pvs.isArray()) {
            pvs.forEach(v -> terms.add(Term.of(v.asText())));
        } else {
            pvs.fields().forEachRemaining(f -> {
                JsonNode v = f.getValue();
                if (v != null && v.isObject()) {
                    v.fieldNames().forEachRemaining(k -> {
                        if (!Set.of("description", "meaning", "text").contains(k)) {
                            ledger.drop(at + ".permissible_values." + f.getKey() + "." + k, "permissible value key '"
                                    + k + "' is not carried by the model");
                        }
                    });
                }
                JsonNode body = v == null ? io.modelgraph.json.Json.object() : v;
                terms.add(new Term(f.getKey(), Optional.empty(), text(body, "description"),
                        text(body, "meaning").map(this::expand)));
            });
        }
        return new TaxonomyDef(name, text(def, "description"), terms, text(def, "enum_uri").map(this::expand),
                new Provenance(FORMAT, Optional.empty(), Optional.of(name)), Map.of());
    }

    private void unknownKeys(JsonNode def, Set<String> known, String at) {
        if (def == null || !def.isObject()) {
            return;
        }
        def.fieldNames().forEachRemaining(k -> {
            if (!known.contains(k)) {
                ledger.drop(at + "." + k, "LinkML key '" + k + "' is not carried by the model");
            }
        });
    }

    /** A CURIE with a declared prefix becomes its IRI; anything else is kept as written. */
    String expand(String curie) {
        return io.modelgraph.schema.Curies.expand(curie, prefixes);
    }

    private static Optional<String> text(JsonNode def, String key) {
        JsonNode v = def == null ? null : def.get(key);
        return v == null || v.isNull() || v.isContainerNode() ? Optional.empty() : Optional.of(v.asText());
    }
}
