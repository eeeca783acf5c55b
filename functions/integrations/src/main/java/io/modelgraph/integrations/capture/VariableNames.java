package io.modelgraph.integrations.capture;

import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * The variable names of a dictionary and the fields that repeat a name used on an earlier row, found in one pass
 * and shared by the audit and the validator, so a large dictionary's names are hashed once per audit.
 */
record VariableNames(Set<String> names, Set<DictionaryField> repeats) {
    VariableNames {
        names = Collections.unmodifiableSet(names);
        repeats = Collections.unmodifiableSet(repeats);
    }

    static VariableNames of(List<DictionaryField> fields) {
        Set<String> names = new HashSet<>(fields.size() * 4 / 3 + 1);
        // by identity: two rows can be equal cell for cell, and only the later one repeats
        Set<DictionaryField> repeats = Collections.newSetFromMap(new IdentityHashMap<>());
        for (DictionaryField f : fields) {
            if (!names.add(f.variable())) {
                repeats.add(f);
            }
        }
        return new VariableNames(names, repeats);
    }

    /** Whether the field's name was used on an earlier row. */
    boolean repeats(DictionaryField f) {
        // most dictionaries repeat no name: no identity hash is taken for their fields
        return !repeats.isEmpty() && repeats.contains(f);
    }
}
