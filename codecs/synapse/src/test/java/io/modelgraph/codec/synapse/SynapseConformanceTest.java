package io.modelgraph.codec.synapse;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.modelgraph.codec.CorpusSuite;
import io.modelgraph.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;

/**
 * The shape check the encoder's output is held to ({@link SynapseShape}) is the shape of real registered schemas:
 * every sage.annotations term and composite schema of the corpus passes it, ids included, and so does every
 * schematic/Curator expected schema (their ids are example URLs, so only structure is compared). One test per
 * corpus file, read from {@code corpus.dir}, never copied here.
 */
@Tag("conformance")
class SynapseConformanceTest {
    private static final String REGISTERED = "sage-synapseAnnotations/(terms|schemas)/.*\\.json";
    private static final String CURATOR = "synapsePythonClient-curator/expected_jsonschemas/.*\\.json";

    /** The registered schemas and Curator's expected ones; the encoder refuses none of them. */
    static final CorpusSuite.Descriptor DESCRIPTOR = CorpusSuite.Descriptor.of("synapse",
            "(" + REGISTERED + ")|(" + CURATOR + ")", rel -> false);

    @TestFactory
    Stream<DynamicTest> everyCorpusSchemaHasTheShapeTheEncoderIsHeldTo() throws IOException {
        return CorpusSuite.tests(DESCRIPTOR, (file, rel) -> assertEquals(List.of(),
                SynapseShape.violations(Json.parse(Files.readString(file)), rel.matches(REGISTERED)),
                rel + " breaks the registered-schema shape"), (file, rel) -> {
                    throw new AssertionError("no Synapse corpus file is meant to be refused: " + rel);
                });
    }
}
