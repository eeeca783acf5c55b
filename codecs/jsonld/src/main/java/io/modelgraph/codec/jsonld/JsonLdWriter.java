package io.modelgraph.codec.jsonld;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.codec.InvalidOptionException;
import io.modelgraph.graph.NodeType;
import io.modelgraph.json.Json;
import io.modelgraph.schema.DataType;
import io.modelgraph.schema.ElementDef;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.TaxonomyDef;
import io.modelgraph.schema.Term;
import io.modelgraph.schema.TypeDef;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Writes a canonical model as JSON-LD 1.1 in a vocabulary (the exchange function passes its profile's): types, elements (one property node per
 * element name, with every type holding it in its domain), taxonomies with their terms as instances, and the
 * data types used. Nodes are sorted by {@code @id} and the context is the profile's, so the same model always
 * gives the same text (the round-trip tests compare texts).
 */
public final class JsonLdWriter {
    private final JsonLdVocabulary profile;
    private final Map<String, String> prefixes;

    public JsonLdWriter(JsonLdVocabulary profile) {
        this.profile = profile;
        this.prefixes = prefixesOf(profile.context());
    }

    /**
     * The context terms that JSON-LD 1.1 expands as prefixes: a simple term definition is a prefix only when its
     * IRI ends with a gen-delim ({@code : / ? # [ ] @}); {@code "IAO": ".../obo/IAO_"} is not, so
     * {@code IAO:0000101} would read back as an IRI of scheme {@code IAO}. IRIs are compacted with these only.
     */
    static Map<String, String> prefixesOf(Map<String, String> context) {
        Map<String, String> out = new LinkedHashMap<>();
        context.forEach((term, iri) -> {
            if (!iri.isEmpty() && ":/?#[]@".indexOf(iri.charAt(iri.length() - 1)) >= 0) {
                out.put(term, iri);
            }
        });
        return out;
    }

    public String write(SchemaModel model, JsonLdExportOptions options) {
        TreeMap<String, ObjectNode> nodes = new TreeMap<>();
        TreeSet<String> dataTypes = new TreeSet<>();
        Ids ids = Ids.of(model);
        if (options.exportTypes()) {
            for (TypeDef t : model.types()) {
                if (options.selected(t.name())) {
                    nodes.put(Iris.model(t.name()), type(t, options));
                }
            }
        }
        if (options.exportElements()) {
            Map<String, List<Map.Entry<TypeDef, ElementDef>>> byName = new LinkedHashMap<>();
            for (TypeDef t : model.types()) {
                for (ElementDef e : t.elements()) {
                    byName.computeIfAbsent(e.name(), k -> new ArrayList<>()).add(Map.entry(t, e));
                }
            }
            byName.forEach((name, holders) -> {
                if (options.selected(name)) {
                    nodes.put(ids.element(name), element(ids.element(name), name, holders, options, dataTypes,
                            ids));
                }
            });
        }
        if (options.exportTaxonomies()) {
            for (TaxonomyDef x : model.taxonomies()) {
                if (options.selected(x.name())) {
                    nodes.put(ids.taxonomy(x.name()), taxonomy(ids.taxonomy(x.name()), x));
                    for (Term term : x.terms()) {
                        nodes.put(Iris.term(x.name(), term.code()), term(ids.taxonomy(x.name()), x, term));
                    }
                }
            }
        }
        if (options.exportDataTypes()) {
            if (!options.exportElements()) {
                for (TypeDef t : model.types()) {
                    for (ElementDef e : t.elements()) {
                        collectPrimitives(e.type(), dataTypes);
                    }
                }
            }
            for (String iri : dataTypes) {
                ObjectNode n = Json.object();
                n.put("@id", compact(iri));
                n.put("@type", compact(Iris.RDFS_DATATYPE));
                put(n, JsonLdRole.LABEL, Json.MAPPER.getNodeFactory().textNode(Iris.localName(iri)));
                nodes.put(iri, n);
            }
        }
        ObjectNode doc = Json.object();
        ObjectNode context = doc.putObject("@context");
        profile.context().forEach(context::put);
        if (!options.graphBased()) {
            if (nodes.size() != 1) {
                throw new InvalidOptionException("query.graphBased", "graphBased=false exports a single node, but the "
                        + "selection holds " + nodes.size() + " nodes; pick one with nodeIds (or use graphBased=true).");
            }
            options.space().ifPresent(s -> space(doc, context, s));
            nodes.firstEntry().getValue().fields().forEachRemaining(f -> doc.set(f.getKey(), f.getValue()));
            return Json.writePretty(doc);
        }
        options.space().ifPresent(s -> space(doc, context, s));
        ArrayNode graph = doc.putArray("@graph");
        nodes.values().forEach(graph::add);
        return Json.writePretty(doc);
    }

