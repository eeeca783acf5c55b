package io.modelgraph.codec.jsonld;

import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.DataType;
import io.modelgraph.schema.ElementDef;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.TaxonomyDef;
import io.modelgraph.schema.TypeDef;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What {@link JsonLdWriter} cannot carry, written to the ledger before encoding. Kept apart from the writer so
 * the exchange function's export text stays exactly what it was; the writer's shape is: types with label,
 * description, superclasses and mapping; one property per element name (its domain lists every type holding
 * it, the first holder gives range, cardinality, description and mapping); taxonomies with their terms.
 */
final class JsonLdEncodeAudit {
    static void record(SchemaModel model, LossinessLedger ledger) {
        model.description().ifPresent(d -> ledger.drop("$", "the model description has no place in an RDFS "
                + "vocabulary"));
        if (!model.annotations().isEmpty()) {
            ledger.drop("$", "model annotations " + model.annotations().keySet() + " are not written");
        }
        Map<String, ElementDef> firstHolder = new LinkedHashMap<>();
        for (TypeDef t : model.types()) {
            String at = t.name();
            if (t.isAbstract()) {
                ledger.drop(at, "RDFS has no abstract classes: " + t.name() + " is written as a plain class");
            }
            if (!t.annotations().isEmpty()) {
                ledger.drop(at, "annotations " + t.annotations().keySet() + " are not written");
            }
            for (ElementDef e : t.elements()) {
                element(at + "." + e.name(), e, ledger);
                ElementDef first = firstHolder.putIfAbsent(e.name(), e);
                if (first != null && !sameProperty(first, e)) {
                    ledger.narrow(at + "." + e.name(), "one RDF property carries every element named '" + e.name()
                            + "': its range, cardinality, description and mapping come from the first type "
                            + "holding it, which differ here");
                }
            }
        }
        for (TaxonomyDef x : model.taxonomies()) {
            if (!x.annotations().isEmpty()) {
                ledger.drop(x.name(), "annotations " + x.annotations().keySet() + " are not written");
            }
        }
    }

    private static void element(String at, ElementDef e, LossinessLedger ledger) {
        if (e.nullable()) {
            ledger.drop(at, "RDF has no null: nullable is not written");
        }
        if (!e.constraints().isEmpty()) {
            ledger.relax(at, "value constraints (pattern, length, range, format) have no RDFS property");
        }
        if (e.defaultValue().isPresent() || !e.examples().isEmpty()) {
            ledger.drop(at, "default and example values are not written");
        }
        if (!e.annotations().isEmpty()) {
            ledger.drop(at, "annotations " + e.annotations().keySet() + " are not written");
        }
        type(at, e.type(), ledger);
    }

    private static void type(String at, DataType type, LossinessLedger ledger) {
        if (type instanceof DataType.Primitive p && p.nativeName().isPresent()) {
            ledger.approximate(at, "scalar " + p.nativeName().get() + " is written as the XSD type of "
                    + p.kind().name().toLowerCase(java.util.Locale.ROOT));
        } else if (type instanceof DataType.MapOf) {
            ledger.approximate(at, "JSON-LD has no map type: the range is written as rdfs:Resource");
        } else if (type instanceof DataType.Union u) {
            u.members().forEach(m -> type(at, m, ledger));
        }
    }

    private static boolean sameProperty(ElementDef a, ElementDef b) {
        return a.type().equals(b.type()) && a.cardinality().equals(b.cardinality())
                && Objects.equals(a.description(), b.description()) && a.mapsTo().equals(b.mapsTo());
    }

    private JsonLdEncodeAudit() {
    }
}
