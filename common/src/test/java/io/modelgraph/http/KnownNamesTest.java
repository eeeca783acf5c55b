package io.modelgraph.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.modelgraph.json.Json;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The suggestion rule for misspelled names, and JSON parse messages without parser internals. */
class KnownNamesTest {

    @Test
    void suggestsTheCloseNameOnly() {
        List<String> known = List.of("dryRun", "markdown", "spaces", "name", "Id", "to");
        assertEquals(Optional.of("dryRun"), KnownNames.closest("dry_run", known), "separators and case ignored");
        assertEquals(Optional.of("dryRun"), KnownNames.closest("dryRn", known), "one edit");
        assertEquals(Optional.of("name"), KnownNames.closest("nmae", known), "a transposition is one edit");
        assertEquals(Optional.of("spaces"), KnownNames.closest("spaceIds", known), "two edits on a long name");
        assertEquals(Optional.empty(), KnownNames.closest("zzz", known));
        assertEquals(Optional.empty(), KnownNames.closest("ab", List.of("to")), "short names need to be closer");
    }

    @Test
    void jsonProblemsGiveLineAndColumnWithoutTheParsersSource() {
        try {
            Json.parse("{\"operations\": [");
        } catch (JsonProcessingException e) {
            String text = Json.problem(e);
            assertTrue(text.startsWith(" at line 1, column "), text);
            assertFalse(text.contains("Source:"), text);
            assertFalse(text.contains("REDACTED"), text);
            return;
        }
        throw new AssertionError("not refused");
    }
}
