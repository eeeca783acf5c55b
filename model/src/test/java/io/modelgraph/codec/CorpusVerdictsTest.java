package io.modelgraph.codec;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;

class CorpusVerdictsTest {
    private static Map<String, DynamicTest> byName(CorpusVerdicts v, Set<String> known) {
        return v.tests("rejected", known, name -> name).collect(Collectors.toMap(DynamicTest::getDisplayName,
                Function.identity()));
    }

    @Test
    void aFailingFileFailsTheTestNamedAfterItAndOnlyThatOne() {
        CorpusVerdicts v = new CorpusVerdicts().pass("a.avsc").pass("b.avsc").fail("b.avsc", "tool: bad field");
        Map<String, DynamicTest> tests = byName(v, Set.of());
        assertEquals(Set.of("a.avsc", "b.avsc"), tests.keySet());
        assertDoesNotThrow(() -> tests.get("a.avsc").getExecutable().execute());
        AssertionError e = assertThrows(AssertionError.class, () -> tests.get("b.avsc").getExecutable().execute());
        assertEquals("rejected: b.avsc: tool: bad field", e.getMessage());
        assertEquals(List.of("b.avsc"), v.failing());
    }

    @Test
    void aKnownExceptionPassesWhileItFailsAndFailsOnceItPasses() {
        CorpusVerdicts v = new CorpusVerdicts().fail("still.yaml", "refused").pass("fixed.yaml");
        Map<String, DynamicTest> tests = byName(v, Set.of("still.yaml", "fixed.yaml"));
        assertEquals(Set.of("still.yaml (known exception)", "fixed.yaml (known exception)"), tests.keySet());
        assertDoesNotThrow(() -> tests.get("still.yaml (known exception)").getExecutable().execute());
        AssertionError e = assertThrows(AssertionError.class, () -> tests.get("fixed.yaml (known exception)")
                .getExecutable().execute());
        assertTrue(e.getMessage().contains("take it off the list"), e.getMessage());
    }

    @Test
    void eachTestHasTheFileAsItsSourceSoReportsNameItByItsDisplayName() {
        DynamicTest t = new CorpusVerdicts().pass("dir/x y.proto").tests("rejected").findFirst().orElseThrow();
        assertEquals(CorpusVerdicts.source("dir/x y.proto"), t.getTestSourceUri().orElseThrow());
    }
}
