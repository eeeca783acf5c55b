package io.modelgraph.compat;

import io.modelgraph.schema.ElementDef;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.TaxonomyDef;
import io.modelgraph.schema.TypeDef;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Which reader part stands for which writer part: the same name, else a reader alias naming the writer's name (or
 * full name), else the same {@code mapsTo}. A match by alias or {@code mapsTo} is a rename. Built once per
 * direction of a comparison and shared by every consumer's rules and the changelog: types, value lists and the
 * elements of each matched type pair are matched here, once, and rules only walk the pairs. Lookups are by hash, so
 * matching a 500-type model costs one pass over each side.
 */
public final class Matching {
    /** A writer type and the reader type that stands for it (empty when the reader has none). */
    public record TypeMatch(TypeDef writer, Optional<TypeDef> reader, List<ElementMatch> elements,
            List<ElementDef> readerOnly) {
        public TypeMatch {
            // the pairs of an alike type pair are a view made here, immutable already (see SamePlaces)
            elements = elements instanceof SamePlaces ? elements : List.copyOf(elements);
            readerOnly = List.copyOf(readerOnly);
        }
    }

    /** A writer element and the reader element that reads it (empty when the reader type has none). */
    public record ElementMatch(ElementDef writer, Optional<ElementDef> reader) {
    }

    /** A writer value list and the reader's that stands for it. */
    public record TaxonomyMatch(TaxonomyDef writer, Optional<TaxonomyDef> reader) {
    }

    private final Map<String, TypeDef> readerTypes;
    private final Map<String, TypeDef> readerTypeAliases = new HashMap<>();
    private final Map<String, TypeDef> readerTypeMaps = new HashMap<>();
    private final Map<String, TaxonomyDef> readerTaxonomies;
    private final Map<String, TaxonomyDef> readerTaxonomyAliases = new HashMap<>();
    private final Map<String, TaxonomyDef> readerTaxonomyMaps = new HashMap<>();
    private final Map<String, TypeDef> writerTypes;
    private final Map<String, TaxonomyDef> writerTaxonomies;
    private final Map<String, Optional<TypeDef>> readerForWriterName;
    private final Map<String, Optional<TaxonomyDef>> readerTaxonomyForWriterName;
    private final List<TypeMatch> types;
    private final List<TaxonomyMatch> taxonomies;
    /** Writer types and value lists whose same-named reader part is declared alike (see {@link #alike}). */
    private final Set<Object> alike;

    public Matching(SchemaModel writer, SchemaModel reader) {
        // sized once: each map holds one entry per type or value list of a side
        readerTypes = new HashMap<>(capacity(reader.types().size()));
        readerTaxonomies = new HashMap<>(capacity(reader.taxonomies().size()));
        writerTypes = new HashMap<>(capacity(writer.types().size()));
        writerTaxonomies = new HashMap<>(capacity(writer.taxonomies().size()));
        readerForWriterName = new HashMap<>(capacity(writer.types().size()));
        readerTaxonomyForWriterName = new HashMap<>(capacity(writer.taxonomies().size()));
        types = new ArrayList<>(writer.types().size());
        taxonomies = new ArrayList<>(writer.taxonomies().size());
        alike = java.util.Collections.newSetFromMap(new IdentityHashMap<>(writer.types().size()
                + writer.taxonomies().size()));
        for (TypeDef t : reader.types()) {
            readerTypes.putIfAbsent(t.name(), t);
            Aliases.of(t.annotations()).forEach(a -> readerTypeAliases.putIfAbsent(a, t));
            t.mapsTo().ifPresent(m -> readerTypeMaps.putIfAbsent(m, t));
        }
        for (TaxonomyDef t : reader.taxonomies()) {
            readerTaxonomies.putIfAbsent(t.name(), t);
            Aliases.of(t.annotations()).forEach(a -> readerTaxonomyAliases.putIfAbsent(a, t));
            t.mapsTo().ifPresent(m -> readerTaxonomyMaps.putIfAbsent(m, t));
        }
        writer.types().forEach(t -> writerTypes.putIfAbsent(t.name(), t));
        writer.taxonomies().forEach(t -> writerTaxonomies.putIfAbsent(t.name(), t));
        Map<TypeDef, ReaderElements> readerElements = new IdentityHashMap<>();
        for (TypeDef w : writer.types()) {
            Optional<TypeDef> r = findReaderType(w);
            readerForWriterName.putIfAbsent(w.name(), r);
            if (r.isPresent() && alike(w, r.get())) {
                alike.add(w);
                types.add(new TypeMatch(w, r, new SamePlaces(w.elements(), r.get().elements()), List.of()));
                continue;
            }
            types.add(r.map(rt -> pair(w, rt, readerElements.computeIfAbsent(rt, ReaderElements::new)))
                    .orElseGet(() -> new TypeMatch(w, Optional.empty(), List.of(), List.of())));
        }
        for (TaxonomyDef w : writer.taxonomies()) {
            Optional<TaxonomyDef> r = findReaderTaxonomy(w);
            readerTaxonomyForWriterName.putIfAbsent(w.name(), r);
            if (r.isPresent() && alike(w, r.get())) {
                alike.add(w);
            }
            taxonomies.add(new TaxonomyMatch(w, r));
        }
    }

