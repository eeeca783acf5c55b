package io.modelgraph.schema;

import java.util.Optional;

/** Where a model part came from: the format key it was decoded from and the source's own name for it. */
public record Provenance(String format, Optional<String> source, Optional<String> originalName) {
    public static final Provenance NONE = new Provenance("", Optional.empty(), Optional.empty());

    public static Provenance of(String format) {
        return new Provenance(format, Optional.empty(), Optional.empty());
    }

    public Provenance withOriginalName(String name) {
        return new Provenance(format, source, Optional.ofNullable(name));
    }
}
