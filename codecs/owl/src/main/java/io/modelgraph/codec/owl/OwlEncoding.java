package io.modelgraph.codec.owl;

import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.DataType;
import io.modelgraph.schema.ElementDef;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.TaxonomyDef;
import io.modelgraph.schema.Term;
import io.modelgraph.schema.TypeDef;
import java.net.URISyntaxException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.eclipse.rdf4j.common.net.ParsedIRI;
import org.eclipse.rdf4j.model.BNode;
import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Model;
import org.eclipse.rdf4j.model.Resource;
import org.eclipse.rdf4j.model.Value;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.impl.LinkedHashModel;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.model.vocabulary.OWL;
import org.eclipse.rdf4j.model.vocabulary.RDF;
import org.eclipse.rdf4j.model.vocabulary.RDFS;

/**
 * The canonical model as an OWL 2 ontology in Turtle: classes (sorted by name), properties (sorted by IRI) with
 * domain and range, functional properties for single values, restrictions for the counts and value classes a
 * class states, {@code owl:oneOf} classes for taxonomies. Prefixes are the model's plus rdf, rdfs, owl and xsd,
 * so the same model always gives the same text.
 */
final class OwlEncoding {
    private static final ValueFactory VF = SimpleValueFactory.getInstance();
    private final LossinessLedger ledger;
    private final Model out = new LinkedHashModel();
    private String ns;
    private final Map<String, IRI> typeIris = new LinkedHashMap<>();
    private int blank;

    OwlEncoding(LossinessLedger ledger) {
        this.ledger = ledger;
    }

    String encode(SchemaModel model) {
        String base = ontologyBase(model);
        ns = base.endsWith("#") || base.endsWith("/") ? base : base + "#";
        IRI ontology = VF.createIRI(base.endsWith("#") ? base.substring(0, base.length() - 1) : base);
        out.add(ontology, RDF.TYPE, OWL.ONTOLOGY);
        out.add(ontology, RDFS.LABEL, VF.createLiteral(model.name()));
        model.description().ifPresent(d -> out.add(ontology, RDFS.COMMENT, VF.createLiteral(d)));
        for (TypeDef t : model.types()) {
            typeIris.put(t.name(), iri(t.provenance().originalName().filter(n -> t.provenance().format()
                    .equals(OwlDecoding.FORMAT)).orElse(null), t.name()));
        }
        for (TaxonomyDef x : model.taxonomies()) {
            typeIris.putIfAbsent("taxonomy:" + x.name(), iri(x.provenance().originalName().filter(n ->
                    x.provenance().format().equals(OwlDecoding.FORMAT)).orElse(null), x.name()));
        }
        List<TypeDef> types = new ArrayList<>(model.types());
        types.sort(Comparator.comparing(TypeDef::name));
        Map<IRI, List<Map.Entry<TypeDef, ElementDef>>> properties = new TreeMap<>(Comparator.comparing(
                IRI::stringValue));
        for (TypeDef t : types) {
            type(t);
            for (ElementDef e : t.elements()) {
                IRI p = iri(e.annotations().get(OwlKeys.IRI), e.name());
                properties.computeIfAbsent(p, k -> new ArrayList<>()).add(Map.entry(t, e));
            }
        }
        properties.forEach(this::property);
        List<TaxonomyDef> taxonomies = new ArrayList<>(model.taxonomies());
        taxonomies.sort(Comparator.comparing(TaxonomyDef::name));
        taxonomies.forEach(this::taxonomy);
        if (!model.annotations().isEmpty()) {
            ledger.drop("$", "model annotations " + new java.util.TreeSet<>(model.annotations().keySet())
                    + " are not written");
        }
        Map<String, String> prefixes = new TreeMap<>(model.namespaces());
        prefixes.putAll(Xsd.WELL_KNOWN);
        prefixes.putIfAbsent("", ns);
        prefixes.forEach(out::setNamespace);
        return TurtleBlocks.write(out);
    }

    private void type(TypeDef t) {
        IRI c = typeIris.get(t.name());
        out.add(c, RDF.TYPE, OWL.CLASS);
        out.add(c, RDFS.LABEL, VF.createLiteral(t.name()));
        t.description().ifPresent(d -> out.add(c, RDFS.COMMENT, VF.createLiteral(d)));
        for (String s : t.supertypes()) {
            IRI sup = typeIris.get(s);
            if (sup != null) {
                out.add(c, RDFS.SUBCLASSOF, sup);
            }
        }
        if (t.isAbstract()) {
            ledger.drop(t.name(), "OWL has no abstract classes: " + t.name() + " is written as a plain class");
        }
        t.mapsTo().ifPresent(m -> ledger.drop(t.name(), "mapsTo " + m + " is not written (an equivalence would not "
                + "be read back as a mapping)"));
        dropForeignAnnotations(t.name(), t.annotations());
    }

