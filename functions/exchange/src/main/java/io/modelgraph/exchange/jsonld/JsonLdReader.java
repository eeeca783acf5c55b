package io.modelgraph.exchange.jsonld;

import com.apicatalog.jsonld.JsonLd;
import com.apicatalog.jsonld.JsonLdError;
import com.apicatalog.jsonld.document.JsonDocument;
import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.api.ApiProblem;
import io.modelgraph.codec.ParserLimits;
import io.modelgraph.exchange.profile.ImportProfile;
import io.modelgraph.exchange.profile.MappingTarget;
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
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeMap;

/**
 * Reads a JSON-LD 1.1 file into the canonical model through a profile. The file is flattened by a conforming
 * processor (titanium, remote contexts refused) so every prefix, nested node and {@code @graph} is resolved the
 * standard way; then each node is classified by the profile's classes (terms are instances of a taxonomy) and
 * each property is mapped by the profile's properties. Properties and classes the profile does not map are
 * collected for the new-properties warning and never stored.
 */
public final class JsonLdReader {
    private final ImportProfile profile;
    private final Map<String, MappingTarget> properties = new LinkedHashMap<>();
    private final Map<String, NodeType> classes = new LinkedHashMap<>();

    public JsonLdReader(ImportProfile profile) {
        this.profile = profile;
        profile.properties().forEach((k, v) -> properties.put(Iris.expand(k, profile.context()), v));
        profile.classes().forEach((k, v) -> classes.put(Iris.expand(k, profile.context()), v));
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

        Optional<JsonNode> literal(String property) {
            for (JsonNode v : values.getOrDefault(property, List.of())) {
                if (v.has("@value")) {
                    return Optional.of(v.get("@value"));
                }
            }
            return Optional.empty();
        }
    }

