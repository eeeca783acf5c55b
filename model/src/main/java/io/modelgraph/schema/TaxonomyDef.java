package io.modelgraph.schema;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A controlled list (an enum, a value set, a choice list) with its terms in order. */
public record TaxonomyDef(String name, Optional<String> description, List<Term> terms, Optional<String> mapsTo,
        Provenance provenance, Map<String, String> annotations) {

    public TaxonomyDef {
        terms = List.copyOf(terms);
        annotations = Map.copyOf(annotations);
    }

    public static TaxonomyDef of(String name, List<Term> terms) {
        return new TaxonomyDef(name, Optional.empty(), terms, Optional.empty(), Provenance.NONE, Map.of());
    }

    public TaxonomyDef withProvenance(Provenance p) {
        return new TaxonomyDef(name, description, terms, mapsTo, p, annotations);
    }

    public TaxonomyDef withDescription(String text) {
        return new TaxonomyDef(name, Optional.ofNullable(text), terms, mapsTo, provenance, annotations);
    }

    public TaxonomyDef withAnnotations(Map<String, String> values) {
        return new TaxonomyDef(name, description, terms, mapsTo, provenance, values);
    }
}