    /**
     * Whether the writer's type has a reader type of the same name declared alike: the same elements (each equal
     * in every component), supertypes, keys, namespace, {@code mapsTo}, annotations and abstractness; only the
     * description and provenance may differ. Such a pair changes nothing any rule set looks at: references
     * inside it name the same types on both sides, and a same-named type is always the one the reader matches.
     * Decided once here, so every consumer's rules and the changelog skip the pair instead of comparing it
     * again (a 500-type model against a copy with three changes is mostly such pairs).
     */
    public boolean alike(TypeDef w) {
        return alike.contains(w);
    }

    /** Whether the writer's value list has a same-named reader list declared alike (terms and annotations). */
    public boolean alike(TaxonomyDef w) {
        return alike.contains(w);
    }

    private static boolean alike(TypeDef w, TypeDef r) {
        return w.name().equals(r.name()) && w.isAbstract() == r.isAbstract() && w.elements().equals(r.elements())
                && w.annotations().equals(r.annotations()) && w.supertypes().equals(r.supertypes())
                && w.keys().equals(r.keys()) && w.namespace().equals(r.namespace()) && w.mapsTo().equals(
                r.mapsTo());
    }

    private static boolean alike(TaxonomyDef w, TaxonomyDef r) {
        return w.name().equals(r.name()) && w.terms().equals(r.terms()) && w.annotations().equals(r.annotations())
                && w.mapsTo().equals(r.mapsTo());
    }

    private static int capacity(int entries) {
        return entries * 4 / 3 + 1;
    }

    /** Every writer type, in the writer's order, with its reader type and element pairs. */
    public List<TypeMatch> types() {
        return types;
    }

    /** Every writer value list, in the writer's order, with the reader's. */
    public List<TaxonomyMatch> taxonomies() {
        return taxonomies;
    }

    /** The reader's type for the writer's type {@code w}. */
    public Optional<TypeDef> readerType(TypeDef w) {
        Optional<TypeDef> known = readerForWriterName.get(w.name());
        return known != null && writerTypes.get(w.name()) == w ? known : findReaderType(w);
    }

    /** The reader's type for the writer's type named {@code writerTypeName}; empty if the writer has none. */
    public Optional<TypeDef> readerType(String writerTypeName) {
        Optional<TypeDef> known = readerForWriterName.get(writerTypeName);
        return known != null ? known : Optional.ofNullable(readerTypes.get(writerTypeName));
    }

    public Optional<TypeDef> writerType(String name) {
        return Optional.ofNullable(writerTypes.get(name));
    }

    public Optional<TypeDef> readerTypeNamed(String name) {
        return Optional.ofNullable(readerTypes.get(name));
    }

    public Optional<TaxonomyDef> readerTaxonomy(TaxonomyDef w) {
        Optional<TaxonomyDef> known = readerTaxonomyForWriterName.get(w.name());
        return known != null && writerTaxonomies.get(w.name()) == w ? known : findReaderTaxonomy(w);
    }

    /** The reader's taxonomy for the writer's taxonomy named {@code writerName}. */
    public Optional<TaxonomyDef> readerTaxonomy(String writerName) {
        Optional<TaxonomyDef> known = readerTaxonomyForWriterName.get(writerName);
        return known != null ? known : Optional.ofNullable(readerTaxonomies.get(writerName));
    }

    public Optional<TaxonomyDef> writerTaxonomy(String name) {
        return Optional.ofNullable(writerTaxonomies.get(name));
    }

    /** The reader's value list of that name (no alias or {@code mapsTo}: formats that match by name alone). */
    public Optional<TaxonomyDef> readerTaxonomyNamed(String name) {
        return Optional.ofNullable(readerTaxonomies.get(name));
    }

    private Optional<TypeDef> findReaderType(TypeDef w) {
        TypeDef same = readerTypes.get(w.name());
        if (same != null) {
            return Optional.of(same);
        }
        TypeDef aliased = readerTypeAliases.get(fullName(w));
        if (aliased == null) {
            aliased = readerTypeAliases.get(w.name());
        }
        if (aliased != null) {
            return Optional.of(aliased);
        }
        return w.mapsTo().map(readerTypeMaps::get);
    }

    private Optional<TaxonomyDef> findReaderTaxonomy(TaxonomyDef w) {
        TaxonomyDef same = readerTaxonomies.get(w.name());
        if (same != null) {
            return Optional.of(same);
        }
        String ns = Optional.ofNullable(w.annotations().get("avro.namespace")).orElse("");
        TaxonomyDef aliased = readerTaxonomyAliases.get(ns.isEmpty() ? w.name() : ns + "." + w.name());
        if (aliased == null) {
            aliased = readerTaxonomyAliases.get(w.name());
        }
        if (aliased != null) {
            return Optional.of(aliased);
        }
        return w.mapsTo().map(readerTaxonomyMaps::get);
    }

