package io.modelgraph.integrations.capture;

import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Choice lists parsed once per distinct cell text for one validation or audit: large dictionaries repeat the
 * same lists (yes/no, matrix groups) hundreds of times, and the validator and the audit both read them.
 */
final class ChoiceLists {
    private final Map<String, Choices> parsed = new HashMap<>();
    private final Map<Choices, Optional<String>> duplicates = new IdentityHashMap<>();

    Choices of(DictionaryField f) {
        return parsed.computeIfAbsent(f.get(Column.CHOICES), Choices::parse);
    }

    /** {@link Choices#duplicateCode()} of a list this gave, looked for once per distinct list. */
    Optional<String> duplicateCode(Choices choices) {
        return duplicates.computeIfAbsent(choices, Choices::duplicateCode);
    }
}
