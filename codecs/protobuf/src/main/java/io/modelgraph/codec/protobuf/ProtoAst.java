package io.modelgraph.codec.protobuf;

import java.util.List;
import java.util.Optional;

/** What {@link ProtoParser} reads from one {@code .proto} file: declarations with their source positions. */
final class ProtoAst {
    /** {@code name = value}; {@code value} as written (strings decoded, aggregates as their text). */
    record Option(String name, String value, boolean quoted, String where) {
        boolean custom() {
            return name.startsWith("(");
        }
    }

    record Field(String label, String type, String name, int number, List<Option> options, String doc,
            Optional<String> oneof, Optional<String> mapKey, boolean group, String where) {
    }

    record EnumValue(String name, int number, List<Option> options, String doc) {
    }

    record EnumDecl(String name, List<EnumValue> values, List<Option> options, List<String> reserved, String doc,
            String where) {
    }

    record Message(String name, List<Field> fields, List<Message> messages, List<EnumDecl> enums,
            List<Option> options, List<String> reserved, List<String> extensionRanges, List<Extend> extensions,
            List<Oneof> oneofs, String doc, String where) {
    }

    record Oneof(String name, List<Option> options, String doc) {
    }

    record Extend(String extendee, List<Field> fields, String where) {
    }

    record Service(String name, List<String> rpcs, String where) {
    }

    record Import(String path, String modifier, String where) {
    }

    record File(String name, String syntax, Optional<String> edition, String pkg, List<Import> imports,
            List<Option> options, List<Message> messages, List<EnumDecl> enums, List<Service> services,
            List<Extend> extensions) {
    }

    private ProtoAst() {
    }
}
