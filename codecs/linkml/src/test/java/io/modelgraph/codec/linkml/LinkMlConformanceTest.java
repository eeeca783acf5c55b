package io.modelgraph.codec.linkml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.CorpusCheck;
import io.modelgraph.codec.CorpusSuite;
import io.modelgraph.json.Json;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.ModelDiff;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.graph.GraphRoundTrip;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every LinkML schema of the corpus (read from {@code corpus.dir}, never copied; YAML data files are not schemas
 * and are counted apart) decodes with its ledger, maps onto the graph and back, encodes to YAML that validates
 * against the metamodel's JSON Schema in the corpus, and decodes back with no difference the ledger does not name;
 * one test per schema file. A schema's request carries the other schemas of its folder, so local imports resolve.
 */
@Tag("conformance")
class LinkMlConformanceTest {
    private static Path corpus;
    private final LinkMlCodec codec = new LinkMlCodec();

    @BeforeAll
    static void locateCorpus() {
        corpus = CorpusCheck.folder("linkml");
    }

    static boolean isSchemaFile(Path p) throws IOException {
        String text = Files.readString(p);
        return text.lines().anyMatch(l -> l.startsWith("id:")) && text.lines().anyMatch(l -> l.startsWith("name:"));
    }

    static List<Path> yaml() throws IOException {
        return CorpusCheck.files(corpus, ".*\\.yaml$");
    }

    /** The schema first, then its folder's other schemas as further documents. */
    static String request(Path schema) throws IOException {
        StringBuilder out = new StringBuilder(Files.readString(schema));
        try (Stream<Path> siblings = Files.list(schema.getParent())) {
            for (Path s : siblings.filter(p -> p.toString().endsWith(".yaml") && !p.equals(schema)).sorted()
                    .toList()) {
                if (isSchemaFile(s)) {
                    out.append("\n---\n").append(Files.readString(s));
                }
            }
        }
        return out.toString();
    }

    /** The schemas (YAML data files of the corpus are not schemas and are no test); the codec refuses none. */
    static CorpusSuite.Descriptor descriptor() {
        return new CorpusSuite.Descriptor("linkml", rel -> rel.endsWith(".yaml") && isSchema(corpus.resolve(rel)),
                rel -> false);
    }

    private static boolean isSchema(Path p) {
        try {
            return isSchemaFile(p);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void theCorpusHoldsAtLeastTwentySchemas() throws IOException {
        long schemas = yaml().stream().filter(LinkMlConformanceTest::isSchema).count();
        System.out.printf("linkml conformance: %d schemas, %d YAML data files not schemas%n", schemas,
                yaml().size() - schemas);
        assertTrue(schemas >= 20, "schemas: " + schemas);
    }

    @TestFactory
    Stream<DynamicTest> everySchemaDecodesEncodesValidAndRoundTrips() throws IOException {
        JsonNode meta = Json.parse(Files.readString(corpus.resolve("linkml-model/linkml_model/jsonschema/"
                + "meta.schema.json")));
        JsonSchema metamodel = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V201909).getSchema(meta);
        return CorpusSuite.tests(descriptor(), (file, rel) -> decodesEncodesValidAndRoundTrips(metamodel, file,
                rel), (file, rel) -> {
                    throw new AssertionError("no LinkML schema of the corpus is meant to be refused: " + rel);
                });
    }

    private void decodesEncodesValidAndRoundTrips(JsonSchema metamodel, Path f, String name) throws Exception {
        LossinessLedger ledger = new LossinessLedger();
        SchemaModel m = codec.decode(request(f), CodecOptions.NONE, ledger);
        assertTrue(GraphRoundTrip.holds(m), name + ": the graph does not give the model back");
        LossinessLedger out = new LossinessLedger();
        String yaml = codec.encode(m, CodecOptions.NONE, out);
        Set<ValidationMessage> errors = metamodel.validate(LinkMlYaml.read(yaml).get(0).json());
        assertEquals(List.of(), errors.stream().limit(3).toList(), name + ": encoded YAML fails the metamodel");
        SchemaModel back = codec.decode(yaml, CodecOptions.NONE, new LossinessLedger());
        List<ModelDiff.Difference> silent = ModelDiff.unexplained(ModelDiff.between(m, back), out.entries());
        assertEquals(List.of(), silent.subList(0, Math.min(5, silent.size())),
                name + ": round trip changed without a ledger entry");
        System.out.printf("linkml %s: %d types, %d elements, %d taxonomies; decode ledger %d, encode ledger %d%n",
                name, m.types().size(), m.elementCount(), m.taxonomies().size(), ledger.size(), out.size());
    }

    /**
     * The real-world LinkML cases ({@code realworld-train/linkml}): a file is one case, a folder one multi-file case
     * sent as a bundle of file name to text in its ORDER, the importing schema first. Each decodes, encodes to YAML
     * the metamodel accepts and decodes back with every difference named by the ledger.
     */
    @Test
    void realWorldSchemasAndMultiFileBundlesDecodeAndEncodeValid() throws Exception {
        Path realWorld = corpus.getParent().resolve("realworld-train/linkml");
        assertTrue(Files.isDirectory(realWorld), "realworld-train/linkml not found at " + realWorld);
        JsonSchema metamodel = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V201909).getSchema(Json.parse(
                Files.readString(corpus.resolve("linkml-model/linkml_model/jsonschema/meta.schema.json"))));
        List<String> failures = new ArrayList<>();
        int cases = 0;
        try (Stream<Path> entries = Files.list(realWorld)) {
            for (Path c : entries.sorted().toList()) {
                String request;
                if (Files.isDirectory(c)) {
                    com.fasterxml.jackson.databind.node.ObjectNode bundle = Json.object();
                    for (String file : Files.readAllLines(c.resolve("ORDER"))) {
                        if (!file.isBlank()) {
                            bundle.put(file.trim(), Files.readString(c.resolve(file.trim())));
                        }
                    }
                    request = Json.write(bundle);
                } else if (c.toString().endsWith(".yaml")) {
                    request = Files.readString(c);
                } else {
                    continue;
                }
                cases++;
                String name = c.getFileName().toString();
                try {
                    SchemaModel m = codec.decode(request, CodecOptions.NONE, new LossinessLedger());
                    LossinessLedger out = new LossinessLedger();
                    String yaml = codec.encode(m, CodecOptions.NONE, out);
                    Set<ValidationMessage> errors = metamodel.validate(LinkMlYaml.read(yaml).get(0).json());
                    if (!errors.isEmpty()) {
                        failures.add(name + ": encoded YAML fails the metamodel: " + errors.stream().limit(3)
                                .toList());
                    }
                    SchemaModel back = codec.decode(yaml, CodecOptions.NONE, new LossinessLedger());
                    List<ModelDiff.Difference> silent = ModelDiff.unexplained(ModelDiff.between(m, back),
                            out.entries());
                    if (!silent.isEmpty()) {
                        failures.add(name + ": round trip changed without a ledger entry: "
                                + silent.subList(0, Math.min(5, silent.size())));
                    }
                    System.out.printf("linkml realworld %s: %d types, %d elements, %d taxonomies%n", name,
                            m.types().size(), m.elementCount(), m.taxonomies().size());
                } catch (Exception e) {
                    failures.add(name + ": " + e);
                }
            }
        }
        failures.forEach(System.out::println);
        assertTrue(cases >= 8, "cases: " + cases);
        assertEquals(List.of(), failures);
    }
}
