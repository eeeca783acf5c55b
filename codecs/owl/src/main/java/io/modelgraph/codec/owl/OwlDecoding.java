package io.modelgraph.codec.owl;

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
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.eclipse.rdf4j.model.BNode;
import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Literal;
import org.eclipse.rdf4j.model.Model;
import org.eclipse.rdf4j.model.Namespace;
import org.eclipse.rdf4j.model.Resource;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.Value;
import org.eclipse.rdf4j.model.util.RDFCollections;
import org.eclipse.rdf4j.model.vocabulary.OWL;
import org.eclipse.rdf4j.model.vocabulary.RDF;
import org.eclipse.rdf4j.model.vocabulary.RDFS;

/**
 * An OWL 2 ontology (as RDF) into the canonical model. Named classes are types (an {@code owl:oneOf} class a
 * taxonomy of its individuals); object and datatype properties with a named domain are elements of it, their
 * range the element's type; functional properties are single-valued; restrictions on a class ({@code some},
 * {@code all}, cardinalities) add or narrow the class's element. Every statement not used is counted in the
 * ledger by predicate (unions, intersections, disjointness, property chains, equivalences, imports...).
 */
final class OwlDecoding {
    static final String FORMAT = "owl";
    private final Model rdf;
    private final LossinessLedger ledger;
    private final Set<Statement> used = new HashSet<>();
    private final Map<Resource, String> names = new LinkedHashMap<>();
    private final Set<String> taken = new HashSet<>();

    OwlDecoding(Model rdf, LossinessLedger ledger) {
        this.rdf = rdf;
        this.ledger = ledger;
    }

    SchemaModel decode() {
        Optional<IRI> ontology = subjects(RDF.TYPE, OWL.ONTOLOGY).stream().filter(r -> r instanceof IRI)
                .map(r -> (IRI) r).findFirst();
        ontology.ifPresent(o -> {
            used(o, RDF.TYPE, OWL.ONTOLOGY);
            // the ontology's label and comment are the model's name and description
            used(o, RDFS.LABEL, null);
            used(o, RDFS.COMMENT, null);
        });
        Set<IRI> classes = new TreeSet<>(java.util.Comparator.comparing(IRI::stringValue));
        for (Value c : List.of(OWL.CLASS, RDFS.CLASS)) {
            subjects(RDF.TYPE, c).stream().filter(r -> r instanceof IRI).forEach(r -> {
                classes.add((IRI) r);
                used(r, RDF.TYPE, c);
            });
        }
        Set<IRI> enumerations = new TreeSet<>(java.util.Comparator.comparing(IRI::stringValue));
        for (IRI c : classes) {
            if (rdf.contains(c, OWL.ONEOF, null)) {
                enumerations.add(c);
            }
        }
        Map<IRI, TypeDef> types = new LinkedHashMap<>();
        for (IRI c : classes) {
            if (!enumerations.contains(c)) {
                names.put(c, name(c));
            }
        }
        Map<IRI, TaxonomyDef> taxonomies = new LinkedHashMap<>();
        for (IRI c : enumerations) {
            names.put(c, name(c));
            taxonomies.put(c, taxonomy(c));
        }
        for (IRI c : classes) {
            if (enumerations.contains(c)) {
                continue;
            }
            TypeDef t = TypeDef.builder(names.get(c)).description(comment(c)).supertypes(supertypes(c))
                    .provenance(new Provenance(FORMAT, Optional.empty(), Optional.of(c.stringValue()))).build();
            types.put(c, t);
        }
        properties(types);
        restrictions(types);
        reportUnused();
        String name = ontology.map(this::label).orElse(types.isEmpty() ? "ontology"
                : types.values().iterator().next().name());
        Map<String, String> prefixes = new TreeMap<>();
        for (Namespace ns : rdf.getNamespaces()) {
            prefixes.put(ns.getPrefix(), ns.getName());
        }
        Optional<String> description = ontology.flatMap(this::comment);
        return new SchemaModel(name, description, List.copyOf(types.values()), List.copyOf(taxonomies.values()),
                prefixes, new Provenance(FORMAT, Optional.empty(), ontology.map(IRI::stringValue)), Map.of(),
                Optional.empty(), ontology.map(IRI::stringValue), List.of());
    }

