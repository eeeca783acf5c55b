package io.modelgraph.codec.jsonschema;

import io.modelgraph.schema.ExtensionKey;
import java.util.List;

/** The {@code jsonschema.*} keys of {@link JsonSchemaAnnotations} as typed keys, declared by the provider. */
final class JsonSchemaKeys {
    private static final String FORMAT = "jsonschema";

    static List<ExtensionKey<?>> declared() {
        return List.of(
                ExtensionKey.text(FORMAT, fact(JsonSchemaAnnotations.ROOT), "the root type (models stored before"
                        + " the model had rootType)"),
                ExtensionKey.text(FORMAT, fact(JsonSchemaAnnotations.ID), "the root $id (models stored before the"
                        + " model had identifier)"),
                ExtensionKey.flag(FORMAT, fact(JsonSchemaAnnotations.INLINE), "a type or enum written inline"),
                ExtensionKey.text(FORMAT, fact(JsonSchemaAnnotations.UNION), "the keyword that spelled a union or"
                        + " nullability (oneOf, anyOf, type)"),
                ExtensionKey.text(FORMAT, fact(JsonSchemaAnnotations.PRESENCE), "an array's presence when it differs"
                        + " from minItems"),
                ExtensionKey.json(FORMAT, fact(JsonSchemaAnnotations.VERBATIM), "keywords the model cannot express,"
                        + " by keyword"),
                ExtensionKey.json(FORMAT, fact(JsonSchemaAnnotations.DEFS_VERBATIM), "$defs entries that are"
                        + " neither object types nor enums"),
                ExtensionKey.flag(FORMAT, fact(JsonSchemaAnnotations.UNTYPED), "an object schema with no type"
                        + " keyword"),
                ExtensionKey.text(FORMAT, fact(JsonSchemaAnnotations.ANCHOR), "a type's $anchor"),
                ExtensionKey.flag(FORMAT, fact(JsonSchemaAnnotations.FORMAT_ASSERTION), "'format' asserts (the source"
                        + " dialect says so)"));
    }

    private static String fact(String key) {
        return key.substring(FORMAT.length() + 1);
    }

    private JsonSchemaKeys() {
    }
}
