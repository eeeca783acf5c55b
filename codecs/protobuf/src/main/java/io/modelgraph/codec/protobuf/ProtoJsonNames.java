package io.modelgraph.codec.protobuf;

/**
 * A field's default JSON name as protoc derives it: underscores removed, the letter after each one upper-cased,
 * every other character kept as written (docs/formats/protobuf.md). The encoder uses it to keep JSON names
 * distinct, and the compatibility rules to compare what JSON readers see.
 */
public final class ProtoJsonNames {
    private ProtoJsonNames() {
    }

    public static String of(String field) {
        StringBuilder out = new StringBuilder(field.length());
        boolean upper = false;
        for (char c : field.toCharArray()) {
            if (c == '_') {
                upper = true;
            } else {
                out.append(upper ? Character.toUpperCase(c) : c);
                upper = false;
            }
        }
        return out.toString();
    }
}
