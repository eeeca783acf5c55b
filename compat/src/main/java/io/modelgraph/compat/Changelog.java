package io.modelgraph.compat;

import io.modelgraph.schema.ElementDef;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.TaxonomyDef;
import io.modelgraph.schema.Term;
import io.modelgraph.schema.TypeDef;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What changed from base to candidate, whatever the mode: types, value lists, elements and terms added, removed,
 * renamed (an alias or {@code mapsTo} of the candidate names the base's part) or changed (type, occurrences,
 * nullability, default, constraints, field number, namespace, keys, supertypes).
 */
final class Changelog {
    private Changelog() {
    }

    /** The changes, read off {@code m}: the matching of the base (as writer) to the candidate (as reader). */
    static List<Change> of(SchemaModel candidate, Matching m) {
        List<Change> out = new ArrayList<>();
        Set<TypeDef> seen = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        for (Matching.TypeMatch t : m.types()) {
            TypeDef b = t.writer();
            Optional<TypeDef> c = t.reader();
            if (c.isEmpty() || !seen.add(c.get())) {
                out.add(new Change(Change.Kind.REMOVED, b.name(), "", "type"));
                continue;
            }
            if (!c.get().name().equals(b.name())) {
                out.add(new Change(Change.Kind.RENAMED, b.name(), c.get().name(), "type"));
            }
            if (!m.alike(b)) {
                type(t, out);
            }
        }
        candidate.types().stream().filter(c -> !seen.contains(c))
                .forEach(c -> out.add(new Change(Change.Kind.ADDED, "", c.name(), "type")));
        Set<TaxonomyDef> seenTax = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        for (Matching.TaxonomyMatch x : m.taxonomies()) {
            TaxonomyDef b = x.writer();
            Optional<TaxonomyDef> c = x.reader();
            if (c.isEmpty() || !seenTax.add(c.get())) {
                out.add(new Change(Change.Kind.REMOVED, b.name(), "", "value list"));
                continue;
            }
            if (!c.get().name().equals(b.name())) {
                out.add(new Change(Change.Kind.RENAMED, b.name(), c.get().name(), "value list"));
            }
            if (!m.alike(b)) {
                terms(b, c.get(), out);
            }
        }
        candidate.taxonomies().stream().filter(c -> !seenTax.contains(c))
                .forEach(c -> out.add(new Change(Change.Kind.ADDED, "", c.name(), "value list")));
        return out;
    }

    private static void type(Matching.TypeMatch t, List<Change> out) {
        TypeDef b = t.writer();
        TypeDef c = t.reader().orElseThrow();
        List<String> details = new ArrayList<>();
        differ(details, "namespace", b.namespace(), c.namespace());
        differ(details, "supertypes", b.supertypes(), c.supertypes());
        differ(details, "keys", b.keys(), c.keys());
        differ(details, "closed", StructuralRules.closed(b), StructuralRules.closed(c));
        differ(details, "abstract", b.isAbstract(), c.isAbstract());
        if (!details.isEmpty()) {
            out.add(new Change(Change.Kind.CHANGED, b.name(), c.name(), String.join("; ", details)));
        }
        Set<ElementDef> seen = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        for (Matching.ElementMatch pair : t.elements()) {
            ElementDef be = pair.writer();
            Optional<ElementDef> ce = pair.reader();
            String bp = b.name() + "." + be.name();
            if (ce.isEmpty() || !seen.add(ce.get())) {
                out.add(new Change(Change.Kind.REMOVED, bp, "", "element"));
                continue;
            }
            String cp = c.name() + "." + ce.get().name();
            if (!ce.get().name().equals(be.name())) {
                out.add(new Change(Change.Kind.RENAMED, bp, cp, "element"));
            }
            List<String> d = element(be, ce.get());
            if (!d.isEmpty()) {
                out.add(new Change(Change.Kind.CHANGED, bp, cp, String.join("; ", d)));
            }
        }
        c.elements().stream().filter(ce -> !seen.contains(ce))
                .forEach(ce -> out.add(new Change(Change.Kind.ADDED, "", c.name() + "." + ce.name(),
                        ce.cardinality().required() && ce.defaultValue().isEmpty() ? "required element"
                                : "element")));
    }

    private static List<String> element(ElementDef b, ElementDef c) {
        List<String> d = new ArrayList<>();
        if (!b.type().equals(c.type())) {
            d.add("type " + ValueTypes.describe(b.type()) + " -> " + ValueTypes.describe(c.type()));
        }
        if (!b.cardinality().equals(c.cardinality())) {
            differ(d, "cardinality", occurs(b), occurs(c));
        }
        differ(d, "nullable", b.nullable(), c.nullable());
        differ(d, "default", b.defaultValue().map(Object::toString), c.defaultValue().map(Object::toString));
        differ(d, "constraints", b.constraints(), c.constraints());
        differ(d, "field number", b.fieldNumber(), c.fieldNumber());
        return d;
    }

    private static String occurs(ElementDef e) {
        return e.cardinality().min() + ".." + (e.cardinality().max().isPresent() ? String.valueOf(e.cardinality()
                .max().getAsInt()) : "*");
    }

    private static void differ(List<String> out, String what, Object before, Object after) {
        if (!before.equals(after)) {
            out.add(what + " " + show(before) + " -> " + show(after));
        }
    }

    private static String show(Object o) {
        if (o instanceof Optional<?> opt) {
            return opt.map(Object::toString).orElse("none");
        }
        if (o instanceof java.util.OptionalInt oi) {
            return oi.isPresent() ? String.valueOf(oi.getAsInt()) : "none";
        }
        return String.valueOf(o);
    }

    private static void terms(TaxonomyDef b, TaxonomyDef c, List<Change> out) {
        Set<String> before = new LinkedHashSet<>();
        b.terms().forEach(t -> before.add(t.code()));
        Set<String> after = new HashSet<>();
        for (Term t : c.terms()) {
            after.add(t.code());
            if (!before.contains(t.code())) {
                out.add(new Change(Change.Kind.ADDED, "", c.name() + "." + t.code(), "value"));
            }
        }
        before.stream().filter(code -> !after.contains(code))
                .forEach(code -> out.add(new Change(Change.Kind.REMOVED, b.name() + "." + code, "", "value")));
    }
}
