package io.modelgraph.schema;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * A codec-specific fact the canonical model has no field for, declared by the format that keeps it
 * ({@code Format.extensions()}), so the docs can list what each format keeps. The value is stored in the graph as
 * today: an annotation {@code <format>.<fact>} whose value is text (JSON text for structured values).
 *
 * @param <T> the value's type once read
 */
public final class ExtensionKey<T> {
    private final String format;
    private final String fact;
    private final String description;
    private final Function<String, T> reader;
    private final Function<T, String> writer;

    private ExtensionKey(String format, String fact, String description, Function<String, T> reader,
            Function<T, String> writer) {
        this.format = Objects.requireNonNull(format, "format");
        this.fact = Objects.requireNonNull(fact, "fact");
        this.description = Objects.requireNonNull(description, "description");
        this.reader = reader;
        this.writer = writer;
    }

    /** A fact kept as text (a name, an identifier, JSON text the codec reads itself). */
    public static ExtensionKey<String> text(String format, String fact, String description) {
        return new ExtensionKey<>(format, fact, description, Function.identity(), Function.identity());
    }

    /** A fact that is true or absent. */
    public static ExtensionKey<Boolean> flag(String format, String fact, String description) {
        return new ExtensionKey<>(format, fact, description, "true"::equals, String::valueOf);
    }

    public String format() {
        return format;
    }

    public String fact() {
        return fact;
    }

    public String description() {
        return description;
    }

    /** The annotation key: {@code <format>.<fact>}. */
    public String key() {
        return format + "." + fact;
    }

    /** The fact in {@code annotations}, read as its type. */
    public Optional<T> get(Map<String, String> annotations) {
        return Optional.ofNullable(annotations.get(key())).map(reader);
    }

    /** Stores {@code value} in a mutable annotations map as the graph keeps it. */
    public void put(Map<String, String> annotations, T value) {
        annotations.put(key(), writer.apply(value));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ExtensionKey<?> k && k.key().equals(key());
    }

    @Override
    public int hashCode() {
        return key().hashCode();
    }

    @Override
    public String toString() {
        return key();
    }
}
