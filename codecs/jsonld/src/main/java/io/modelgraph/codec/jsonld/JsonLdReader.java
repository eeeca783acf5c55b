package io.modelgraph.codec.jsonld;

import com.apicatalog.jsonld.JsonLdError;
import com.apicatalog.jsonld.JsonLdOptions;
import com.apicatalog.jsonld.document.Document;
import com.apicatalog.jsonld.document.JsonDocument;
import com.apicatalog.jsonld.processor.FlatteningProcessor;
import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.codec.ParserLimits;
import io.modelgraph.codec.SchemaSyntaxException;
import io.modelgraph.codec.jsonschema.JsonSchemaText;
import io.modelgraph.graph.NodeType;
import io.modelgraph.json.Json;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.Cardinality;
import io.modelgraph.schema.DataType;
import io.modelgraph.schema.ElementDef;
import io.modelgraph.schema.PrimitiveKind;
import io.modelgraph.schema.Provenance;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.TaxonomyDef;
import io.modelgraph.schema.Term;
import io.modelgraph.schema.TypeDef;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeMap;

/**
 * Reads a JSON-LD 1.1 file into the canonical model through a vocabulary. The file is flattened by a conforming
 * processor (titanium; remote contexts only from the bundled {@link OfflineContexts}) so every prefix, nested
 * node, {@code @graph} and {@code @reverse} is resolved the standard way; then each node is classified by the
 * vocabulary's classes (a subclass of the taxonomy class is a taxonomy, its instances are terms; a data type is a
 * scalar, not a type) and each property is mapped by the vocabulary's properties. Properties and classes the
 * vocabulary does not map are collected (the exchange function's new-properties warning, the codec's ledger).
 */
public final class JsonLdReader {
    private final Map<String, JsonLdRole> properties = new LinkedHashMap<>();
    private final Map<String, NodeType> classes = new LinkedHashMap<>();
    private final Map<String, String> prefixes;

    public JsonLdReader(JsonLdVocabulary vocabulary) {
        this.prefixes = vocabulary.context();
        vocabulary.properties().forEach((k, v) -> properties.put(Iris.expand(k, prefixes), v));
        vocabulary.classes().forEach((k, v) -> classes.put(Iris.expand(k, prefixes), v));
    }

    /** One flattened node: its id, classes and property values (IRIs or literals). */
    private record Item(String id, List<String> types, Map<String, List<JsonNode>> values) {
        List<String> ids(String property) {
            List<String> out = new ArrayList<>();
            for (JsonNode v : values.getOrDefault(property, List.of())) {
                if (v.has("@id")) {
                    out.add(v.get("@id").asText());
                }
            }
            return out;
        }

        /** The first literal value; a blank one (VC's empty labels) counts as absent. */
        Optional<JsonNode> literal(String property) {
            for (JsonNode v : values.getOrDefault(property, List.of())) {
                if (v.has("@value") && !(v.get("@value").isTextual() && v.get("@value").asText().isBlank())) {
                    return Optional.of(v.get("@value"));
                }
            }
            return Optional.empty();
        }
    }