    /** Named superclasses in IRI order: the model's type order, which is the only order the graph keeps. */
    private List<String> supertypes(IRI c) {
        TreeMap<String, String> out = new TreeMap<>();
        for (Statement s : rdf.filter(c, RDFS.SUBCLASSOF, null)) {
            if (s.getObject() instanceof IRI sup && names.containsKey(sup) && !(rdf.contains(sup, OWL.ONEOF, null))) {
                out.put(sup.stringValue(), names.get(sup));
                used.add(s);
            } else if (s.getObject() instanceof IRI sup && sup.equals(OWL.THING)) {
                used.add(s);
            }
        }
        return List.copyOf(out.values());
    }

    private TaxonomyDef taxonomy(IRI c) {
        List<Term> terms = new ArrayList<>();
        for (Statement s : rdf.filter(c, OWL.ONEOF, null)) {
            used.add(s);
            if (s.getObject() instanceof Resource list) {
                for (Value v : collection(list)) {
                    String code = v instanceof Literal l ? l.getLabel() : v instanceof IRI i ? label(i) : v.stringValue();
                    terms.add(new Term(code, Optional.empty(), v instanceof IRI i ? comment(i) : Optional.empty(),
                            v instanceof IRI i ? Optional.of(i.stringValue()) : Optional.empty()));
                }
            }
        }
        return new TaxonomyDef(names.get(c), comment(c), terms, Optional.empty(),
                new Provenance(FORMAT, Optional.empty(), Optional.of(c.stringValue())), Map.of());
    }

    private void properties(Map<IRI, TypeDef> types) {
        Set<IRI> props = new TreeSet<>(java.util.Comparator.comparing(IRI::stringValue));
        for (IRI kind : List.of(OWL.OBJECTPROPERTY, OWL.DATATYPEPROPERTY, RDF.PROPERTY)) {
            subjects(RDF.TYPE, kind).stream().filter(r -> r instanceof IRI).forEach(r -> {
                props.add((IRI) r);
                used(r, RDF.TYPE, kind);
            });
        }
        Map<IRI, List<ElementDef>> added = new LinkedHashMap<>();
        for (IRI p : props) {
            boolean functional = rdf.contains(p, RDF.TYPE, OWL.FUNCTIONALPROPERTY);
            if (functional) {
                used(p, RDF.TYPE, OWL.FUNCTIONALPROPERTY);
            }
            DataType range = range(p);
            List<IRI> domains = new ArrayList<>();
            for (Statement s : rdf.filter(p, RDFS.DOMAIN, null)) {
                if (s.getObject() instanceof IRI d && types.containsKey(d)) {
                    domains.add(d);
                    used.add(s);
                }
            }
            if (domains.isEmpty()) {
                continue;
            }
            String name = elementName(p);
            ElementDef e = ElementDef.of(name, range, functional ? Cardinality.OPTIONAL : Cardinality.ANY_NUMBER)
                    .toBuilder().annotations(Map.of(OwlKeys.IRI, p.stringValue())).description(comment(p)).build();
            for (IRI d : domains) {
                added.computeIfAbsent(d, k -> new ArrayList<>()).add(e);
            }
        }
        // each type is rebuilt once with all its properties: rebuilt per property, a class with 16,000 properties
        // took 13 s (copying its growing element list each time)
        added.forEach((d, elements) -> {
            TypeDef t = types.get(d);
            List<ElementDef> all = new ArrayList<>(t.elements());
            all.addAll(elements);
            types.put(d, t.toBuilder().elements(all).build());
        });
    }

