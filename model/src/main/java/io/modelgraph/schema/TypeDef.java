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

    /** A type without namespace or keys (the shape before those facts existed). */
    public TypeDef(String name, Optional<String> description, List<String> supertypes, List<ElementDef> elements,
            boolean isAbstract, Optional<String> mapsTo, Provenance provenance, Map<String, String> annotations) {
        this(name, description, supertypes, elements, isAbstract, mapsTo, provenance, annotations, Optional.empty(),
                List.of());
    }

    public static TypeDef of(String name, List<ElementDef> elements) {
        return new TypeDef(name, Optional.empty(), List.of(), elements, false, Optional.empty(), Provenance.NONE,
                Map.of());
    }

    public Optional<ElementDef> element(String elementName) {
        return elements.stream().filter(e -> e.name().equals(elementName)).findFirst();
    }

    public Optional<KeyDef> primaryKey() {
        return keys.stream().filter(k -> k.kind() == KeyDef.Kind.PRIMARY).findFirst();
    }

    public TypeDef withElements(List<ElementDef> newElements) {
        return new TypeDef(name, description, supertypes, newElements, isAbstract, mapsTo, provenance, annotations,
                namespace, keys);
    }

    public TypeDef withName(String newName) {
        return new TypeDef(newName, description, supertypes, elements, isAbstract, mapsTo, provenance, annotations,
                namespace, keys);
    }

    public TypeDef withDescription(String text) {
        return new TypeDef(name, Optional.ofNullable(text), supertypes, elements, isAbstract, mapsTo, provenance,
                annotations, namespace, keys);
    }

    public TypeDef withSupertypes(List<String> names) {
        return new TypeDef(name, description, names, elements, isAbstract, mapsTo, provenance, annotations, namespace,
                keys);
    }

    public TypeDef withAbstract(boolean value) {
        return new TypeDef(name, description, supertypes, elements, value, mapsTo, provenance, annotations, namespace,
                keys);
    }

    public TypeDef withProvenance(Provenance p) {
        return new TypeDef(name, description, supertypes, elements, isAbstract, mapsTo, p, annotations, namespace,
                keys);
    }

    public TypeDef withMapsTo(String iri) {
        return new TypeDef(name, description, supertypes, elements, isAbstract, Optional.ofNullable(iri), provenance,
                annotations, namespace, keys);
    }

    public TypeDef withAnnotations(Map<String, String> values) {
        return new TypeDef(name, description, supertypes, elements, isAbstract, mapsTo, provenance, values, namespace,
                keys);
    }

    public TypeDef withNamespace(String ns) {
        return new TypeDef(name, description, supertypes, elements, isAbstract, mapsTo, provenance, annotations,
                Optional.ofNullable(ns), keys);
    }

    public TypeDef withKeys(List<KeyDef> values) {
        return new TypeDef(name, description, supertypes, elements, isAbstract, mapsTo, provenance, annotations,
                namespace, values);
    }
}