    /** Reads {@code text}; {@code source} names the file in provenance. */
    public JsonLdRead read(String text, String source) throws SchemaSyntaxException {
        JsonNode parsed = JsonSchemaText.parse(text);
        List<Item> items = flatten(text);
        LossinessLedger ledger = new LossinessLedger();
        Set<String> unmapped = new LinkedHashSet<>();
        String taxonomyClass = classes.entrySet().stream().filter(e -> e.getValue() == NodeType.Taxonomy)
                .map(Map.Entry::getKey).findFirst().orElse("");
        Map<String, DataType> dataTypes = dataTypes(items);

        // 1. classify: vocabulary classes first; a class under the taxonomy class (at any depth) is a taxonomy
        Map<String, NodeType> kinds = new LinkedHashMap<>();
        for (Item item : items) {
            if (dataTypes.containsKey(item.id())) {
                continue;
            }
            for (String t : item.types()) {
                NodeType k = classes.get(t);
                if (k != null && !kinds.containsKey(item.id())) {
                    kinds.put(item.id(), k);
                }
            }
        }
        boolean changed = true;
        while (changed) {
            changed = false;
            for (Item item : items) {
                if (kinds.get(item.id()) == NodeType.Type && refs(item, JsonLdRole.SUBCLASS_OF).stream()
                        .anyMatch(s -> s.equals(taxonomyClass) || kinds.get(s) == NodeType.Taxonomy)) {
                    kinds.put(item.id(), NodeType.Taxonomy);
                    changed = true;
                }
            }
        }
        for (Item item : items) {
            if (!kinds.containsKey(item.id())) {
                for (String t : item.types()) {
                    if (kinds.get(t) == NodeType.Taxonomy) {
                        kinds.put(item.id(), NodeType.Exemplar);
                    }
                }
            }
        }
        // 2. what the vocabulary does not map (the Service_Space entry of our own exports is not model content)
        Set<String> spaceEntries = new LinkedHashSet<>();
        items.forEach(i -> spaceEntries.addAll(i.ids(Iris.SERVICE_SPACE)));
        for (Item item : items) {
            NodeType kind = kinds.get(item.id());
            if (item.values().containsKey(Iris.SERVICE_SPACE) || spaceEntries.contains(item.id())) {
                continue;
            }
            if (kind == null) {
                boolean datatype = item.types().contains(Iris.RDFS_DATATYPE) || dataTypes.containsKey(item.id());
                if (!datatype && (!item.types().isEmpty() || !item.values().isEmpty())) {
                    item.types().forEach(t -> unmapped.add("@type " + compact(t)));
                    if (item.types().isEmpty()) {
                        ledger.drop(item.id(), "a node without a class is not part of the model");
                    }
                }
                continue;
            }
            for (String p : item.values().keySet()) {
                if (!properties.containsKey(p) && !p.equals(Iris.SERVICE_SPACE)) {
                    unmapped.add(compact(p));
                }
            }
        }
        // 3. names: the label the file gives, else the IRI's last segment; a name already taken falls back too.
        //    The file's own namespace (the one most of its classes and properties live in) names first, so
        //    schema.org's Person is "Person" and a borrowed foaf-style Person gets the suffix.
        Map<String, String> names = new LinkedHashMap<>();
        Set<String> taken = new HashSet<>();
        // an element's name is its own: a class and a property of one name (a ShEx shape and a predicate) are
        // both kept as written, as the model keys types and elements apart
        Set<String> takenElements = new HashSet<>();
        Map<String, Integer> namespaces = new TreeMap<>();
        kinds.forEach((id, k) -> namespaces.merge(Iris.namespace(id), 1, Integer::sum));
        String home = namespaces.entrySet().stream().max(Map.Entry.comparingByValue()).map(Map.Entry::getKey)
                .orElse("");
        List<Item> naming = new ArrayList<>(items);
        naming.sort(java.util.Comparator.comparing((Item i) -> !Iris.namespace(i.id()).equals(home)));
        for (Item item : naming) {
            if (kinds.containsKey(item.id()) && kinds.get(item.id()) != NodeType.Exemplar) {
                names.put(item.id(), uniqueName(string(item, JsonLdRole.LABEL).orElse(Iris.localName(item.id())),
                        item.id(), kinds.get(item.id()) == NodeType.Element ? takenElements : taken));
            } else if (kinds.containsKey(item.id())) {
                names.put(item.id(), string(item, JsonLdRole.LABEL).orElse(Iris.localName(item.id())));
            }
        }
        // 4. build the model
        Map<String, TypeDef> types = new LinkedHashMap<>();
        Map<String, TaxonomyDef> taxonomies = new LinkedHashMap<>();
        for (Item item : items) {
            NodeType kind = kinds.get(item.id());
            if (kind == NodeType.Type) {
                List<String> supers = new ArrayList<>();
                // RDF values have no order: taken in IRI order (the model's type order), so the graph agrees
                for (String s : new java.util.TreeSet<>(refs(item, JsonLdRole.SUBCLASS_OF))) {
                    if (kinds.get(s) == NodeType.Type) {
                        supers.add(names.get(s));
                    } else {
                        ledger.drop(item.id(), "superclass " + compact(s) + " is not a class of the file");
                    }
                }
                TypeDef t = TypeDef.of(names.get(item.id()), List.of()).toBuilder().supertypes(supers)
                        .provenance(new Provenance("jsonld", Optional.of(source), Optional.of(item.id())))
                        .description(string(item, JsonLdRole.DESCRIPTION)).mapsTo(mapsTo(item)).build();
                types.put(item.id(), t);
            } else if (kind == NodeType.Taxonomy) {
                TaxonomyDef x = new TaxonomyDef(names.get(item.id()), string(item, JsonLdRole.DESCRIPTION),
                        List.of(), mapsTo(item), new Provenance("jsonld", Optional.of(source), Optional.of(item.id())),
                        Map.of());
                taxonomies.put(item.id(), x);
            }
        }
        Map<String, List<Term>> terms = new LinkedHashMap<>();
        for (Item item : items) {
            if (kinds.get(item.id()) == NodeType.Exemplar) {
                String code = string(item, JsonLdRole.TERM_CODE).orElse(Iris.localName(item.id()));
                Optional<String> label = string(item, JsonLdRole.LABEL).filter(l -> !l.equals(code));
                Term term = new Term(code, label, string(item, JsonLdRole.DESCRIPTION), mapsTo(item));
                for (String t : item.types()) {
                    if (taxonomies.containsKey(t)) {
                        terms.computeIfAbsent(t, k -> new ArrayList<>()).add(term);
                    }
                }
            }
        }
        terms.forEach((id, list) -> {
            TaxonomyDef x = taxonomies.get(id);
            taxonomies.put(id, new TaxonomyDef(x.name(), x.description(), list, x.mapsTo(), x.provenance(),
                    x.annotations()));
        });
        for (Item item : items) {
            if (kinds.get(item.id()) != NodeType.Element) {
                continue;
            }
            ElementDef e = ElementDef.builder(names.get(item.id()))
                    .type(range(item, kinds, names, dataTypes, ledger)).cardinality(cardinality(item))
                    .description(string(item, JsonLdRole.DESCRIPTION)).mapsTo(mapsTo(item)).build();
            List<String> domain = refs(item, JsonLdRole.DOMAIN_INCLUDES);
            if (domain.isEmpty()) {
                ledger.drop(item.id(), "property " + names.get(item.id()) + " has no domain in the file; the model "
                        + "holds properties only inside types");
            }
            for (String d : domain) {
                TypeDef t = types.get(d);
                if (t == null) {
                    ledger.drop(item.id(), "domain " + compact(d) + " is not a class of the file");
                    continue;
                }
                List<ElementDef> elements = new ArrayList<>(t.elements());
                elements.add(e);
                types.put(d, t.toBuilder().elements(elements).build());
            }
        }
        String modelName = types.isEmpty() ? "jsonld" : types.values().iterator().next().name();
        SchemaModel model = SchemaModel.of(modelName, List.copyOf(types.values()), List.copyOf(taxonomies.values()))
                .toBuilder().provenance(new Provenance("jsonld", Optional.of(source), Optional.empty())).build();
        // a vocabulary that declares itself an owl:Ontology (the VC vocabulary does) gives the model its identifier
        Optional<String> ontology = items.stream().filter(i -> i.types().contains(Iris.OWL_ONTOLOGY))
                .map(Item::id).findFirst();
        if (ontology.isPresent()) {
            model = model.toBuilder().identifier(ontology.get()).build();
        }
        return new JsonLdRead(model.toBuilder().namespaces(prefixes(parsed))
                .build(), List.copyOf(unmapped), ledger.entries());
    }

