package io.modelgraph.codec.sql;

import io.modelgraph.schema.ElementDef;
import io.modelgraph.schema.TypeDef;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A type's elements with its supertypes' copied in, as one table holds them. Where several define the same name
 * the nearest definition wins, as a subtype's own element overrides its supertype's: the type's own, then its
 * first supertype's (before that supertype's ancestors), then the next supertype's. So a subtype that narrows an
 * optional element to a required one gets a NOT NULL column, however many paths lead to the element. Inherited
 * columns come first, an ancestor's before its descendants', then the type's own.
 */
final class Inheritance {
    static List<ElementDef> elements(TypeDef t, Map<String, TypeDef> types) {
        if (t.supertypes().isEmpty()) {
            return t.elements();
        }
        Map<String, ElementDef> nearest = new HashMap<>();
        t.elements().forEach(e -> nearest.putIfAbsent(e.name(), e));
        Set<String> seen = new HashSet<>(Set.of(t.name()));
        for (TypeDef ancestor : nearestFirst(t, types, seen, new ArrayList<>())) {
            ancestor.elements().forEach(e -> nearest.putIfAbsent(e.name(), e));
        }
        Set<String> placed = new HashSet<>();
        t.elements().forEach(e -> placed.add(e.name()));
        List<ElementDef> out = new ArrayList<>();
        for (ElementDef e : rootFirst(t, types, new HashSet<>())) {
            if (placed.add(e.name())) {
                out.add(nearest.get(e.name()));
            }
        }
        out.addAll(t.elements());
        return out;
    }

    private static List<TypeDef> nearestFirst(TypeDef t, Map<String, TypeDef> types, Set<String> seen,
            List<TypeDef> out) {
        for (String s : t.supertypes()) {
            TypeDef parent = types.get(s);
            if (parent != null && seen.add(s)) {
                out.add(parent);
                nearestFirst(parent, types, seen, out);
            }
        }
        return out;
    }

    private static List<ElementDef> rootFirst(TypeDef t, Map<String, TypeDef> types, Set<String> seen) {
        List<ElementDef> out = new ArrayList<>();
        for (String s : t.supertypes()) {
            TypeDef parent = types.get(s);
            if (parent != null && seen.add(s)) {
                out.addAll(rootFirst(parent, types, seen));
                out.addAll(parent.elements());
            }
        }
        return out;
    }

    private Inheritance() {
    }
}
