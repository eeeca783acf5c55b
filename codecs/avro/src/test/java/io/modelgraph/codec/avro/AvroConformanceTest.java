package io.modelgraph.codec.avro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.CorpusSuite;
import io.modelgraph.codec.SchemaSyntaxException;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.graph.GraphRoundTrip;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.avro.Schema;
import org.apache.avro.SchemaNormalization;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every Avro corpus file ({@code corpus.dir}/avro, never copied here): valid schemas and protocols decode, encode
 * to a schema Avro's parser accepts, decode again to the same model and survive the graph; the files under
 * {@code invalid/} and the IDL files ({@code .avdl}, not JSON) are refused with a located logical error; the
 * Parsing Canonical Form cases give the expected canonical form after decode then encode.
 */
@Tag("conformance")
class AvroConformanceTest {
    private static Path corpus;
    private final AvroCodec codec = new AvroCodec();

    @BeforeAll
    static void locateCorpus() {
        String dir = System.getProperty("corpus.dir", "");
        corpus = Paths.get(dir, "avro");
        Assumptions.assumeTrue(!dir.isEmpty() && Files.isDirectory(corpus),
                "Avro corpus not found at '" + corpus + "' (set -Dcorpus.dir); conformance tests skipped");
    }

    /** One test per corpus file, named after it (docs/testing.md): a regression fails that file's test. */
    @TestFactory
    Stream<DynamicTest> everyCorpusFileDecodesOrIsRefusedAsExpected() throws IOException {
        AvroCorpus avros = new AvroCorpus(corpus);
        return CorpusSuite.tests(AvroCorpus.DESCRIPTOR, (f, rel) -> readsAndRoundTrips(avros, f, rel),
                (f, rel) -> {
                    SchemaSyntaxException e = assertThrows(SchemaSyntaxException.class,
                            () -> codec.decode(Files.readString(f), CodecOptions.NONE, new LossinessLedger()),
                            rel + ": accepted, expected a refusal");
                    assertTrue(!e.getMessage().isBlank() && !e.path().isBlank(), rel + ": " + e.getMessage());
                });
    }

    /**
     * A valid file decodes, encodes to a schema Avro's parser accepts, decodes again to the same model, and exports
     * alike before and after the graph. A schema whose root is no single record type needs model-level facts the
     * graph does not store yet (docs/model.md#model-level-facts): that last step is reported aborted, not passed.
     */
    private void readsAndRoundTrips(AvroCorpus avros, Path f, String rel) throws Exception {
        SchemaModel model = avros.decode(f, new LossinessLedger());
        String avro = codec.encode(model, CodecOptions.NONE, new LossinessLedger());
        new Schema.Parser().parse(avro);
        SchemaModel again = codec.decode(avro, CodecOptions.NONE, new LossinessLedger());
        assertEquals(withoutFiles(model), withoutFiles(again), rel + ": decode(encode(model)) differs");
        if (!GraphRoundTrip.exportsAlike(codec, model)) {
            Assumptions.assumeFalse(needsModelLevelFacts(model),
                    rel + ": its root is no single type; the graph does not store model-level facts yet");
            throw new AssertionError(rel + ": export after the graph differs from export before");
        }
    }

    /** The file a type came from is the one fact a bundle loses in one schema (the encoder ledgers it). */
    private static List<Object> withoutFiles(SchemaModel m) {
        return List.of(m.types().stream().map(t -> t.toBuilder().provenance(new io.modelgraph.schema.Provenance(
                t.provenance().format(), java.util.Optional.empty(), t.provenance().originalName()))
                        .build()).toList(), m.taxonomies().stream().map(x -> x.toBuilder()
                        .provenance(new io.modelgraph.schema.Provenance(
                x.provenance().format(), java.util.Optional.empty(), x.provenance().originalName())).build()).toList());
    }

    /** Whether the schema's root is more than one record type: only model annotations say what it is. */
    private static boolean needsModelLevelFacts(SchemaModel model) {
        return model.rootType().isEmpty();
    }

    @Test
    void parsingCanonicalFormCasesSurviveDecodeThenEncode() throws IOException, SchemaSyntaxException {
        List<String> lines = Files.readAllLines(corpus.resolve("canonical-form/schema-tests.txt"));
        List<String[]> cases = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith("<<INPUT")) {
                String input = readBlock(lines, i, "<<INPUT");
                for (int j = i + 1; j < lines.size() && !lines.get(j).startsWith("<<INPUT"); j++) {
                    if (lines.get(j).startsWith("<<canonical")) {
                        cases.add(new String[] {input, readBlock(lines, j, "<<canonical")});
                        break;
                    }
                }
            }
        }
        int passed = 0;
        List<String> failures = new ArrayList<>();
        for (String[] c : cases) {
            SchemaModel model = codec.decode(c[0], CodecOptions.NONE, new LossinessLedger());
            String out = codec.encode(model, CodecOptions.NONE, new LossinessLedger());
            String canonical = SchemaNormalization.toParsingForm(new Schema.Parser().parse(out));
            if (canonical.equals(c[1])) {
                passed++;
            } else {
                failures.add(c[0] + " -> " + canonical + " expected " + c[1]);
            }
        }
        System.out.printf("[conformance] avro canonical form: %d/%d cases%n", passed, cases.size());
        failures.forEach(x -> System.out.println("[conformance] avro canonical FAIL " + x));
        assertTrue(cases.size() > 30);
        assertEquals(List.of(), failures);
    }

    /** {@code <<KEY value} on one line, or {@code <<KEY} alone, the value, then {@code KEY} alone. */
    private static String readBlock(List<String> lines, int at, String key) {
        String rest = lines.get(at).substring(key.length()).trim();
        if (!rest.isEmpty()) {
            return rest;
        }
        String end = key.substring(2);
        StringBuilder out = new StringBuilder();
        for (int i = at + 1; i < lines.size() && !lines.get(i).trim().equals(end); i++) {
            out.append(lines.get(i)).append('\n');
        }
        return out.toString().trim();
    }
}
