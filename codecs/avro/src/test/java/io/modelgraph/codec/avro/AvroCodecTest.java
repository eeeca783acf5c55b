package io.modelgraph.codec.avro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.IntNode;
import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.SchemaSyntaxException;
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
import java.util.List;
import java.util.Optional;
import org.apache.avro.Schema;
import org.apache.avro.SchemaNormalization;
import org.junit.jupiter.api.Test;

class AvroCodecTest {
    private final AvroCodec codec = new AvroCodec();

    private static final String ORDER = """
            {"type": "record", "name": "Order", "namespace": "shop.v1", "doc": "A customer order",
             "aliases": ["Purchase"], "shop.owner": "sales", "scale": "kept",
             "fields": [
               {"name": "id", "type": {"type": "string", "logicalType": "uuid"}},
               {"name": "total", "type": {"type": "bytes", "logicalType": "decimal", "precision": 10, "scale": 2}},
               {"name": "placed", "type": {"type": "long", "logicalType": "timestamp-micros"}, "order": "descending"},
               {"name": "note", "type": ["null", "string"], "default": null, "doc": "free text"},
               {"name": "status", "type": {"type": "enum", "name": "Status", "symbols": ["NEW", "PAID"],
                 "default": "NEW"}, "default": "NEW"},
               {"name": "lines", "type": {"type": "array", "items": {"type": "record", "name": "Line",
                 "fields": [{"name": "sku", "type": "string", "aliases": ["code"]},
                            {"name": "qty", "type": "int", "default": 1}]}}},
               {"name": "tags", "type": {"type": "map", "values": "string"}},
               {"name": "hash", "type": {"type": "fixed", "name": "Md5", "size": 16}},
               {"name": "choice", "type": ["int", "string", "Line"]},
               {"name": "matrix", "type": {"type": "array", "items": {"type": "array", "items": "double"}}},
               {"name": "parent", "type": ["null", "Order"], "default": null}
             ]}
            """;

    @Test
    void decodesRecordsEnumsUnionsLogicalTypesDefaultsAndRecursion() throws SchemaSyntaxException {
        LossinessLedger ledger = new LossinessLedger();
        SchemaModel m = codec.decode(ORDER, CodecOptions.NONE, ledger);
        TypeDef order = m.type("Order").orElseThrow();
        assertEquals(Optional.of("A customer order"), order.description());
        assertEquals("shop.v1", order.annotations().get("avro.namespace"));
        assertEquals("[\"shop.v1.Purchase\"]", order.annotations().get("avro.aliases"));
        assertEquals("sales", order.annotations().get("shop.owner"));
        assertEquals("{\"scale\":\"kept\"}", order.annotations().get("avro.props"));
        assertEquals(new DataType.Primitive(PrimitiveKind.UUID, Optional.of("uuid")), order.element("id")
                .orElseThrow().type());
        ElementDef total = order.element("total").orElseThrow();
        assertEquals(PrimitiveKind.DECIMAL, ((DataType.Primitive) total.type()).kind());
        assertEquals(Optional.of(10), total.constraints().precision());
        assertEquals(Optional.of(2), total.constraints().scale());
        assertEquals("descending", order.element("placed").orElseThrow().annotations().get("avro.order"));
        ElementDef note = order.element("note").orElseThrow();
        assertTrue(note.nullable());
        assertEquals(Cardinality.OPTIONAL, note.cardinality());
        assertEquals(new DataType.TaxonomyRef("Status"), order.element("status").orElseThrow().type());
        assertEquals(List.of(Term.of("NEW"), Term.of("PAID")), m.taxonomy("Status").orElseThrow().terms());
        assertEquals("NEW", m.taxonomy("Status").orElseThrow().annotations().get("avro.default"));
        ElementDef lines = order.element("lines").orElseThrow();
        assertEquals(Cardinality.ANY_NUMBER, lines.cardinality());
        assertEquals(new DataType.TypeRef("Line"), lines.type());
        assertEquals(Optional.of(IntNode.valueOf(1)), m.type("Line").orElseThrow().element("qty").orElseThrow()
                .defaultValue());
        assertEquals(new DataType.MapOf(new DataType.Primitive(PrimitiveKind.STRING, Optional.of("string"))),
                order.element("tags").orElseThrow().type());
        assertEquals(Optional.of(16L), order.element("hash").orElseThrow().constraints().maxLength());
        assertTrue(order.element("choice").orElseThrow().type() instanceof DataType.Union);
        assertEquals(new DataType.TypeRef("Order"), order.element("parent").orElseThrow().type());
        // the array of arrays is the one shape the model cannot state: kept exactly, and ledgered
        assertEquals(1, ledger.size());
        assertEquals("$.matrix", ledger.entries().get(0).path());
        // the graph keeps what this format needs: export after storing equals export before
        assertTrue(GraphRoundTrip.exportsAlike(codec, m));
    }

