package io.modelgraph.codec;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One request member a format reads as a codec option, such as sql's {@code vendor}. The routes accept, parse and
 * document options from these declarations (docs/formats.md); the codec itself checks the value it is given.
 *
 * @param name        the request member, spelled as the API spells it
 * @param type        the JSON type the member must have
 * @param allowed     the canonical values, when the option is a choice (empty: free text the codec checks)
 * @param defaultValue what the codec uses when the member is absent
 * @param description one line for the docs and the API description
 */
public record FormatOption(String name, Type type, List<String> allowed, Optional<String> defaultValue,
        String description) {

    /** The JSON type of an option's value. */
    public enum Type {
        STRING("string"), BOOLEAN("boolean");

        private final String json;

        Type(String json) {
            this.json = json;
        }

        /** The type as JSON Schema and OpenAPI spell it. */
        public String json() {
            return json;
        }
    }

    public FormatOption {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        allowed = List.copyOf(allowed);
        Objects.requireNonNull(defaultValue, "defaultValue");
        Objects.requireNonNull(description, "description");
    }

    /** A free-text string option. */
    public static FormatOption text(String name, Optional<String> defaultValue, String description) {
        return new FormatOption(name, Type.STRING, List.of(), defaultValue, description);
    }

    /** A string option that is one of {@code allowed}. */
    public static FormatOption choice(String name, List<String> allowed, String defaultValue, String description) {
        return new FormatOption(name, Type.STRING, allowed, Optional.of(defaultValue), description);
    }
}
