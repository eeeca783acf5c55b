package io.modelgraph.codec.jtd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.CorpusCheck;
import io.modelgraph.codec.Format;
import io.modelgraph.codec.SchemaSyntaxException;
import io.modelgraph.json.Json;
import io.modelgraph.ledger.LossEntry;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.Cardinality;
import io.modelgraph.schema.Constraints;
import io.modelgraph.schema.DataType;
import io.modelgraph.schema.ElementDef;
import io.modelgraph.schema.PrimitiveKind;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.TaxonomyDef;
import io.modelgraph.schema.Term;
import io.modelgraph.schema.TypeDef;
import io.modelgraph.schema.graph.GraphRoundTrip;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;

class JtdCodecTest {
    static final List<String> EXAMPLES = List.of("user", "definitions-only", "event-discriminator", "nested-shapes",
            "scalars", "enum-root", "nullable-definitions");
    private final JtdCodec codec = new JtdCodec();

    static String example(String name) throws IOException {
        try (InputStream in = JtdCodecTest.class.getResourceAsStream("/jtd/" + name + ".json")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private SchemaModel decode(String text) throws SchemaSyntaxException {
        LossinessLedger ledger = new LossinessLedger();
        SchemaModel model = codec.decode(text, CodecOptions.NONE, ledger);
        assertTrue(ledger.isEmpty(), "decoding JTD loses nothing: " + ledger.entries());
        return model;
    }

    @Test
    void everyExampleAndTheSampleComeBackAsWrittenAndSurviveTheGraph() throws Exception {
        List<String> texts = new ArrayList<>();
        for (String name : EXAMPLES) {
            texts.add(example(name));
        }
        texts.add(new JtdFormat().sample().orElseThrow());
        for (String text : texts) {
            SchemaModel model = decode(text);
            LossinessLedger ledger = new LossinessLedger();
            String out = codec.encode(model, CodecOptions.NONE, ledger);
            assertTrue(ledger.isEmpty(), "a JTD model re-exports without loss: " + ledger.entries());
            assertEquals(Json.parse(text), Json.parse(out), "the same schema back (members in any order)");
            assertEquals(out, codec.encode(decode(out), CodecOptions.NONE, new LossinessLedger()), "fixed point");
            assertTrue(GraphRoundTrip.holds(model), "the graph keeps the model whole:\n" + text);
            assertTrue(GraphRoundTrip.exportsAlike(codec, model), "the same export after the graph:\n" + text);
        }
    }

    @Test
    void theSampleMapsToTypesTaxonomiesAndCardinalities() throws Exception {
        SchemaModel m = decode(new JtdFormat().sample().orElseThrow());
        assertEquals(Optional.of("Root"), m.rootType());
        assertEquals(Optional.of("An order placed in a shop"), m.description());
        TypeDef root = m.type("Root").orElseThrow();
        assertEquals(new DataType.Primitive(PrimitiveKind.INTEGER, Optional.of("uint32")), root.element("id")
                .orElseThrow().type());
        assertEquals(new DataType.Primitive(PrimitiveKind.DATETIME, Optional.empty()), root.element("placedAt")
                .orElseThrow().type());
        assertEquals(new DataType.TaxonomyRef("status"), root.element("status").orElseThrow().type());
        assertEquals(new DataType.TypeRef("address"), root.element("shipTo").orElseThrow().type());
        ElementDef lines = root.element("lines").orElseThrow();
        assertEquals(Cardinality.ANY_NUMBER, lines.cardinality());
        assertEquals(new DataType.TypeRef("Root_lines"), lines.type());
        assertEquals("true", m.type("Root_lines").orElseThrow().annotations().get(JtdKeys.INLINE));
        ElementDef note = root.element("note").orElseThrow();
        assertEquals(Cardinality.OPTIONAL, note.cardinality());
        assertTrue(note.nullable());
        assertEquals(new DataType.MapOf(new DataType.Primitive(PrimitiveKind.STRING, Optional.empty())),
                root.element("tags").orElseThrow().type());
        TypeDef payment = m.type("Root_payment").orElseThrow();
        assertTrue(payment.isAbstract());
        assertEquals("method", payment.annotations().get(JtdKeys.DISCRIMINATOR));
        TypeDef card = m.type("Root_payment_card").orElseThrow();
        assertEquals(List.of("Root_payment"), card.supertypes());
        assertEquals("card", card.annotations().get(JtdKeys.TAG));
        TaxonomyDef status = m.taxonomy("status").orElseThrow();
        assertEquals(List.of("PENDING", "SHIPPED", "DELIVERED"), status.terms().stream().map(Term::code).toList());
        assertEquals(Optional.of("not yet sent"), status.terms().get(0).description());
        ElementDef sku = m.type("Root_lines").orElseThrow().element("sku").orElseThrow();
        assertEquals("sku", sku.annotations().get(JtdKeys.REF), "an aliased definition keeps its name");
        assertEquals(new DataType.Primitive(PrimitiveKind.STRING, Optional.empty()), sku.type());
        assertEquals(Optional.of("postal code as printed"), m.type("address").orElseThrow().element("postcode")
                .orElseThrow().description());
    }

    @Test
    void invalidSchemasAreRefusedNamingThePlace() {
        Map<String, String> bad = new java.util.LinkedHashMap<>();
        bad.put("[]", "$");
        bad.put("{\"type\": \"int64\"}", "$.type");
        bad.put("{\"type\": \"string\", \"enum\": [\"a\"]}", "$");
        bad.put("{\"ref\": \"missing\"}", "$.ref");
        bad.put("{\"enum\": []}", "$.enum");
        bad.put("{\"enum\": [\"a\", \"a\"]}", "$.enum[1]");
        bad.put("{\"enum\": [1]}", "$.enum[0]");
        bad.put("{\"properties\": {\"a\": {}}, \"optionalProperties\": {\"a\": {}}}", "$.optionalProperties.a");
        bad.put("{\"properties\": {\"a\": {\"definitions\": {}}}}", "$.properties.a.definitions");
        bad.put("{\"elements\": {\"type\": \"string\", \"format\": \"email\"}}", "$.elements.format");
        bad.put("{\"nullable\": \"yes\"}", "$.nullable");
        bad.put("{\"metadata\": []}", "$.metadata");
        bad.put("{\"additionalProperties\": true}", "$.additionalProperties");
        bad.put("{\"discriminator\": \"k\", \"mapping\": {\"a\": {\"type\": \"string\"}}}", "$.mapping.a");
        bad.put("{\"discriminator\": \"k\", \"mapping\": {\"a\": {\"properties\": {\"k\": {}}}}}", "$.mapping.a");
        bad.put("{\"discriminator\": \"k\", \"mapping\": {\"a\": {\"properties\": {}, \"nullable\": true}}}",
                "$.mapping.a.nullable");
        bad.put("{\"discriminator\": \"k\"}", "$.mapping");
        bad.put("{\"values\": {\"ref\": 3}, \"definitions\": {}}", "$.values.ref");
        bad.put("{\"definitions\": {\"a b\": {\"ref\": \"c\"}}}", "$.definitions['a b'].ref");
        bad.put("{\"a\": 1, \"a\": 2}", "line 1, column 13");
        bad.put("{} {}", "line 1, column 4");
        bad.put("   ", "$");
        for (Map.Entry<String, String> b : bad.entrySet()) {
            SchemaSyntaxException e = assertThrows(SchemaSyntaxException.class, () -> codec.decode(b.getKey(),
                    CodecOptions.NONE, new LossinessLedger()), b.getKey());
            assertEquals(b.getValue(), e.path(), b.getKey() + ": " + e.getMessage());
            assertFalse(e.getMessage().isBlank());
        }
    }

    @Test
    void deepOrLargeInputIsRefusedQuickly() {
        String deep = "{\"elements\":".repeat(200) + "{}" + "}".repeat(200);
        SchemaSyntaxException tooDeep = assertThrows(SchemaSyntaxException.class, () -> codec.decode(deep,
                CodecOptions.NONE, new LossinessLedger()));
        assertTrue(tooDeep.getMessage().contains("parser limit"), tooDeep.getMessage());
        String huge = "{\"metadata\":{\"x\":\"" + "a".repeat(6 * 1024 * 1024) + "\"}}";
        SchemaSyntaxException tooLarge = assertThrows(SchemaSyntaxException.class, () -> codec.decode(huge,
                CodecOptions.NONE, new LossinessLedger()));
        assertTrue(tooLarge.getMessage().contains("the limit is"), tooLarge.getMessage());
    }

    /** A model from another format: a valid JTD schema, and every approximation in the ledger. */
    @Test
    void aForeignModelIsWrittenAsValidJtdAndItsLossesAreLedgered() throws Exception {
        ElementDef id = ElementDef.of("id", new DataType.Primitive(PrimitiveKind.UUID, Optional.empty()),
                Cardinality.REQUIRED);
        ElementDef price = ElementDef.of("price", new DataType.Primitive(PrimitiveKind.DECIMAL, Optional.empty()),
                Cardinality.OPTIONAL).toBuilder().constraints(new Constraints(Optional.empty(), Optional.empty(),
                        Optional.empty(), Optional.empty(), Optional.of(BigDecimal.ZERO), Optional.empty(),
                        Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
                        Optional.empty(), false)).build();
        ElementDef count = ElementDef.of("count", new DataType.Primitive(PrimitiveKind.INTEGER, Optional.empty()),
                Cardinality.REQUIRED);
        ElementDef either = ElementDef.of("either", new DataType.Union(List.of(
                new DataType.Primitive(PrimitiveKind.STRING, Optional.empty()),
                new DataType.Primitive(PrimitiveKind.BOOLEAN, Optional.empty()))), Cardinality.REQUIRED);
        ElementDef colors = ElementDef.of("colors", new DataType.TaxonomyRef("Color"), new Cardinality(1,
                OptionalInt.empty()));
        TypeDef base = TypeDef.of("Base", List.of(id));
        TypeDef item = TypeDef.of("Item", List.of(price, count, either, colors)).toBuilder().supertypes(List.of("Base"))
                .description("a thing sold").build();
        TaxonomyDef color = TaxonomyDef.of("Color", List.of(new Term("R", Optional.of("red"), Optional.empty(),
                Optional.empty()), Term.of("G")));
        SchemaModel model = SchemaModel.of("shop", List.of(base, item), List.of(color));
        LossinessLedger ledger = new LossinessLedger();
        String out = codec.encode(model, CodecOptions.NONE, ledger);
        assertEquals(Json.parse("""
                {"definitions": {
                  "Base": {"properties": {"id": {"type": "string"}}},
                  "Item": {"properties": {"id": {"type": "string"}, "count": {"type": "int32"}, "either": {},
                                          "colors": {"elements": {"ref": "Color"}}},
                           "optionalProperties": {"price": {"type": "float64"}},
                           "metadata": {"description": "a thing sold"}},
                  "Color": {"enum": ["R", "G"], "metadata": {"enumDescription": {"R": "red"}}}}}
                """), Json.parse(out));
        decode(out);
        List<String> paths = ledger.entries().stream().map(LossEntry::path).toList();
        for (String expected : List.of("Base.id", "Item.id", "Item.price", "Item.count", "Item.either",
                "Item.colors", "Item")) {
            assertTrue(paths.contains(expected), expected + " ledgered: " + ledger.entries());
        }
        assertEquals(List.of(), CorpusCheck.silentLosses(codec, codec, model, new LossinessLedger()),
                "every difference after the round trip is in the ledger");
    }

    @Test
    void aTaxonomyNamedLikeATypeGetsItsOwnDefinition() throws Exception {
        TypeDef color = TypeDef.of("Color", List.of(ElementDef.of("shade", new DataType.TaxonomyRef("Color"),
                Cardinality.REQUIRED)));
        SchemaModel model = SchemaModel.of("paint", List.of(color), List.of(TaxonomyDef.of("Color",
                List.of(Term.of("RED")))));
        LossinessLedger ledger = new LossinessLedger();
        String out = codec.encode(model, CodecOptions.NONE, ledger);
        assertEquals(Json.parse("""
                {"definitions": {"Color": {"properties": {"shade": {"ref": "ColorEnum"}}},
                                 "ColorEnum": {"enum": ["RED"]}}}
                """), Json.parse(out));
        assertEquals(List.of("Color"), ledger.entries().stream().map(LossEntry::path).toList());
        decode(out);
    }

    @Test
    void theProviderIsFoundAndDescribesTheCodec() {
        List<Format> found = new ArrayList<>();
        ServiceLoader.load(Format.class).forEach(found::add);
        Format jtd = found.stream().filter(f -> f.key().equals("jtd")).findFirst().orElseThrow();
        assertTrue(jtd.decodes() && jtd.encodes());
        assertTrue(jtd.newDecoder() instanceof JtdCodec);
        assertTrue(jtd.sample().orElseThrow().contains("\"definitions\""));
    }

    /** Every annotation the codec writes is one of the typed keys its provider declares. */
    @Test
    void everyKeptFactIsADeclaredExtensionKey() throws Exception {
        java.util.Set<String> declared = new java.util.HashSet<>();
        new JtdFormat().extensions().forEach(k -> declared.add(k.key()));
        java.util.Set<String> written = new java.util.TreeSet<>();
        for (String name : EXAMPLES) {
            SchemaModel m = decode(example(name));
            written.addAll(m.annotations().keySet());
            m.types().forEach(t -> {
                written.addAll(t.annotations().keySet());
                t.elements().forEach(e -> written.addAll(e.annotations().keySet()));
            });
            m.taxonomies().forEach(x -> written.addAll(x.annotations().keySet()));
        }
        assertTrue(written.size() >= 8, "the examples exercise the kept facts: " + written);
        written.removeAll(declared);
        assertEquals(java.util.Set.of(), written, "annotations not declared by JtdFormat.extensions()");
        io.modelgraph.schema.ExtensionKey<Boolean> inline = io.modelgraph.schema.ExtensionKey.flag("jtd", "inline",
                "x");
        java.util.Map<String, String> annotations = new java.util.HashMap<>();
        inline.put(annotations, true);
        assertEquals(java.util.Map.of("jtd.inline", "true"), annotations);
        assertEquals(Optional.of(true), inline.get(annotations));
    }

    @Test
    void aRootTypeThatReadsBackAsRootIsLedgered() throws Exception {
        // an ODM entity or a LinkML tree_root: the JTD document is the type itself, and has no name
        SchemaModel m = SchemaModel.of("shop", List.of(TypeDef.of("Product", List.of(ElementDef.of("sku",
                DataType.of(PrimitiveKind.STRING), Cardinality.REQUIRED)))), List.of()).toBuilder()
                .rootType("Product").build();
        LossinessLedger ledger = new LossinessLedger();
        SchemaModel back = codec.decode(codec.encode(m, CodecOptions.NONE, ledger), CodecOptions.NONE, ledger);
        List<io.modelgraph.schema.ModelDiff.Difference> diffs = io.modelgraph.schema.ModelDiff.between(m, back);
        assertTrue(diffs.stream().anyMatch(d -> d.toString().equals("Product: type missing")), diffs.toString());
        assertEquals(List.of(), io.modelgraph.schema.ModelDiff.unexplained(diffs, ledger.entries()));
    }
}