    /** T0 → T1 → … each with one required field of the next type: each record nests three JSON levels deeper. */
    private static SchemaModel chain(int types) {
        List<TypeDef> chain = new java.util.ArrayList<>();
        for (int i = 0; i < types; i++) {
            DataType next = i + 1 < types ? new DataType.TypeRef("T" + (i + 1)) : DataType.of(PrimitiveKind.STRING);
            chain.add(TypeDef.of("T" + i, List.of(ElementDef.of("next", next, Cardinality.REQUIRED))));
        }
        return SchemaModel.of("deep", chain, List.of());
    }

    @Test
    void aSchemaNestedDeeperThan128LevelsThatAvroAcceptsIsReadBack() throws SchemaSyntaxException {
        // schema.org's types nest 129 deep where each is defined at its first use
        String avro = codec.encode(chain(100), CodecOptions.NONE, new LossinessLedger());
        new Schema.Parser().parse(avro);
        assertTrue(AvroCodec.depth(io.modelgraph.codec.StrictJson.exactDecimals(AvroInput.MAX_DEPTH).parse(avro,
                "")) > 128);
        SchemaModel back = codec.decode(avro, CodecOptions.NONE, new LossinessLedger());
        assertEquals(100, back.types().size());
        assertEquals(new DataType.TypeRef("T99"), back.type("T98").orElseThrow().element("next").orElseThrow()
                .type());
    }

    @Test
    void aSchemaDeeperThanAvrosOwnParserReadsIsRefusedAsUnrepresentable() {
        SchemaModel deep = chain(400);
        io.modelgraph.codec.UnrepresentableModelException e = assertThrows(
                io.modelgraph.codec.UnrepresentableModelException.class,
                () -> codec.encode(deep, CodecOptions.NONE, new LossinessLedger()));
        assertTrue(e.getMessage().contains("at most " + AvroInput.MAX_DEPTH), e.getMessage());
        // the limit is Avro's own: its parser refuses the same schema
        StringBuilder written = new StringBuilder();
        for (int i = 0; i < 400; i++) {
            written.append("{\"type\": \"record\", \"name\": \"T").append(i)
                    .append("\", \"fields\": [{\"name\": \"next\", \"type\": ");
        }
        written.append("\"string\"").append("}]}".repeat(400));
        assertThrows(org.apache.avro.SchemaParseException.class, () -> new Schema.Parser().parse(written.toString()));
        SchemaSyntaxException refused = assertThrows(SchemaSyntaxException.class, () -> codec.decode(written.toString(),
                CodecOptions.NONE, new LossinessLedger()));
        assertTrue(refused.getMessage().contains("parser limit"), refused.getMessage());
    }

    @Test
    void aUnionOfKindsSharingAnAvroTypeKeepsOneMemberPerTypeSoAvroAcceptsIt() {
        SchemaModel model = SchemaModel.of("m", List.of(TypeDef.of("Offer", List.of(ElementDef.of("days",
                new DataType.Union(List.of(DataType.of(PrimitiveKind.INTEGER), DataType.of(PrimitiveKind.DATE),
                        DataType.of(PrimitiveKind.DATETIME), DataType.of(PrimitiveKind.TIME))),
                Cardinality.REQUIRED)))), List.of());
        LossinessLedger ledger = new LossinessLedger();
        Schema offer = new Schema.Parser().parse(codec.encode(model, CodecOptions.NONE, ledger));
        List<Schema.Type> members = offer.getField("days").schema().getTypes().stream().map(Schema::getType)
                .toList();
        assertEquals(List.of(Schema.Type.LONG, Schema.Type.INT), members);
        assertEquals(2, ledger.entries().stream().filter(e -> e.explanation().contains("one member per type"))
                .count(), ledger.entries().toString());
    }

