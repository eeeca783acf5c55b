package io.modelgraph.schema;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A structured type (a class, shape, record, table, message, entity) with its elements in order. */
public record TypeDef(
        String name,
        Optional<String> description,
        List<String> supertypes,
        List<ElementDef> elements,
        boolean isAbstract,
        Optional<String> mapsTo,
        Provenance provenance,
        Map<String, String> annotations) {

    public TypeDef {
        supertypes = List.copyOf(supertypes);
        elements = List.copyOf(elements);
        annotations = Map.copyOf(annotations);
    }

    public static TypeDef of(String name, List<ElementDef> elements) {
        return new TypeDef(name, Optional.empty(), List.of(), elements, false, Optional.empty(), Provenance.NONE,
                Map.of());
    }

    public Optional<ElementDef> element(String elementName) {
        return elements.stream().filter(e -> e.name().equals(elementName)).findFirst();
    }

    public TypeDef withElements(List<ElementDef> newElements) {
        return new TypeDef(name, description, supertypes, newElements, isAbstract, mapsTo, provenance, annotations);
    }

    public TypeDef withName(String newName) {
        return new TypeDef(newName, description, supertypes, elements, isAbstract, mapsTo, provenance, annotations);
    }

    public TypeDef withDescription(String text) {
        return new TypeDef(name, Optional.ofNullable(text), supertypes, elements, isAbstract, mapsTo, provenance,
                annotations);
    }

    public TypeDef withSupertypes(List<String> names) {
        return new TypeDef(name, description, names, elements, isAbstract, mapsTo, provenance, annotations);
    }

    public TypeDef withProvenance(Provenance p) {
        return new TypeDef(name, description, supertypes, elements, isAbstract, mapsTo, p, annotations);
    }

    public TypeDef withMapsTo(String iri) {
        return new TypeDef(name, description, supertypes, elements, isAbstract, Optional.ofNullable(iri), provenance,
                annotations);
    }

    public TypeDef withAnnotations(Map<String, String> values) {
        return new TypeDef(name, description, supertypes, elements, isAbstract, mapsTo, provenance, values);
    }
}
