package io.modelgraph.codec.protobuf;

import io.modelgraph.schema.ExtensionKey;
import java.util.List;

/** Annotation keys this codec writes so a protobuf-origin model re-emits its numbers, labels and options. */
final class ProtoKeys {
    private static final String FORMAT = "protobuf";

    /** Model: {@code proto2}, {@code proto3} or {@code editions}. */
    static final String SYNTAX = "protobuf.syntax";
    /** Model: the edition of an Editions file. */
    static final String EDITION = "protobuf.edition";
    /** Model, type, taxonomy: the package. */
    static final String PACKAGE = "protobuf.package";
    /** Model, type, taxonomy, element: options as a JSON array of {@code name = value} texts. */
    static final String OPTIONS = "protobuf.options";
    /** Type: the options of the file that declares it, so they survive where model-level facts do not. */
    static final String FILE_OPTIONS = "protobuf.fileOptions";
    /** Type, taxonomy: reserved numbers, ranges and quoted names, as a JSON array of texts. */
    static final String RESERVED = "protobuf.reserved";
    /** Type: extension ranges, as a JSON array of texts. */
    static final String EXTENSIONS = "protobuf.extensions";
    /** Element: the field number. */
    static final String NUMBER = "protobuf.number";
    /** Element: the label as written ({@code optional}, {@code required}, {@code repeated}); absent if none. */
    static final String LABEL = "protobuf.label";
    /** Element: the oneof the field belongs to. */
    static final String ONEOF = "protobuf.oneof";
    /** Element: the key type of a map field. */
    static final String MAP_KEY = "protobuf.mapKey";
    /** Element: the field was a proto2 group. */
    static final String GROUP = "protobuf.group";
    /** Taxonomy: value numbers as a JSON object of name to number. */
    static final String VALUES = "protobuf.values";
    /** Taxonomy: options of values as a JSON object of name to array of {@code name = value} texts. */
    static final String VALUE_OPTIONS = "protobuf.valueOptions";

    /** The facts above as typed keys, declared by {@link ProtobufFormat#extensions()}. */
    static List<ExtensionKey<?>> declared() {
        return List.of(
                ExtensionKey.text(FORMAT, fact(SYNTAX), "proto2, proto3 or editions"),
                ExtensionKey.text(FORMAT, fact(EDITION), "the edition of an Editions file"),
                ExtensionKey.text(FORMAT, fact(PACKAGE), "the package"),
                ExtensionKey.json(FORMAT, fact(OPTIONS), "options, as an array of name = value texts"),
                ExtensionKey.json(FORMAT, fact(FILE_OPTIONS), "the options of the file that declares a message"),
                ExtensionKey.json(FORMAT, fact(RESERVED), "reserved numbers, ranges and names"),
                ExtensionKey.json(FORMAT, fact(EXTENSIONS), "a message's extension ranges"),
                ExtensionKey.text(FORMAT, fact(NUMBER), "a field's number"),
                ExtensionKey.text(FORMAT, fact(LABEL), "a field's label as written"),
                ExtensionKey.text(FORMAT, fact(ONEOF), "the oneof a field belongs to"),
                ExtensionKey.text(FORMAT, fact(MAP_KEY), "a map field's key type"),
                ExtensionKey.flag(FORMAT, fact(GROUP), "a proto2 group field"),
                ExtensionKey.json(FORMAT, fact(VALUES), "an enum's value numbers by name"),
                ExtensionKey.json(FORMAT, fact(VALUE_OPTIONS), "options of an enum's values by name"));
    }

    private static String fact(String key) {
        return key.substring(FORMAT.length() + 1);
    }

    private ProtoKeys() {
    }
}
