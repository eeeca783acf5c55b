package io.modelgraph.codec.protobuf;

/** Annotation keys this codec writes so a protobuf-origin model re-emits its numbers, labels and options. */
final class ProtoKeys {
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

    private ProtoKeys() {
    }
}