    /** Service_Space: a term of the context (so the output stays valid JSON-LD) holding the space's id and label. */
    private void space(ObjectNode doc, ObjectNode context, JsonLdExportOptions.SpaceInfo space) {
        context.putObject("Service_Space").put("@id", compact(Iris.SERVICE_SPACE));
        ObjectNode s = doc.putObject("Service_Space");
        s.put("@id", "urn:modelgraph:space:" + Iris.encode(space.id()));
        put(s, JsonLdRole.LABEL, Json.MAPPER.getNodeFactory().textNode(space.label()));
    }

    private ObjectNode type(TypeDef t, JsonLdExportOptions options) {
        ObjectNode n = header(Iris.model(t.name()), NodeType.Type, options.useDefaultType() ? Iris.RDFS_CLASS : null);
        label(n, t.name());
        t.description().ifPresent(d -> put(n, JsonLdRole.DESCRIPTION, text(d)));
        refs(n, JsonLdRole.SUBCLASS_OF, t.supertypes().stream().map(Iris::model).toList());
        t.mapsTo().ifPresent(m -> refs(n, JsonLdRole.MAPS_TO, List.of(m)));
        return n;
    }

    private ObjectNode element(String id, String name, List<Map.Entry<TypeDef, ElementDef>> holders,
            JsonLdExportOptions options, TreeSet<String> dataTypes, Ids ids) {
        ElementDef first = holders.get(0).getValue();
        ObjectNode n = header(id, NodeType.Element, options.useDefaultType() ? Iris.RDF_PROPERTY : null);
        label(n, name);
        first.description().ifPresent(d -> put(n, JsonLdRole.DESCRIPTION, text(d)));
        refs(n, JsonLdRole.DOMAIN_INCLUDES, holders.stream().map(h -> Iris.model(h.getKey().name())).toList());
        List<String> ranges = new ArrayList<>();
        range(first.type(), ranges, ids);
        collectPrimitives(first.type(), dataTypes);
        refs(n, JsonLdRole.RANGE_INCLUDES, ranges);
        first.mapsTo().ifPresent(m -> refs(n, JsonLdRole.MAPS_TO, List.of(m)));
        put(n, JsonLdRole.MIN_OCCURS, Json.MAPPER.getNodeFactory().numberNode(first.cardinality().min()));
        first.cardinality().max().ifPresent(max -> put(n, JsonLdRole.MAX_OCCURS,
                Json.MAPPER.getNodeFactory().numberNode(max)));
        return n;
    }

    private ObjectNode taxonomy(String id, TaxonomyDef x) {
        ObjectNode n = header(id, NodeType.Taxonomy, null);
        label(n, x.name());
        x.description().ifPresent(d -> put(n, JsonLdRole.DESCRIPTION, text(d)));
        x.mapsTo().ifPresent(m -> refs(n, JsonLdRole.MAPS_TO, List.of(m)));
        return n;
    }

    /** A term is an instance of its taxonomy (schema.org's enumeration members). */
    private ObjectNode term(String taxonomyId, TaxonomyDef x, Term term) {
        ObjectNode n = Json.object();
        n.put("@id", compact(Iris.term(x.name(), term.code())));
        n.put("@type", compact(taxonomyId));
        label(n, term.label().orElse(term.code()));
        put(n, JsonLdRole.TERM_CODE, text(term.code()));
        term.description().ifPresent(d -> put(n, JsonLdRole.DESCRIPTION, text(d)));
        term.mapsTo().ifPresent(m -> refs(n, JsonLdRole.MAPS_TO, List.of(m)));
        return n;
    }

