package io.modelgraph.graph.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.modelgraph.graph.store.RepeatedValues.Kind;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** Shared attribute values: the same value for the same input, never another input's (whatever the slots hold). */
class RepeatedValuesTest {
    @Test
    void aRepeatedInputGetsTheSameValueAndEveryInputItsOwn() {
        assertSame(RepeatedValues.s(Kind.PROJECT, "P#one"), RepeatedValues.s(Kind.PROJECT, "P#one"));
        for (int round = 0; round < 3; round++) {
            for (int i = 0; i < 40; i++) { // more inputs than a kind keeps: slots are replaced, never mixed up
                assertEquals("P#" + i, RepeatedValues.s(Kind.PROJECT, "P#" + i).s());
                assertEquals("" + i, RepeatedValues.n(Kind.VERSION, i).n());
                assertEquals("s" + i, RepeatedValues.s(Kind.CREATED_BY, "s" + i).s(), "kinds keep apart");
            }
        }
        Instant at = Instant.parse("2026-11-27T01:02:03.456Z");
        assertEquals("2026-11-27T01:02:03.456Z", RepeatedValues.instant(Kind.CREATED_AT, at).s());
        assertSame(RepeatedValues.instant(Kind.CREATED_AT, at), RepeatedValues.instant(Kind.CREATED_AT,
                Instant.parse("2026-11-27T01:02:03.456Z")));
        assertEquals(Boolean.FALSE, RepeatedValues.bool(Kind.DELETED, false).bool());
        assertEquals(Boolean.TRUE, RepeatedValues.bool(Kind.DELETED, true).bool());
    }
}