    @Test
    void anOptionalFieldThatIsNotNullableReadsBackNullableWithALedgerEntry() throws SchemaSyntaxException {
        SchemaModel model = SchemaModel.of("m", List.of(TypeDef.of("Visit", List.of(ElementDef.of("note",
                DataType.of(PrimitiveKind.STRING), Cardinality.OPTIONAL)))), List.of());
        LossinessLedger ledger = new LossinessLedger();
        SchemaModel back = codec.decode(codec.encode(model, CodecOptions.NONE, ledger), CodecOptions.NONE, ledger);
        assertTrue(back.type("Visit").orElseThrow().element("note").orElseThrow().nullable());
        List<io.modelgraph.schema.ModelDiff.Difference> diffs = io.modelgraph.schema.ModelDiff.between(model, back);
        assertTrue(diffs.stream().anyMatch(d -> d.what().startsWith("nullable")), diffs.toString());
        assertEquals(List.of(), io.modelgraph.schema.ModelDiff.unexplained(diffs, ledger.entries()));
    }

    @Test
    void reEncodesTheSameSchemaForAnAvroModel() throws SchemaSyntaxException {
        SchemaModel m = codec.decode(ORDER, CodecOptions.NONE, new LossinessLedger());
        LossinessLedger ledger = new LossinessLedger();
        String out = codec.encode(m, CodecOptions.NONE, ledger);
        Schema original = new Schema.Parser().parse(ORDER);
        Schema back = new Schema.Parser().parse(out);
        assertEquals(original, back, out);
        assertEquals(SchemaNormalization.toParsingForm(original), SchemaNormalization.toParsingForm(back));
        assertEquals(List.of(), ledger.entries());
        assertEquals(m.types(), codec.decode(out, CodecOptions.NONE, new LossinessLedger()).types());
    }

    @Test
    void encodesAForeignModelWithValidNamesAndLedgersTheRenames() throws SchemaSyntaxException {
        ElementDef code = ElementDef.of("postal-code", DataType.of(PrimitiveKind.STRING), Cardinality.REQUIRED)
                .toBuilder().constraints(Constraints.builder().pattern("[0-9]{5}").build()).build();
        ElementDef kind = ElementDef.of("kind", new DataType.TaxonomyRef("Kind"), Cardinality.OPTIONAL);
        ElementDef site = ElementDef.of("site", DataType.of(PrimitiveKind.URI), Cardinality.AT_LEAST_ONE);
        SchemaModel m = SchemaModel.of("m", List.of(TypeDef.of("1st address", List.of(code, kind, site))),
                List.of(TaxonomyDef.of("Kind", List.of(Term.of("home"), Term.of("2")))));
        LossinessLedger ledger = new LossinessLedger();
        String out = codec.encode(m, CodecOptions.NONE, ledger);
        Schema s = new Schema.Parser().parse(out);
        assertEquals("_1st_address", s.getName());
        assertTrue(s.getField("postal_code") != null);
        assertEquals(List.of("home", "_2"), s.getField("kind").schema().getTypes().get(1).getEnumSymbols());
        assertEquals(Schema.Type.ARRAY, s.getField("site").schema().getType());
        List<String> paths = ledger.entries().stream().map(LossEntry::path).toList();
        assertTrue(paths.contains("$.types.1st address"), paths.toString());
        assertTrue(paths.contains("$.types.1st address.elements.postal-code"), paths.toString());
        assertTrue(paths.contains("$.taxonomies.Kind"), paths.toString());
        assertTrue(paths.contains("$.types.1st address.elements.site"), paths.toString());
    }