    private DataType range(IRI p) {
        List<DataType> members = new ArrayList<>();
        for (Statement s : rdf.filter(p, RDFS.RANGE, null)) {
            if (s.getObject() instanceof IRI r) {
                Optional<DataType> t = typeOf(r);
                if (t.isPresent()) {
                    members.add(t.get());
                    used.add(s);
                }
            }
        }
        if (members.isEmpty()) {
            return DataType.of(PrimitiveKind.ANY);
        }
        return members.size() == 1 ? members.get(0) : new DataType.Union(members);
    }

    private Optional<DataType> typeOf(IRI r) {
        if (names.containsKey(r)) {
            return Optional.of(rdf.contains(r, OWL.ONEOF, null) ? new DataType.TaxonomyRef(names.get(r))
                    : new DataType.TypeRef(names.get(r)));
        }
        return Xsd.read(r);
    }

    /** Restrictions in subClassOf: the class's element for the property, added or narrowed. */
    private void restrictions(Map<IRI, TypeDef> types) {
        for (Map.Entry<IRI, TypeDef> entry : types.entrySet()) {
            for (Statement s : rdf.filter(entry.getKey(), RDFS.SUBCLASSOF, null)) {
                if (!(s.getObject() instanceof BNode b) || !rdf.contains(b, RDF.TYPE, OWL.RESTRICTION)) {
                    continue;
                }
                Optional<IRI> on = rdf.filter(b, OWL.ONPROPERTY, null).objects().stream()
                        .filter(v -> v instanceof IRI).map(v -> (IRI) v).findFirst();
                if (on.isEmpty()) {
                    continue;
                }
                Restriction r = Restriction.read(rdf, b, this::typeOf);
                if (r.unreadable()) {
                    continue;
                }
                used.add(s);
                rdf.filter(b, null, null).forEach(used::add);
                TypeDef t = types.get(entry.getKey());
                String name = elementName(on.get());
                List<ElementDef> elements = new ArrayList<>(t.elements());
                int at = -1;
                for (int i = 0; i < elements.size(); i++) {
                    if (elements.get(i).name().equals(name)) {
                        at = i;
                    }
                }
                ElementDef e = at >= 0 ? elements.get(at) : ElementDef.of(name, range(on.get()),
                        Cardinality.ANY_NUMBER).toBuilder().annotations(Map.of(OwlKeys.IRI, on.get().stringValue()))
                                .build();
                if (at < 0) {
                    e = e.toBuilder().description(comment(on.get())).build();
                }
                e = r.applyTo(e);
                if (at >= 0) {
                    elements.set(at, e);
                } else {
                    elements.add(e);
                }
                types.put(entry.getKey(), t.toBuilder().elements(elements).build());
            }
        }
    }

    private void reportUnused() {
        // labels and comments of what became model parts are carried; of anything else they go with it
        Map<String, Integer> byPredicate = new TreeMap<>();
        Map<String, String> example = new TreeMap<>();
        for (Statement s : rdf) {
            boolean carriedText = (s.getPredicate().equals(RDFS.LABEL) || s.getPredicate().equals(RDFS.COMMENT))
                    && (names.containsKey(s.getSubject()) || isElement(s.getSubject()));
            if (used.contains(s) || carriedText) {
                continue;
            }
            String p = s.getPredicate().equals(RDF.TYPE) ? "rdf:type " + short_(s.getObject())
                    : short_(s.getPredicate());
            byPredicate.merge(p, 1, Integer::sum);
            example.putIfAbsent(p, short_(s.getSubject()));
        }
        byPredicate.forEach((p, n) -> ledger.drop(example.get(p), n + " statement(s) " + p
                + " have no place in the model (e.g. on " + example.get(p) + ")"));
    }

    private boolean isElement(Resource r) {
        return r instanceof IRI && (rdf.contains(r, RDF.TYPE, OWL.OBJECTPROPERTY)
                || rdf.contains(r, RDF.TYPE, OWL.DATATYPEPROPERTY) || rdf.contains(r, RDF.TYPE, RDF.PROPERTY))
                && rdf.contains(r, RDFS.DOMAIN, null);
    }

