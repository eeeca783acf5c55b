package io.modelgraph.codec.avro;

import io.modelgraph.schema.ExtensionKey;
import java.util.List;

/** Annotation keys this codec writes so an Avro-origin model re-emits the same schema. */
final class AvroKeys {
    private static final String FORMAT = "avro";

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

    /** The facts above as typed keys, declared by {@link AvroFormat#extensions()}. */
    static List<ExtensionKey<?>> declared() {
        return List.of(
                ExtensionKey.json(FORMAT, fact(ROOT), "the root schema in reference form"),
                ExtensionKey.text(FORMAT, fact(PROTOCOL), "the protocol a model came from (namespace.name)"),
                ExtensionKey.family(FORMAT, "fixed", "a fixed type's definition in reference form, by full name"),
                ExtensionKey.text(FORMAT, fact(NAMESPACE), "a named type's namespace"),
                ExtensionKey.json(FORMAT, fact(ALIASES), "aliases of a type, enum or field"),
                ExtensionKey.json(FORMAT, fact(PROPS), "custom properties of a type, enum or field"),
                ExtensionKey.flag(FORMAT, fact(ERROR), "an error record of a protocol"),
                ExtensionKey.text(FORMAT, fact(ORDER), "a field's sort order when not ascending"),
                ExtensionKey.json(FORMAT, fact(SCHEMA), "a field's exact schema when its type alone would not say it"),
                ExtensionKey.json(FORMAT, fact(FIXED), "definitions of the fixed types a field's schema names"),
                ExtensionKey.text(FORMAT, fact(ENUM_DEFAULT), "an enum's default symbol"));
    }

    private static String fact(String key) {
        return key.substring(FORMAT.length() + 1);
    }

    private AvroKeys() {
    }
}
