package io.modelgraph.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ExtensionKeyTest {
    @Test
    void aKeyNamesOneAnnotationAndAFamilyEveryNameUnderIt() {
        ExtensionKey<String> check = ExtensionKey.text("sql", "check", "a column's CHECK expressions");
        ExtensionKey<String> checks = ExtensionKey.family("sql", "check", "a table CHECK constraint");
        assertTrue(check.matches("sql.check"));
        assertFalse(check.matches("sql.check.1"));
        assertTrue(checks.matches("sql.check.1"));
        assertFalse(checks.matches("sql.check"));
        assertFalse(checks.matches("sql.checks.1"));
        assertNotEquals(check, checks, "a key and the family of the same name are two declarations");
        assertEquals("text per name", checks.typeName());
        assertTrue(checks.isFamily());
    }

    @Test
    void valuesAreStoredAsTextTheWayTheGraphKeepsThem() {
        ExtensionKey<Boolean> closed = ExtensionKey.flag("shex", "closed", "a CLOSED shape");
        ExtensionKey<String> values = ExtensionKey.json("shex", "values", "a value set as written");
        Map<String, String> annotations = new HashMap<>();
        closed.put(annotations, true);
        values.put(annotations, "[\"a\"]");
        assertEquals(Map.of("shex.closed", "true", "shex.values", "[\"a\"]"), annotations);
        assertEquals(Optional.of(true), closed.get(annotations));
        assertEquals("flag", closed.typeName());
        assertEquals("JSON", values.typeName());
        assertEquals(Optional.empty(), ExtensionKey.text("shex", "base", "the BASE IRI").get(annotations));
    }
}