    @Test
    void bundleSharesNamesAcrossFilesInAnyOrderAndProtocolMessagesAreLedgered() throws SchemaSyntaxException {
        String bundle = """
                {"b.avsc": "{\\"type\\":\\"record\\",\\"name\\":\\"B\\",\\"namespace\\":\\"x\\",\\"fields\\":[{\\"name\\":\\"a\\",\\"type\\":\\"x.A\\"}]}",
                 "a.avsc": {"type": "enum", "name": "A", "namespace": "x", "symbols": ["P", "Q"]}}
                """;
        SchemaModel m = codec.decode(bundle, CodecOptions.NONE, new LossinessLedger());
        assertEquals(new DataType.TaxonomyRef("A"), m.type("B").orElseThrow().element("a").orElseThrow().type());
        new Schema.Parser().parse(codec.encode(m, CodecOptions.NONE, new LossinessLedger()));

        String protocol = """
                {"protocol": "Mail", "namespace": "org.example", "types": [
                  {"type": "record", "name": "Message", "fields": [{"name": "to", "type": "string"}]}],
                 "messages": {"send": {"request": [{"name": "message", "type": "Message"}], "response": "string"}}}
                """;
        LossinessLedger ledger = new LossinessLedger();
        SchemaModel p = codec.decode(protocol, CodecOptions.NONE, ledger);
        assertEquals("Message", p.types().get(0).name());
        assertEquals("$.messages.send", ledger.entries().get(0).path());
        new Schema.Parser().parse(codec.encode(p, CodecOptions.NONE, new LossinessLedger()));
    }

    @Test
    void malformedInputFailsWithLineColumnOrPath() {
        SchemaSyntaxException json = assertThrows(SchemaSyntaxException.class, () -> codec.decode(
                "{\"type\": \"record\",\n \"name\": }", CodecOptions.NONE, new LossinessLedger()));
        assertEquals("line 2, column 10", json.path());
        SchemaSyntaxException undefined = assertThrows(SchemaSyntaxException.class, () -> codec.decode(
                "{\"type\":\"record\",\"name\":\"R\",\"fields\":[{\"name\":\"a\",\"type\":\"int\"},"
                        + "{\"name\":\"b\",\"type\":\"Missing\"}]}", CodecOptions.NONE, new LossinessLedger()));
        assertEquals("$.fields[1].type", undefined.path());
        SchemaSyntaxException badName = assertThrows(SchemaSyntaxException.class, () -> codec.decode(
                "{\"type\":\"enum\",\"name\":\"E\",\"symbols\":[\"ok\",\"not-ok\"]}", CodecOptions.NONE,
                new LossinessLedger()));
        assertEquals("$.symbols[1]", badName.path());
        SchemaSyntaxException noType = assertThrows(SchemaSyntaxException.class, () -> codec.decode(
                "{\"name\": \"R\", \"fields\": []}", CodecOptions.NONE, new LossinessLedger()));
        assertTrue(noType.getMessage().contains("No type"), noType.getMessage());
        assertThrows(SchemaSyntaxException.class, () -> codec.decode("  ", CodecOptions.NONE,
                new LossinessLedger()));
        String deep = "[".repeat(5000) + "]".repeat(5000);
        assertThrows(SchemaSyntaxException.class, () -> codec.decode(deep, CodecOptions.NONE,
                new LossinessLedger()));
    }

    /** The parse path runs without commons-compress (excluded in the parent pom): prove it is absent. */
    @Test
    void schemaParsingWorksWithoutCommonsCompress() throws SchemaSyntaxException {
        assertThrows(ClassNotFoundException.class,
                () -> Class.forName("org.apache.commons.compress.utils.IOUtils"));
        assertEquals(1, codec.decode("{\"type\":\"record\",\"name\":\"R\",\"fields\":[]}", CodecOptions.NONE,
                new LossinessLedger()).types().size());
    }

