package io.modelgraph.schema;

import io.modelgraph.ledger.LossEntry;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What an encode-then-decode round trip changed, as {@code path: what} lines, comparing parts by name (RDF and
 * YAML formats do not keep declaration order) and ignoring provenance. A codec's round-trip test asserts every
 * difference is named by its ledger ({@link #unexplained}); shared through common's test-jar.
 */
public final class ModelDiff {
    public record Difference(String type, String element, String what) {
        @Override
        public String toString() {
            return type + (element.isEmpty() ? "" : "." + element) + ": " + what;
        }
    }

    public static List<Difference> between(SchemaModel before, SchemaModel after) {
        List<Difference> out = new ArrayList<>();
        for (TypeDef t : before.types()) {
            Optional<TypeDef> back = after.type(t.name());
            if (back.isEmpty()) {
                out.add(new Difference(t.name(), "", "type missing"));
                continue;
            }
            TypeDef b = back.get();
            check(out, t.name(), "", "description", t.description(), b.description());
            check(out, t.name(), "", "supertypes", List.copyOf(new java.util.TreeSet<>(t.supertypes())),
                    List.copyOf(new java.util.TreeSet<>(b.supertypes())));
            check(out, t.name(), "", "abstract", t.isAbstract(), b.isAbstract());
            check(out, t.name(), "", "mapsTo", t.mapsTo(), b.mapsTo());
            for (ElementDef e : t.elements()) {
                Optional<ElementDef> eb = b.element(e.name());
                if (eb.isEmpty()) {
                    out.add(new Difference(t.name(), e.name(), "element missing"));
                    continue;
                }
                ElementDef x = eb.get();
                check(out, t.name(), e.name(), "type", e.type(), x.type());
                check(out, t.name(), e.name(), "cardinality", e.cardinality(), x.cardinality());
                check(out, t.name(), e.name(), "nullable", e.nullable(), x.nullable());
                check(out, t.name(), e.name(), "constraints", e.constraints(), x.constraints());
                check(out, t.name(), e.name(), "description", e.description(), x.description());
                check(out, t.name(), e.name(), "mapsTo", e.mapsTo(), x.mapsTo());
                check(out, t.name(), e.name(), "default", e.defaultValue().map(ModelDiff::number),
                        x.defaultValue().map(ModelDiff::number));
            }
        }
        for (TaxonomyDef x : before.taxonomies()) {
            Optional<TaxonomyDef> back = after.taxonomy(x.name());
            if (back.isEmpty()) {
                out.add(new Difference(x.name(), "", "taxonomy missing"));
                continue;
            }
            check(out, x.name(), "", "description", x.description(), back.get().description());
            check(out, x.name(), "", "terms", x.terms().stream().map(Term::code).sorted().toList(),
                    back.get().terms().stream().map(Term::code).sorted().toList());
        }
        return out;
    }

    /** The differences no ledger entry names: an entry explains one when its path names the type (and element). */
    public static List<Difference> unexplained(List<Difference> differences, List<LossEntry> ledger) {
        List<Difference> out = new ArrayList<>();
        for (Difference d : differences) {
            boolean named = ledger.stream().anyMatch(l -> mentions(l.path() + " " + l.explanation(), d.type())
                    && (d.element().isEmpty() || mentions(l.path() + " " + l.explanation(), d.element())));
            if (!named) {
                out.add(d);
            }
        }
        return out;
    }

    /**
     * A number as its value: {@code 0} read as an int by one decoder and as a decimal by another is one default,
     * written the same in every format; other values as they are.
     */
    private static Object number(com.fasterxml.jackson.databind.JsonNode n) {
        return n.isNumber() ? n.decimalValue().stripTrailingZeros() : n;
    }

    private static boolean mentions(String text, String name) {
        return text.contains(name);
    }

    private static void check(List<Difference> out, String type, String element, String what, Object before,
            Object after) {
        if (!Objects.equals(before, after)) {
            out.add(new Difference(type, element, what + " " + before + " became " + after));
        }
    }

    private ModelDiff() {
    }
}
