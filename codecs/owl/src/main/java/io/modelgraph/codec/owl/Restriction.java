package io.modelgraph.codec.owl;

import io.modelgraph.schema.Cardinality;
import io.modelgraph.schema.DataType;
import io.modelgraph.schema.ElementDef;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Function;
import org.eclipse.rdf4j.model.BNode;
import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Literal;
import org.eclipse.rdf4j.model.Model;
import org.eclipse.rdf4j.model.Value;
import org.eclipse.rdf4j.model.vocabulary.OWL;

/**
 * One {@code owl:Restriction} the model can hold: a value class ({@code someValuesFrom}, {@code allValuesFrom},
 * or the qualified cardinalities' {@code onClass}/{@code onDataRange}) and counts. Fillers that are class
 * expressions (blank nodes) make it unreadable: it then stays in the ledger with the rest.
 */
record Restriction(Optional<DataType> values, boolean some, OptionalInt min, OptionalInt max, boolean unreadable) {

    static Restriction read(Model rdf, BNode b, Function<IRI, Optional<DataType>> typeOf) {
        Optional<DataType> values = Optional.empty();
        boolean some = false;
        for (IRI p : new IRI[] {OWL.SOMEVALUESFROM, OWL.ALLVALUESFROM, OWL.ONCLASS, OWL.ONDATARANGE}) {
            Optional<Value> v = rdf.filter(b, p, null).objects().stream().findFirst();
            if (v.isPresent()) {
                if (!(v.get() instanceof IRI i) || typeOf.apply(i).isEmpty()) {
                    return new Restriction(Optional.empty(), false, OptionalInt.empty(), OptionalInt.empty(), true);
                }
                values = typeOf.apply(i);
                some = some || p.equals(OWL.SOMEVALUESFROM);
            }
        }
        OptionalInt exact = count(rdf, b, OWL.CARDINALITY, OWL.QUALIFIEDCARDINALITY);
        OptionalInt min = exact.isPresent() ? exact : count(rdf, b, OWL.MINCARDINALITY, OWL.MINQUALIFIEDCARDINALITY);
        OptionalInt max = exact.isPresent() ? exact : count(rdf, b, OWL.MAXCARDINALITY, OWL.MAXQUALIFIEDCARDINALITY);
        if (values.isEmpty() && min.isEmpty() && max.isEmpty()) {
            // hasValue, hasSelf and the like: nothing the model holds
            return new Restriction(Optional.empty(), false, OptionalInt.empty(), OptionalInt.empty(), true);
        }
        return new Restriction(values, some, min, max, false);
    }

    private static OptionalInt count(Model rdf, BNode b, IRI plain, IRI qualified) {
        for (IRI p : new IRI[] {plain, qualified}) {
            Optional<Value> v = rdf.filter(b, p, null).objects().stream().findFirst();
            if (v.isPresent() && v.get() instanceof Literal l) {
                try {
                    return OptionalInt.of(Integer.parseInt(l.getLabel().strip()));
                } catch (NumberFormatException e) {
                    return OptionalInt.empty();
                }
            }
        }
        return OptionalInt.empty();
    }

    /** The element narrowed by this restriction; the restriction's kind is kept so encode can write it back. */
    ElementDef applyTo(ElementDef e) {
        ElementDef out = values.map(v -> e.toBuilder().type(v).build()).orElse(e);
        int lo = Math.max(out.cardinality().min(), min.orElse(some ? 1 : 0));
        OptionalInt hi = max.isPresent() ? max : out.cardinality().max();
        if (hi.isPresent() && hi.getAsInt() < lo) {
            hi = OptionalInt.of(lo);
        }
        Map<String, String> ann = new java.util.LinkedHashMap<>(out.annotations());
        ann.put(OwlKeys.RESTRICTION, some ? "some" : values.isPresent() ? "all" : "cardinality");
        return out.toBuilder().cardinality(new Cardinality(lo, hi)).annotations(ann).build();
    }
}
