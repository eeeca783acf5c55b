package io.modelgraph.codec.protobuf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.DecimalNode;
import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.SchemaSyntaxException;
import io.modelgraph.ledger.LossEntry;
import io.modelgraph.ledger.LossKind;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.Cardinality;
import io.modelgraph.schema.DataType;
import io.modelgraph.schema.ElementDef;
import io.modelgraph.schema.PrimitiveKind;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.TaxonomyDef;
import io.modelgraph.schema.Term;
import io.modelgraph.schema.TypeDef;
import io.modelgraph.schema.graph.GraphRoundTrip;
import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ProtobufCodecTest {
    private final ProtobufCodec codec = new ProtobufCodec();

    private static final String ORDERS = """
            syntax = "proto3";

            package shop.v1;

            import "google/protobuf/timestamp.proto";
            import "google/protobuf/wrappers.proto";

            option java_package = "com.shop.v1";

            // A customer order.
            message Order {
              reserved 4, 10 to 12;
              reserved "legacy";
              string id = 1;
              google.protobuf.Timestamp placed = 2;
              repeated Line lines = 3;
              map<string, int64> counts = 5 [deprecated = true];
              optional string note = 6;
              google.protobuf.Int32Value priority = 7;
              Status status = 8;
              oneof payment {
                string card = 13;
                string voucher = 14;
              }

              // One line of an order.
              message Line {
                string sku = 1;
                uint32 qty = 2;
              }

              enum Status {
                STATUS_UNSPECIFIED = 0;
                PAID = 1;
              }
            }

            service Orders {
              rpc Get(Order) returns (Order);
            }
            """;

    @Test
    void decodesMessagesNestedTypesNumbersLabelsWellKnownTypesAndOneofs() throws SchemaSyntaxException {
        LossinessLedger ledger = new LossinessLedger();
        SchemaModel m = codec.decode(ORDERS, CodecOptions.NONE, ledger);
        TypeDef order = m.type("Order").orElseThrow();
        assertEquals(Optional.of("A customer order."), order.description());
        assertEquals("shop.v1", order.annotations().get("protobuf.package"));
        assertEquals("[\"4\",\"10 to 12\",\"\\\"legacy\\\"\"]", order.annotations().get("protobuf.reserved"));
        assertEquals("2", order.element("placed").orElseThrow().annotations().get("protobuf.number"));
        assertEquals(new DataType.Primitive(PrimitiveKind.DATETIME, Optional.of("google.protobuf.Timestamp")),
                order.element("placed").orElseThrow().type());
        ElementDef lines = order.element("lines").orElseThrow();
        assertEquals(Cardinality.ANY_NUMBER, lines.cardinality());
        assertEquals(new DataType.TypeRef("Order.Line"), lines.type());
        ElementDef counts = order.element("counts").orElseThrow();
        assertTrue(counts.type() instanceof DataType.MapOf);
        assertEquals("[\"deprecated = true\"]", counts.annotations().get("protobuf.options"));
        assertEquals("optional", order.element("note").orElseThrow().annotations().get("protobuf.label"));
        assertTrue(order.element("priority").orElseThrow().nullable());
        assertEquals(new DataType.TaxonomyRef("Order.Status"), order.element("status").orElseThrow().type());
        assertEquals("payment", order.element("card").orElseThrow().annotations().get("protobuf.oneof"));
        assertEquals(Optional.of("One line of an order."), m.type("Order.Line").orElseThrow().description());
        assertEquals(List.of("STATUS_UNSPECIFIED", "PAID"), m.taxonomy("Order.Status").orElseThrow().terms()
                .stream().map(Term::code).toList());
        List<LossKind> kinds = ledger.entries().stream().map(LossEntry::kind).toList();
        assertTrue(kinds.contains(LossKind.SemanticNarrowing), "oneof ledgered");
        assertTrue(ledger.entries().stream().anyMatch(e -> e.explanation().contains("Service 'Orders'")));
        // the graph keeps what this format needs: export after storing equals export before
        assertTrue(GraphRoundTrip.exportsAlike(codec, m));
    }

    @Test
    void reEncodesProto3ThatDecodesToTheSameModel() throws SchemaSyntaxException {
        SchemaModel m = codec.decode(ORDERS, CodecOptions.NONE, new LossinessLedger());
        LossinessLedger ledger = new LossinessLedger();
        String proto = codec.encode(m, CodecOptions.NONE, ledger);
        assertTrue(proto.contains("reserved 4, 10 to 12;"), proto);
        assertTrue(proto.contains("import \"google/protobuf/timestamp.proto\";"), proto);
        SchemaModel back = codec.decode(proto, CodecOptions.NONE, new LossinessLedger());
        assertEquals(m.types(), back.types());
        assertEquals(m.taxonomies(), back.taxonomies());
        assertEquals(List.of(), ledger.entries());
    }

    @Test
    void proto2GroupsRequiredDefaultsExtensionsAndCustomOptionsAreLedgered() throws SchemaSyntaxException {
        String proto2 = """
                syntax = "proto2";
                package p;
                import "google/protobuf/descriptor.proto";
                extend google.protobuf.FieldOptions { optional string label = 50001; }
                message M {
                  required int32 a = 1 [default = 7, (label) = "x"];
                  optional group G = 2 { optional string s = 3; }
                  extensions 100 to 199;
                }
                """;
        LossinessLedger decodeLedger = new LossinessLedger();
        SchemaModel m = codec.decode(proto2, CodecOptions.NONE, decodeLedger);
        ElementDef a = m.type("M").orElseThrow().element("a").orElseThrow();
        assertEquals(Cardinality.REQUIRED, a.cardinality());
        assertEquals(Optional.of(DecimalNode.valueOf(new BigDecimal("7"))), a.defaultValue());
        assertEquals(new DataType.TypeRef("M.G"), m.type("M").orElseThrow().element("g").orElseThrow().type());
        assertEquals(3, decodeLedger.size(), decodeLedger.entries().toString()); // extend, group, custom option
        LossinessLedger ledger = new LossinessLedger();
        String proto3 = codec.encode(m, CodecOptions.NONE, ledger);
        assertFalse(proto3.contains("(label)"), proto3);
        List<String> why = ledger.entries().stream().map(LossEntry::explanation).toList();
        assertTrue(why.stream().anyMatch(w -> w.contains("no required")), why.toString());
        assertTrue(why.stream().anyMatch(w -> w.contains("no default")), why.toString());
        assertTrue(why.stream().anyMatch(w -> w.contains("extension ranges")), why.toString());
        assertTrue(why.stream().anyMatch(w -> w.contains("no groups")), why.toString());
        codec.decode(proto3, CodecOptions.NONE, new LossinessLedger());
    }

    @Test
    void aWellKnownTypeIsImportedNotDeclaredAgain() throws SchemaSyntaxException {
        SchemaModel m = codec.decode("""
                syntax = "proto3";
                package google.protobuf;
                message Struct { map<string, Value> fields = 1; }
                message Value { oneof kind { string string_value = 3; ListValue list_value = 6; } }
                message ListValue { repeated Value values = 1; }
                message Mine { string a = 1; }
                """, CodecOptions.NONE, new LossinessLedger());
        LossinessLedger ledger = new LossinessLedger();
        String proto = codec.encode(m, CodecOptions.NONE, ledger);
        assertTrue(proto.contains("import \"google/protobuf/struct.proto\";"), proto);
        assertFalse(proto.contains("message Struct") || proto.contains("message Value")
                || proto.contains("message ListValue"), proto);
        assertTrue(proto.contains("message Mine"), proto);
        assertEquals(3, ledger.entries().stream().filter(e -> e.explanation().contains("is a well-known type"))
                .count(), ledger.entries().toString());
    }

    @Test
    void aMessageSetOptionIsDroppedFromTheProto3Output() throws SchemaSyntaxException {
        SchemaModel m = codec.decode("""
                syntax = "proto2";
                message Set { option message_set_wire_format = true; extensions 4 to max; }
                message Holder { optional Set s = 1; }
                """, CodecOptions.NONE, new LossinessLedger());
        LossinessLedger ledger = new LossinessLedger();
        String proto = codec.encode(m, CodecOptions.NONE, ledger);
        assertFalse(proto.contains("message_set_wire_format"), proto);
        assertTrue(ledger.entries().stream().anyMatch(e -> e.path().equals("$.types.Set")
                && e.explanation().contains("message sets exist only in proto2")), ledger.entries().toString());
        codec.decode(proto, CodecOptions.NONE, new LossinessLedger());
    }

    @Test
    void enumValuesEqualOnceTheEnumsPrefixIsRemovedAreRenamed() {
        assertEquals("StringLiteral", ProtoEncoding.strippedName("KIND_STRING_LITERAL", "Kind"));
        assertEquals("StringLiteral", ProtoEncoding.strippedName("string_literal", "Kind"));
        assertEquals("Kind", ProtoEncoding.strippedName("KIND", "Kind"));
        SchemaModel m = SchemaModel.of("m", List.of(), List.of(TaxonomyDef.of("Kind", List.of(Term.of("A"),
                Term.of("KIND_A"), Term.of("b_c"), Term.of("B_C")))));
        LossinessLedger ledger = new LossinessLedger();
        String proto = codec.encode(m, CodecOptions.NONE, ledger);
        assertTrue(proto.contains("  A = 0;\n  KIND_A_2 = 1;\n  b_c = 2;\n  B_C_2 = 3;"), proto);
        assertTrue(ledger.entries().stream().anyMatch(e -> e.explanation().contains("KIND_A=KIND_A_2")),
                ledger.entries().toString());
    }

    @Test
    void twoFieldsWithOneJsonNameGetDistinctNames() throws SchemaSyntaxException {
        SchemaModel m = SchemaModel.of("m", List.of(TypeDef.of("R", List.of(
                ElementDef.of("big_int", DataType.of(PrimitiveKind.STRING), Cardinality.OPTIONAL),
                ElementDef.of("big__int", DataType.of(PrimitiveKind.STRING), Cardinality.OPTIONAL),
                ElementDef.of("bigInt", DataType.of(PrimitiveKind.STRING), Cardinality.OPTIONAL)))), List.of());
        LossinessLedger ledger = new LossinessLedger();
        String proto = codec.encode(m, CodecOptions.NONE, ledger);
        assertEquals("bigInt", ProtoJsonNames.of("big__int"));
        assertTrue(proto.contains("big_int = 1;") && proto.contains("big__int_2 = 2;")
                && proto.contains("bigInt_3 = 3;"), proto);
        assertEquals(2, ledger.entries().stream().filter(e -> e.explanation().contains("its JSON name")).count(),
                ledger.entries().toString());
        codec.decode(proto, CodecOptions.NONE, new LossinessLedger());
    }

    @Test
    void foreignModelGetsValidNamesAndStableNumbersAvoidingReserved() throws SchemaSyntaxException {
        ElementDef first = ElementDef.of("first-name", DataType.of(PrimitiveKind.STRING), Cardinality.REQUIRED);
        ElementDef born = ElementDef.of("born", DataType.of(PrimitiveKind.DATE), Cardinality.OPTIONAL);
        ElementDef kind = ElementDef.of("kind", new DataType.TaxonomyRef("Kind"), Cardinality.OPTIONAL);
        TypeDef person = TypeDef.of("Person", List.of(first, born, kind))
                .toBuilder().annotations(java.util.Map.of("protobuf.reserved", "[\"2\"]")).build();
        SchemaModel m = SchemaModel.of("m", List.of(person), List.of(TaxonomyDef.of("Kind",
                List.of(Term.of("a-b"), Term.of("c")))));
        LossinessLedger ledger = new LossinessLedger();
        String proto = codec.encode(m, CodecOptions.NONE, ledger);
        assertTrue(proto.contains("string first_name = 1;"), proto);
        assertTrue(proto.contains("optional string born = 3;"), proto);
        assertTrue(proto.contains("optional Kind kind = 4;"), proto);
        assertTrue(proto.contains("a_b = 0;"), proto);
        SchemaModel back = codec.decode(proto, CodecOptions.NONE, new LossinessLedger());
        assertEquals(List.of("first_name", "born", "kind"), back.type("Person").orElseThrow().elements().stream()
                .map(ElementDef::name).toList());
        assertEquals(proto, codec.encode(m, CodecOptions.NONE, new LossinessLedger()), "numbers are stable");
        List<String> paths = ledger.entries().stream().map(LossEntry::path).toList();
        assertTrue(paths.contains("$.types.Person.elements.first-name"), paths.toString());
        assertTrue(paths.contains("$.types.Person.elements.born"), paths.toString());
        assertTrue(paths.contains("$.taxonomies.Kind"), paths.toString());
    }

    @Test
    void importsResolveAmongBundledFilesAndEditionsDecode() throws SchemaSyntaxException {
        String bundle = """
                {"acme/common.proto": "syntax = \\"proto3\\"; package acme; message Money { int64 units = 1; }",
                 "acme/order.proto": "edition = \\"2023\\"; package acme.orders; import \\"acme/common.proto\\";\\nmessage Order { acme.Money total = 1 [features.field_presence = IMPLICIT]; }"}
                """;
        SchemaModel m = codec.decode(bundle, CodecOptions.NONE, new LossinessLedger());
        assertEquals(new DataType.TypeRef("Money"), m.type("Order").orElseThrow().element("total").orElseThrow()
                .type());
        assertEquals("acme/order.proto", m.type("Order").orElseThrow().provenance().source().orElseThrow());
        String missing = "syntax = \"proto3\";\nimport \"acme/other.proto\";\n";
        SchemaSyntaxException e = assertThrows(SchemaSyntaxException.class,
                () -> codec.decode(missing, CodecOptions.NONE, new LossinessLedger()));
        assertEquals("line 2, column 8", e.path());
    }

    @Test
    void malformedInputFailsWithLineAndColumn() {
        SchemaSyntaxException e = assertThrows(SchemaSyntaxException.class, () -> codec.decode(
                "syntax = \"proto3\";\nmessage A {\n  string name = ;\n}\n", CodecOptions.NONE,
                new LossinessLedger()));
        assertEquals("line 3, column 17", e.path());
        SchemaSyntaxException undefined = assertThrows(SchemaSyntaxException.class, () -> codec.decode(
                "syntax = \"proto3\";\nmessage A {\n  Missing m = 1;\n}\n", CodecOptions.NONE,
                new LossinessLedger()));
        assertEquals("line 3, column 3", undefined.path());
        assertThrows(SchemaSyntaxException.class, () -> codec.decode("message A {", CodecOptions.NONE,
                new LossinessLedger()));
        String deep = "message A {".repeat(200) + "}".repeat(200);
        assertThrows(SchemaSyntaxException.class, () -> codec.decode(deep, CodecOptions.NONE,
                new LossinessLedger()));
        assertThrows(SchemaSyntaxException.class, () -> codec.decode("{\"a.proto\": 5}", CodecOptions.NONE,
                new LossinessLedger()));
    }

    /** The shipped sample (artifact tests import and export it) decodes, and its export decodes to the same model. */
    @Test
    void shippedSampleRoundTrips() throws Exception {
        String text;
        try (java.io.InputStream in = ProtobufCodec.class.getResourceAsStream("/samples/protobuf.proto")) {
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
    void twoEqualElementsNoLongerShareOneFieldNumber() throws Exception {
        // equal records, as a decoder makes them for a slot listed twice
        TypeDef visit = TypeDef.of("Visit", List.of(ElementDef.of("id", DataType.of(PrimitiveKind.STRING),
                Cardinality.REQUIRED), ElementDef.of("date", DataType.of(PrimitiveKind.STRING), Cardinality.OPTIONAL),
                ElementDef.of("date", DataType.of(PrimitiveKind.STRING), Cardinality.OPTIONAL)));
        LossinessLedger ledger = new LossinessLedger();
        String proto = codec.encode(SchemaModel.of("visits", List.of(visit), List.of()), CodecOptions.NONE, ledger);
        java.util.regex.Matcher numbers = java.util.regex.Pattern.compile("= (\\d+);").matcher(proto);
        java.util.Set<String> seen = new java.util.HashSet<>();
        int fields = 0;
        while (numbers.find()) {
            fields++;
            assertTrue(seen.add(numbers.group(1)), "field number " + numbers.group(1) + " twice in\n" + proto);
        }
        assertEquals(3, fields, proto);
        SchemaModel back = codec.decode(proto, CodecOptions.NONE, new LossinessLedger());
        assertEquals(3, back.type("Visit").orElseThrow().elements().size());
    }

    @Test
    void anEnumValueNamedLikeAMessageOfItsPackageIsRenamedNotDeclaredTwice() throws Exception {
        // protobuf scopes enum values beside their enum, so a value "Particle" would clash with message Particle
        TypeDef particle = TypeDef.of("Particle", List.of(ElementDef.of("kind", new DataType.TaxonomyRef(
                "ParticleKind"), Cardinality.OPTIONAL)));
        TaxonomyDef kinds = TaxonomyDef.of("ParticleKind", List.of(Term.of("Particle"), Term.of("Atom")));
        LossinessLedger ledger = new LossinessLedger();
        String proto = codec.encode(SchemaModel.of("m", List.of(particle), List.of(kinds)), CodecOptions.NONE,
                ledger);
        assertFalse(proto.contains("  Particle = "), proto);
        assertTrue(proto.contains("PARTICLEKIND_Particle = "), proto);
        assertTrue(proto.contains("  Atom = "), proto);
        assertTrue(ledger.entries().stream().anyMatch(e -> e.path().equals("$.taxonomies.ParticleKind")
                && e.explanation().contains("PARTICLEKIND_Particle")), ledger.entries().toString());
    }

    @Test
    void aNullableFieldThatReadsBackNotNullableIsLedgered() throws Exception {
        // Avro's ["string", "null"]: protobuf has no null, only an unset field
        ElementDef note = ElementDef.of("note", DataType.of(PrimitiveKind.STRING), Cardinality.OPTIONAL).toBuilder()
                .nullable(true).build();
        SchemaModel m = SchemaModel.of("m", List.of(TypeDef.of("Visit", List.of(note))), List.of());
        LossinessLedger ledger = new LossinessLedger();
        SchemaModel back = codec.decode(codec.encode(m, CodecOptions.NONE, ledger), CodecOptions.NONE, ledger);
        assertFalse(back.type("Visit").orElseThrow().element("note").orElseThrow().nullable());
        List<io.modelgraph.schema.ModelDiff.Difference> nullability = io.modelgraph.schema.ModelDiff.between(m, back)
                .stream().filter(d -> d.what().startsWith("nullable")).toList();
        assertEquals(1, nullability.size(), nullability.toString());
        assertEquals(List.of(), io.modelgraph.schema.ModelDiff.unexplained(nullability, ledger.entries()));
    }

    @Test
    void aDescriptionWithTrailingWhiteSpaceThatReadsBackTrimmedIsLedgered() throws Exception {
        // KGCL's "The representation of a node (URI, CURIE, label) "
        ElementDef about = ElementDef.of("about", DataType.of(PrimitiveKind.STRING), Cardinality.OPTIONAL).toBuilder()
                .description("The representation of a node (URI, CURIE, label) ").build();
        SchemaModel m = SchemaModel.of("m", List.of(TypeDef.of("NodeChange", List.of(about))), List.of());
        LossinessLedger ledger = new LossinessLedger();
        SchemaModel back = codec.decode(codec.encode(m, CodecOptions.NONE, ledger), CodecOptions.NONE, ledger);
        List<io.modelgraph.schema.ModelDiff.Difference> described = io.modelgraph.schema.ModelDiff.between(m, back)
                .stream().filter(d -> d.what().startsWith("description")).toList();
        assertEquals(1, described.size(), described.toString());
        assertEquals(List.of(), io.modelgraph.schema.ModelDiff.unexplained(described, ledger.entries()));
    }

    /** Found by fuzzing: a {@code \U} escape past U+10FFFF failed with an IllegalArgumentException. */
    @Test
    void aUnicodeEscapePastTheLastCodePointIsALogicalError() throws Exception {
        for (String escape : new String[] {"\\U88888888", "\\U00110000"}) {
            SchemaSyntaxException e = assertThrows(SchemaSyntaxException.class, () -> codec.decode(
                    "syntax = \"proto3\";\noption java_package = \"" + escape + "\";\nmessage M { string s = 1; }\n",
                    CodecOptions.NONE, new LossinessLedger()));
            assertTrue(e.getMessage().contains("U0010FFFF"), e.getMessage());
        }
        codec.decode("syntax = \"proto3\";\noption java_package = \"\\U0001F600\";\n"
                + "message M { string s = 1; }\n", CodecOptions.NONE, new LossinessLedger());
    }
}
