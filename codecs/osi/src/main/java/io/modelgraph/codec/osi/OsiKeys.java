package io.modelgraph.codec.osi;

import io.modelgraph.schema.ExtensionKey;
import java.util.List;

/**
 * The keys {@link OsiDocument} keeps so a semantic model re-exports whole, as typed keys declared by both OSI
 * providers (YAML and JSON read into the same model).
 */
final class OsiKeys {
    private static final String FORMAT = "osi";

    static List<ExtensionKey<?>> declared() {
        return List.of(
                ExtensionKey.json(FORMAT, fact(OsiDocument.HEADER), "the document's members but semantic_model"),
                ExtensionKey.json(FORMAT, fact(OsiDocument.SEMANTIC_MODELS), "each semantic model's members the"
                        + " model has no field for"),
                ExtensionKey.text(FORMAT, fact(OsiDocument.SEMANTIC_MODEL), "the semantic model a dataset or"
                        + " relationship belongs to"),
                ExtensionKey.json(FORMAT, fact(OsiDocument.EXTRA), "a dataset's, field's or relationship's other"
                        + " members"));
    }

    private static String fact(String key) {
        return key.substring(FORMAT.length() + 1);
    }

    private OsiKeys() {
    }
}
