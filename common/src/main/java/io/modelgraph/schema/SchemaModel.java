package io.modelgraph.schema;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The canonical schema model: what sits between the graph and every format. Types with their elements,
 * taxonomies, namespace prefixes (for RDF-based formats), provenance, and model-level annotations.
 * Immutable; codecs build a new one rather than edit.
 */
public record SchemaModel(
        String name,
        Optional<String> description,
        List<TypeDef> types,
        List<TaxonomyDef> taxonomies,
        Map<String, String> namespaces,
        Provenance provenance,
        Map<String, String> annotations) {

    public SchemaModel {
        types = List.copyOf(types);
        taxonomies = List.copyOf(taxonomies);
        namespaces = Map.copyOf(namespaces);
        annotations = Map.copyOf(annotations);
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

    public SchemaModel withTypes(List<TypeDef> newTypes) {
        return new SchemaModel(name, description, newTypes, taxonomies, namespaces, provenance, annotations);
    }

    public SchemaModel withTaxonomies(List<TaxonomyDef> newTaxonomies) {
        return new SchemaModel(name, description, types, newTaxonomies, namespaces, provenance, annotations);
    }

    public SchemaModel withNamespaces(Map<String, String> prefixes) {
        return new SchemaModel(name, description, types, taxonomies, prefixes, provenance, annotations);
    }

    public SchemaModel withProvenance(Provenance p) {
        return new SchemaModel(name, description, types, taxonomies, namespaces, p, annotations);
    }

    public SchemaModel withAnnotations(Map<String, String> values) {
        return new SchemaModel(name, description, types, taxonomies, namespaces, provenance, values);
    }
}