    /** The prefixes the file's top-level context declares (term → namespace IRI ending in '/' or '#'). */
    private static Map<String, String> prefixes(JsonNode doc) {
        Map<String, String> out = new TreeMap<>();
        JsonNode context = doc.path("@context");
        List<JsonNode> parts = new ArrayList<>();
        if (context.isArray()) {
            context.forEach(parts::add);
        } else {
            parts.add(context);
        }
        for (JsonNode part : parts) {
            part.fields().forEachRemaining(f -> {
                String iri = f.getValue().isTextual() ? f.getValue().asText() : f.getValue().path("@id").asText("");
                if (!f.getKey().startsWith("@") && !f.getKey().contains(":") && (iri.endsWith("/")
                        || iri.endsWith("#")) && iri.contains("://")) {
                    out.put(f.getKey(), iri);
                }
            });
        }
        return out;
    }

    private DataType range(Item item, Map<String, NodeType> kinds, Map<String, String> names,
            Map<String, DataType> dataTypes, LossinessLedger ledger) {
        List<DataType> members = new ArrayList<>();
        for (String r : refs(item, JsonLdRole.RANGE_INCLUDES)) {
            NodeType k = kinds.get(r);
            if (dataTypes.containsKey(r)) {
                members.add(dataTypes.get(r));
                if (Iris.readPrimitive(r).isEmpty()) {
                    ledger.approximate(item.id(), "range " + compact(r) + " is a data type of the file; read as "
                            + "its nearest known scalar");
                }
                continue;
            }
            if (k == NodeType.Type) {
                members.add(new DataType.TypeRef(names.get(r)));
            } else if (k == NodeType.Taxonomy) {
                members.add(new DataType.TaxonomyRef(names.get(r)));
            } else {
                Optional<DataType> p = Iris.readPrimitive(r);
                if (p.isPresent()) {
                    members.add(p.get());
                } else {
                    ledger.approximate(item.id(), "range " + compact(r) + " is neither a class of the file nor a "
                            + "known data type; read as any value");
                    members.add(DataType.of(PrimitiveKind.ANY));
                }
            }
        }
        if (members.isEmpty()) {
            return DataType.of(PrimitiveKind.ANY);
        }
        return members.size() == 1 ? members.get(0) : new DataType.Union(members);
    }

