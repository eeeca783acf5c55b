package io.modelgraph.codec.linkml;

import io.modelgraph.schema.ExtensionKey;
import java.util.List;

/**
 * The annotation keys this codec keeps on the model so a LinkML schema re-exports whole (docs/formats/linkml.md):
 * what the canonical model has no field for.
 */
final class LinkMlKeys {
    private static final String FORMAT = "linkml";

    /** Model: the schema's {@code default_prefix}. */
    static final String DEFAULT_PREFIX = "linkml.default_prefix";
    /** Model: the schema's {@code default_range}. */
    static final String DEFAULT_RANGE = "linkml.default_range";
    /** Model: one custom type's definition (JSON), keyed by the type's name. */
    static final String TYPE_PREFIX = "linkml.type.";
    /** Model: the schema's {@code imports}, comma-separated. */
    static final String IMPORTS = "linkml.imports";
    /** Type: its {@code mixins}, comma-separated (also listed among the supertypes). */
    static final String MIXINS = "linkml.mixins";
    /** Type: a {@code mixin: true} class. */
    static final String MIXIN = "linkml.mixin";
    /** Element: the keys a class's {@code slot_usage} set, comma-separated. */
    static final String USAGE = "linkml.usage";
    /** Element: where the slot was declared ({@code attribute}, {@code slot}). */
    static final String ORIGIN = "linkml.origin";
    /** Element: an {@code identifier: true} slot. */
    static final String IDENTIFIER = "linkml.identifier";
    /** Element: a {@code key: true} slot. */
    static final String KEY = "linkml.key";

    /** The facts above and the schema's kept scalars as typed keys, declared by {@link LinkMlFormat#extensions()}. */
    static List<ExtensionKey<?>> declared() {
        return List.of(
                ExtensionKey.text(FORMAT, "title", "the schema's title"),
                ExtensionKey.text(FORMAT, "version", "the schema's version"),
                ExtensionKey.text(FORMAT, "license", "the schema's license"),
                ExtensionKey.text(FORMAT, "status", "the schema's status"),
                ExtensionKey.text(FORMAT, fact(DEFAULT_PREFIX), "the schema's default_prefix"),
                ExtensionKey.text(FORMAT, fact(DEFAULT_RANGE), "the schema's default_range"),
                ExtensionKey.family(FORMAT, "type", "a custom type's definition (JSON), by type name"),
                ExtensionKey.text(FORMAT, fact(IMPORTS), "the schema's imports, comma-separated"),
                ExtensionKey.text(FORMAT, fact(MIXINS), "a class's mixins, comma-separated"),
                ExtensionKey.flag(FORMAT, fact(MIXIN), "a mixin class"),
                ExtensionKey.text(FORMAT, fact(USAGE), "the keys a class's slot_usage set, comma-separated"),
                ExtensionKey.text(FORMAT, fact(ORIGIN), "where a slot was declared (attribute or slot)"),
                ExtensionKey.flag(FORMAT, fact(IDENTIFIER), "an identifier slot"),
                ExtensionKey.flag(FORMAT, fact(KEY), "a key slot"));
    }

    private static String fact(String key) {
        return key.substring(FORMAT.length() + 1);
    }

    private LinkMlKeys() {
    }
}
