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

    /** The model without root, identifier or relationships (the shape before those facts existed). */
    public SchemaModel(String name, Optional<String> description, List<TypeDef> types, List<TaxonomyDef> taxonomies,
            Map<String, String> namespaces, Provenance provenance, Map<String, String> annotations) {
        this(name, description, types, taxonomies, namespaces, provenance, annotations, Optional.empty(),
                Optional.empty(), List.of());
    }

    public static SchemaModel of(String name, List<TypeDef> types, List<TaxonomyDef> taxonomies) {
        return new SchemaModel(name, Optional.empty(), types, taxonomies, Map.of(), Provenance.NONE, Map.of());
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

    public SchemaModel withName(String newName) {
        return new SchemaModel(newName, description, types, taxonomies, namespaces, provenance, annotations, rootType,
                identifier, relationships);
    }

    public SchemaModel withDescription(String text) {
        return new SchemaModel(name, Optional.ofNullable(text), types, taxonomies, namespaces, provenance, annotations,
                rootType, identifier, relationships);
    }

    public SchemaModel withTypes(List<TypeDef> newTypes) {
        return new SchemaModel(name, description, newTypes, taxonomies, namespaces, provenance, annotations, rootType,
                identifier, relationships);
    }

    public SchemaModel withTaxonomies(List<TaxonomyDef> newTaxonomies) {
        return new SchemaModel(name, description, types, newTaxonomies, namespaces, provenance, annotations, rootType,
                identifier, relationships);
    }

    public SchemaModel withNamespaces(Map<String, String> prefixes) {
        return new SchemaModel(name, description, types, taxonomies, prefixes, provenance, annotations, rootType,
                identifier, relationships);
    }

    public SchemaModel withProvenance(Provenance p) {
        return new SchemaModel(name, description, types, taxonomies, namespaces, p, annotations, rootType, identifier,
                relationships);
    }

    public SchemaModel withAnnotations(Map<String, String> values) {
        return new SchemaModel(name, description, types, taxonomies, namespaces, provenance, values, rootType,
                identifier, relationships);
    }

    public SchemaModel withRootType(String typeName) {
        return new SchemaModel(name, description, types, taxonomies, namespaces, provenance, annotations,
                Optional.ofNullable(typeName), identifier, relationships);
    }

    public SchemaModel withIdentifier(String id) {
        return new SchemaModel(name, description, types, taxonomies, namespaces, provenance, annotations, rootType,
                Optional.ofNullable(id), relationships);
    }

    public SchemaModel withRelationships(List<Relationship> values) {
        return new SchemaModel(name, description, types, taxonomies, namespaces, provenance, annotations, rootType,
                identifier, values);
    }
}
