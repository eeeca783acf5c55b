package io.modelgraph.compat;

import io.modelgraph.schema.ElementDef;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.TaxonomyDef;
import io.modelgraph.schema.TypeDef;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Which reader part stands for which writer part: the same name, else a reader alias naming the writer's name (or
 * full name), else the same {@code mapsTo}. A match by alias or {@code mapsTo} is a rename. Lookups are by hash,
 * so matching a 500-type model costs one pass over each side.
 */
public final class Matching {
    private final Map<String, TypeDef> readerTypes = new HashMap<>();
    private final Map<String, TypeDef> readerTypeAliases = new HashMap<>();
    private final Map<String, TypeDef> readerTypeMaps = new HashMap<>();
    private final Map<String, TaxonomyDef> readerTaxonomies = new HashMap<>();
    private final Map<String, TaxonomyDef> readerTaxonomyAliases = new HashMap<>();
    private final Map<String, TaxonomyDef> readerTaxonomyMaps = new HashMap<>();
    private final Map<String, TypeDef> writerTypes = new HashMap<>();
    private final Map<String, TaxonomyDef> writerTaxonomies = new HashMap<>();

    Matching(SchemaModel writer, SchemaModel reader) {
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
    }

    /** The reader's type for the writer's type {@code w}. */
    public Optional<TypeDef> readerType(TypeDef w) {
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

    /** The reader's type for the writer's type named {@code writerTypeName}; empty if the writer has none. */
    public Optional<TypeDef> readerType(String writerTypeName) {
        TypeDef w = writerTypes.get(writerTypeName);
        return w == null ? Optional.ofNullable(readerTypes.get(writerTypeName)) : readerType(w);
    }

    public Optional<TypeDef> writerType(String name) {
        return Optional.ofNullable(writerTypes.get(name));
    }

    public Optional<TypeDef> readerTypeNamed(String name) {
        return Optional.ofNullable(readerTypes.get(name));
    }

    public Optional<TaxonomyDef> readerTaxonomy(TaxonomyDef w) {
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

    /** The reader's taxonomy for the writer's taxonomy named {@code writerName}. */
    public Optional<TaxonomyDef> readerTaxonomy(String writerName) {
        TaxonomyDef w = writerTaxonomies.get(writerName);
        return w == null ? Optional.ofNullable(readerTaxonomies.get(writerName)) : readerTaxonomy(w);
    }

    public Optional<TaxonomyDef> writerTaxonomy(String name) {
        return Optional.ofNullable(writerTaxonomies.get(name));
    }

    /** The reader element of {@code readerType} that reads the writer's element {@code w}. */
    public static Optional<ElementDef> readerElement(TypeDef readerType, ElementDef w) {
        Optional<ElementDef> same = readerType.element(w.name());
        if (same.isPresent()) {
            return same;
        }
        for (ElementDef r : readerType.elements()) {
            if (Aliases.of(r.annotations()).contains(w.name())) {
                return Optional.of(r);
            }
        }
        if (w.mapsTo().isPresent()) {
            return readerType.elements().stream().filter(r -> r.mapsTo().equals(w.mapsTo())).findFirst();
        }
        return Optional.empty();
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
