package io.modelgraph.codec.owl;

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
 * Every ontology of the corpus (Turtle and RDF/XML, read from {@code corpus.dir}, never copied) decodes with its
 * ledger, maps onto the graph and back, and survives encode-then-decode with no difference the ledger does not
 * name.
 */
@Tag("conformance")
class OwlConformanceTest {
    private static Path corpus;
    private final OwlCodec codec = new OwlCodec();

    @BeforeAll
    static void locateCorpus() {
        corpus = CorpusCheck.folder("owl");
    }

    static List<Path> files() throws IOException {
        return CorpusCheck.files(corpus, ".*\\.(ttl|rdf|owl)$");
    }

    @Test
    void everyOntologyDecodesRoundTripsAndNamesItsLosses() throws Exception {
        List<Path> files = files();
        int decoded = 0;
        int graph = 0;
        int roundTrips = 0;
        List<String> failures = new ArrayList<>();
        for (Path f : files) {
            String name = corpus.relativize(f).toString();
            try {
                LossinessLedger ledger = new LossinessLedger();
                long t0 = System.nanoTime();
                SchemaModel m = codec.decode(Files.readString(f), CodecOptions.NONE, ledger);
                long ms = (System.nanoTime() - t0) / 1_000_000;
                decoded++;
                if (GraphRoundTrip.holds(m)) {
                    graph++;
                } else {
                    failures.add(name + ": the graph does not give the model back");
                }
                LossinessLedger out = new LossinessLedger();
                List<ModelDiff.Difference> silent = CorpusCheck.silentLosses(codec, codec, m, out);
                if (silent.isEmpty()) {
                    roundTrips++;
                } else {
                    failures.add(name + ": round trip changed without a ledger entry: "
                            + silent.subList(0, Math.min(5, silent.size())));
                }
                System.out.printf("owl %s (%s): %d types, %d elements, %d taxonomies; decode ledger %d entries, "
                        + "encode ledger %d; decoded in %d ms%n", name, OwlParsing.detect(Files.readString(f)),
                        m.types().size(), m.elementCount(), m.taxonomies().size(), ledger.size(), out.size(), ms);
            } catch (Exception e) {
                failures.add(name + ": " + e);
            }
        }
        System.out.printf("owl conformance: %d/%d ontologies decoded, %d/%d graph round trips, %d/%d encode-decode "
                + "round trips with every loss named%n", decoded, files.size(), graph, files.size(), roundTrips,
                files.size());
        failures.forEach(System.out::println);
        assertTrue(files.size() >= 9, "files: " + files);
        assertEquals(List.of(), failures);
    }
}
