package io.modelgraph.integrations.capture;

import java.util.HashMap;
import java.util.Map;

/**
 * Choice lists parsed once per distinct cell text for one validation or audit: large dictionaries repeat the
 * same lists (yes/no, matrix groups) hundreds of times, and the validator and the audit both read them.
 */
final class ChoiceLists {
    private final Map<String, Choices> parsed = new HashMap<>();

    Choices of(DictionaryField f) {
        return parsed.computeIfAbsent(f.get(Column.CHOICES), Choices::parse);
    }
}
