package io.modelgraph.transform;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;

/**
 * {@link RouteRoundTrip} over every corpus input of every round-trip format the build carries (conformance
 * profile, {@code corpus.dir}; never copied here). For jsonschema the inputs are the schema of every 2020-12
 * test-suite group, the 2020-12 remotes and meta-schemas; for shex every {@code .shex} file of the shexTest
 * suite's {@code schemas} folder; for any other format every file under {@code corpus.dir/<format>} except
 * READMEs, licences and source lists. One test per input (docs/testing.md "Corpus suites"); prints per format how
 * many were byte-identical, differed only where ledgered, and unexplained.
 */
@Tag("conformance")
@Tag("store") // its corpus imports stay in the in-process DynamoDB Local: a JVM of its own (docs/testing.md "CI")
public class RouteFidelityConformanceTest {
    /**
     * One test per corpus input, named {@code <format>/<input>}: a regression fails the test of that file with its
     * unexplained differences. Each format ends with a test that prints its figures.
     */
    @TestFactory
    Stream<DynamicNode> everyCorpusInputSurvivesTheGraphLikeItSurvivesSchemaMap() throws IOException {
        String dir = System.getProperty("corpus.dir", "");
        Assumptions.assumeTrue(!dir.isEmpty() && Files.isDirectory(Paths.get(dir)),
                "corpus.dir not set or missing; conformance test skipped");
        Path corpus = Paths.get(dir);
        // -Dfidelity.formats=avro,sql narrows a local run; CI runs every format
        String only = System.getProperty("fidelity.formats", "");
        List<DynamicNode> formats = new ArrayList<>();
        int total = 0;
        for (String format : RouteFidelityTest.formats()) {
            if (!only.isEmpty() && !List.of(only.split(",")).contains(format)) {
                continue;
            }
            List<CorpusInputs.Input> inputs = CorpusInputs.inputs(corpus, format);
            total += inputs.size();
            int[] tally = new int[3]; // byte-identical, differing only where ledgered, unexplained
            Stream<DynamicTest> perInput = inputs.stream().map(in -> DynamicTest.dynamicTest(format + "/"
                    + in.name(), source(format + "/" + in.name()), () -> {
                        RouteRoundTrip.Outcome o = RouteRoundTrip.check(format, format + "/" + in.name(), in.text());
                        tally[o.identical() ? 0 : o.holds() ? 1 : 2]++;
                        assertTrue(o.holds(), "differences no ledger entry explains: " + o);
                    }));
            DynamicTest figures = DynamicTest.dynamicTest(format + " figures", source(format), () ->
                    System.out.printf("ROUTE FIDELITY %s: %d inputs, %d byte-identical, %d differing only where"
                    + " ledgered, %d unexplained%n", format, inputs.size(), tally[0], tally[1], tally[2]));
            formats.add(DynamicContainer.dynamicContainer(format, Stream.concat(perInput, Stream.of(figures))));
        }
        int inputs = total;
        return Stream.concat(formats.stream(), Stream.of(DynamicTest.dynamicTest("the corpus has inputs",
                source("corpus"), () -> assertTrue(inputs > 0, "no corpus inputs for "
                        + RouteFidelityTest.formats()))));
    }

    /**
     * The corpus input a test is about, as its source: with a source of their own, the reports name the tests by
     * their display names instead of the factory's method and an index.
     */
    private static URI source(String input) {
        try {
            return new URI("corpus", input, null);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(input, e);
        }
    }
}