    /** One property for all elements with its IRI; its domain lists each type holding it. */
    private void property(IRI p, List<Map.Entry<TypeDef, ElementDef>> holders) {
        // the property's own facts come from a holder that declares it by domain, not from a restriction
        Map.Entry<TypeDef, ElementDef> lead = holders.stream().filter(h -> h.getValue().annotations()
                .get(OwlKeys.RESTRICTION) == null || "cardinality".equals(h.getValue().annotations()
                .get(OwlKeys.RESTRICTION))).findFirst().orElse(holders.get(0));
        ElementDef first = lead.getValue();
        String at = lead.getKey().name() + "." + first.name();
        Value range = range(first.type(), at);
        boolean object = range instanceof IRI r && typeIris.containsValue(r);
        out.add(p, RDF.TYPE, object ? OWL.OBJECTPROPERTY : OWL.DATATYPEPROPERTY);
        out.add(p, RDFS.LABEL, VF.createLiteral(first.name()));
        first.description().ifPresent(d -> out.add(p, RDFS.COMMENT, VF.createLiteral(d)));
        if (range != null) {
            out.add(p, RDFS.RANGE, range);
        }
        boolean allSingle = holders.stream().allMatch(h -> h.getValue().cardinality().max().orElse(2) == 1);
        boolean domainDeclared = holders.stream().anyMatch(h -> h.getValue().annotations()
                .get(OwlKeys.RESTRICTION) == null);
        for (Map.Entry<TypeDef, ElementDef> h : holders) {
            ElementDef e = h.getValue();
            String where = h.getKey().name() + "." + e.name();
            IRI c = typeIris.get(h.getKey().name());
            String restriction = e.annotations().get(OwlKeys.RESTRICTION);
            if (restriction != null && !restriction.equals("cardinality")) {
                restriction(c, p, restriction.equals("some") ? OWL.SOMEVALUESFROM : OWL.ALLVALUESFROM,
                        range(e.type(), where));
            } else if (restriction != null) {
                // counts only: the cardinality restrictions below state it, a domain would add a statement
                if (e.cardinality().min() == 0 && e.cardinality().max().isEmpty()) {
                    count(c, p, OWL.MINCARDINALITY, 0);
                }
            } else {
                out.add(p, RDFS.DOMAIN, c);
            }
            int impliedMin = "some".equals(restriction) ? 1 : 0;
            if (e.cardinality().min() > impliedMin) {
                count(c, p, OWL.MINCARDINALITY, e.cardinality().min());
            }
            if (e.cardinality().max().isPresent() && !(allSingle && domainDeclared
                    && e.cardinality().max().getAsInt() == 1 && restriction == null)) {
                count(c, p, OWL.MAXCARDINALITY, e.cardinality().max().getAsInt());
            }
            if (!e.description().equals(first.description())) {
                // one rdfs:comment per property: every holder reads back the lead's description
                ledger.drop(where, "one OWL property carries every element with its IRI: its rdfs:comment is "
                        + at + "'s description, " + e.description().map(d -> "'" + d + "'").orElse("none")
                        + " is not written");
            }
            if (!e.type().equals(first.type()) && restriction == null) {
                ledger.narrow(where, "one OWL property carries every element with its IRI: its range comes from "
                        + at);
            }
            element(where, e);
        }
        if (allSingle && domainDeclared) {
            out.add(p, RDF.TYPE, OWL.FUNCTIONALPROPERTY);
        }
        if (holders.stream().filter(h -> !"some".equals(h.getValue().annotations().get(OwlKeys.RESTRICTION))
                && !"all".equals(h.getValue().annotations().get(OwlKeys.RESTRICTION))).count() > 1) {
            ledger.narrow(at, "several rdfs:domain statements mean the intersection of the classes in OWL; the "
                    + "model means each of them");
        }
    }

    private void restriction(IRI c, IRI p, IRI kind, Value filler) {
        BNode r = VF.createBNode("r" + (++blank));
        out.add(c, RDFS.SUBCLASSOF, r);
        out.add(r, RDF.TYPE, OWL.RESTRICTION);
        out.add(r, OWL.ONPROPERTY, p);
        out.add(r, kind, filler == null ? OWL.THING : filler);
    }

    private void count(IRI c, IRI p, IRI kind, int n) {
        BNode r = VF.createBNode("r" + (++blank));
        out.add(c, RDFS.SUBCLASSOF, r);
        out.add(r, RDF.TYPE, OWL.RESTRICTION);
        out.add(r, OWL.ONPROPERTY, p);
        out.add(r, kind, VF.createLiteral(Integer.toString(n), VF.createIRI(Xsd.NS + "nonNegativeInteger")));
    }

