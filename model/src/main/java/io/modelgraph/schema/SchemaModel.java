package io.modelgraph.schema;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The canonical schema model: what sits between the graph and every format. Types with their elements,
 * taxonomies, relationships between types, namespace prefixes (for RDF-based formats), provenance, and
 * model-level facts. Immutable; codecs build a new one rather than edit.
 *
 * <p>Model-level facts every format may need to re-emit a document whole:
 * <ul>
 * <li>{@code rootType}: the type a document validates or starts at (JSON Schema root, ShEx {@code start}, LinkML
 * {@code tree_root}, the record of an Avro schema file);</li>
 * <li>{@code identifier}: the document's own identifier (JSON Schema {@code $id}, ontology IRI, LinkML {@code id},
 * ODCS contract {@code id});</li>
 * <li>{@code annotations}: everything else, keyed {@code <format>.<fact>} (for example {@code odcs.servers},
 * {@code shex.base}), structured values as JSON text.</li>
 * </ul>
 */
public record SchemaModel(
        String name,
        Optional<String> description,
        List<TypeDef> types,
        List<TaxonomyDef> taxonomies,
        Map<String, String> namespaces,
        Provenance provenance,
        Map<String, String> annotations,
        Optional<String> rootType,
        Optional<String> identifier,
        List<Relationship> relationships) {

    public SchemaModel {
        types = List.copyOf(types);
        taxonomies = List.copyOf(taxonomies);
        namespaces = Map.copyOf(namespaces);
        annotations = Map.copyOf(annotations);
        relationships = List.copyOf(relationships);
    }

    public static SchemaModel of(String name, List<TypeDef> types, List<TaxonomyDef> taxonomies) {
        return SchemaModel.builder(name).types(types).taxonomies(taxonomies).build();
    }

    public Optional<TypeDef> type(String typeName) {
        return types.stream().filter(t -> t.name().equals(typeName)).findFirst();
    }

    public Optional<TaxonomyDef> taxonomy(String taxonomyName) {
        return taxonomies.stream().filter(t -> t.name().equals(taxonomyName)).findFirst();
    }

    public int elementCount() {
        return types.stream().mapToInt(t -> t.elements().size()).sum();
    }

    /** A builder of a SchemaModel named {@code name}, every other component empty. */
    public static Builder builder(String name) {
        return new Builder().name(name);
    }

    /** A builder holding this SchemaModel's components, to change some and build a new one. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /**
     * Builds a {@code SchemaModel} one component at a time; unset components keep their empty value. Codecs and
     * mappers change a copy through {@link #toBuilder()} instead of re-listing every component.
     */
    public static final class Builder {
        private String name = "";
        private Optional<String> description = Optional.empty();
        private List<TypeDef> types = List.of();
        private List<TaxonomyDef> taxonomies = List.of();
        private Map<String, String> namespaces = Map.of();
        private Provenance provenance = Provenance.NONE;
        private Map<String, String> annotations = Map.of();
        private Optional<String> rootType = Optional.empty();
        private Optional<String> identifier = Optional.empty();
        private List<Relationship> relationships = List.of();

        private Builder() {
        }

        private Builder(SchemaModel from) {
            this.name = from.name;
            this.description = from.description;
            this.types = from.types;
            this.taxonomies = from.taxonomies;
            this.namespaces = from.namespaces;
            this.provenance = from.provenance;
            this.annotations = from.annotations;
            this.rootType = from.rootType;
            this.identifier = from.identifier;
            this.relationships = from.relationships;
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

        public Builder types(List<TypeDef> value) {
            this.types = value;
            return this;
        }

        public Builder taxonomies(List<TaxonomyDef> value) {
            this.taxonomies = value;
            return this;
        }

        public Builder namespaces(Map<String, String> value) {
            this.namespaces = value;
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

        public Builder rootType(Optional<String> value) {
            this.rootType = value;
            return this;
        }

        /** Sets rootType; {@code null} clears it. */
        public Builder rootType(String value) {
            this.rootType = Optional.ofNullable(value);
            return this;
        }

        public Builder identifier(Optional<String> value) {
            this.identifier = value;
            return this;
        }

        /** Sets identifier; {@code null} clears it. */
        public Builder identifier(String value) {
            this.identifier = Optional.ofNullable(value);
            return this;
        }

        public Builder relationships(List<Relationship> value) {
            this.relationships = value;
            return this;
        }

        public SchemaModel build() {
            return new SchemaModel(name, description, types, taxonomies, namespaces, provenance, annotations, rootType,
                    identifier, relationships);
        }
    }
}
