package io.modelgraph.codec.linkml;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.json.Json;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.DataType;
import io.modelgraph.schema.ElementDef;
import io.modelgraph.schema.PrimitiveKind;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.TaxonomyDef;
import io.modelgraph.schema.Term;
import io.modelgraph.schema.TypeDef;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The canonical model as a LinkML schema that validates against the metamodel: types as classes (elements as
 * {@code attributes}, or as {@code slots} with {@code slot_usage} when they came from global slots), taxonomies as
 * enums, the schema's own types and metadata from the {@code linkml.} annotations the decoder kept.
 */
final class LinkMlEncoding {
    private final LossinessLedger ledger;
    private final Map<String, String> prefixes = new LinkedHashMap<>();

    LinkMlEncoding(LossinessLedger ledger) {
        this.ledger = ledger;
    }

    /**
     * The schema {@code id}: the model's identifier when it is an absolute URI, which the metamodel requires
     * ({@code format: uri}); otherwise the identifier under the modelgraph namespace, with a ledger entry
     * (docs/fidelity.md).
     */
    private String schemaId(SchemaModel model, String name) {
        if (model.identifier().isEmpty()) {
            return "https://w3id.org/modelgraph/" + name;
        }
        String id = model.identifier().get();
        if (absoluteUri(id)) {
            return id;
        }
        String written = "https://w3id.org/modelgraph/" + URLEncoder.encode(id, StandardCharsets.UTF_8)
                .replace("+", "%20");
        ledger.approximate("$", "identifier " + id + " is not an absolute URI: the schema id is " + written);
        return written;
    }

    static boolean absoluteUri(String text) {
        try {
            URI uri = new URI(text);
            return uri.isAbsolute();
        } catch (URISyntaxException e) {
            return false;
        }
    }