    private void element(String at, ElementDef e) {
        if (e.nullable()) {
            ledger.drop(at, "RDF has no null: nullable is not written");
        }
        if (!e.constraints().isEmpty()) {
            ledger.relax(at, "value constraints (pattern, length, range, format) are not written as OWL datatype "
                    + "restrictions");
        }
        if (e.defaultValue().isPresent() || !e.examples().isEmpty()) {
            ledger.drop(at, "default and example values are not written");
        }
        e.mapsTo().ifPresent(m -> ledger.drop(at, "mapsTo " + m + " is not written"));
        dropForeignAnnotations(at, e.annotations());
    }

    private Value range(DataType type, String at) {
        if (type instanceof DataType.TypeRef r) {
            return typeIris.get(r.typeName());
        }
        if (type instanceof DataType.TaxonomyRef r) {
            return typeIris.get("taxonomy:" + r.taxonomyName());
        }
        if (type instanceof DataType.Primitive p) {
            if (p.kind() == io.modelgraph.schema.PrimitiveKind.ANY && p.nativeName().isEmpty()) {
                return null; // any value: the property states no range
            }
            if (!Xsd.exact(p)) {
                ledger.approximate(at, "scalar " + p.nativeName().orElse(p.kind().name()) + " is written as "
                        + Xsd.write(p));
            }
            return VF.createIRI(Xsd.write(p));
        }
        if (type instanceof DataType.Union u) {
            ledger.narrow(at, "a union range is written as its first member (several rdfs:range mean their "
                    + "intersection)");
            return range(u.members().get(0), at);
        }
        ledger.approximate(at, "a map has no OWL range: written as rdfs:Literal");
        return RDFS.LITERAL;
    }

    private void taxonomy(TaxonomyDef x) {
        IRI c = typeIris.get("taxonomy:" + x.name());
        out.add(c, RDF.TYPE, OWL.CLASS);
        out.add(c, RDFS.LABEL, VF.createLiteral(x.name()));
        x.description().ifPresent(d -> out.add(c, RDFS.COMMENT, VF.createLiteral(d)));
        List<Value> members = new ArrayList<>();
        for (Term t : x.terms()) {
            IRI i = t.mapsTo().filter(OwlEncoding::absolute).map(VF::createIRI)
                    .orElse(VF.createIRI(ns + encode(x.name()) + "-" + encode(t.code())));
            members.add(i);
            out.add(i, RDF.TYPE, OWL.NAMEDINDIVIDUAL);
            out.add(i, RDF.TYPE, c);
            out.add(i, RDFS.LABEL, VF.createLiteral(t.code()));
            t.description().ifPresent(d -> out.add(i, RDFS.COMMENT, VF.createLiteral(d)));
            t.label().ifPresent(l -> ledger.drop(x.name() + "." + t.code(), "term label '" + l + "' is not written "
                    + "(the individual's label is its code)"));
        }
        // the rdf:List written by hand, so its blank node labels are stable too
        Resource head = RDF.NIL;
        for (int i = members.size() - 1; i >= 0; i--) {
            BNode cell = VF.createBNode("l" + (++blank));
            out.add(cell, RDF.FIRST, members.get(i));
            out.add(cell, RDF.REST, head);
            head = cell;
        }
        out.add(c, OWL.ONEOF, head);
        x.mapsTo().ifPresent(m -> ledger.drop(x.name(), "mapsTo " + m + " is not written"));
        dropForeignAnnotations(x.name(), x.annotations());
    }

    private void dropForeignAnnotations(String at, Map<String, String> annotations) {
        annotations.keySet().stream().filter(k -> !k.startsWith("owl.")).sorted().forEach(k -> ledger.drop(at,
                "annotation " + k + " is not written"));
    }

    /**
     * The ontology IRI: the model's identifier when it is an absolute IRI; otherwise (an ODCS {@code id} such as
     * {@code orders-001}, a LinkML name) the identifier or name under the modelgraph namespace, with a ledger
     * entry, since OWL names an ontology only by an absolute IRI (docs/fidelity.md).
     */
    private String ontologyBase(SchemaModel model) {
        String fallback = "https://w3id.org/modelgraph/" + encode(model.name());
        if (model.identifier().isEmpty()) {
            return fallback;
        }
        String id = model.identifier().get();
        if (absolute(id)) {
            return id;
        }
        String base = "https://w3id.org/modelgraph/" + encode(id);
        ledger.approximate(model.name(), "identifier " + id + " is not an absolute IRI: the ontology IRI is "
                + base);
        return base;
    }

    static boolean absolute(String iri) {
        try {
            ParsedIRI parsed = new ParsedIRI(iri);
            return parsed.isAbsolute() && parsed.getScheme().length() > 0;
        } catch (URISyntaxException e) {
            return false;
        }
    }

    private IRI iri(String given, String name) {
        if (given != null && absolute(given)) {
            return VF.createIRI(given);
        }
        return VF.createIRI(ns + encode(name));
    }

    private static String encode(String name) {
        return URLEncoder.encode(name, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
