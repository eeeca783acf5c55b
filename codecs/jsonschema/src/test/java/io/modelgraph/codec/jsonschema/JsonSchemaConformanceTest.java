package io.modelgraph.codec.jsonschema;

import io.modelgraph.schema.graph.GraphRoundTrip;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.codec.CodecOptions;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.SchemaModel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Decode then encode every 2020-12 schema of the JSON-Schema-Test-Suite (the {@code schema} member of each test
 * group, the 2020-12 remotes) and the 2020-12 meta-schemas, read from {@code corpus.dir}; never copied here.
 */
@Tag("conformance")
class JsonSchemaConformanceTest {
    private static Path corpus;
    private final JsonSchemaCodec codec = new JsonSchemaCodec();

    record Sample(String where, JsonNode schema) {
    }

    @BeforeAll
    static void locateCorpus() {
        String dir = System.getProperty("corpus.dir", "");
        corpus = Paths.get(dir, "jsonschema");
        Assumptions.assumeTrue(!dir.isEmpty() && Files.isDirectory(corpus),
                "JSON Schema corpus not found at '" + corpus + "' (set -Dcorpus.dir); conformance tests skipped");
    }

    static List<Sample> samples() throws IOException {
        List<Sample> out = new ArrayList<>();
        try (Stream<Path> files = Files.walk(corpus.resolve("tests/draft2020-12"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".json")).sorted().toList()) {
                JsonNode groups = JsonSchemaText.parseTrusted(Files.readString(f));
                for (int i = 0; i < groups.size(); i++) {
                    out.add(new Sample(corpus.relativize(f) + "[" + i + "] " + groups.get(i).path("description")
                            .asText(), groups.get(i).get("schema")));
                }
            }
        }
        for (String folder : List.of("remotes/draft2020-12", "metaschema-2020-12")) {
            try (Stream<Path> files = Files.walk(corpus.resolve(folder))) {
                for (Path f : files.filter(p -> p.toString().endsWith(".json")).sorted().toList()) {
                    out.add(new Sample(corpus.relativize(f).toString(),
                            JsonSchemaText.parseTrusted(Files.readString(f))));
                }
            }
        }
        return out;
    }

    @Test
    void everySchemaDecodesAndEncodesAndNoKeywordIsDroppedSilently() throws IOException {
        List<Sample> samples = samples();
        int passed = 0;
        int keywords = 0;
        int carried = 0;
        int ledgered = 0;
        int stable = 0;
        int graphRoundTrips = 0;
        List<String> failures = new ArrayList<>();
        Map<String, Integer> silentByKeyword = new TreeMap<>();
        for (Sample s : samples) {
            try {
                LossinessLedger decodeLedger = new LossinessLedger();
                SchemaModel model = codec.decodeTree(s.schema(), CodecOptions.NONE, decodeLedger);
                LossinessLedger encodeLedger = new LossinessLedger();
                JsonNode out = codec.encodeTree(model, encodeLedger);
                // keywords are audited in their 2020-12 spelling: the upgrade renames ('dependencies' becomes
                // 'dependentRequired'), and a rename is no drop (docs/jsonschema-dialects.md)
                JsonNode upgraded = DialectUpgrade.upgrade(s.schema(), new LossinessLedger());
                KeywordAudit.Result audit = KeywordAudit.audit(upgraded, out, decodeLedger.entries());
                keywords += audit.keywords();
                carried += audit.carried();
                ledgered += audit.ledgered();
                // The output is a fixed point: decoding and encoding it again gives the same document.
                JsonNode again = codec.encodeTree(codec.decodeTree(out, CodecOptions.NONE, new LossinessLedger()),
                        new LossinessLedger());
                if (again.equals(out)) {
                    stable++;
                }
                if (GraphRoundTrip.holds(model)) {
                    graphRoundTrips++;
                } else {
                    failures.add(s.where() + ": model -> graph -> model differs");
                }
                if (audit.silentlyDropped().isEmpty()) {
                    passed++;
                } else {
                    audit.silentlyDropped().forEach(o -> silentByKeyword.merge(o.keyword(), 1, Integer::sum));
                    failures.add(s.where() + ": " + audit.silentlyDropped());
                }
            } catch (Exception | StackOverflowError e) {
                failures.add(s.where() + ": " + e);
            }
        }
        System.out.printf("jsonschema decode->encode: %d/%d schemas pass (%.1f%%); keywords %d: carried %d,"
                + " ledgered %d; fixed point after one round trip: %d/%d; model -> graph -> model: %d/%d%n", passed,
                samples.size(), 100.0 * passed / samples.size(), keywords, carried, ledgered, stable, samples.size(),
                graphRoundTrips, samples.size());
        if (!failures.isEmpty()) {
            System.out.println("silent drops by keyword: " + silentByKeyword);
            failures.stream().limit(40).forEach(f -> System.out.println("  FAIL " + f));
        }
        assertTrue(samples.size() > 400, "expected the whole suite, found " + samples.size());
        assertEquals(List.of(), failures.stream().limit(20).collect(Collectors.toList()));
        assertEquals(samples.size(), stable, "every output should survive a second round trip unchanged");
    }
}
