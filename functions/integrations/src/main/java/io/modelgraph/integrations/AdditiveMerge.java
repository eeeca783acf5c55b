package io.modelgraph.integrations;

import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.DataType;
import io.modelgraph.schema.ElementDef;
import io.modelgraph.schema.PrimitiveKind;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.TaxonomyDef;
import io.modelgraph.schema.TypeDef;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The additive import (docs/integrations.md "Import"): governed datasets are never mutated; a dataset the model does
 * not govern is added whole with its taxonomies; a new variable of a governed dataset is grafted on, without its
 * taxonomy (a ConstraintRelaxation in the ledger: it is typed as text until the taxonomy is governed); vendor
 * metadata ({@code <vendor>.*} annotations) is refreshed on every node the import names.
 */
final class AdditiveMerge {
    record Result(SchemaModel merged, int datasetsAdded, int datasetsSkipped, int fieldsAdded, int nodesEnriched) {
    }

    static Result merge(SchemaModel governed, SchemaModel incoming, String vendorPrefix, String formKey,
            Set<String> governedKeys, LossinessLedger ledger) {
        List<TypeDef> types = new ArrayList<>(governed.types());
        List<TaxonomyDef> taxonomies = new ArrayList<>(governed.taxonomies());
        Set<String> taxonomyNames = new LinkedHashSet<>();
        governed.taxonomies().forEach(t -> taxonomyNames.add(t.name()));
        int added = 0;
        int skipped = 0;
        int grafted = 0;
        int enriched = 0;
        for (TypeDef in : incoming.types()) {
            String form = in.annotations().getOrDefault(formKey, in.name());
            int index = indexOf(types, form, formKey);
            enriched += 1 + in.elements().size();
            if (index < 0) {
                types.add(in);
                for (ElementDef e : in.elements()) {
                    if (e.type() instanceof DataType.TaxonomyRef ref && taxonomyNames.add(ref.taxonomyName())) {
                        incoming.taxonomy(ref.taxonomyName()).ifPresent(taxonomies::add);
                    }
                }
                added++;
                continue;
            }
            skipped++;
            TypeDef existing = types.get(index);
            List<ElementDef> elements = new ArrayList<>();
            Map<String, ElementDef> incomingByName = new HashMap<>();
            in.elements().forEach(e -> incomingByName.put(e.name(), e));
            for (ElementDef e : existing.elements()) {
                ElementDef update = incomingByName.get(e.name());
                elements.add(update == null ? e : e.toBuilder().annotations(refreshed(e.annotations(),
                        update.annotations(), vendorPrefix, governedKeys)).build());
            }
            for (ElementDef e : in.elements()) {
                if (existing.element(e.name()).isPresent()) {
                    continue;
                }
                ElementDef graft = e;
                if (e.type() instanceof DataType.TaxonomyRef ref && !taxonomyNames.contains(ref.taxonomyName())) {
                    graft = e.toBuilder().type(new DataType.Primitive(PrimitiveKind.STRING, Optional.of("choices")))
                            .build();
                    ledger.relax(existing.name() + "." + e.name(), "New field '" + e.name() + "' of governed dataset"
                            + " '" + existing.name() + "' has a choice list; the element is added as text without"
                            + " its taxonomy '" + ref.taxonomyName() + "', which an import never adds to a governed"
                            + " dataset (the audit reports the gap).");
                }
                elements.add(graft);
                grafted++;
            }
            types.set(index, existing.toBuilder().elements(elements).annotations(refreshed(existing.annotations(),
                    in.annotations(), vendorPrefix, governedKeys)).build());
        }
        SchemaModel merged = governed.toBuilder().types(types).taxonomies(taxonomies).build();
        return new Result(merged, added, skipped, grafted, enriched);
    }

    private static int indexOf(List<TypeDef> types, String form, String formKey) {
        for (int i = 0; i < types.size(); i++) {
            if (form.equals(types.get(i).annotations().get(formKey))) {
                return i;
            }
        }
        for (int i = 0; i < types.size(); i++) {
            if (types.get(i).name().equalsIgnoreCase(form)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Non-vendor annotations kept; vendor ones replaced by what the import says now, except the governed
     * contract's ({@code governedKeys}), kept as governed: refreshing them would silence the audit's drift.
     */
    private static Map<String, String> refreshed(Map<String, String> kept, Map<String, String> fresh,
            String vendorPrefix, Set<String> governedKeys) {
        Map<String, String> out = new HashMap<>();
        kept.forEach((k, v) -> {
            if (!k.startsWith(vendorPrefix) || governedKeys.contains(k)) {
                out.put(k, v);
            }
        });
        fresh.forEach((k, v) -> {
            if (k.startsWith(vendorPrefix) && !governedKeys.contains(k)) {
                out.put(k, v);
            }
        });
        return out;
    }

    private AdditiveMerge() {
    }
}