    /** The shipped sample (artifact tests import and export it) decodes, and its export decodes to the same model. */
    @Test
    void shippedSampleRoundTrips() throws Exception {
        String text;
        try (java.io.InputStream in = AvroCodec.class.getResourceAsStream("/samples/avro.avsc")) {
            text = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
        SchemaModel m = codec.decode(text, CodecOptions.NONE, new LossinessLedger());
        assertEquals(3, m.types().size());
        assertEquals(1, m.taxonomies().size());
        SchemaModel back = codec.decode(codec.encode(m, CodecOptions.NONE, new LossinessLedger()), CodecOptions.NONE,
                new LossinessLedger());
        assertEquals(m.types(), back.types());
        assertEquals(m.taxonomies(), back.taxonomies());
    }

    @Test
    void twoFilesEachATopLevelUnionNoLongerExportAsANestedUnion() throws Exception {
        String bundle = """
                {"a.avsc": [{"type": "enum", "name": "Colour", "namespace": "x", "symbols": ["RED", "BLUE"]},
                            {"type": "record", "name": "Paint", "namespace": "x",
                             "fields": [{"name": "colour", "type": "Colour"}]}],
                 "b.avsc": [{"type": "enum", "name": "Size", "namespace": "x", "symbols": ["S", "L"]},
                            {"type": "record", "name": "Shirt", "namespace": "x",
                             "fields": [{"name": "size", "type": "Size"}]}]}
                """;
        SchemaModel m = codec.decode(bundle, CodecOptions.NONE, new LossinessLedger());
        String out = codec.encode(m, CodecOptions.NONE, new LossinessLedger());
        Schema parsed = new Schema.Parser().parse(out);
        assertEquals(Schema.Type.UNION, parsed.getType());
        assertEquals(List.of("x.Colour", "x.Paint", "x.Size", "x.Shirt"), parsed.getTypes().stream()
                .map(Schema::getFullName).toList());
        SchemaModel nested = m.toBuilder().annotations(new java.util.LinkedHashMap<>(java.util.Map.of("avro.root",
                "[[\"x.Colour\",\"x.Paint\"],[\"x.Size\",\"x.Shirt\"]]"))).build();
        assertEquals(Schema.Type.UNION, new Schema.Parser().parse(codec.encode(nested, CodecOptions.NONE,
                new LossinessLedger())).getType(), "a stored union of unions is written flat");
    }

    @Test
    void aFieldReferringToARenamedTypeIsLedgeredAtTheField() throws SchemaSyntaxException {
        // protobuf's nested enum V1LayerParameter.DimCheckMode: a dot is a namespace separator in Avro
        SchemaModel m = SchemaModel.of("m", List.of(TypeDef.of("Layer", List.of(ElementDef.of("mode",
                new DataType.TaxonomyRef("Layer.Mode"), Cardinality.REQUIRED), ElementDef.of("next",
                new DataType.TypeRef("Layer.Next"), Cardinality.REQUIRED))), TypeDef.of("Layer.Next", List.of(
                ElementDef.of("id", DataType.of(PrimitiveKind.STRING), Cardinality.REQUIRED)))), List.of(
                TaxonomyDef.of("Layer.Mode", List.of(Term.of("STRICT"), Term.of("PERMISSIVE")))));
        LossinessLedger ledger = new LossinessLedger();
        SchemaModel back = codec.decode(codec.encode(m, CodecOptions.NONE, ledger), CodecOptions.NONE, ledger);
        List<io.modelgraph.schema.ModelDiff.Difference> changed = io.modelgraph.schema.ModelDiff.between(m, back)
                .stream().filter(d -> d.element().equals("mode") || d.element().equals("next")).toList();
        assertEquals(2, changed.size(), changed.toString());
        assertEquals(List.of(), io.modelgraph.schema.ModelDiff.unexplained(changed, ledger.entries()));
    }

    @Test
    void aFloatDefaultIsReadAsWrittenNotAsTheFloatsDoubleValue() throws SchemaSyntaxException {
        // linkedin avro-util's defaultsTest: "testFloat", "float", default 3.14 (as a double 3.140000104904175)
        SchemaModel m = codec.decode("""
                {"type": "record", "name": "R", "fields": [{"name": "f", "type": "float", "default": 3.14}]}
                """, CodecOptions.NONE, new LossinessLedger());
        assertEquals(new java.math.BigDecimal("3.14"), m.type("R").orElseThrow().element("f").orElseThrow()
                .defaultValue().orElseThrow().decimalValue());
    }
}
