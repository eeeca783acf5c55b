package io.modelgraph.transform.ai;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.json.Json;
import io.modelgraph.schema.Cardinality;
import io.modelgraph.schema.ElementDef;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.TaxonomyDef;
import io.modelgraph.schema.Term;
import io.modelgraph.schema.TypeDef;
import io.modelgraph.transform.plan.DataTypeSpec;

/**
 * The canonical model as the provider sees it: minified JSON of names, supertypes, element data types (in the
 * plan's own descriptor vocabulary, so an answer can reuse them), cardinalities, mapsTo IRIs, short
 * descriptions and taxonomy codes. Whatever a plan cannot act on (annotations, constraints, namespaces,
 * provenance) is left out: it would cost prompt size and tell the model nothing it can use.
 */
public final class CompactModel {
    static final int DESCRIPTION_CHARS = 160;

    public static String write(SchemaModel model) {
        ObjectNode root = Json.object();
        ArrayNode types = root.putArray("types");
        for (TypeDef t : model.types()) {
            ObjectNode o = types.addObject();
            o.put("name", t.name());
            if (!t.supertypes().isEmpty()) {
                ArrayNode sup = o.putArray("extends");
                t.supertypes().forEach(sup::add);
            }
            if (t.isAbstract()) {
                o.put("abstract", true);
            }
            t.mapsTo().ifPresent(iri -> o.put("mapsTo", iri));
            t.description().ifPresent(d -> o.put("description", shorten(d)));
            ArrayNode elements = o.putArray("elements");
            for (ElementDef e : t.elements()) {
                ObjectNode el = elements.addObject();
                el.put("name", e.name());
                el.put("dataType", DataTypeSpec.describe(e.type()));
                el.put("cardinality", cardinality(e.cardinality()));
                e.mapsTo().ifPresent(iri -> el.put("mapsTo", iri));
                e.description().ifPresent(d -> el.put("description", shorten(d)));
            }
        }
        if (!model.taxonomies().isEmpty()) {
            ArrayNode taxonomies = root.putArray("taxonomies");
            for (TaxonomyDef x : model.taxonomies()) {
                ObjectNode o = taxonomies.addObject();
                o.put("name", x.name());
                ArrayNode terms = o.putArray("terms");
                for (Term term : x.terms()) {
                    terms.add(term.code());
                }
            }
        }
        return Json.write(root);
    }

    static String cardinality(Cardinality c) {
        return c.min() + ".." + (c.max().isPresent() ? Integer.toString(c.max().getAsInt()) : "*");
    }

    private static String shorten(String text) {
        String one = text.strip().replaceAll("\\s+", " ");
        return one.length() <= DESCRIPTION_CHARS ? one : one.substring(0, DESCRIPTION_CHARS) + "…";
    }

    private CompactModel() {
    }
}
