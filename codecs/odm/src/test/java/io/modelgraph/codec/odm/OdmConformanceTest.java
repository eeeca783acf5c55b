package io.modelgraph.codec.odm;

import io.modelgraph.schema.graph.GraphRoundTrip;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.CorpusSuite;
import io.modelgraph.codec.SchemaSyntaxException;
import io.modelgraph.codec.jsonschema.JsonSchemaText;
import io.modelgraph.ledger.LossEntry;
import io.modelgraph.ledger.LossKind;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.SchemaModel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every entity document of the ODM corpus (both snapshots, read from {@code corpus.dir}, never copied) converts
 * to JSON Schema alone, as one bundle per snapshot, and decodes through the {@code odm} codec. Documents without
 * an entity title (READMEs, glossary, changelog) must be refused with a clear message.
 */
@Tag("conformance")
class OdmConformanceTest {
    private static final Pattern ENTITY_TITLE = Pattern.compile("(?m)^#{1,3} .*(Entity|Utility Object)\\s*:");
    private static Path corpus;

    @BeforeAll
    static void locateCorpus() {
        String dir = System.getProperty("corpus.dir", "");
        corpus = Paths.get(dir, "odm");
        Assumptions.assumeTrue(!dir.isEmpty() && Files.isDirectory(corpus),
                "ODM corpus not found at '" + corpus + "' (set -Dcorpus.dir); conformance tests skipped");
    }

    private static List<Path> markdown(Path root) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(p -> p.toString().endsWith(".md")).sorted().toList();
        }
    }

    private static boolean isEntity(Path p) {
        try {
            return ENTITY_TITLE.matcher(Files.readString(p)).find();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /**
     * One named test per markdown file of the corpus (docs/testing.md): an entity document converts to JSON Schema
     * alone and decodes through the {@code odm} codec (and the graph keeps the model); any other document is
     * refused.
     */
    @TestFactory
    Stream<DynamicTest> everyEntityDocumentConvertsAndDecodesAndEveryOtherIsRefused() throws IOException {
        CorpusSuite.Descriptor corpusFiles = new CorpusSuite.Descriptor("odm", rel -> rel.endsWith(".md"),
                rel -> !isEntity(corpus.resolve(rel)));
        OdmConverter converter = new OdmConverter();
        OdmCodec codec = new OdmCodec();
        return CorpusSuite.tests(corpusFiles, (p, where) -> {
            String text = Files.readString(p);
            ObjectNode schema = converter.convert(new OdmEntity(where, text), new LossinessLedger());
            assertEquals("https://json-schema.org/draft/2020-12/schema", schema.get("$schema").textValue());
            assertTrue(schema.path("properties").isObject(), where + " has no root properties");
            SchemaModel model = codec.decode(text, CodecOptions.NONE, new LossinessLedger());
            assertEquals("odm", model.provenance().format());
            assertTrue(model.types().stream().allMatch(t -> t.provenance().format().equals("odm")));
            assertTrue(GraphRoundTrip.holds(model), where + ": model -> graph -> model differs");
        }, (p, where) -> assertThrows(SchemaSyntaxException.class,
                () -> converter.convert(new OdmEntity(where, Files.readString(p)), new LossinessLedger()),
                where + ": not an entity document, yet it converted"));
    }

    /** The corpus is there whole: a corpus cut short would pass file by file. */
    @Test
    void theWholeCorpusIsRead() throws IOException {
        int entities = 0;
        for (Path p : markdown(corpus)) {
            entities += isEntity(p) ? 1 : 0;
        }
        assertTrue(entities >= 18, "expected the whole ODM corpus, found " + entities);
    }

    @Test
    void eachSnapshotConvertsAsOneBundleAndResolvesCrossDocumentReferences() throws IOException {
        for (String snapshot : List.of("devondragon-standards", "machalliance-standards-legacy")) {
            List<OdmEntity> entities = new ArrayList<>();
            for (Path p : markdown(corpus.resolve(snapshot))) {
                if (isEntity(p)) {
                    entities.add(new OdmEntity(corpus.relativize(p).toString(), Files.readString(p)));
                }
            }
            LossinessLedger ledger = new LossinessLedger();
            OdmBundle bundle = new OdmConverter().convertAll(entities, ledger);
            long unresolved = ledger.entries().stream().filter(e -> e.explanation().contains("does not resolve"))
                    .count();
            System.out.printf("odm bundle %s: %d/%d entities, keys %s, unresolved external references %d,"
                    + " ledger %d%n", snapshot, bundle.converted(), entities.size(), fieldNames(bundle.schemas()),
                    unresolved, ledger.size());
            assertEquals(entities.size(), bundle.converted(), () -> ledger.entries().toString());
            assertEquals(0, bundle.failed());
            for (LossEntry e : ledger.entries()) {
                assertTrue(e.kind() != LossKind.StructuralDrop || !e.path().startsWith("/entities/"),
                        "no entity should fail: " + e);
            }
        }
        // Customer refers to ../utilities/address.yaml#/Address; in one call with address.md it resolves.
        List<OdmEntity> pair = new ArrayList<>();
        for (String f : List.of("identity/customer.md", "utilities/address.md")) {
            Path p = corpus.resolve("devondragon-standards/models/entities/" + f);
            pair.add(new OdmEntity(f, Files.readString(p)));
        }
        LossinessLedger ledger = new LossinessLedger();
        JsonNode customer = new OdmConverter().convertAll(pair, ledger).schemas().get("customer");
        assertEquals("object", customer.at("/$defs/Address/type").textValue());
        assertTrue(customer.at("/$defs/Address/properties/line1").isObject(), "Address is copied in whole");
        assertTrue(customer.at("/$defs/Coordinates").isObject(), "and what Address refers to");
        assertTrue(ledger.entries().stream().noneMatch(e -> e.path().startsWith("customer#/$defs/Address")),
                () -> ledger.entries().toString());
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> out = new ArrayList<>();
        node.fieldNames().forEachRemaining(out::add);
        return out;
    }

    @SuppressWarnings("unused")
    private static String pretty(JsonNode n) {
        return JsonSchemaText.pretty(n);
    }
}
