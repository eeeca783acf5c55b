package io.modelgraph.codec.owl;

import io.modelgraph.schema.ExtensionKey;
import java.util.List;

/**
 * The annotation keys this codec keeps on the model so an ontology re-exports its property IRIs and restrictions
 * (docs/formats/owl.md): what the canonical model has no field for.
 */
final class OwlKeys {
    private static final String FORMAT = "owl";

    /** Element: the IRI of the property it was read from. */
    static final String IRI = "owl.iri";
    /** Element: the restriction that narrowed it ({@code some}, {@code all}, {@code cardinality}). */
    static final String RESTRICTION = "owl.restriction";

    /** The facts above as typed keys, declared by {@link OwlFormat#extensions()}. */
    static List<ExtensionKey<?>> declared() {
        return List.of(
                ExtensionKey.text(FORMAT, fact(IRI), "the IRI of the property an element was read from"),
                ExtensionKey.text(FORMAT, fact(RESTRICTION), "the restriction kind: some, all or cardinality"));
    }

    private static String fact(String key) {
        return key.substring(FORMAT.length() + 1);
    }

    private OwlKeys() {
    }
}
