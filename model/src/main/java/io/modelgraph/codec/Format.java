package io.modelgraph.codec;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A schema language the service speaks, described by the codec module that implements it and found with
 * {@link java.util.ServiceLoader} (a {@code META-INF/services/io.modelgraph.codec.Format} line in that module).
 * The registry, the routes' accepted option members, the unknown-format messages, the API description's format
 * lists and the docs' format table all come from these descriptions (docs/formats.md).
 *
 * <p>Creating a provider is cheap: it holds no parser. The decoder and encoder are created on first use by the
 * registry, so building the registry at a function's init loads no format library.
 */
public interface Format {
    /** The key callers name the format by, lower case, such as {@code jsonschema}. */
    String key();

    /** The format's name for people, such as {@code JSON Schema (2020-12)}. */
    String title();

    /** The directions this build serves. */
    Set<Direction> directions();

    /** The request members read as codec options for this format; empty for most formats. */
    default List<FormatOption> options() {
        return List.of();
    }

    /** A small document of the format (decoders carry one; the artifact tests decode it in the packaged jar). */
    default Optional<String> sample() {
        return Optional.empty();
    }

    /** Creates the decoder; called once, on first use. Formats that do not decode keep the default. */
    default SchemaDecoder newDecoder() {
        throw new UnsupportedOperationException("'" + key() + "' does not decode");
    }

    /** Creates the encoder; called once, on first use. Formats that do not encode keep the default. */
    default SchemaEncoder newEncoder() {
        throw new UnsupportedOperationException("'" + key() + "' does not encode");
    }

    /**
     * The facts this format keeps on the model beyond its fields ({@code <key>.<fact>} annotations), for the docs'
     * list of what each format keeps. Formats that declare none keep the default.
     */
    default List<io.modelgraph.schema.ExtensionKey<?>> extensions() {
        return List.of();
    }

    /** The routes that read this format, for the message that refuses to export a decode-only format. */
    default List<String> readRoutes() {
        return List.of("schema/import");
    }

    /**
     * Where the format comes in lists (the API's order for the formats it was defined with); formats added later
     * keep the default and follow, by key.
     */
    default int listingOrder() {
        return Integer.MAX_VALUE;
    }

    default boolean decodes() {
        return directions().contains(Direction.DECODE);
    }

    default boolean encodes() {
        return directions().contains(Direction.ENCODE);
    }

    /** Reads a UTF-8 resource next to {@code anchor}'s class loader root, such as {@code samples/sql.sql}. */
    static Optional<String> resource(Class<?> anchor, String path) {
        try (InputStream in = anchor.getClassLoader().getResourceAsStream(path)) {
            return in == null ? Optional.empty() : Optional.of(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + path, e);
        }
    }
}
