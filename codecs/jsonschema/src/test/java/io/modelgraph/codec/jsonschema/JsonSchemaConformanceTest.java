package io.modelgraph.codec.jsonschema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.CorpusSuite;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.graph.GraphRoundTrip;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Decode then encode every 2020-12 schema of the JSON-Schema-Test-Suite (the {@code schema} member of each test
 * group, the 2020-12 remotes) and the 2020-12 meta-schemas, read from {@code corpus.dir}; never copied here. One
 * named test per file (docs/testing.md), which checks every schema of the file.
 */
@Tag("conformance")
class JsonSchemaConformanceTest {
    private static final CorpusSuite.Descriptor CORPUS = CorpusSuite.Descriptor.of("jsonschema",
            "(tests/draft2020-12|remotes/draft2020-12|metaschema-2020-12)/.*\\.json", rel -> false);
    /** Totals over the files checked, printed once: schemas, keyword occurrences, carried, ledgered. */
    private static final int[] TOTALS = new int[4];
    private final JsonSchemaCodec codec = new JsonSchemaCodec();

    @AfterAll
    static void printTotals() {
        if (TOTALS[0] > 0) {
            System.out.printf("jsonschema decode->encode: %d schemas with no keyword dropped silently; keywords %d:"
                    + " carried %d, ledgered %d%n", TOTALS[0], TOTALS[1], TOTALS[2], TOTALS[3]);
        }
    }

    record Sample(String where, JsonNode schema) {
    }

    /** The schemas of one file: each test group's {@code schema} in the suite's tests, else the file itself. */
    static List<Sample> samples(Path file, String rel) throws IOException {
        JsonNode read = JsonSchemaText.parseTrusted(Files.readString(file));
        if (!rel.startsWith("tests/")) {
            return List.of(new Sample(rel, read));
        }
        List<Sample> out = new ArrayList<>();
        for (int i = 0; i < read.size(); i++) {
            out.add(new Sample(rel + "[" + i + "] " + read.get(i).path("description").asText(),
                    read.get(i).get("schema")));
        }
        return out;
    }

    @TestFactory
    Stream<DynamicTest> everySchemaDecodesAndEncodesAndNoKeywordIsDroppedSilently() throws IOException {
        return CorpusSuite.tests(CORPUS, (f, rel) -> {
            List<Sample> samples = samples(f, rel);
            assertTrue(!samples.isEmpty(), rel + ": no schema in the file");
            for (Sample s : samples) {
                decodesEncodesAndKeepsEveryKeyword(s);
            }
        }, (f, rel) -> {
            throw new AssertionError(rel + ": no file of this suite is to be refused");
        });
    }

    /** The suite is there whole: a corpus cut short would pass file by file. */
    @Test
    void theWholeSuiteIsRead() throws IOException {
        Path root = CorpusSuite.folder(CORPUS);
        int schemas = 0;
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                String rel = root.relativize(f).toString().replace('\\', '/');
                if (CORPUS.belongs().test(rel)) {
                    schemas += samples(f, rel).size();
                }
            }
        }
        assertTrue(schemas > 400, "expected the whole suite, found " + schemas + " schemas");
    }

    private void decodesEncodesAndKeepsEveryKeyword(Sample s) throws Exception {
        LossinessLedger decodeLedger = new LossinessLedger();
        SchemaModel model = codec.decodeTree(s.schema(), CodecOptions.NONE, decodeLedger);
        JsonNode out = codec.encodeTree(model, new LossinessLedger());
        // keywords are audited in their 2020-12 spelling: the upgrade renames ('dependencies' becomes
        // 'dependentRequired'), and a rename is no drop (docs/jsonschema-dialects.md)
        JsonNode upgraded = DialectUpgrade.upgrade(s.schema(), new LossinessLedger());
        KeywordAudit.Result audit = KeywordAudit.audit(upgraded, out, decodeLedger.entries());
        assertEquals(List.of(), audit.silentlyDropped(), s.where() + ": keywords dropped silently");
        // the output is a fixed point: decoding and encoding it again gives the same document
        JsonNode again = codec.encodeTree(codec.decodeTree(out, CodecOptions.NONE, new LossinessLedger()),
                new LossinessLedger());
        assertEquals(out, again, s.where() + ": the output changes on a second round trip");
        assertTrue(GraphRoundTrip.holds(model), s.where() + ": model -> graph -> model differs");
        synchronized (TOTALS) {
            TOTALS[0]++;
            TOTALS[1] += audit.keywords();
            TOTALS[2] += audit.carried();
            TOTALS[3] += audit.ledgered();
        }
    }
}
