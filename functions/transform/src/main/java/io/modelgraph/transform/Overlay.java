package io.modelgraph.transform;

import io.modelgraph.schema.ElementDef;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.TaxonomyDef;
import io.modelgraph.schema.TypeDef;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * mapImport's merge of a mapped model onto the project's own model. Additive: the project's types,
 * elements and taxonomies are kept exactly as they are; mapped types, elements and taxonomies whose
 * names the project does not have yet are added (new elements at the end of their type). So nothing the
 * project governs is overwritten or removed by a mapping.
 */
final class Overlay {

    record Result(SchemaModel model, int addedTypes, int addedElements, int addedTaxonomies, int matchedTypes,
            int matchedElements) {
    }

    static Result onto(SchemaModel project, SchemaModel mapped) {
        List<TypeDef> types = new ArrayList<>(project.types());
        Map<String, Integer> index = new LinkedHashMap<>();
        for (int i = 0; i < types.size(); i++) {
            index.putIfAbsent(types.get(i).name(), i);
        }
        int addedTypes = 0;
        int addedElements = 0;
        int matchedTypes = 0;
        int matchedElements = 0;
        for (TypeDef m : mapped.types()) {
            Integer at = index.get(m.name());
            if (at == null) {
                types.add(m);
                index.put(m.name(), types.size() - 1);
                addedTypes++;
                addedElements += m.elements().size();
                continue;
            }
            matchedTypes++;
            TypeDef existing = types.get(at);
            Set<String> names = new HashSet<>();
            existing.elements().forEach(e -> names.add(e.name()));
            List<ElementDef> elements = new ArrayList<>(existing.elements());
            for (ElementDef e : m.elements()) {
                if (names.add(e.name())) {
                    elements.add(e);
                    addedElements++;
                } else {
                    matchedElements++;
                }
            }
            types.set(at, existing.toBuilder().elements(elements).build());
        }
        List<TaxonomyDef> taxonomies = new ArrayList<>(project.taxonomies());
        Set<String> taxonomyNames = new HashSet<>();
        taxonomies.forEach(t -> taxonomyNames.add(t.name()));
        int addedTaxonomies = 0;
        for (TaxonomyDef t : mapped.taxonomies()) {
            if (taxonomyNames.add(t.name())) {
                taxonomies.add(t);
                addedTaxonomies++;
            }
        }
        Map<String, String> namespaces = new LinkedHashMap<>(mapped.namespaces());
        namespaces.putAll(project.namespaces());
        SchemaModel merged = project.toBuilder().types(types).taxonomies(taxonomies).namespaces(namespaces).build();
        return new Result(merged, addedTypes, addedElements, addedTaxonomies, matchedTypes, matchedElements);
    }

    private Overlay() {
    }
}
