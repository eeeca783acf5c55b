package io.modelgraph.codec;

import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.ElementDef;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.TaxonomyDef;
import io.modelgraph.schema.TypeDef;
import java.util.Map;

/**
 * Source fragments a codec keeps verbatim because the canonical model cannot express them (JSON Schema's
 * {@code not} or {@code if}/{@code then}/{@code else}; later ShEx's {@code OR}, OWL property chains): an
 * annotation {@code <format>.verbatim} on the model, a type, a taxonomy or an element, holding the fragment as
 * that format's text. Only the format's own encoder can re-emit it; every other encoder reports it here, so a
 * construct kept for one format is never dropped silently by another.
 */
public final class Verbatim {
    /** Annotation key suffix: {@code jsonschema.verbatim}, {@code jsonschema.defs.verbatim}, {@code shex.verbatim}. */
    public static final String SUFFIX = ".verbatim";

    /** Writes a StructuralDrop for every verbatim fragment of a format other than {@code targetFormat}. */
    public static void reportForeign(SchemaModel model, String targetFormat, LossinessLedger ledger) {
        report(model.annotations(), "model", targetFormat, ledger);
        for (TypeDef t : model.types()) {
            report(t.annotations(), t.name(), targetFormat, ledger);
            for (ElementDef e : t.elements()) {
                report(e.annotations(), t.name() + "." + e.name(), targetFormat, ledger);
            }
        }
        for (TaxonomyDef x : model.taxonomies()) {
            report(x.annotations(), x.name(), targetFormat, ledger);
        }
    }

    private static void report(Map<String, String> annotations, String path, String targetFormat,
            LossinessLedger ledger) {
        annotations.keySet().stream().filter(k -> k.endsWith(SUFFIX)).sorted().forEach(k -> {
            String format = k.substring(0, k.indexOf('.'));
            if (!format.equals(targetFormat)) {
                ledger.drop(path, "a " + format + " construct the model cannot express was kept verbatim for " + format
                        + " output (" + abbreviated(annotations.get(k)) + "); " + targetFormat
                        + " output cannot carry it");
            }
        });
    }

    private static String abbreviated(String text) {
        return text.length() <= 120 ? text : text.substring(0, 117) + "...";
    }

    private Verbatim() {
    }
}
