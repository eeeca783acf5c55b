package io.modelgraph.local.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class LineLocatorTest {
    private static final String AVSC = String.join("\n",
            "{\"type\": \"record\", \"name\": \"Address\", \"fields\": [",
            "  {\"name\": \"age\", \"type\": \"string\"}]}",
            "{\"type\": \"record\", \"name\": \"Person\", \"fields\": [",
            "  {\"name\": \"name\", \"type\": \"string\"},",
            "  {\"name\": \"age\", \"type\": \"int\"}",
            "]}");

    @Test
    void theElementIsSearchedFromItsTypesLine() {
        LineLocator lines = new LineLocator(AVSC);
        assertEquals(5, lines.lineOf("Person.age"), "not Address's age on line 2");
        assertEquals(3, lines.lineOf("Person"));
        assertEquals(3, lines.lineOf("Person.missing"), "the type's line when the element is not named");
        assertEquals(0, lines.lineOf("Nobody.age"));
        assertEquals(0, lines.lineOf(""));
        assertEquals(1, lines.lineOf("Address"), "whole words only: not inside another name");
    }

    @Test
    void pathSegmentsSkipStructuralWords() {
        assertEquals(List.of("Person", "city"), LineLocator.segments("$.properties.Person.items[0].city"));
        assertEquals(List.of("Person", "age"), LineLocator.segments("Person/age"));
    }
}
