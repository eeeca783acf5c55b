package io.modelgraph.schema;

import java.util.Optional;

/** Where a model part came from: the format key it was decoded from and the source's own name for it. */
public record Provenance(String format, Optional<String> source, Optional<String> originalName) {
    public static final Provenance NONE = new Provenance("", Optional.empty(), Optional.empty());

    public static Provenance of(String format) {
        return new Provenance(format, Optional.empty(), Optional.empty());
    }

    /** A builder holding this Provenance's components, to change some and build a new one. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /**
     * Builds a {@code Provenance} one component at a time; unset components keep their empty value. Codecs and
     * mappers change a copy through {@link #toBuilder()} instead of re-listing every component.
     */
    public static final class Builder {
        private String format = "";
        private Optional<String> source = Optional.empty();
        private Optional<String> originalName = Optional.empty();

        private Builder() {
        }

        private Builder(Provenance from) {
            this.format = from.format;
            this.source = from.source;
            this.originalName = from.originalName;
        }

        public Builder format(String value) {
            this.format = value;
            return this;
        }

        public Builder source(Optional<String> value) {
            this.source = value;
            return this;
        }

        /** Sets source; {@code null} clears it. */
        public Builder source(String value) {
            this.source = Optional.ofNullable(value);
            return this;
        }

        public Builder originalName(Optional<String> value) {
            this.originalName = value;
            return this;
        }

        /** Sets originalName; {@code null} clears it. */
        public Builder originalName(String value) {
            this.originalName = Optional.ofNullable(value);
            return this;
        }

        public Provenance build() {
            return new Provenance(format, source, originalName);
        }
    }
}