    /**
     * The element pairs of a type pair declared alike, made only when read: the element lists are equal, so each
     * writer element is read by the first reader element of its name (as {@link #pair} finds it by name), which
     * is the one at its place unless an earlier element shares the name, and the reader has none of its own.
     * Every rule set and the changelog skip alike pairs, so a compare of a large, mostly unchanged model makes
     * none of these pairs (docs/compare.md "Speed").
     */
    private static final class SamePlaces extends java.util.AbstractList<ElementMatch>
            implements java.util.RandomAccess {
        private final List<ElementDef> writer;
        private final List<ElementDef> reader;

        SamePlaces(List<ElementDef> writer, List<ElementDef> reader) {
            this.writer = writer;
            this.reader = reader;
        }

        @Override
        public ElementMatch get(int i) {
            ElementDef w = writer.get(i);
            int first = i;
            for (int j = 0; j < i; j++) {
                if (writer.get(j).name().equals(w.name())) {
                    first = j;
                    break;
                }
            }
            return new ElementMatch(w, Optional.of(reader.get(first)));
        }

        @Override
        public int size() {
            return writer.size();
        }
    }

    /** The element pairs of one matched type pair, and the reader's elements no writer element stands for. */
    private static TypeMatch pair(TypeDef w, TypeDef rt, ReaderElements re) {
        List<ElementMatch> elements = new ArrayList<>(w.elements().size());
        for (ElementDef we : w.elements()) {
            elements.add(new ElementMatch(we, re.reading(we)));
        }
        Map<String, ElementDef> writerByName = new HashMap<>();
        Map<String, ElementDef> writerByMapsTo = new HashMap<>();
        for (ElementDef e : w.elements()) {
            writerByName.putIfAbsent(e.name(), e);
            e.mapsTo().ifPresent(m -> writerByMapsTo.putIfAbsent(m, e));
        }
        List<ElementDef> readerOnly = new ArrayList<>();
        for (ElementDef r : rt.elements()) {
            boolean read = writerByName.containsKey(r.name())
                    || Aliases.of(r.annotations()).stream().anyMatch(writerByName::containsKey)
                    || r.mapsTo().map(writerByMapsTo::containsKey).orElse(false);
            if (!read) {
                readerOnly.add(r);
            }
        }
        return new TypeMatch(w, Optional.of(rt), elements, readerOnly);
    }

    /** A reader type's elements by name, alias and {@code mapsTo}, indexed once. */
    private static final class ReaderElements {
        private final Map<String, ElementDef> byName = new HashMap<>();
        private final Map<String, ElementDef> byAlias = new HashMap<>();
        private final Map<String, ElementDef> byMapsTo = new HashMap<>();

        ReaderElements(TypeDef t) {
            for (ElementDef e : t.elements()) {
                byName.putIfAbsent(e.name(), e);
                Aliases.of(e.annotations()).forEach(a -> byAlias.putIfAbsent(a, e));
                e.mapsTo().ifPresent(m -> byMapsTo.putIfAbsent(m, e));
            }
        }

        Optional<ElementDef> reading(ElementDef w) {
            ElementDef r = byName.get(w.name());
            if (r == null) {
                r = byAlias.get(w.name());
            }
            if (r == null && w.mapsTo().isPresent()) {
                r = byMapsTo.get(w.mapsTo().get());
            }
            return Optional.ofNullable(r);
        }
    }

    /** The reader element of {@code readerType} that reads the writer's element {@code w}. */
    public static Optional<ElementDef> readerElement(TypeDef readerType, ElementDef w) {
        return new ReaderElements(readerType).reading(w);
    }

    /** The writer element of {@code writerType} the reader's element {@code r} reads, if any. */
    public static Optional<ElementDef> writerElement(TypeDef writerType, ElementDef r) {
        Optional<ElementDef> same = writerType.element(r.name());
        if (same.isPresent()) {
            return same;
        }
        for (String alias : Aliases.of(r.annotations())) {
            Optional<ElementDef> a = writerType.element(alias);
            if (a.isPresent()) {
                return a;
            }
        }
        if (r.mapsTo().isPresent()) {
            return writerType.elements().stream().filter(w -> w.mapsTo().equals(r.mapsTo())).findFirst();
        }
        return Optional.empty();
    }

    /** The type's name qualified by its namespace, as Avro aliases name it. */
    static String fullName(TypeDef t) {
        Optional<String> ns = t.namespace().or(() -> Optional.ofNullable(t.annotations().get("avro.namespace")));
        return ns.filter(n -> !n.isEmpty() && !t.name().contains(".")).map(n -> n + "." + t.name())
                .orElse(t.name());
    }
}
