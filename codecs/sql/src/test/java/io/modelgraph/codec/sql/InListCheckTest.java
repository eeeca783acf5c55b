package io.modelgraph.codec.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelgraph.codec.CodecOptions;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.Term;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class InListCheckTest {
    @Test
    void readsTheColumnAndTheValuesWithDoubledQuotes() {
        assertEquals(Optional.of(new InListCheck("status", List.of("open", "it's", ""))),
                InListCheck.parse("(status IN ('open', 'it''s',''))"));
        assertEquals(Optional.of(new InListCheck("Kind", List.of("a"))), InListCheck.parse("\"Kind\" in ( 'a' )"));
        assertEquals(Optional.of(new InListCheck("k", List.of("a", "b"))), InListCheck.parse("[k] IN('a','b')"));
        assertEquals(Optional.of(new InListCheck("k", List.of("a,b"))), InListCheck.parse("`k` IN ('a,b')"));
    }

    @Test
    void anyOtherCheckIsNotAnInList() {
        for (String other : List.of("k > 3", "k IN (1, 2)", "k IN ('a' 'b')", "k IN ('a',)", "k IN ('a'",
                "k IN ('a') AND j > 1", "kIN ('a')", "k INSIDE ('a')", "\"k IN ('a')", "k NOT IN ('a')",
                "k IN ('unclosed)", "")) {
            assertEquals(Optional.empty(), InListCheck.parse(other), other);
        }
    }

    /**
     * A long list (200 KB; the pattern it replaces overflowed a 512 KB stack at 33 KB) is read on a thread with a
     * small stack: the scan does not recurse, so whether a script is read
     * cannot depend on the stack the thread happens to have.
     */
    @Test
    void aListOfTwentyThousandValuesIsReadOnASmallStack() throws InterruptedException {
        String values = IntStream.range(0, 20_000).mapToObj(n -> "'v" + n + "'").collect(Collectors.joining(", "));
        String ddl = "CREATE TABLE t (k VARCHAR(20) CHECK (k IN (" + values + ")));";
        AtomicReference<Object> result = new AtomicReference<>();
        Thread small = new Thread(null, () -> {
            try {
                result.set(new SqlCodec().decode(ddl, CodecOptions.NONE, new LossinessLedger()));
            } catch (Throwable t) {
                result.set(t);
            }
        }, "small-stack", 256 * 1024);
        small.start();
        small.join();
        assertTrue(result.get() instanceof SchemaModel, () -> "decoded: " + result.get());
        SchemaModel model = (SchemaModel) result.get();
        assertEquals(20_000, model.taxonomies().get(0).terms().size());
    }

    @Test
    void theDecoderReadsTheListAsATaxonomy() throws Exception {
        SchemaModel model = new SqlCodec().decode("CREATE TABLE t (k TEXT CHECK (k IN ('a', 'b''c')));",
                new CodecOptions(Map.of()), new LossinessLedger());
        assertEquals(List.of("a", "b'c"), model.taxonomies().get(0).terms().stream().map(Term::code).toList());
    }
}