    String encode(SchemaModel model) {
        Map<String, String> ann = model.annotations();
        ObjectNode doc = Json.object();
        String name = safeName(model.name());
        doc.put("id", schemaId(model, name));
        doc.put("name", name);
        model.description().ifPresent(d -> doc.put("description", d));
        for (String k : LinkMlDecoding.KEPT_SCALARS) {
            Optional.ofNullable(ann.get("linkml." + k)).ifPresent(v -> doc.put(k, v));
        }
        prefixes.put("linkml", "https://w3id.org/linkml/");
        // the metamodel types a prefix's reference as a URI (format: uri), so one that is not absolute (ShExC's
        // PREFIX p: <>, the document itself) is left out and the IRIs it would shorten are written in full
        model.namespaces().entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e -> {
            if (absoluteUri(e.getValue())) {
                prefixes.putIfAbsent(e.getKey(), e.getValue());
            } else {
                ledger.drop("$", "prefix " + e.getKey() + ": <" + e.getValue() + "> is not an absolute URI, which"
                        + " a LinkML prefix reference must be; it is left out");
            }
        });
        ObjectNode px = doc.putObject("prefixes");
        prefixes.forEach(px::put);
        Optional.ofNullable(ann.get(LinkMlKeys.DEFAULT_PREFIX)).filter(prefixes::containsKey)
                .ifPresent(p -> doc.put("default_prefix", p));
        Optional.ofNullable(ann.get(LinkMlKeys.DEFAULT_RANGE)).ifPresent(r -> doc.put("default_range", r));
        // imported schemas were merged into the model, so only the bundled types remain an import
        ArrayNode imports = doc.putArray("imports").add("linkml:types");
        // metamodel modules the source imported (linkml:units, linkml:mappings) stay imports: they add no types
        Optional.ofNullable(ann.get(LinkMlKeys.IMPORTS)).stream().flatMap(v -> java.util.Arrays.stream(v.split(",")))
                .filter(i -> i.startsWith("linkml:") && !i.equals("linkml:types")).distinct().forEach(imports::add);
        ObjectNode types = Json.object();
        ann.keySet().stream().filter(k -> k.startsWith(LinkMlKeys.TYPE_PREFIX)).sorted().forEach(k -> {
            try {
                types.set(k.substring(LinkMlKeys.TYPE_PREFIX.length()), listsAsArrays(Json.parse(ann.get(k))));
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                ledger.drop("$", "annotation " + k + " is not the JSON the decoder writes; not written");
            }
        });
        ann.keySet().stream().filter(k -> !k.startsWith("linkml.")).sorted().forEach(k -> ledger.drop("$",
                "model annotation " + k + " has no place in a LinkML schema"));
        if (!types.isEmpty()) {
            doc.set("types", types);
        }
        ObjectNode slots = globalSlots(model);
        ObjectNode classes = Json.object();
        for (TypeDef t : model.types()) {
            classes.set(t.name(), type(t, slots, model));
        }
        if (!slots.isEmpty()) {
            doc.set("slots", slots);
        }
        if (!classes.isEmpty()) {
            doc.set("classes", classes);
        }
        ObjectNode enums = Json.object();
        for (TaxonomyDef x : model.taxonomies()) {
            enums.set(x.name(), taxonomy(x));
        }
        if (!enums.isEmpty()) {
            doc.set("enums", enums);
        }
        return LinkMlYaml.write(doc);
    }

    private ObjectNode type(TypeDef t, ObjectNode globalSlots, SchemaModel model) {
        ObjectNode c = Json.object();
        t.description().ifPresent(d -> c.put("description", d));
        List<String> mixins = List.of(t.annotations().getOrDefault(LinkMlKeys.MIXINS, "").split(",")).stream()
                .filter(s -> !s.isEmpty() && t.supertypes().contains(s)).toList();
        List<String> isA = t.supertypes().stream().filter(s -> !mixins.contains(s)).toList();
        if (!isA.isEmpty()) {
            c.put("is_a", isA.get(0));
        }
        List<String> extra = new ArrayList<>(mixins);
        if (isA.size() > 1) {
            // LinkML has one is_a: further supertypes are written as mixins
            extra.addAll(isA.subList(1, isA.size()));
            ledger.narrow(t.name(), "LinkML allows one is_a: " + isA.subList(1, isA.size()) + " written as mixins");
        }
        if (!extra.isEmpty()) {
            ArrayNode m = c.putArray("mixins");
            extra.forEach(m::add);
        }
        if (t.isAbstract()) {
            c.put("abstract", true);
        }
        if ("true".equals(t.annotations().get(LinkMlKeys.MIXIN))) {
            c.put("mixin", true);
        }
        if (model.rootType().filter(t.name()::equals).isPresent()) {
            c.put("tree_root", true);
        }
        t.mapsTo().ifPresent(m -> c.put("class_uri", compact(m)));
        t.annotations().keySet().stream().filter(k -> !k.startsWith("linkml.")).sorted().forEach(k -> ledger.drop(
                t.name(), "annotation " + k + " has no place in a LinkML class"));
        ArrayNode slotList = Json.array();
        ObjectNode usage = Json.object();
        ObjectNode attributes = Json.object();
        for (ElementDef e : t.elements()) {
            String at = t.name() + "." + e.name();
            String origin = e.annotations().getOrDefault(LinkMlKeys.ORIGIN, "attribute");
            ObjectNode def = slot(e, at, model);
            if (origin.equals("attribute")) {
                attributes.set(e.name(), def);
            } else {
                if (origin.equals("slot")) {
                    slotList.add(e.name());
                }
                ObjectNode diff = difference((ObjectNode) globalSlots.get(e.name()), def);
                for (String k : usageKeys(e)) {
                    if (def.has(k)) {
                        diff.set(k, def.get(k));
                    }
                }
                if (!diff.isEmpty() || origin.equals("slot_usage")) {
                    usage.set(e.name(), diff);
                }
            }
        }
        if (!slotList.isEmpty()) {
            c.set("slots", slotList);
        }
        if (!usage.isEmpty()) {
            c.set("slot_usage", usage);
        }
        if (!attributes.isEmpty()) {
            c.set("attributes", attributes);
        }
        return c;
    }

    /**
     * Each global slot's own definition: an element using it without slot_usage states it exactly; otherwise the
     * first user's view without the keys its usage set (the global values of those keys are not known).
     */
    private ObjectNode globalSlots(SchemaModel model) {
        Map<String, ObjectNode> exact = new LinkedHashMap<>();
        Map<String, ObjectNode> approx = new LinkedHashMap<>();
        LossinessLedger quiet = new LossinessLedger();
        for (TypeDef t : model.types()) {
            for (ElementDef e : t.elements()) {
                String origin = e.annotations().getOrDefault(LinkMlKeys.ORIGIN, "attribute");
                if (origin.equals("attribute")) {
                    continue;
                }
                ObjectNode def = new LinkMlEncoding(quiet).withPrefixes(prefixes).slot(e, "", model);
                if (usageKeys(e).isEmpty()) {
                    exact.putIfAbsent(e.name(), def);
                } else {
                    usageKeys(e).forEach(def::remove);
                    approx.putIfAbsent(e.name(), def);
                }
            }
        }
        ObjectNode out = Json.object();
        approx.forEach((k, v) -> exact.putIfAbsent(k, v));
        exact.forEach(out::set);
        return out;
    }

    private LinkMlEncoding withPrefixes(Map<String, String> p) {
        prefixes.putAll(p);
        return this;
    }

    private static List<String> usageKeys(ElementDef e) {
        return List.of(e.annotations().getOrDefault(LinkMlKeys.USAGE, "").split(",")).stream()
                .filter(s -> !s.isEmpty()).toList();
    }

    /** The keys of {@code own} that differ from the global slot: what the class's slot_usage states. */
    private static ObjectNode difference(ObjectNode global, ObjectNode own) {
        ObjectNode out = Json.object();
        own.fields().forEachRemaining(f -> {
            if (!f.getValue().equals(global.get(f.getKey()))) {
                out.set(f.getKey(), f.getValue());
            }
        });
        global.fieldNames().forEachRemaining(k -> {
            if (!own.has(k)) {
                // a usage can only add or override; a global fact the class lacks is stated as its default
                switch (k) {
                    case "required", "multivalued", "identifier", "key" -> out.put(k, false);
                    default -> { }
                }
            }
        });
        return out;
    }

    private ObjectNode slot(ElementDef e, String at, SchemaModel model) {
        ObjectNode s = Json.object();
        e.description().ifPresent(d -> s.put("description", d));
        s.put("range", range(e.type(), at, model));
        if (e.cardinality().required()) {
            s.put("required", true);
        }
        if (e.cardinality().many()) {
            s.put("multivalued", true);
        }
        if (e.cardinality().min() > 1 || (e.cardinality().many() && e.cardinality().max().isPresent())) {
            ledger.relax(at, "LinkML states required and multivalued, not counts: cardinality "
                    + e.cardinality().min() + ".." + e.cardinality().max() + " is written as "
                    + (e.cardinality().required() ? "required " : "") + "multivalued");
        }
        if ("true".equals(e.annotations().get(LinkMlKeys.IDENTIFIER))) {
            s.put("identifier", true);
        }
        if ("true".equals(e.annotations().get(LinkMlKeys.KEY))) {
            s.put("key", true);
        }
        e.constraints().pattern().ifPresent(p -> s.put("pattern", p));
        e.constraints().minimum().ifPresent(v -> s.set("minimum_value", number(v)));
        e.constraints().maximum().ifPresent(v -> s.set("maximum_value", number(v)));
        var c = e.constraints().toBuilder().pattern(Optional.empty()).minimum(Optional.empty())
                .maximum(Optional.empty()).build();
        if (!c.isEmpty()) {
            ledger.relax(at, "constraints other than pattern, minimum and maximum have no LinkML slot property here");
        }
        e.mapsTo().ifPresent(m -> s.put("slot_uri", compact(m)));
        if (e.nullable()) {
            ledger.drop(at, "LinkML has no null distinct from absent: nullable is not written");
        }
        if (e.defaultValue().isPresent() || !e.examples().isEmpty()) {
            ledger.drop(at, "default and example values are not written");
        }
        e.annotations().keySet().stream().filter(k -> !k.startsWith("linkml.")).sorted().forEach(k -> ledger.drop(at,
                "annotation " + k + " has no place in a LinkML slot"));
        return s;
    }

    private static JsonNode number(java.math.BigDecimal v) {
        return v.scale() <= 0 ? Json.MAPPER.getNodeFactory().numberNode(v.toBigInteger())
                : Json.MAPPER.getNodeFactory().numberNode(v);
    }

    private String range(DataType type, String at, SchemaModel model) {
        if (type instanceof DataType.TypeRef r) {
            return r.typeName();
        }
        if (type instanceof DataType.TaxonomyRef r) {
            return r.taxonomyName();
        }
        if (type instanceof DataType.Primitive p) {
            // another format's native name is reused only where LinkML's type of that name is the same kind
            // (an ODCS number with physicalType decimal is no LinkML decimal)
            if (p.nativeName().isPresent() && (LinkMlTypes.get(p.nativeName().get()).filter(b -> b.kind() == p.kind())
                    .isPresent() || model.annotations().containsKey(LinkMlKeys.TYPE_PREFIX + p.nativeName().get()))) {
                return p.nativeName().get();
            }
            if (p.nativeName().isPresent() || p.kind() == PrimitiveKind.ANY || p.kind() == PrimitiveKind.BINARY
                    || p.kind() == PrimitiveKind.UUID || p.kind() == PrimitiveKind.DURATION) {
                ledger.approximate(at, "scalar " + p.nativeName().orElse(p.kind().name()) + " is written as LinkML '"
                        + LinkMlTypes.nameOf(p.kind()) + "'");
            }
            return LinkMlTypes.nameOf(p.kind());
        }
        if (type instanceof DataType.Union u) {
            ledger.narrow(at, "a union range is written as its first member (LinkML any_of is not written)");
            return range(u.members().get(0), at, model);
        }
        ledger.approximate(at, "a map has no LinkML range: written as string");
        return "string";
    }

    private ObjectNode taxonomy(TaxonomyDef x) {
        ObjectNode e = Json.object();
        x.description().ifPresent(d -> e.put("description", d));
        x.mapsTo().ifPresent(m -> e.put("enum_uri", compact(m)));
        ObjectNode pvs = e.putObject("permissible_values");
        for (Term t : x.terms()) {
            ObjectNode pv = Json.object();
            t.description().ifPresent(d -> pv.put("description", d));
            t.mapsTo().ifPresent(m -> pv.put("meaning", compact(m)));
            t.label().ifPresent(l -> ledger.drop(x.name() + "." + t.code(), "term label '" + l + "' is not written "
                    + "(a permissible value is its code)"));
            pvs.set(t.code(), pv);
        }
        if (!x.annotations().isEmpty()) {
            ledger.drop(x.name(), "annotations " + x.annotations().keySet() + " are not written");
        }
        return e;
    }

    /** Metamodel slots that are multivalued: YAML lets a schema write one value bare, the metamodel wants a list. */
    private static final java.util.Set<String> MULTIVALUED = java.util.Set.of("notes", "comments", "todos",
            "see_also", "aliases", "exact_mappings", "close_mappings", "related_mappings", "narrow_mappings",
            "broad_mappings", "mappings", "in_subset", "keywords", "contributors", "categories", "union_of",
            "equals_string_in", "any_of", "all_of", "exactly_one_of", "none_of");

    private static JsonNode listsAsArrays(JsonNode def) {
        if (def instanceof ObjectNode o) {
            List<String> keys = new ArrayList<>();
            o.fieldNames().forEachRemaining(keys::add);
            for (String k : keys) {
                if (MULTIVALUED.contains(k) && !o.get(k).isArray() && !o.get(k).isNull()) {
                    JsonNode v = o.get(k);
                    o.putArray(k).add(v);
                }
            }
        }
        return def;
    }

    /** An IRI under a declared prefix is written as a CURIE. */
    private String compact(String iri) {
        return io.modelgraph.schema.Curies.compact(iri, prefixes);
    }

    /** A LinkML schema name is an NCName-like token. */
    private static String safeName(String name) {
        String s = name.replaceAll("[^A-Za-z0-9_.-]", "_");
        return s.isEmpty() || !Character.isLetter(s.charAt(0)) && s.charAt(0) != '_' ? "_" + s : s;
    }
}
