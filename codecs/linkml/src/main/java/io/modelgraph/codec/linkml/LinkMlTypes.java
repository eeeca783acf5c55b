package io.modelgraph.codec.linkml;

import io.modelgraph.schema.PrimitiveKind;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * {@code linkml:types}, resolved from the bundled {@code linkml-types.tsv} (never fetched): each built-in type's
 * URI and the scalar kind it is read as. Loaded on first use (holder class), not when the registry is built.
 */
final class LinkMlTypes {
    record BuiltIn(String name, String uri, PrimitiveKind kind) {
    }

    private static final class Holder {
        static final Map<String, BuiltIn> TYPES = load();
    }

    static Optional<BuiltIn> get(String name) {
        return Optional.ofNullable(Holder.TYPES.get(name));
    }

    /** The built-in type a scalar kind is written as when the model gives no LinkML spelling of its own. */
    static String nameOf(PrimitiveKind kind) {
        return switch (kind) {
            case INTEGER -> "integer";
            case NUMBER -> "double";
            case DECIMAL -> "decimal";
            case BOOLEAN -> "boolean";
            case DATE -> "date";
            case DATETIME -> "datetime";
            case TIME -> "time";
            case URI -> "uri";
            default -> "string";
        };
    }

    private static Map<String, BuiltIn> load() {
        Map<String, BuiltIn> out = new LinkedHashMap<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(
                LinkMlTypes.class.getResourceAsStream("linkml-types.tsv"), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] f = line.split("\t");
                out.put(f[0], new BuiltIn(f[0], f[1], PrimitiveKind.valueOf(f[2])));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Map.copyOf(out);
    }

    private LinkMlTypes() {
    }
}
