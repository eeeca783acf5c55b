package io.modelgraph.codec.jsonld;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.CorpusCheck;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.ModelDiff;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.graph.GraphRoundTrip;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Every JSON-LD file of the corpus (schema.org's full vocabulary, the W3C VC vocabulary; read from
 * {@code corpus.dir}, never copied) decodes with its ledger, maps onto the graph and back, and survives
 * encode-then-decode with no difference the encode ledger does not name.
 */
@Tag("conformance")
class JsonLdConformanceTest {
    private static Path corpus;
    private final JsonLdCodec codec = new JsonLdCodec();

    @BeforeAll
    static void locateCorpus() {
        corpus = CorpusCheck.folder("jsonld");
    }

    static List<Path> files() throws IOException {
        return CorpusCheck.files(corpus, ".*\\.jsonld$");
    }

    @Test
    void everyCorpusFileDecodesRoundTripsAndNamesItsLosses() throws Exception {
        List<Path> files = files();
        int decoded = 0;
        int graph = 0;
        int roundTrips = 0;
        List<String> failures = new ArrayList<>();
        for (Path f : files) {
            String name = corpus.relativize(f).toString();
            try {
                LossinessLedger ledger = new LossinessLedger();
                SchemaModel m = codec.decode(Files.readString(f), CodecOptions.NONE, ledger);
                decoded++;
                graph += GraphRoundTrip.holds(m) ? 1 : 0;
                LossinessLedger out = new LossinessLedger();
                List<ModelDiff.Difference> silent = CorpusCheck.silentLosses(codec, codec, m, out);
                if (silent.isEmpty()) {
                    roundTrips++;
                } else {
                    failures.add(name + ": round trip changed without a ledger entry: "
                            + silent.subList(0, Math.min(5, silent.size())));
                }
                System.out.printf("jsonld %s: %d types, %d elements, %d taxonomies (%d terms); decode ledger %d "
                        + "entries, encode ledger %d%n", name, m.types().size(), m.elementCount(),
                        m.taxonomies().size(), m.taxonomies().stream().mapToInt(x -> x.terms().size()).sum(),
                        ledger.size(), out.size());
            } catch (Exception e) {
                failures.add(name + ": " + e);
            }
        }
        System.out.printf("jsonld conformance: %d/%d files decoded, %d/%d graph round trips, %d/%d encode-decode "
                + "round trips with every loss named%n", decoded, files.size(), graph, files.size(), roundTrips,
                files.size());
        failures.forEach(System.out::println);
        assertTrue(files.size() >= 2, "corpus files: " + files);
        assertEquals(List.of(), failures);
        assertEquals(files.size(), graph);
    }

    @Test
    void schemaOrgGivesItsClassesAndProperties() throws Exception {
        Path file = corpus.resolve("schemaorg/schemaorg-current-https.jsonld");
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
