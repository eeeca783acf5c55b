package io.modelgraph.schema;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A structured type (a class, shape, record, table, message, entity) with its elements in order (the order is
 * the column order for sql and the declaration order for every other format).
 *
 * <p>{@code namespace} is the qualifier a format puts before the name (Avro namespace, protobuf package, SQL
 * schema or BigQuery dataset, OSI dataset source); {@code keys} are its primary and unique keys (sql, odcs, osi,
 * linkml, the REDCap record id).
 */
public record TypeDef(
        String name,
        Optional<String> description,
        List<String> supertypes,
        List<ElementDef> elements,
        boolean isAbstract,
        Optional<String> mapsTo,
        Provenance provenance,
        Map<String, String> annotations,
        Optional<String> namespace,
        List<KeyDef> keys) {

    public TypeDef {
        supertypes = List.copyOf(supertypes);
        elements = List.copyOf(elements);
        annotations = Map.copyOf(annotations);
        keys = List.copyOf(keys);
    }

    public static TypeDef of(String name, List<ElementDef> elements) {
        return TypeDef.builder(name).elements(elements).build();
    }

    public Optional<ElementDef> element(String elementName) {
        return elements.stream().filter(e -> e.name().equals(elementName)).findFirst();
    }

    public Optional<KeyDef> primaryKey() {
        return keys.stream().filter(k -> k.kind() == KeyDef.Kind.PRIMARY).findFirst();
    }

    /** A builder of a TypeDef named {@code name}, every other component empty. */
    public static Builder builder(String name) {
        return new Builder().name(name);
    }

    /** A builder holding this TypeDef's components, to change some and build a new one. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /**
     * Builds a {@code TypeDef} one component at a time; unset components keep their empty value. Codecs and
     * mappers change a copy through {@link #toBuilder()} instead of re-listing every component.
     */
    public static final class Builder {
        private String name = "";
        private Optional<String> description = Optional.empty();
        private List<String> supertypes = List.of();
        private List<ElementDef> elements = List.of();
        private boolean isAbstract = false;
        private Optional<String> mapsTo = Optional.empty();
        private Provenance provenance = Provenance.NONE;
        private Map<String, String> annotations = Map.of();
        private Optional<String> namespace = Optional.empty();
        private List<KeyDef> keys = List.of();

        private Builder() {
        }

        private Builder(TypeDef from) {
            this.name = from.name;
            this.description = from.description;
            this.supertypes = from.supertypes;
            this.elements = from.elements;
            this.isAbstract = from.isAbstract;
            this.mapsTo = from.mapsTo;
            this.provenance = from.provenance;
            this.annotations = from.annotations;
            this.namespace = from.namespace;
            this.keys = from.keys;
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

        public Builder supertypes(List<String> value) {
            this.supertypes = value;
            return this;
        }

        public Builder elements(List<ElementDef> value) {
            this.elements = value;
            return this;
        }

        public Builder isAbstract(boolean value) {
            this.isAbstract = value;
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

        public Builder namespace(Optional<String> value) {
            this.namespace = value;
            return this;
        }

        /** Sets namespace; {@code null} clears it. */
        public Builder namespace(String value) {
            this.namespace = Optional.ofNullable(value);
            return this;
        }

        public Builder keys(List<KeyDef> value) {
            this.keys = value;
            return this;
        }

        public TypeDef build() {
            return new TypeDef(name, description, supertypes, elements, isAbstract, mapsTo, provenance, annotations,
                    namespace, keys);
        }
    }
}
