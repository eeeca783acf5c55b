package io.modelgraph.codec.shex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.CorpusSuite;
import io.modelgraph.codec.SchemaSyntaxException;
import io.modelgraph.graph.GraphChanges;
import io.modelgraph.graph.GraphSnapshot;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.graph.GraphRoundTrip;
import io.modelgraph.schema.graph.ModelGraphMapper;
import io.modelgraph.schema.graph.SnapshotReplay;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;

/**
 * The shexTest suite read from {@code corpus.dir}/shex (never copied here), one named test per file
 * (docs/testing.md): a schema parses, keeps the structure rules, equals its ShExJ twin, survives the writer, the
 * model and the graph (or ledgers what it loses), and its damaged copies fail only with syntax errors; a negative
 * file is refused.
 */
@Tag("conformance")
class ShexConformanceTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final CorpusSuite.Descriptor CORPUS = CorpusSuite.Descriptor.of("shex",
            "(schemas|negativeSyntax|negativeStructure)/[^/]+\\.shex", rel -> rel.startsWith("negative"));
    private final ShexcReader reader = new ShexcReader();
    /**
     * Schemas of the suite that are not representation tests in its manifest and break a structure rule on purpose:
     * import fragments with a reference resolved only by the importing schema, and a validation schema with a
     * negation cycle. The README lists them with these reasons.
     */
    static final List<String> STRUCTURE_EXCEPTIONS = List.of("2RefS1", "3circRefS12", "3circRefS23", "3circRefS3",
            "TwoNegation");
    /** The graph keeps a type's supertypes but not their order; no schema of the suite depends on it. */
    static final List<String> GRAPH_EXCEPTIONS = List.of();
    /** Not a manifest entry: its {@code .json} twin names predicate p1 where the {@code .shex} says p2. */
    static final List<String> SHEXJ_EXCEPTIONS = List.of("start2RefS2");

    @TestFactory
    Stream<DynamicTest> everyCorpusFileReadsOrIsRefusedAsExpected() throws IOException {
        return CorpusSuite.tests(CORPUS, this::readsAndRoundTrips, (f, rel) -> assertThrows(
                SchemaSyntaxException.class, () -> reader.read(Files.readString(f)), rel + ": accepted"));
    }

    private void readsAndRoundTrips(Path f, String rel) throws Exception {
        String name = f.getFileName().toString().replaceAll("\\.shex$", "");
        String text = Files.readString(f);
        ShexcReader.Parsed parsed = reader.readSyntax(text);
        JsonNode mine = parsed.shexj();
        boolean structureException = STRUCTURE_EXCEPTIONS.contains(name);
        if (structureException) {
            assertThrows(SchemaSyntaxException.class, () -> ShexStructure.check(mine),
                    rel + ": a README exception to the structure rules now passes them");
        } else {
            ShexStructure.check(mine);
        }
        Path twin = Paths.get(f.toString().replaceAll("\\.shex$", ".json"));
        if (Files.exists(twin)) {
            String diff = ShexjEquivalence.difference(mine, JSON.readTree(twin.toFile()));
            if (SHEXJ_EXCEPTIONS.contains(name)) {
                assertFalse(diff.isEmpty(), rel + ": a README exception now equals its ShExJ twin");
            } else {
                assertEquals("", diff, rel + ": differs from its ShExJ twin");
            }
        }
        String written = ShexcWriter.write(mine, parsed.prefixes(), "");
        assertEquals("", ShexjEquivalence.difference(mine, reader.readSyntax(written).shexj()),
                rel + ": the writer's text reads back to other ShExJ");
        if (!structureException) {
            throughTheModel(text, rel, name);
        }
        damagedCopiesFailOnlyWithSyntaxErrors(text, rel);
    }

    /** ShExC -> model -> ShExC keeps the ShExJ or ledgers the loss; the graph keeps the model. */
    private void throughTheModel(String text, String rel, String name) throws Exception {
        ShexCodec codec = new ShexCodec();
        JsonNode first = reader.read(text).shexj();
        LossinessLedger in = new LossinessLedger();
        SchemaModel model = codec.decode(text, CodecOptions.NONE, in);
        assertEquals(!GRAPH_EXCEPTIONS.contains(name), GraphRoundTrip.holds(model),
                rel + ": the graph round trip differs from the README's exceptions");
        LossinessLedger out = new LossinessLedger();
        String again = codec.encode(model, CodecOptions.NONE, out);
        JsonNode second = reader.read(again).shexj();
        String diff = ShexjEquivalence.difference(first, second);
        assertTrue(diff.isEmpty() || !in.isEmpty() || !out.isEmpty(), rel + ": silent loss: " + diff);
        // what the graph keeps must still be ShEx that reads back
        reader.read(codec.encode(throughGraph(model), CodecOptions.NONE, new LossinessLedger()));
    }

    /** What the graph store keeps of a model: the mapper's changes replayed on an empty snapshot and read back. */
    static SchemaModel throughGraph(SchemaModel model) {
        ModelGraphMapper mapper = new ModelGraphMapper();
        AtomicInteger ids = new AtomicInteger();
        GraphSnapshot empty = new GraphSnapshot(List.of("main"), List.of(), List.of(), List.of());
        GraphChanges changes = mapper.toChanges(model, empty, List.of("main"), () -> "n" + ids.incrementAndGet());
        return mapper.toModel(SnapshotReplay.apply(empty, changes, "test", Instant.EPOCH), model.name());
    }

    /**
     * Hostile input: the schema cut short at ten places and with ten single characters replaced (a seed of the
     * file's name). Decoding succeeds or fails with SchemaSyntaxException (a 400), never with anything else (a
     * 500); what decodes encodes to text that reads back.
     */
    private void damagedCopiesFailOnlyWithSyntaxErrors(String text, String rel) {
        ShexCodec codec = new ShexCodec();
        Random random = new Random(rel.hashCode());
        String alphabet = "{}()[]<>@&$^%/;|.*+?-~:\"'#=_ \naZ09";
        List<String> variants = new ArrayList<>();
        for (int i = 1; i <= 10 && text.length() > 1; i++) {
            variants.add(text.substring(0, text.length() * i / 11));
            int at = random.nextInt(text.length());
            variants.add(text.substring(0, at) + alphabet.charAt(random.nextInt(alphabet.length()))
                    + text.substring(at + 1));
        }
        for (String v : variants) {
            try {
                SchemaModel m = codec.decode(v, CodecOptions.NONE, new LossinessLedger());
                reader.read(codec.encode(m, CodecOptions.NONE, new LossinessLedger()));
            } catch (SchemaSyntaxException refused) {
                // a 400 naming the place: what a damaged schema should get
            } catch (RuntimeException | StackOverflowError e) {
                throw new AssertionError(rel + ": a damaged copy failed with " + e + "\n" + v, e);
            }
        }
    }
}
