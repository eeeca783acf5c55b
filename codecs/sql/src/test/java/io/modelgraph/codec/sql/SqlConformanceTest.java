package io.modelgraph.codec.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.CorpusSuite;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.graph.GraphRoundTrip;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every script of the SQL corpus ({@code corpus.dir}/sql, never copied here) decoded with its ledger; every
 * decoded model that has tables written for PostgreSQL and SQLite, run on the real engines and read back. One
 * named test per script (docs/testing.md).
 */
@Tag("conformance")
class SqlConformanceTest {
    private static final CorpusSuite.Descriptor CORPUS = CorpusSuite.Descriptor.of("sql", ".*\\.sql", rel -> false);
    private static final AtomicInteger DATABASES = new AtomicInteger();
    /** One PostgreSQL for the whole corpus, started by the first script that has tables. */
    private static EmbeddedPostgres postgres;
    private final SqlCodec codec = new SqlCodec();

    private static synchronized EmbeddedPostgres postgres() throws IOException {
        if (postgres == null) {
            postgres = Engines.postgres();
        }
        return postgres;
    }

    @AfterAll
    static synchronized void stopPostgres() throws IOException {
        if (postgres != null) {
            postgres.close();
            postgres = null;
        }
    }

    @TestFactory
    Stream<DynamicTest> everyCorpusScriptDecodesAndItsTablesAreCreatedOnPostgresAndSqlite() throws IOException {
        return CorpusSuite.tests(CORPUS, this::decodesAndCreatesItsTables, (f, rel) -> {
            throw new AssertionError(rel + ": no script of this corpus is to be refused");
        });
    }

    /** The corpus is there whole: a corpus cut short would pass script by script. */
    @Test
    void theWholeCorpusIsRead() throws IOException {
        List<SqlCorpus.Sample> samples = SqlCorpus.samples(CorpusSuite.folder(CORPUS));
        assertTrue(samples.size() >= 100, "expected the whole corpus, found " + samples.size());
    }

    private void decodesAndCreatesItsTables(Path file, String rel) throws Exception {
        Optional<String> vendor = SqlCorpus.vendorOf(rel);
        LossinessLedger ledger = new LossinessLedger();
        SchemaModel model = codec.decode(Files.readString(file), new CodecOptions(vendor
                .map(v -> Map.of("vendor", v)).orElse(Map.of())), ledger);
        System.out.println(rel + ": " + model.types().size() + " tables, " + model.relationships().size()
                + " foreign keys, ledger " + ledger.size() + ", model -> graph -> model "
                + (model.types().isEmpty() ? "-" : GraphRoundTrip.holds(model) ? "holds" : "differs"));
        ledger.entries().forEach(e -> System.out.println("    " + e.kind() + " " + e.path() + ": " + e.explanation()));
        if (model.types().isEmpty()) {
            return;
        }
        String database = "corpus" + DATABASES.incrementAndGet();
        EmbeddedPostgres pg = postgres();
        try (Connection admin = pg.getPostgresDatabase().getConnection(); var st = admin.createStatement()) {
            st.execute("CREATE DATABASE " + database);
        }
        try (Connection c = pg.getDatabase("postgres", database).getConnection()) {
            assertEquals(List.of(), Catalog.createAndCompare(c, model, Vendor.POSTGRES), rel + " on postgres");
        }
        try (Connection c = Engines.sqlite()) {
            assertEquals(List.of(), Catalog.createAndCompare(c, model, Vendor.SQLITE), rel + " on sqlite");
        }
    }
}