    private ObjectNode header(String id, NodeType type, String defaultType) {
        ObjectNode n = Json.object();
        n.put("@id", compact(id));
        List<String> types = new ArrayList<>();
        profile.classFor(type).ifPresent(types::add);
        if (defaultType != null) {
            String compact = compact(defaultType);
            if (!types.contains(compact)) {
                types.add(compact);
            }
        }
        if (types.size() == 1) {
            n.put("@type", types.get(0));
        } else if (!types.isEmpty()) {
            ArrayNode a = n.putArray("@type");
            types.forEach(a::add);
        }
        return n;
    }

    private void label(ObjectNode n, String label) {
        put(n, JsonLdRole.LABEL, text(label));
    }

    /** Writes the value under the profile's property for the target; a profile without one omits it. */
    private void put(ObjectNode n, JsonLdRole role, JsonNode value) {
        profile.propertyFor(role).ifPresent(p -> n.set(p, value));
    }

    private void refs(ObjectNode n, JsonLdRole role, List<String> iris) {
        if (iris.isEmpty()) {
            return;
        }
        Optional<String> property = profile.propertyFor(role);
        if (property.isEmpty()) {
            return;
        }
        if (iris.size() == 1) {
            n.putObject(property.get()).put("@id", compact(iris.get(0)));
        } else {
            ArrayNode a = n.putArray(property.get());
            iris.forEach(i -> a.addObject().put("@id", compact(i)));
        }
    }

    private static void range(DataType type, List<String> out, Ids ids) {
        if (type instanceof DataType.Primitive p) {
            out.add(Iris.primitive(p.kind()));
        } else if (type instanceof DataType.TypeRef r) {
            out.add(Iris.model(r.typeName()));
        } else if (type instanceof DataType.TaxonomyRef r) {
            out.add(ids.taxonomy(r.taxonomyName()));
        } else if (type instanceof DataType.Union u) {
            u.members().forEach(m -> range(m, out, ids));
        } else if (type instanceof DataType.MapOf) {
            // JSON-LD has no map type: a map's values are described by nothing narrower than a resource
            out.add(Iris.primitive(io.modelgraph.schema.PrimitiveKind.ANY));
        }
    }

    private static void collectPrimitives(DataType type, TreeSet<String> out) {
        if (type instanceof DataType.Primitive p) {
            out.add(Iris.primitive(p.kind()));
        } else if (type instanceof DataType.Union u) {
            u.members().forEach(m -> collectPrimitives(m, out));
        }
    }

    /**
     * The node IRIs of elements and taxonomies. Types, elements and taxonomies are all {@code model:<name>}, but a
     * ShEx shape and a predicate, or a LinkML class and slot, may share a name: one node would then stand for both
     * and a range naming the type would read back as the property. A type keeps {@code model:<name>}; an element
     * or taxonomy whose IRI is taken gets a suffix ({@code model:Count_2}). Names read back from the labels, so
     * they do not change (docs/formats/jsonld.md).
     */
    private record Ids(Map<String, String> elements, Map<String, String> taxonomies) {
        static Ids of(SchemaModel model) {
            java.util.Set<String> taken = new java.util.HashSet<>();
            model.types().forEach(t -> taken.add(Iris.model(t.name())));
            Map<String, String> elements = new LinkedHashMap<>();
            for (TypeDef t : model.types()) {
                for (ElementDef e : t.elements()) {
                    elements.computeIfAbsent(e.name(), n -> unique(Iris.model(n), taken));
                }
            }
            Map<String, String> taxonomies = new LinkedHashMap<>();
            model.taxonomies().forEach(x -> taxonomies.computeIfAbsent(x.name(), n -> unique(Iris.model(n), taken)));
            return new Ids(elements, taxonomies);
        }

        private static String unique(String iri, java.util.Set<String> taken) {
            String candidate = iri;
            for (int n = 2; !taken.add(candidate); n++) {
                candidate = iri + "_" + n;
            }
            return candidate;
        }

        String element(String name) {
            return elements.getOrDefault(name, Iris.model(name));
        }

        String taxonomy(String name) {
            return taxonomies.getOrDefault(name, Iris.model(name));
        }
    }

    private String compact(String iri) {
        return Iris.compact(iri, prefixes);
    }

    private static JsonNode text(String s) {
        return Json.MAPPER.getNodeFactory().textNode(s);
    }

}
