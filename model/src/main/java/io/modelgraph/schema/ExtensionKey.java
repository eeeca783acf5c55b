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
    private final String typeName;
    private final boolean family;
    private final Function<String, T> reader;
    private final Function<T, String> writer;

    private ExtensionKey(String format, String fact, String description, String typeName, boolean family,
            Function<String, T> reader, Function<T, String> writer) {
        this.format = Objects.requireNonNull(format, "format");
        this.fact = Objects.requireNonNull(fact, "fact");
        this.description = Objects.requireNonNull(description, "description");
        this.typeName = typeName;
        this.family = family;
        this.reader = reader;
        this.writer = writer;
    }

    /** A fact kept as text (a name, an identifier, a list the codec joins itself). */
    public static ExtensionKey<String> text(String format, String fact, String description) {
        return new ExtensionKey<>(format, fact, description, "text", false, Function.identity(),
                Function.identity());
    }

    /** A structured fact kept as JSON text, which the codec parses itself. */
    public static ExtensionKey<String> json(String format, String fact, String description) {
        return new ExtensionKey<>(format, fact, description, "JSON", false, Function.identity(),
                Function.identity());
    }

    /** A fact that is true or absent. */
    public static ExtensionKey<Boolean> flag(String format, String fact, String description) {
        return new ExtensionKey<>(format, fact, description, "flag", false, "true"::equals, String::valueOf);
    }

    /**
     * A family of text facts named {@code <format>.<fact>.<name>}, one per name the document chooses (a fixed
     * type's definition keyed by its name, a vendor extension keyed by its member).
     */
    public static ExtensionKey<String> family(String format, String fact, String description) {
        return new ExtensionKey<>(format, fact, description, "text per name", true, Function.identity(),
                Function.identity());
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

    /** How the value is written: {@code text}, {@code JSON}, {@code flag} or {@code text per name}. */
    public String typeName() {
        return typeName;
    }

    /** Whether this key names a family ({@code <format>.<fact>.<name>}) rather than one annotation. */
    public boolean isFamily() {
        return family;
    }

    /** Whether {@code annotationKey} is this key, or one of its family. */
    public boolean matches(String annotationKey) {
        return family ? annotationKey.startsWith(key() + ".") : annotationKey.equals(key());
    }

    /** The annotation key: {@code <format>.<fact>} (a family's names follow it after a dot). */
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
        return o instanceof ExtensionKey<?> k && k.key().equals(key()) && k.family == family;
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
