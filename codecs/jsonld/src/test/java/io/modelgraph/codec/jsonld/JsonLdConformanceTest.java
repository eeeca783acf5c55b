package io.modelgraph.codec.jsonld;

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
 * Every JSON-LD file of the corpus (schema.org's full vocabulary, the W3C VC vocabulary; read from
 * {@code corpus.dir}, never copied), one test per file, decodes with its ledger, maps onto the graph and back, and
 * survives encode-then-decode with no difference the encode ledger does not name.
 */
@Tag("conformance")
class JsonLdConformanceTest {
    /** The vocabularies; the codec refuses none of them. */
    static final CorpusSuite.Descriptor DESCRIPTOR = CorpusSuite.Descriptor.of("jsonld", ".*\\.jsonld",
            rel -> false);

    private final JsonLdCodec codec = new JsonLdCodec();

    @Test
    void theCorpusHoldsAtLeastTwoVocabularies() throws IOException {
        List<Path> files = CorpusCheck.files(CorpusSuite.folder(DESCRIPTOR), ".*\\.jsonld$");
        assertTrue(files.size() >= 2, "corpus files: " + files);
    }

    @TestFactory
    Stream<DynamicTest> everyCorpusFileDecodesRoundTripsAndNamesItsLosses() throws IOException {
        return CorpusSuite.tests(DESCRIPTOR, this::decodesAndRoundTrips, (file, rel) -> {
            throw new AssertionError("no JSON-LD corpus file is meant to be refused: " + rel);
        });
    }

    private void decodesAndRoundTrips(Path file, String rel) throws Exception {
        LossinessLedger ledger = new LossinessLedger();
        SchemaModel m = codec.decode(Files.readString(file), CodecOptions.NONE, ledger);
        assertTrue(GraphRoundTrip.holds(m), rel + ": the graph does not give the model back");
        LossinessLedger out = new LossinessLedger();
        List<ModelDiff.Difference> silent = CorpusCheck.silentLosses(codec, codec, m, out);
        assertEquals(List.of(), silent.subList(0, Math.min(5, silent.size())),
                rel + ": round trip changed without a ledger entry");
        System.out.printf("jsonld %s: %d types, %d elements, %d taxonomies (%d terms); decode ledger %d entries, "
                + "encode ledger %d%n", rel, m.types().size(), m.elementCount(), m.taxonomies().size(),
                m.taxonomies().stream().mapToInt(x -> x.terms().size()).sum(), ledger.size(), out.size());
    }

    @Test
    void schemaOrgGivesItsClassesAndProperties() throws Exception {
        Path file = CorpusSuite.folder(DESCRIPTOR).resolve("schemaorg/schemaorg-current-https.jsonld");
        LossinessLedger ledger = new LossinessLedger();
        SchemaModel m = codec.decode(Files.readString(file), CodecOptions.NONE, ledger);
        int classes = m.types().size() + m.taxonomies().size();
        long properties = m.types().stream().flatMap(t -> t.elements().stream()).map(e -> e.name()).distinct()
                .count();
        System.out.printf("schema.org: %d classes as %d types + %d taxonomies, %d distinct properties held by "
                + "types%n", classes, m.types().size(), m.taxonomies().size(), properties);
        assertTrue(m.type("Person").orElseThrow().element("birthDate").isPresent());
        assertTrue(m.taxonomy("DayOfWeek").orElseThrow().terms().size() >= 7);
        assertTrue(m.type("Person").orElseThrow().supertypes().contains("Thing"));
    }
}
