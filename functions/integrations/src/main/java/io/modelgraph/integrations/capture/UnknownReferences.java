package io.modelgraph.integrations.capture;

import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The {@code [field]} references of a cell that name no variable of the dictionary, each once, in the order they
 * first appear. Worked out once per distinct cell text: large dictionaries repeat the same branching logic on
 * every field of a section (thousands of cells, a few hundred texts), and whether a reference is known depends on
 * the text alone.
 */
final class UnknownReferences {
    private final Set<String> names;
    private final Map<String, List<String>> byCell = new HashMap<>();

    UnknownReferences(Set<String> names) {
        this.names = names;
    }

    List<String> in(String cell) {
        if (cell.indexOf('[') < 0) {
            return List.of();
        }
        return byCell.computeIfAbsent(cell, this::scan);
    }

    private List<String> scan(String cell) {
        Set<String> unknown = null;
        for (int at = cell.indexOf('['); at >= 0; at = cell.indexOf('[', at + 1)) {
            String ref = DictionaryValidator.referenceAt(cell, at);
            if (ref == null || names.contains(ref) || ref.endsWith("_complete") || ref.startsWith("event_")
                    || ref.endsWith("_arm_1")) {
                continue;
            }
            if (unknown == null) {
                unknown = new LinkedHashSet<>();
            }
            unknown.add(ref);
        }
        return unknown == null ? List.of() : List.copyOf(unknown);
    }
}
