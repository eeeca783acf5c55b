package io.modelgraph.codec.jsonschema;

import java.util.Set;

/**
 * Annotation keys this codec reads and writes on the canonical model. Keys without a prefix are neutral facts
 * other codecs may use too ({@code title}, {@code closed}); {@code jsonschema.*} keys only steer a faithful
 * round trip back to JSON Schema; {@code x-*} keys are JSON Schema extension keywords carried verbatim.
 */
public final class JsonSchemaAnnotations {
    /**
     * Model: the type that is the document root. Superseded by {@link io.modelgraph.schema.SchemaModel#rootType()}
     * (the decoder sets that); still read by the encoder for models stored with it (merge state).
     */
    public static final String ROOT = "jsonschema.root";
    /** Model: the root {@code $id}. Superseded by {@code SchemaModel.identifier()}; still read by the encoder. */
    public static final String ID = "jsonschema.id";
    /** Type or taxonomy: it was written inline in the source, not under $defs; re-inlined when used once. */
    public static final String INLINE = "jsonschema.inline";
    /** Element: which keyword spelled its union or nullability ({@code oneOf}, {@code anyOf}, {@code type}). */
    public static final String UNION = "jsonschema.union";
    /** Element (arrays): {@code required} / {@code optional} when presence differs from {@code minItems > 0}. */
    public static final String PRESENCE = "jsonschema.presence";
    /**
     * Model (non-object root), type or element: keywords the model cannot express ({@code not}, {@code if}/
     * {@code then}/{@code else}, {@code patternProperties}, {@code unevaluated*}, {@code prefixItems},
     * {@code $dynamicRef}, a non-object root's own keywords, ...) kept verbatim as a JSON object of keyword to
     * value, re-emitted by this codec's encoder in the same schema object. Every other encoder ledgers it
     * ({@code io.modelgraph.codec.Verbatim}).
     */
    public static final String VERBATIM = "jsonschema" + io.modelgraph.codec.Verbatim.SUFFIX;
    /**
     * Model: {@code $defs} entries that are neither object types nor string enums (scalar aliases, boolean or
     * combinator schemas), a JSON object of key to schema; the encoder writes them back under {@code $defs}.
     */
    public static final String DEFS_VERBATIM = "jsonschema.defs" + io.modelgraph.codec.Verbatim.SUFFIX;
    /**
     * Type: the source schema had no {@code type} keyword (only {@code properties}/{@code required}), so it also
     * accepts non-objects; the encoder then writes no {@code "type": "object"}.
     */
    public static final String UNTYPED = "jsonschema.untyped";
    /** Type: the {@code $anchor} it declared. */
    public static final String ANCHOR = "jsonschema.anchor";
    /**
     * Model: {@code format} is an assertion, not an annotation, when the document is evaluated (the source declared
     * draft-04, -06 or -07, or a vocabulary requiring format assertion). Written as {@link #FORMAT_ASSERTION_KEYWORD}.
     */
    public static final String FORMAT_ASSERTION = "jsonschema.formatAssertion";
    /**
     * The root keyword that carries {@link #FORMAT_ASSERTION} in a 2020-12 document: 2020-12 has no keyword for it
     * (only a meta-schema's {@code $vocabulary}), so the service writes and reads this extension keyword
     * (docs/jsonschema-dialects.md "Format").
     */
    public static final String FORMAT_ASSERTION_KEYWORD = "x-modelgraph-format-assertion";

    public static final String TITLE = "title";
    public static final String COMMENT = "comment";
    public static final String DEPRECATED = "deprecated";
    public static final String READ_ONLY = "readOnly";
    public static final String WRITE_ONLY = "writeOnly";
    /** Type: no properties beyond the declared ones ({@code additionalProperties: false}, ShEx CLOSED). */
    public static final String CLOSED = "closed";

    /** Neutral keys with a JSON Schema spelling; the encoder writes them back. */
    static final Set<String> NEUTRAL = Set.of(TITLE, COMMENT, DEPRECATED, READ_ONLY, WRITE_ONLY);

    static boolean isExtension(String key) {
        return key.startsWith("x-");
    }

    static boolean isInternal(String key) {
        return key.startsWith("jsonschema.");
    }

    private JsonSchemaAnnotations() {
    }
}
