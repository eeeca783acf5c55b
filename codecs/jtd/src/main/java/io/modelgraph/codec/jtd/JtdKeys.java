package io.modelgraph.codec.jtd;

/**
 * The annotation keys this codec keeps on the model so a JTD document re-exports whole (docs/jtd.md): what the
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

    private JtdKeys() {
    }
}
