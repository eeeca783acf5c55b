package io.modelgraph.codec;

import io.modelgraph.api.ErrorEntry;
import io.modelgraph.api.TransformFailure;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The formats this build carries: the {@link Format} providers on the class path. Every list of formats the service
 * shows (the unknown-format messages, a route's option members, the API description's enums, the docs' table)
 * comes from here (docs/formats.md). Decoders and encoders are created on first use, so building the registry at a
 * function's init loads no parser.
 */
public final class CodecRegistry {
    private final Map<String, Format> formats = new LinkedHashMap<>();
    private final Map<String, SchemaDecoder> decoders = new ConcurrentHashMap<>();
    private final Map<String, SchemaEncoder> encoders = new ConcurrentHashMap<>();

    /** The registry of the given formats, listed in their order ({@link Format#listingOrder()}, then key). */
    public CodecRegistry(List<Format> formats) {
        List<Format> sorted = new ArrayList<>(formats);
        sorted.sort(Comparator.comparingInt(Format::listingOrder).thenComparing(Format::key));
        for (Format f : sorted) {
            if (this.formats.putIfAbsent(f.key(), f) != null) {
                throw new IllegalStateException("Two providers of format '" + f.key() + "': "
                        + this.formats.get(f.key()).getClass().getName() + " and " + f.getClass().getName());
            }
        }
    }

    /** The providers found by {@link ServiceLoader} in this class's loader (the function's jar). */
    public static CodecRegistry load() {
        List<Format> found = new ArrayList<>();
        ServiceLoader.load(Format.class, CodecRegistry.class.getClassLoader()).forEach(found::add);
        return new CodecRegistry(found);
    }

    public List<Format> formats() {
        return List.copyOf(formats.values());
    }

    public Optional<Format> format(String key) {
        return Optional.ofNullable(formats.get(key));
    }

    /** The decoder for a key; {@code path} names the request member that carried the key. */
    public SchemaDecoder decoder(String key, String path) {
        Format format = formats.get(key);
        if (format == null || !format.decodes()) {
            throw TransformFailure.of(path, "Unknown schema format '" + key + "'. Use: " + String.join(", ",
                    decodeFormats()) + "." + (format == null ? "" : " '" + key
                            + "' is encode-only: it can be exported, not read."));
        }
        return decoders.computeIfAbsent(key, k -> create(format, "decoding", format::newDecoder, path));
    }

    public SchemaEncoder encoder(String key, String path) {
        Format format = formats.get(key);
        if (format == null || !format.encodes()) {
            throw TransformFailure.of(path, "Unknown schema format '" + key + "'. Use: " + String.join(", ",
                    encodeFormats()) + "." + (format == null ? "" : " '" + key + "' is decode-only: it can be read ("
                            + String.join(", ", format.readRoutes()) + "), not exported."));
        }
        return encoders.computeIfAbsent(key, k -> create(format, "encoding", format::newEncoder, path));
    }

    public boolean canDecode(String key) {
        return format(key).filter(Format::decodes).isPresent();
    }

    public boolean canEncode(String key) {
        return format(key).filter(Format::encodes).isPresent();
    }

    /** The decode keys this build carries, in listing order. */
    public List<String> decodeFormats() {
        return formats.values().stream().filter(Format::decodes).map(Format::key).toList();
    }

    /** The encode keys this build carries, in listing order. */
    public List<String> encodeFormats() {
        return formats.values().stream().filter(Format::encodes).map(Format::key).toList();
    }

    /** The option members of the formats that serve {@code direction}, each name once, in listing order. */
    public List<String> optionNames(Direction direction) {
        return formats.values().stream().filter(f -> f.directions().contains(direction))
                .flatMap(f -> f.options().stream()).map(FormatOption::name).distinct().toList();
    }

    /**
     * A provider whose codec cannot be created (its parser library is missing from this build): 501, so clients can
     * tell a format this deployment lacks from a typo.
     */
    private static <T> T create(Format format, String what, java.util.function.Supplier<T> factory, String path) {
        try {
            return factory.get();
        } catch (LinkageError | RuntimeException e) {
            throw new TransformFailure(501, List.of(new ErrorEntry(path, "Schema format '" + format.key()
                    + "' is part of the API but " + what + " it is not available in this release.")), List.of());
        }
    }
}
