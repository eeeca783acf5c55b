package io.modelgraph.transform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelgraph.api.TransformFailure;
import io.modelgraph.codec.CodecOptions;
import io.modelgraph.ledger.LossinessLedger;
import java.util.List;
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

    private static io.modelgraph.http.Call odmConvert(String... markdowns) {
        String project = "0123456789abcdef0123456789abcdef";
        List<Map<String, String>> entities = new java.util.ArrayList<>();
        for (int i = 0; i < markdowns.length; i++) {
            entities.add(Map.of("name", "thing" + i, "markdown", markdowns[i]));
        }
        var event = io.modelgraph.http.TestEvents.event("POST", "/graph/transform/odm/convert/" + project, "",
                io.modelgraph.json.Json.write(Map.of("entities", entities)), Map.of(),
                io.modelgraph.http.TestEvents.claims("alice", project, "Viewer"));
        return new io.modelgraph.http.Call(io.modelgraph.http.ApiRequest.from(event), new io.modelgraph.auth.Caller(
                "alice", io.modelgraph.auth.CredentialKind.JWT, Map.of(project, io.modelgraph.auth.Role.Viewer)),
                project, io.modelgraph.jobs.WriteBudget.unbounded());
    }

    /** An entity document of {@code rows} fields: reading it takes far longer than a 20 ms bound. */
    private static String entity(int rows) {
        StringBuilder b = new StringBuilder("# Entity: `Thing`\n\n## Object: Thing\n\n| Field | Description | Practice |\n"
                + "| --- | --- | --- |\n");
        for (int i = 0; i < rows; i++) {
            b.append("| `f").append(i).append("` | Field ").append(i).append(" | MAY |\n");
        }
        return b.toString();
    }

    @Test
    void odmConvertPastTheDeadlineAnswers413NamingTheLimitForOneEntityAndForMany() {
        OdmService odm = new OdmService(new io.modelgraph.codec.odm.OdmConverter(),
                new Conversions(TransformHandler.codecs(), 20), null);
        for (io.modelgraph.http.Call call : List.of(odmConvert(entity(80_000)),
                odmConvert(entity(40_000), entity(40_000)))) {
            TransformFailure failure = assertThrows(TransformFailure.class, () -> odm.convert(call));
            assertEquals(413, failure.status());
            assertEquals("entities", failure.errors().get(0).path());
            assertTrue(failure.errors().get(0).message().contains("decode time limit of 20 ms"),
                    failure.errors().get(0).message());
        }
    }

    @Test
    void odmConvertWithinTheDeadlineAnswersItsSchema() {
        OdmService odm = new OdmService(new io.modelgraph.codec.odm.OdmConverter(),
                new Conversions(TransformHandler.codecs()), null);
        var reply = (io.modelgraph.api.Reply.Transform) odm.convert(odmConvert(entity(3)));
        assertTrue(reply.payload().path("schema").toString().contains("\"f2\""), reply.payload().toString());
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
