package io.modelgraph.codec.owl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.CorpusCheck;
import io.modelgraph.codec.CorpusSuite;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.ModelDiff;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.graph.GraphRoundTrip;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every ontology of the corpus (Turtle and RDF/XML, read from {@code corpus.dir}, never copied), one test per file,
 * decodes with its ledger, maps onto the graph and back, and survives encode-then-decode with no difference the
 * ledger does not name.
 */
@Tag("conformance")
class OwlConformanceTest {
    /** The ontologies; the codec refuses none of them. */
    static final CorpusSuite.Descriptor DESCRIPTOR = CorpusSuite.Descriptor.of("owl", ".*\\.(ttl|rdf|owl)",
            rel -> false);

    private final OwlCodec codec = new OwlCodec();

    @Test
    void theCorpusHoldsAtLeastNineOntologies() throws IOException {
        Path corpus = CorpusSuite.folder(DESCRIPTOR);
        List<Path> files = CorpusCheck.files(corpus, ".*\\.(ttl|rdf|owl)$");
        assertTrue(files.size() >= 9, "files: " + files);
    }

    @TestFactory
    Stream<DynamicTest> everyOntologyDecodesRoundTripsAndNamesItsLosses() throws IOException {
        return CorpusSuite.tests(DESCRIPTOR, this::decodesAndRoundTrips, (file, rel) -> {
            throw new AssertionError("no OWL corpus file is meant to be refused: " + rel);
        });
    }

    private void decodesAndRoundTrips(Path file, String rel) throws Exception {
        String text = Files.readString(file);
        LossinessLedger ledger = new LossinessLedger();
        long t0 = System.nanoTime();
        SchemaModel m = codec.decode(text, CodecOptions.NONE, ledger);
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertTrue(GraphRoundTrip.holds(m), rel + ": the graph does not give the model back");
        LossinessLedger out = new LossinessLedger();
        List<ModelDiff.Difference> silent = CorpusCheck.silentLosses(codec, codec, m, out);
        assertEquals(List.of(), silent.subList(0, Math.min(5, silent.size())),
                rel + ": round trip changed without a ledger entry");
        System.out.printf("owl %s (%s): %d types, %d elements, %d taxonomies; decode ledger %d entries, "
                + "encode ledger %d; decoded in %d ms%n", rel, OwlParsing.detect(text), m.types().size(),
                m.elementCount(), m.taxonomies().size(), ledger.size(), out.size(), ms);
    }
}
