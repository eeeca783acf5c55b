package io.modelgraph.codec.synapse;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The shape check the encoder's output is held to ({@link SynapseShape}) is the shape of real registered schemas:
 * every sage.annotations term and composite schema of the corpus passes it, ids included, and so does every
 * schematic/Curator expected schema (their ids are example URLs, so only structure is compared). Read from
 * {@code corpus.dir}, never copied here.
 */
@Tag("conformance")
class SynapseConformanceTest {
    private static Path corpus;

    @BeforeAll
    static void locateCorpus() {
        String dir = System.getProperty("corpus.dir", "");
        corpus = Paths.get(dir, "synapse");
        Assumptions.assumeTrue(!dir.isEmpty() && Files.isDirectory(corpus),
                "Synapse corpus not found at '" + corpus + "' (set -Dcorpus.dir); conformance tests skipped");
    }

    @Test
    void corpusSchemasHaveTheShapeTheEncoderIsHeldTo() throws Exception {
        int registered = check("sage-synapseAnnotations/terms", true) + check("sage-synapseAnnotations/schemas", true);
        int curator = check("synapsePythonClient-curator/expected_jsonschemas", false);
        System.out.printf("synapse shape: %d registered schemas and %d Curator expected schemas checked%n", registered,
                curator);
    }

    private static int check(String folder, boolean ids) throws Exception {
        List<Path> files;
        try (Stream<Path> s = Files.walk(corpus.resolve(folder))) {
            files = s.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        }
        List<String> failures = new ArrayList<>();
        for (Path f : files) {
            JsonNode schema = Json.parse(Files.readString(f));
            List<String> v = SynapseShape.violations(schema, ids);
            if (!v.isEmpty()) {
                failures.add(corpus.relativize(f) + " " + v);
            }
        }
        System.out.printf("synapse shape %s: %d/%d pass%n", folder, files.size() - failures.size(), files.size());
        failures.forEach(x -> System.out.println("  FAIL " + x));
        assertEquals(List.of(), failures);
        return files.size();
    }
}
