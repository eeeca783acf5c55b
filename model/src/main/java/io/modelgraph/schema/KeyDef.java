package io.modelgraph.schema;

import java.util.List;
import java.util.Optional;

/**
 * A key of a type: the elements, in order, whose values identify (PRIMARY) or are unique among (UNIQUE) its
 * instances. Needed by sql (PRIMARY KEY, UNIQUE), odcs ({@code primaryKey}, {@code primaryKeyPosition},
 * {@code unique}), osi ({@code primary_key}, {@code unique_keys}), linkml ({@code identifier}, {@code key}) and the
 * REDCap connector (the record id field).
 */
public record KeyDef(Kind kind, Optional<String> name, List<String> elements) {
    public enum Kind {
        PRIMARY, UNIQUE
    }

    public KeyDef {
        elements = List.copyOf(elements);
        if (elements.isEmpty()) {
            throw new IllegalArgumentException("A key names at least one element");
        }
    }

    public static KeyDef primary(List<String> elements) {
        return new KeyDef(Kind.PRIMARY, Optional.empty(), elements);
    }

    public static KeyDef unique(List<String> elements) {
        return new KeyDef(Kind.UNIQUE, Optional.empty(), elements);
    }
}
