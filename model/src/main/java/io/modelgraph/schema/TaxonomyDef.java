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

    /** A builder holding this TaxonomyDef's components, to change some and build a new one. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /**
     * Builds a {@code TaxonomyDef} one component at a time; unset components keep their empty value. Codecs and
     * mappers change a copy through {@link #toBuilder()} instead of re-listing every component.
     */
    public static final class Builder {
        private String name = "";
        private Optional<String> description = Optional.empty();
        private List<Term> terms = List.of();
        private Optional<String> mapsTo = Optional.empty();
        private Provenance provenance = Provenance.NONE;
        private Map<String, String> annotations = Map.of();

        private Builder() {
        }

        private Builder(TaxonomyDef from) {
            this.name = from.name;
            this.description = from.description;
            this.terms = from.terms;
            this.mapsTo = from.mapsTo;
            this.provenance = from.provenance;
            this.annotations = from.annotations;
        }

        public Builder name(String value) {
            this.name = value;
            return this;
        }

        public Builder description(Optional<String> value) {
            this.description = value;
            return this;
        }

        /** Sets description; {@code null} clears it. */
        public Builder description(String value) {
            this.description = Optional.ofNullable(value);
            return this;
        }

        public Builder terms(List<Term> value) {
            this.terms = value;
            return this;
        }

        public Builder mapsTo(Optional<String> value) {
            this.mapsTo = value;
            return this;
        }

        /** Sets mapsTo; {@code null} clears it. */
        public Builder mapsTo(String value) {
            this.mapsTo = Optional.ofNullable(value);
            return this;
        }

        public Builder provenance(Provenance value) {
            this.provenance = value;
            return this;
        }

        public Builder annotations(Map<String, String> value) {
            this.annotations = value;
            return this;
        }

        public TaxonomyDef build() {
            return new TaxonomyDef(name, description, terms, mapsTo, provenance, annotations);
        }
    }
}