    public JsonLdRead read(String text, String source, String path) {
        List<Item> items = flatten(text, path);
        LossinessLedger ledger = new LossinessLedger();
        Set<String> unmapped = new LinkedHashSet<>();
        String taxonomyClass = profile.classes().entrySet().stream().filter(e -> e.getValue() == NodeType.Taxonomy)
                .map(e -> Iris.expand(e.getKey(), profile.context())).findFirst().orElse("");

        // 1. classify: profile classes first; a class that is a subclass of the taxonomy class is a taxonomy
        Map<String, NodeType> kinds = new LinkedHashMap<>();
        for (Item item : items) {
            for (String t : item.types()) {
                NodeType k = classes.get(t);
                if (k != null && !kinds.containsKey(item.id())) {
                    kinds.put(item.id(), k);
                }
            }
            if (kinds.get(item.id()) == NodeType.Type && item.ids(target(MappingTarget.SUBCLASS_OF))
                    .contains(taxonomyClass)) {
                kinds.put(item.id(), NodeType.Taxonomy);
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
        // 2. what the profile does not map (the Service_Space entry of our own exports is not model content)
        Set<String> spaceEntries = new LinkedHashSet<>();
        items.forEach(i -> spaceEntries.addAll(i.ids(Iris.SERVICE_SPACE)));
        for (Item item : items) {
            NodeType kind = kinds.get(item.id());
            if (item.values().containsKey(Iris.SERVICE_SPACE) || spaceEntries.contains(item.id())) {
                continue;
            }
            if (kind == null) {
                boolean datatype = item.types().contains(Iris.RDFS_DATATYPE);
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
        // 3. names: the label the file gives, else the IRI's last segment
        Map<String, String> names = new LinkedHashMap<>();
        for (Item item : items) {
            if (kinds.containsKey(item.id())) {
                names.put(item.id(), string(item, MappingTarget.LABEL).orElse(Iris.localName(item.id())));
            }
        }
        // 4. build the model
        Map<String, TypeDef> types = new LinkedHashMap<>();
        Map<String, TaxonomyDef> taxonomies = new LinkedHashMap<>();
        for (Item item : items) {
            NodeType kind = kinds.get(item.id());
            if (kind == NodeType.Type) {
                List<String> supers = new ArrayList<>();
                for (String s : item.ids(target(MappingTarget.SUBCLASS_OF))) {
                    if (kinds.get(s) == NodeType.Type) {
                        supers.add(names.get(s));
                    } else {
                        ledger.drop(item.id(), "superclass " + compact(s) + " is not a class of the file");
                    }
                }
                TypeDef t = TypeDef.of(names.get(item.id()), List.of()).withSupertypes(supers)
                        .withProvenance(new Provenance("jsonld", Optional.of(source), Optional.of(item.id())));
                t = string(item, MappingTarget.DESCRIPTION).map(t::withDescription).orElse(t);
                t = mapsTo(item).map(t::withMapsTo).orElse(t);
                types.put(item.id(), t);
            } else if (kind == NodeType.Taxonomy) {
                TaxonomyDef x = new TaxonomyDef(names.get(item.id()), string(item, MappingTarget.DESCRIPTION),
                        List.of(), mapsTo(item), new Provenance("jsonld", Optional.of(source), Optional.of(item.id())),
                        Map.of());
                taxonomies.put(item.id(), x);
            }
        }
        Map<String, List<Term>> terms = new LinkedHashMap<>();
        for (Item item : items) {
            if (kinds.get(item.id()) == NodeType.Exemplar) {
                String code = string(item, MappingTarget.TERM_CODE).orElse(Iris.localName(item.id()));
                Optional<String> label = string(item, MappingTarget.LABEL).filter(l -> !l.equals(code));
                Term term = new Term(code, label, string(item, MappingTarget.DESCRIPTION), mapsTo(item));
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
            ElementDef e = ElementDef.of(names.get(item.id()), range(item, kinds, names, ledger), cardinality(item));
            e = string(item, MappingTarget.DESCRIPTION).map(e::withDescription).orElse(e);
            e = mapsTo(item).map(e::withMapsTo).orElse(e);
            List<String> domain = item.ids(target(MappingTarget.DOMAIN_INCLUDES));
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
                types.put(d, t.withElements(elements));
            }
        }
        String modelName = types.isEmpty() ? "jsonld" : types.values().iterator().next().name();
        SchemaModel model = SchemaModel.of(modelName, List.copyOf(types.values()), List.copyOf(taxonomies.values()))
                .withProvenance(new Provenance("jsonld", Optional.of(source), Optional.empty()));
        return new JsonLdRead(model, List.copyOf(unmapped), ledger.entries());
    }

    private DataType range(Item item, Map<String, NodeType> kinds, Map<String, String> names, LossinessLedger ledger) {
        List<DataType> members = new ArrayList<>();
        for (String r : item.ids(target(MappingTarget.RANGE_INCLUDES))) {
            NodeType k = kinds.get(r);
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
        int min = integer(item, MappingTarget.MIN_OCCURS).orElse(0);
        OptionalInt max = integer(item, MappingTarget.MAX_OCCURS).map(OptionalInt::of).orElse(OptionalInt.empty());
        if (max.isPresent() && max.getAsInt() < min) {
            max = OptionalInt.of(min);
        }
        return new Cardinality(Math.max(0, min), max);
    }

    private Optional<Integer> integer(Item item, MappingTarget target) {
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

    private Optional<String> string(Item item, MappingTarget target) {
        for (String p : targets(target)) {
            Optional<JsonNode> v = item.literal(p);
            if (v.isPresent()) {
                return Optional.of(v.get().asText());
            }
        }
        return Optional.empty();
    }

    private Optional<String> mapsTo(Item item) {
        for (String p : targets(MappingTarget.MAPS_TO)) {
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

    /** The first property the profile maps to the target (expanded); the empty string when none. */
    private String target(MappingTarget t) {
        List<String> all = targets(t);
        return all.isEmpty() ? "" : all.get(0);
    }

    private List<String> targets(MappingTarget t) {
        List<String> out = new ArrayList<>();
        properties.forEach((p, v) -> {
            if (v.equals(t)) {
                out.add(p);
            }
        });
        return out;
    }

    private String compact(String iri) {
        return Iris.compact(iri, profile.context());
    }

    /** Parses and flattens with a conforming processor; every failure is a logical error naming the source. */
    private static List<Item> flatten(String text, String path) {
        JsonNode flat;
        try {
            // Jackson counts the depth before the recursive processor sees the text (it refuses past 256 levels);
            // the catch below still covers a processor that recurses deeper than its input nests
            Json.parse(text);
            JsonDocument document = JsonDocument.of(new StringReader(text));
            flat = Json.parse(JsonLd.flatten(document).loader(NoRemoteLoader.INSTANCE).get().toString());
        } catch (JsonLdError e) {
            throw ApiProblem.badRequest(path, "The file is not valid JSON-LD 1.1: " + e.getMessage());
        } catch (com.fasterxml.jackson.core.exc.StreamConstraintsException e) {
            throw ApiProblem.badRequest(path, ParserLimits.tooDeep(path).getMessage());
        } catch (com.fasterxml.jackson.core.JsonProcessingException | RuntimeException e) {
            throw ApiProblem.badRequest(path, "The file is not valid JSON-LD 1.1: " + e.getMessage());
        } catch (StackOverflowError e) {
            throw ApiProblem.badRequest(path, ParserLimits.tooDeep(path).getMessage());
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