    private Cardinality cardinality(Item item) {
        int min = integer(item, JsonLdRole.MIN_OCCURS).orElse(0);
        OptionalInt max = integer(item, JsonLdRole.MAX_OCCURS).map(OptionalInt::of).orElse(OptionalInt.empty());
        if (max.isPresent() && max.getAsInt() < min) {
            max = OptionalInt.of(min);
        }
        return new Cardinality(Math.max(0, min), max);
    }

    private Optional<Integer> integer(Item item, JsonLdRole target) {
        for (String p : targets(target)) {
            Optional<JsonNode> v = item.literal(p);
            if (v.isPresent() && v.get().canConvertToInt()) {
                return Optional.of(v.get().asInt());
            }
            if (v.isPresent() && v.get().isTextual() && v.get().asText().matches("\\d{1,9}")) {
                return Optional.of(Integer.parseInt(v.get().asText()));
            }
        }
        return Optional.empty();
    }

    private Optional<String> string(Item item, JsonLdRole target) {
        for (String p : targets(target)) {
            Optional<JsonNode> v = item.literal(p);
            if (v.isPresent()) {
                return Optional.of(v.get().asText());
            }
        }
        return Optional.empty();
    }

    private Optional<String> mapsTo(Item item) {
        for (String p : targets(JsonLdRole.MAPS_TO)) {
            List<String> ids = item.ids(p);
            if (!ids.isEmpty()) {
                return Optional.of(ids.get(0));
            }
            Optional<JsonNode> v = item.literal(p);
            if (v.isPresent()) {
                return Optional.of(v.get().asText());
            }
        }
        return Optional.empty();
    }

    /** The IRIs an item refers to through every property of the role, in vocabulary order, without repeats. */
    private List<String> refs(Item item, JsonLdRole role) {
        Set<String> out = new LinkedHashSet<>();
        targets(role).forEach(p -> out.addAll(item.ids(p)));
        return List.copyOf(out);
    }

    /** Keeps names unique across the model (they become {@code model:} IRIs): the IRI's last segment, then a count. */
    private static String uniqueName(String wanted, String iri, Set<String> taken) {
        String name = wanted;
        if (taken.contains(name)) {
            name = Iris.localName(iri);
        }
        String base = name;
        for (int i = 2; taken.contains(name); i++) {
            name = base + "_" + i;
        }
        taken.add(name);
        return name;
    }

