package io.modelgraph.codec.jtd;

import io.modelgraph.schema.ExtensionKey;
import java.util.List;

/**
 * The annotation keys this codec keeps on the model so a JTD document re-exports whole (docs/formats/jtd.md): what the
 * canonical model has no field for.
 */
final class JtdKeys {
    /** On a type or taxonomy: written inline where its one property uses it, not under definitions. */
    static final String INLINE = "jtd.inline";
    /** On a type: the discriminator's tag member; its subtypes are the mapping's values. */
    static final String DISCRIMINATOR = "jtd.discriminator";
    /** On a subtype of a discriminator type: its tag value. */
    static final String TAG = "jtd.tag";
    /** On a type: its definition is nullable (every reference to it accepts null). */
    static final String NULLABLE = "jtd.nullable";
    /** On a type: {@code additionalProperties: true}. */
    static final String ADDITIONAL = "jtd.additionalProperties";
    /** On a many-valued element: it was an optional property (JTD arrays may be empty either way). */
    static final String OPTIONAL = "jtd.optional";
    /** On an element: the definition it referred to by {@code ref} whose schema is not a type or an enum. */
    static final String REF = "jtd.ref";
    /** On the model: those definitions, as a JSON object of name to schema. */
    static final String ALIASES = "jtd.aliases";
    /** On the model, a type, a taxonomy or an element: the metadata members besides {@code description}. */
    static final String METADATA = "jtd.metadata";
    /** On an element: a schema the model cannot express (arrays of arrays, nullable array items), as JSON. */
    static final String VERBATIM = "jtd.verbatim";
    /** On the model: a root schema that is neither properties nor discriminator (nor empty), as JSON. */
    static final String ROOT_VERBATIM = "jtd.root.verbatim";

    /** The facts above as typed keys, declared by {@link JtdFormat#extensions()}. */
    static List<ExtensionKey<?>> declared() {
        return List.of(
                ExtensionKey.flag(JtdCodec.FORMAT, fact(INLINE), "a type or taxonomy written inline"),
                ExtensionKey.text(JtdCodec.FORMAT, fact(DISCRIMINATOR), "a discriminator type's tag member"),
                ExtensionKey.text(JtdCodec.FORMAT, fact(TAG), "a mapping value's tag"),
                ExtensionKey.flag(JtdCodec.FORMAT, fact(NULLABLE), "a nullable definition"),
                ExtensionKey.flag(JtdCodec.FORMAT, fact(ADDITIONAL), "additionalProperties: true"),
                ExtensionKey.flag(JtdCodec.FORMAT, fact(OPTIONAL), "an array that was an optional property"),
                ExtensionKey.text(JtdCodec.FORMAT, fact(REF), "the aliased definition an element referred to"),
                ExtensionKey.json(JtdCodec.FORMAT, fact(ALIASES), "definitions of other forms"),
                ExtensionKey.json(JtdCodec.FORMAT, fact(METADATA), "metadata besides the description"),
                ExtensionKey.json(JtdCodec.FORMAT, fact(VERBATIM), "a schema the model cannot express"),
                ExtensionKey.json(JtdCodec.FORMAT, fact(ROOT_VERBATIM), "a root of another form"));
    }

    private static String fact(String key) {
        return key.substring(JtdCodec.FORMAT.length() + 1);
    }

    private JtdKeys() {
    }
}
