package io.modelgraph.transform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelgraph.api.TransformFailure;
import io.modelgraph.codec.CodecOptions;
import io.modelgraph.ledger.LossinessLedger;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every decode runs under a wall-clock deadline: a parser still running when it passes no longer holds the request,
 * which answers 413 naming the limit. Shown with the real SQL decoder on a script that takes longer than a small
 * bound.
 */
class DecodeDeadlineTest {
    private static String wideTable(int columns) {
        StringBuilder b = new StringBuilder("CREATE TABLE t (\n");
        for (int i = 0; i < columns; i++) {
            b.append(i == 0 ? "" : ",\n").append('c').append(i).append(" INT");
        }
        return b.append("\n);\n").toString();
    }

    @Test
    void aDecodePastTheDeadlineAnswers413NamingTheLimit() {
        Conversions conversions = new Conversions(TransformHandler.codecs(), 20);
        String script = wideTable(100_000);
        long t0 = System.nanoTime();
        TransformFailure failure = assertThrows(TransformFailure.class, () -> conversions.decode("sql", "format",
                script, new CodecOptions(Map.of()), new LossinessLedger()));
        long millis = (System.nanoTime() - t0) / 1_000_000;
        assertEquals(413, failure.status());
        assertTrue(failure.errors().get(0).message().contains("decode time limit of 20 ms"),
                failure.errors().get(0).message());
        assertTrue(millis < 2_000, "answered at the deadline, not when the parser ended: " + millis + " ms");
    }

    @Test
    void aDecodeWithinTheDeadlineAnswersItsModelAndLedger() {
        Conversions conversions = new Conversions(TransformHandler.codecs());
        LossinessLedger ledger = new LossinessLedger();
        var model = conversions.decode("sql", "format", "CREATE TABLE t (a INT) WITH (fillfactor = 70);",
                new CodecOptions(Map.of()), ledger);
        assertEquals("t", model.types().get(0).name());
        assertTrue(ledger.entries().stream().anyMatch(e -> e.explanation().contains("not carried")), ledger.entries()
                .toString());
    }

    @Test
    void aSyntaxErrorIsStillA400WithItsPlace() {
        Conversions conversions = new Conversions(TransformHandler.codecs());
        TransformFailure failure = assertThrows(TransformFailure.class, () -> conversions.decode("sql", "format",
                "CREATE TABLE t (a INT", new CodecOptions(Map.of()), new LossinessLedger()));
        assertEquals(400, failure.status());
        assertTrue(failure.errors().get(0).message().contains("Could not parse the 'sql' schema"));
    }

    @Test
    void theDeadlineIsConfiguredInMillisecondsAndFallsBackToTenSeconds() {
        assertEquals(60_000, Conversions.deadline("60000"));
        assertEquals(10_000, Conversions.deadline(null));
        assertEquals(10_000, Conversions.deadline("0"));
        assertEquals(10_000, Conversions.deadline("-5"));
        assertEquals(10_000, Conversions.deadline("ten seconds"));
    }
}