    private String short_(Value v) {
        if (v instanceof IRI i) {
            for (Namespace ns : rdf.getNamespaces()) {
                if (i.stringValue().startsWith(ns.getName()) && !ns.getPrefix().isEmpty()) {
                    return ns.getPrefix() + ":" + i.stringValue().substring(ns.getName().length());
                }
            }
            for (Map.Entry<String, String> e : Xsd.WELL_KNOWN.entrySet()) {
                if (i.stringValue().startsWith(e.getValue())) {
                    return e.getKey() + ":" + i.stringValue().substring(e.getValue().length());
                }
            }
            return i.stringValue();
        }
        return v instanceof BNode ? "a blank node" : v.stringValue();
    }

    private List<Value> collection(Resource head) {
        List<Value> out = new ArrayList<>();
        try {
            RDFCollections.asValues(rdf, head, out);
            // the list's own rdf:first/rdf:rest statements are carried by the terms
            Resource node = head;
            Set<Resource> seen = new HashSet<>();
            while (node != null && !node.equals(RDF.NIL) && seen.add(node)) {
                rdf.filter(node, null, null).forEach(used::add);
                node = rdf.filter(node, RDF.REST, null).objects().stream().filter(v -> v instanceof Resource)
                        .map(v -> (Resource) v).findFirst().orElse(null);
            }
        } catch (RuntimeException e) {
            ledger.drop(short_(head), "an rdf:List that is not well formed: " + e.getMessage());
        }
        return out;
    }

    private String name(IRI c) {
        String wanted = label(c);
        String n = wanted;
        if (taken.contains(n)) {
            n = c.getLocalName().isEmpty() ? wanted : c.getLocalName();
        }
        String base = n;
        for (int i = 2; taken.contains(n); i++) {
            n = base + "_" + i;
        }
        taken.add(n);
        return n;
    }

    private final Map<IRI, String> elementNames = new LinkedHashMap<>();
    /** The names given so far, kept beside the map: copying its values per property made many properties quadratic. */
    private final Set<String> elementNamesTaken = new HashSet<>();

    /** One name per property IRI (a property in several domains is one element name). */
    private String elementName(IRI p) {
        String known = elementNames.get(p);
        if (known != null) {
            return known;
        }
        String n = label(p);
        String base = elementNamesTaken.contains(n) ? p.getLocalName() : n;
        String out = base;
        for (int i = 2; elementNamesTaken.contains(out); i++) {
            out = base + "_" + i;
        }
        elementNames.put(p, out);
        elementNamesTaken.add(out);
        return out;
    }

    /** The English (or untagged, or first) rdfs:label; else the IRI's local name. */
    String label(IRI r) {
        String best = null;
        for (Value v : rdf.filter(r, RDFS.LABEL, null).objects()) {
            if (v instanceof Literal l && !l.getLabel().isBlank()) {
                String lang = l.getLanguage().orElse("");
                if (lang.isEmpty() || lang.startsWith("en")) {
                    return l.getLabel().strip();
                }
                best = best == null ? l.getLabel().strip() : best;
            }
        }
        if (best != null) {
            return best;
        }
        String local = r.getLocalName();
        return local.isEmpty() ? r.stringValue() : local;
    }

    Optional<String> comment(Resource r) {
        for (Value v : rdf.filter(r, RDFS.COMMENT, null).objects()) {
            if (v instanceof Literal l && (l.getLanguage().isEmpty() || l.getLanguage().get().startsWith("en"))) {
                return Optional.of(l.getLabel());
            }
        }
        return rdf.filter(r, RDFS.COMMENT, null).objects().stream().findFirst().map(Value::stringValue);
    }

    private Set<Resource> subjects(IRI p, Value o) {
        return new java.util.LinkedHashSet<>(rdf.filter(null, p, o).subjects());
    }

    private void used(Resource s, IRI p, Value o) {
        rdf.filter(s, p, o).forEach(used::add);
    }
}