    /**
     * Data types of the file mapped to the scalar they are read as: known IRIs (xsd, schema.org's), nodes typed
     * {@code schema:DataType} or {@code rdfs:Datatype}, and their subclasses (schema.org's {@code URL} is a
     * subclass of {@code Text}); an unknown data type reads as its nearest known ancestor, else any value.
     */
    private Map<String, DataType> dataTypes(List<Item> items) {
        Map<String, DataType> out = new LinkedHashMap<>();
        Map<String, List<String>> supers = new LinkedHashMap<>();
        for (Item item : items) {
            supers.put(item.id(), refs(item, JsonLdRole.SUBCLASS_OF));
            if (Iris.readPrimitive(item.id()).isPresent() || item.types().contains(Iris.SCHEMA_DATATYPE)
                    || item.types().contains(Iris.RDFS_DATATYPE) || item.id().equals(Iris.SCHEMA_DATATYPE)) {
                out.put(item.id(), Iris.readPrimitive(item.id()).orElse(DataType.of(PrimitiveKind.ANY)));
            }
        }
        boolean changed = true;
        while (changed) {
            changed = false;
            for (Map.Entry<String, List<String>> e : supers.entrySet()) {
                for (String s : e.getValue()) {
                    DataType inherited = out.get(s);
                    DataType own = out.get(e.getKey());
                    if (inherited != null && (own == null || (Iris.readPrimitive(e.getKey()).isEmpty()
                            && isAny(own) && !isAny(inherited)))) {
                        out.put(e.getKey(), inherited);
                        changed = true;
                    }
                }
            }
        }
        return out;
    }

    private static boolean isAny(DataType t) {
        return t instanceof DataType.Primitive p && p.kind() == PrimitiveKind.ANY;
    }

    private List<String> targets(JsonLdRole t) {
        List<String> out = new ArrayList<>();
        properties.forEach((p, v) -> {
            if (v.equals(t)) {
                out.add(p);
            }
        });
        return out;
    }

    private String compact(String iri) {
        return Iris.compact(iri, prefixes);
    }


    /**
     * Flattens text that the bounded reader has already parsed with a conforming processor; failures are logical
     * errors.
     */
    private static List<Item> flatten(String text) throws SchemaSyntaxException {
        JsonNode flat;
        OfflineContexts loader = new OfflineContexts();
        try {
            // the text has passed the bounded reader (read parses it first; its depth limit stops hostile nesting
            // before the recursive processor sees it); the catch below still covers a processor that recurses
            // deeper than its input nests
            JsonDocument document = JsonDocument.of(new StringReader(text));
            // the processor is called with options built around the offline loader: titanium's JsonLd.flatten
            // starts from default options, whose loader builds an HTTPS client (TLS set-up, about 600 classes)
            // on a cold start although no context is ever fetched
            flat = Json.parse(FlatteningProcessor.flatten(document, (Document) null, new JsonLdOptions(loader))
                    .toString());
        } catch (JsonLdError e) {
            if (loader.missing().isPresent()) {
                throw new SchemaSyntaxException("@context", "Remote context '" + loader.missing().get() + "' is not "
                        + "in the offline context cache (" + String.join(", ", OfflineContexts.URLS)
                        + "); remote contexts are never fetched: put the context inline.");
            }
            throw new SchemaSyntaxException("$", "The file is not valid JSON-LD 1.1: " + e.getMessage());
        } catch (com.fasterxml.jackson.core.exc.StreamConstraintsException e) {
            throw new SchemaSyntaxException("$", ParserLimits.tooDeep("$").getMessage());
        } catch (com.fasterxml.jackson.core.JsonProcessingException | RuntimeException e) {
            throw new SchemaSyntaxException("$", "The file is not valid JSON-LD 1.1: " + e.getMessage());
        } catch (StackOverflowError e) {
            throw new SchemaSyntaxException("$", ParserLimits.tooDeep("$").getMessage());
        }
        List<JsonNode> nodes = new ArrayList<>();
        JsonNode top = flat.isArray() ? flat : flat.path("@graph");
        top.forEach(n -> {
            nodes.add(n);
            // a named graph (a document with Service_Space beside @graph) holds the model nodes
            n.path("@graph").forEach(nodes::add);
        });
        Map<String, Item> items = new TreeMap<>();
        for (JsonNode n : nodes) {
            String id = n.path("@id").asText("");
            List<String> types = new ArrayList<>();
            n.path("@type").forEach(t -> types.add(t.asText()));
            Map<String, List<JsonNode>> values = new LinkedHashMap<>();
            n.fields().forEachRemaining(f -> {
                if (!f.getKey().startsWith("@")) {
                    List<JsonNode> list = new ArrayList<>();
                    f.getValue().forEach(list::add);
                    values.put(f.getKey(), list);
                }
            });
            if (!n.has("@graph") || !values.isEmpty() || !types.isEmpty()) {
                items.put(id, new Item(id, types, values));
            }
        }
        return List.copyOf(items.values());
    }
}
