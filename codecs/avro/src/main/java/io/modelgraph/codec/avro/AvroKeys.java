package io.modelgraph.codec.avro;

/** Annotation keys this codec writes so an Avro-origin model re-emits the same schema. */
final class AvroKeys {
    /** Model: the root schema in reference form (named types by full name). */
    static final String ROOT = "avro.root";
    /** Model: the protocol a model came from, as {@code namespace.name}. */
    static final String PROTOCOL = "avro.protocol";
    /** Model: prefix of one fixed type's definition in reference form, keyed by its full name. */
    static final String FIXED_PREFIX = "avro.fixed.";
    /** Type and taxonomy: the Avro namespace. */
    static final String NAMESPACE = "avro.namespace";
    /** Type, taxonomy, element: aliases as a JSON array. */
    static final String ALIASES = "avro.aliases";
    /** Type, taxonomy, element: custom properties as a JSON object. */
    static final String PROPS = "avro.props";
    /** Type: an {@code error} record of a protocol. */
    static final String ERROR = "avro.error";
    /** Element: sort order when not {@code ascending}. */
    static final String ORDER = "avro.order";
    /** Element: the exact field schema in reference form when the model's type alone would not restore it. */
    static final String SCHEMA = "avro.schema";
    /** Element: definitions (JSON array) of the fixed types its schema names, the first its own type. */
    static final String FIXED = "avro.fixed";
    /** Taxonomy: the enum's default symbol. */
    static final String ENUM_DEFAULT = "avro.default";

    private AvroKeys() {
    }
}
