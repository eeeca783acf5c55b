package io.modelgraph.schema;

import java.util.Optional;

/** One value of a taxonomy: its code as stored, a human label, and what it maps to. */
public record Term(String code, Optional<String> label, Optional<String> description, Optional<String> mapsTo) {
    public static Term of(String code) {
        return new Term(code, Optional.empty(), Optional.empty(), Optional.empty());
    }
}
