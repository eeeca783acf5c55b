package io.modelgraph.codec.jsonschema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.SchemaSyntaxException;
import io.modelgraph.json.Json;
import io.modelgraph.ledger.LossEntry;
import io.modelgraph.ledger.LossKind;
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
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class JsonSchemaCodecTest {
    private final JsonSchemaCodec codec = new JsonSchemaCodec();

    private static final String ORDER = """
            {
              "$schema": "https://json-schema.org/draft/2020-12/schema",
              "title": "Order",
              "description": "A customer order",
              "type": "object",
              "required": ["id", "lines"],
              "properties": {
                "id": {"type": "string", "format": "uuid", "description": "Order id"},
                "placedAt": {"type": "string", "format": "date-time"},
                "status": {"type": "string", "enum": ["open", "paid", "shipped"], "default": "open"},
                "lines": {"type": "array", "items": {"$ref": "#/$defs/Line"}, "minItems": 1, "maxItems": 50},
                "note": {"type": ["string", "null"], "maxLength": 200},
                "total": {"type": "number", "minimum": 0, "multipleOf": 0.01},
                "tags": {"type": "object", "additionalProperties": {"type": "string"}},
                "label": {"oneOf": [{"type": "string"}, {"type": "object", "additionalProperties": {"type": "string"}}]},
                "shipTo": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}
              },
              "$defs": {
                "Line": {
                  "type": "object",
                  "$anchor": "line",
                  "properties": {
                    "sku": {"type": "string", "pattern": "^[A-Z]{3}-[0-9]+$"},
                    "quantity": {"type": "integer", "minimum": 1, "examples": [1, 2]}
                  }
                },
                "SpecialLine": {"allOf": [{"$ref": "#line"}], "type": "object", "properties": {"reason": {"type": "string"}}},
                "Currency": {"type": "string", "enum": ["EUR", "USD"]}
              }
            }
            """;

    @Test
    void aDateTimeElementComesBackWithoutAFormatConstraintItsKindAlreadyStates() throws Exception {
        SchemaModel model = SchemaModel.of("m", List.of(TypeDef.of("Event", List.of(ElementDef.of("at",
                DataType.of(PrimitiveKind.DATETIME), Cardinality.REQUIRED)))), List.of());
        String out = codec.encode(model, CodecOptions.NONE, new LossinessLedger());
        assertTrue(out.contains("\"format\" : \"date-time\"") || out.contains("\"format\":\"date-time\""), out);
        ElementDef at = codec.decode(out, CodecOptions.NONE, new LossinessLedger()).type("Event").orElseThrow()
                .element("at").orElseThrow();
        assertEquals(PrimitiveKind.DATETIME, ((DataType.Primitive) at.type()).kind());
        assertEquals(Constraints.NONE, at.constraints());
    }

    @Test
    void decodesTypesElementsTaxonomiesAndReferences() throws Exception {
        LossinessLedger ledger = new LossinessLedger();
        SchemaModel model = codec.decode(ORDER, CodecOptions.NONE, ledger);

        assertTrue(ledger.isEmpty(), () -> "nothing should be lost: " + ledger.entries());
        assertEquals("Order", model.name());
        assertEquals(List.of("Order", "OrderShipTo", "Line", "SpecialLine"),
                model.types().stream().map(TypeDef::name).toList());
        TypeDef order = model.type("Order").orElseThrow();
        assertEquals(Optional.of("A customer order"), order.description());

        ElementDef id = order.element("id").orElseThrow();
        assertEquals(new DataType.Primitive(PrimitiveKind.UUID), id.type());
        assertEquals(Cardinality.REQUIRED, id.cardinality());
        assertEquals(Optional.of("Order id"), id.description());

        assertEquals(new DataType.Primitive(PrimitiveKind.DATETIME), order.element("placedAt").orElseThrow().type());

        ElementDef status = order.element("status").orElseThrow();
        assertEquals(new DataType.TaxonomyRef("OrderStatus"), status.type());
        assertEquals(List.of(Term.of("open"), Term.of("paid"), Term.of("shipped")),
                model.taxonomy("OrderStatus").orElseThrow().terms());
        assertEquals("open", status.defaultValue().orElseThrow().textValue());

        ElementDef lines = order.element("lines").orElseThrow();
        assertEquals(new DataType.TypeRef("Line"), lines.type());
        assertEquals(new Cardinality(1, OptionalInt.of(50)), lines.cardinality());

        ElementDef note = order.element("note").orElseThrow();
        assertTrue(note.nullable());
        assertEquals(Optional.of(200L), note.constraints().maxLength());

        Constraints total = order.element("total").orElseThrow().constraints();
        assertEquals(0, total.minimum().orElseThrow().compareTo(BigDecimal.ZERO));
        assertEquals(0, total.multipleOf().orElseThrow().compareTo(new BigDecimal("0.01")));

        assertEquals(new DataType.MapOf(DataType.of(PrimitiveKind.STRING)), order.element("tags").orElseThrow().type());
        assertEquals(new DataType.Union(List.of(DataType.of(PrimitiveKind.STRING),
                new DataType.MapOf(DataType.of(PrimitiveKind.STRING)))), order.element("label").orElseThrow().type());
        assertEquals(new DataType.TypeRef("OrderShipTo"), order.element("shipTo").orElseThrow().type());
        assertEquals(Cardinality.REQUIRED, model.type("OrderShipTo").orElseThrow().element("city").orElseThrow()
                .cardinality());

        assertEquals(List.of("Line"), model.type("SpecialLine").orElseThrow().supertypes());
        assertEquals(List.of(Term.of("EUR"), Term.of("USD")), model.taxonomy("Currency").orElseThrow().terms());
        assertEquals("^[A-Z]{3}-[0-9]+$", model.type("Line").orElseThrow().element("sku").orElseThrow()
                .constraints().pattern().orElseThrow());
    }

    @Test
    void encodesWithDefsAndRefsAndDecodesBackToTheSameModel() throws Exception {
        SchemaModel model = codec.decode(ORDER, CodecOptions.NONE, new LossinessLedger());
        LossinessLedger ledger = new LossinessLedger();
        ObjectNode out = codec.encodeTree(model, ledger);

        assertTrue(ledger.isEmpty(), () -> "nothing should be lost: " + ledger.entries());
        assertEquals(JsonSchemaCodec.DIALECT, out.get("$schema").textValue());
        assertEquals("#/$defs/Line", out.at("/properties/lines/items/$ref").textValue());
        assertEquals("EUR", out.at("/$defs/Currency/enum/0").textValue());
        assertEquals("open", out.at("/properties/status/enum/0").textValue(), "inline enums stay inline");
        assertEquals("city", out.at("/properties/shipTo/properties/city").isObject() ? "city" : "missing");
        assertEquals("#line", "#" + out.at("/$defs/Line/$anchor").textValue());
        assertEquals("#/$defs/Line", out.at("/$defs/SpecialLine/allOf/0/$ref").textValue());
        assertEquals("[\"string\",\"null\"]", out.at("/properties/note/type").toString());

        SchemaModel again = codec.decode(codec.encode(model, CodecOptions.NONE, new LossinessLedger()),
                CodecOptions.NONE, new LossinessLedger());
        assertEquals(model, again);
    }

    @Test
    void keepsWhatTheModelCannotExpressVerbatimAndWritesItBackInPlace() throws Exception {
        String schema = """
                {"type": "object",
                 "properties": {
                   "a": {"type": "string", "not": {"const": "x"}},
                   "b": {"type": "integer", "enum": [1, 2]},
                   "c": {"$ref": "http://example.com/other.json"}
                 },
                 "patternProperties": {"^x-": {}},
                 "minProperties": 1}
                """;
        LossinessLedger ledger = new LossinessLedger();
        SchemaModel model = codec.decode(schema, CodecOptions.NONE, ledger);

        assertEquals(3, model.type("Root").orElseThrow().elements().size());
        assertEquals("{\"patternProperties\":{\"^x-\":{}},\"minProperties\":1}",
                model.type("Root").orElseThrow().annotations().get(JsonSchemaAnnotations.VERBATIM));
        assertEquals("{\"not\":{\"const\":\"x\"}}", model.type("Root").orElseThrow().element("a").orElseThrow()
                .annotations().get(JsonSchemaAnnotations.VERBATIM));
        // the reference to a document the request does not carry is kept as written, and ledgered
        assertEntry(ledger, LossKind.StructuralDrop, "#/properties/c/$ref");
        assertEquals(1, ledger.size(), () -> ledger.entries().toString());

        LossinessLedger out = new LossinessLedger();
        JsonNode back = Json.parse(codec.encode(model, CodecOptions.NONE, out));
        assertEquals(Json.parse("{\"const\":\"x\"}"), back.at("/properties/a/not"));
        assertEquals(Json.parse("[1,2]"), back.at("/properties/b/enum"));
        assertEquals(1, back.at("/minProperties").intValue());
        assertTrue(back.at("/patternProperties").has("^x-"), back.toString());
        assertEquals("http://example.com/other.json", back.at("/properties/c/$ref").textValue());
        assertTrue(out.isEmpty(), out.entries().toString());

        LossinessLedger foreign = new LossinessLedger();
        io.modelgraph.codec.Verbatim.reportForeign(model, "avro", foreign);
        assertEquals(List.of("Root", "Root.a", "Root.b", "Root.c"), foreign.entries().stream().map(LossEntry::path).toList(),
                "any other encoder reports each kept fragment");
    }

    @Test
    void aFalsePropertySchemaStillForbidsTheProperty() throws Exception {
        LossinessLedger ledger = new LossinessLedger();
        SchemaModel model = codec.decode("{\"type\": \"object\", \"properties\": {\"foo\": true, \"bar\": false}}",
                CodecOptions.NONE, ledger);
        assertTrue(ledger.isEmpty(), ledger.entries().toString());
        ElementDef bar = model.type("Root").orElseThrow().element("bar").orElseThrow();
        assertEquals("{\"not\":{}}", bar.annotations().get(JsonSchemaAnnotations.VERBATIM));
        JsonNode back = Json.parse(codec.encode(model, CodecOptions.NONE, new LossinessLedger()));
        assertEquals(Json.parse("{\"not\":{}}"), back.at("/properties/bar"), back.toString());
        assertEquals(Json.parse("{}"), back.at("/properties/foo"), back.toString());
        // the written form reads back to the same model
        assertEquals(model.types(), codec.decode(back.toString(), CodecOptions.NONE, new LossinessLedger()).types());
    }

    @Test
    void additionalPropertiesTrueStaysBesideUnevaluatedProperties() throws Exception {
        for (String schema : List.of(
                "{\"type\":\"object\",\"properties\":{\"foo\":{\"type\":\"string\"}},\"additionalProperties\":true,"
                        + "\"unevaluatedProperties\":false}",
                "{\"type\":\"object\",\"properties\":{\"m\":{\"type\":\"object\",\"additionalProperties\":true,"
                        + "\"unevaluatedProperties\":false}}}")) {
            LossinessLedger ledger = new LossinessLedger();
            SchemaModel model = codec.decode(schema, CodecOptions.NONE, ledger);
            assertTrue(ledger.isEmpty(), ledger.entries().toString());
            JsonNode back = Json.parse(codec.encode(model, CodecOptions.NONE, new LossinessLedger()));
            JsonNode owner = back.has("unevaluatedProperties") ? back : back.at("/properties/m");
            // 'true' evaluates every property: without it, unevaluatedProperties: false rejects them
            assertTrue(owner.path("additionalProperties").asBoolean(false), back.toString());
            assertFalse(owner.path("unevaluatedProperties").asBoolean(true), back.toString());
        }
    }

    @Test
    void embeddedIdentifiersStayWhereDynamicReferencesDependOnThem() throws Exception {
        String schema = """
                {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "https://example.com/derived",
                 "$ref": "./base",
                 "$defs": {
                   "extra": {"$dynamicAnchor": "more", "properties": {"b": {"type": "string"}}},
                   "base": {"$id": "./base", "properties": {"a": {"type": "string"}}, "$dynamicRef": "#more",
                     "unevaluatedProperties": false, "$defs": {"none": {"$dynamicAnchor": "more"}}}}}
                """;
        LossinessLedger ledger = new LossinessLedger();
        SchemaModel model = codec.decode(schema, CodecOptions.NONE, ledger);
        assertTrue(ledger.isEmpty(), ledger.entries().toString());
        JsonNode back = Json.parse(codec.encode(model, CodecOptions.NONE, new LossinessLedger()));
        assertEquals("./base", back.at("/$defs/base/$id").textValue(), back.toString());
        assertEquals("./base", back.at("/$ref").textValue(), back.toString());
        assertEquals("#more", back.at("/$defs/base/$dynamicRef").textValue(), back.toString());
        assertEquals("more", back.at("/$defs/extra/$dynamicAnchor").textValue(), back.toString());
    }

    /** Decodes, encodes and decodes again: the second model must be the first (a re-import writes nothing). */
    private JsonNode assertStableRoundTrip(String schema) throws Exception {
        SchemaModel first = codec.decode(schema, CodecOptions.NONE, new LossinessLedger());
        String written = codec.encode(first, CodecOptions.NONE, new LossinessLedger());
        SchemaModel second = codec.decode(written, CodecOptions.NONE, new LossinessLedger());
        assertEquals(first.types(), second.types(), written);
        assertEquals(first.taxonomies(), second.taxonomies(), written);
        return Json.parse(written);
    }

    @Test
    void partsHoistedFromAScalarDefinitionKeepTheirPositionOnReimport() throws Exception {
        String schema = """
                {"type": "object", "properties": {
                   "a": {"type": "object", "properties": {"s": {"$ref": "#/$defs/secret"}}},
                   "b": {"type": "object", "properties": {"x": {"type": "string"}}}},
                 "$defs": {"secret": {"oneOf": [{"type": "string"},
                   {"type": "object", "properties": {"secure": {"type": "string"}}}]}}}
                """;
        assertStableRoundTrip(schema);
        assertEquals(List.of("Root", "RootA", "RootB", "SecretOption2"), codec.decode(schema, CodecOptions.NONE,
                new LossinessLedger()).types().stream().map(TypeDef::name).toList());
    }

    @Test
    void aTypeListWithAnObjectOrArrayKindIsKeptAsWritten() throws Exception {
        String schema = """
                {"type": "object", "properties": {"c": {"type": ["string", "array", "object"],
                  "items": {"type": "string"}, "properties": {"include": {"type": "string"}}}}}
                """;
        LossinessLedger ledger = new LossinessLedger();
        codec.decode(schema, CodecOptions.NONE, ledger);
        assertTrue(ledger.isEmpty(), ledger.entries().toString());
        JsonNode out = assertStableRoundTrip(schema);
        assertEquals(Json.parse("[\"string\", \"array\", \"object\"]"), out.at("/properties/c/type"), out.toString());
    }

    @Test
    void aUnionOfOneMemberReadsBackTheSame() throws Exception {
        JsonNode out = assertStableRoundTrip("""
                {"type": "object", "properties": {"a": {"type": "array", "items": {"oneOf": [{"$ref": "#/$defs/T"}]}}},
                 "$defs": {"T": {"type": "object", "properties": {"x": {"type": "string"}}}}}
                """);
        assertEquals("#/$defs/T", out.at("/properties/a/items/$ref").textValue(), out.toString());
    }

    @Test
    void anInlineObjectWhoseTypeListAdmitsNullIsNotWrappedAgain() throws Exception {
        JsonNode out = assertStableRoundTrip("""
                {"type": "object", "properties": {"f": {"type": ["object", "null"],
                  "properties": {"x": {"type": "boolean"}}}}}
                """);
        assertFalse(out.at("/properties/f").has("anyOf"), out.toString());
        assertEquals(Json.parse("[\"object\", \"null\"]"), out.at("/properties/f/type"), out.toString());
    }

    @Test
    void anInlineObjectWithoutPropertiesStaysAType() throws Exception {
        JsonNode out = assertStableRoundTrip("""
                {"type": "object", "properties": {"v": {"type": "object", "properties": {}}}}
                """);
        assertTrue(out.at("/properties/v/properties").isObject(), out.toString());
    }

    @Test
    void aValueThatCanOnlyBeNullKeepsSayingSo() throws Exception {
        LossinessLedger ledger = new LossinessLedger();
        codec.decode("{\"type\": \"object\", \"properties\": {\"n\": {\"type\": \"null\"}}}", CodecOptions.NONE,
                ledger);
        assertTrue(ledger.isEmpty(), ledger.entries().toString());
        JsonNode out = assertStableRoundTrip("{\"type\": \"object\", \"properties\": {\"n\": {\"type\": \"null\"}}}");
        assertEquals("null", out.at("/properties/n/type").textValue(), out.toString());
    }

    @Test
    void aRootThatIsNotAnObjectKeepsItsKeywordsVerbatimOnTheModel() throws Exception {
        LossinessLedger ledger = new LossinessLedger();
        SchemaModel model = codec.decode("{\"type\": \"integer\", \"minimum\": 3}", CodecOptions.NONE, ledger);
        assertTrue(model.types().isEmpty());
        assertTrue(ledger.isEmpty(), ledger.entries().toString());
        assertEquals("{\"type\":\"integer\",\"minimum\":3}", model.annotations().get(JsonSchemaAnnotations.VERBATIM));
        JsonNode back = Json.parse(codec.encode(model, CodecOptions.NONE, new LossinessLedger()));
        assertEquals("integer", back.path("type").asText());
        assertEquals(3, back.path("minimum").intValue());
    }

    @Test
    void anEmptyEnumIsWrittenAsASchemaNoValueMatchesSinceToolsRefuseAnEmptyArray() throws Exception {
        SchemaModel model = codec.decode("""
                {"type": "object", "properties": {"a": {"enum": []}, "b": {"not": {"type": "null"}, "enum": []}}}
                """, CodecOptions.NONE, new LossinessLedger());
        LossinessLedger ledger = new LossinessLedger();
        JsonNode out = Json.parse(codec.encode(model, CodecOptions.NONE, ledger));
        assertFalse(out.toString().contains("\"enum\""), out.toString());
        assertEquals("{}", out.at("/properties/a/not").toString(), out.toString());
        assertEquals("{\"type\":\"null\"}", out.at("/properties/b/not").toString(), out.toString());
        assertEquals("[false]", out.at("/properties/b/allOf").toString(), out.toString());
        assertEquals(2, ledger.entries().stream().filter(e -> e.kind() == LossKind.TypeApproximation
                && e.explanation().contains("empty enum")).count(), ledger.entries().toString());
        SchemaModel root = codec.decode("{\"enum\": []}", CodecOptions.NONE, new LossinessLedger());
        LossinessLedger rootLedger = new LossinessLedger();
        assertEquals("{}", Json.parse(codec.encode(root, CodecOptions.NONE, rootLedger)).path("not").toString());
        assertTrue(rootLedger.entries().stream().anyMatch(e -> e.path().equals("#/enum")),
                rootLedger.entries().toString());
    }

    @Test
    void oneAnchorNameInTwoEmbeddedResourcesKeepsTheirIdentifiers() throws Exception {
        SchemaModel model = codec.decode("""
                {"$id": "https://example.org/root", "$ref": "child1#a",
                 "$defs": {"A": {"$id": "child1", "allOf": [{"$id": "child2", "$anchor": "a", "type": "number"},
                                                            {"$anchor": "a", "type": "string"}]}}}
                """, CodecOptions.NONE, new LossinessLedger());
        JsonNode out = Json.parse(codec.encode(model, CodecOptions.NONE, new LossinessLedger()));
        assertEquals("child1#a", out.path("$ref").textValue(), out.toString());
        assertEquals("child1", out.at("/$defs/A/$id").textValue(), out.toString());
        assertEquals("child2", out.at("/$defs/A/allOf/0/$id").textValue(), out.toString());
    }

    @Test
    void scalarDefinitionsAreInlinedAndKeptVerbatimUnderTheirName() throws Exception {
        String schema = """
                {"type": "object", "properties": {"age": {"$ref": "#/$defs/positive"}},
                 "$defs": {"positive": {"type": "integer", "minimum": 1}}}
                """;
        LossinessLedger ledger = new LossinessLedger();
        SchemaModel model = codec.decode(schema, CodecOptions.NONE, ledger);
        ElementDef age = model.type("Root").orElseThrow().element("age").orElseThrow();
        assertEquals(DataType.of(PrimitiveKind.INTEGER), age.type());
        assertEquals(0, age.constraints().minimum().orElseThrow().compareTo(BigDecimal.ONE));
        assertEquals("{\"positive\":{\"type\":\"integer\",\"minimum\":1}}",
                model.annotations().get(JsonSchemaAnnotations.DEFS_VERBATIM));
        JsonNode back = Json.parse(codec.encode(model, CodecOptions.NONE, new LossinessLedger()));
        assertEquals(Json.parse("{\"type\":\"integer\",\"minimum\":1}"), back.at("/$defs/positive"));
    }

    @Test
    void escapedDefinitionNamesResolve() throws Exception {
        String schema = """
                {"type": "object", "properties": {"p": {"$ref": "#/$defs/a~1b%25c"}},
                 "$defs": {"a/b%c": {"type": "object", "properties": {"x": {"type": "string"}}}}}
                """;
        LossinessLedger ledger = new LossinessLedger();
        SchemaModel model = codec.decode(schema, CodecOptions.NONE, ledger);
        assertTrue(ledger.isEmpty(), () -> ledger.entries().toString());
        assertEquals(new DataType.TypeRef("a/b%c"), model.type("Root").orElseThrow().element("p").orElseThrow()
                .type());
        JsonNode out = codec.encodeTree(model, new LossinessLedger());
        assertEquals("#/$defs/a~1b%25c", out.at("/properties/p/$ref").textValue());
    }

    @Test
    void malformedJsonFailsWithLineAndColumn() {
        SchemaSyntaxException e = assertThrows(SchemaSyntaxException.class,
                () -> codec.decode("{\n  \"type\": \"object\",\n  \"properties\": {\n}", CodecOptions.NONE,
                        new LossinessLedger()));
        assertTrue(e.path().startsWith("line "), e.path());
        assertTrue(e.getMessage().startsWith("Malformed JSON"), e.getMessage());
    }

    @Test
    void duplicateKeysAndDeepNestingAreRefused() {
        assertThrows(SchemaSyntaxException.class, () -> codec.decode("{\"type\": \"object\", \"type\": \"string\"}",
                CodecOptions.NONE, new LossinessLedger()));
        String deep = "{\"items\":".repeat(500) + "{}" + "}".repeat(500);
        SchemaSyntaxException e = assertThrows(SchemaSyntaxException.class,
                () -> codec.decode(deep, CodecOptions.NONE, new LossinessLedger()));
        assertTrue(e.getMessage().contains("limit"), e.getMessage());
        assertThrows(SchemaSyntaxException.class, () -> codec.decode("[1, 2]", CodecOptions.NONE,
                new LossinessLedger()));
        assertThrows(SchemaSyntaxException.class, () -> codec.decode("  ", CodecOptions.NONE,
                new LossinessLedger()));
    }

    @Test
    void encoderReportsWhatJsonSchemaCannotSay() {
        ElementDef price = ElementDef.of("price", DataType.of(PrimitiveKind.DECIMAL), Cardinality.REQUIRED)
                .toBuilder().constraints(Constraints.builder().precision(10).scale(2).build())
                .mapsTo("http://schema.org/price")
                .annotations(Map.of("redcap.branchingLogic", "[x] = 1")).build();
        TypeDef product = TypeDef.of("Product", List.of(price));
        TaxonomyDef colour = new TaxonomyDef("Colour", Optional.empty(), List.of(new Term("r", Optional.of("Red"),
                Optional.empty(), Optional.empty())), Optional.empty(), io.modelgraph.schema.Provenance.NONE, Map.of());
        SchemaModel model = SchemaModel.of("shop", List.of(product), List.of(colour))
                .toBuilder().namespaces(Map.of("schema", "http://schema.org/")).build();
        LossinessLedger ledger = new LossinessLedger();
        ObjectNode out = codec.encodeTree(model, ledger);

        assertEquals("number", out.at("/$defs/Product/properties/price/type").textValue());
        assertEquals("shop", out.get("title").textValue());
        assertEntry(ledger, LossKind.TypeApproximation, "#/$defs/Product/properties/price");
        assertEntry(ledger, LossKind.ConstraintRelaxation, "#/$defs/Product/properties/price");
        assertEquals(2, ledger.entries().stream().filter(e -> e.path().equals("#/$defs/Product/properties/price")
                && e.kind() == LossKind.StructuralDrop).count(), "mapsTo and the vendor annotation");
        assertEntry(ledger, LossKind.StructuralDrop, "#/$defs/Colour");
        assertEntry(ledger, LossKind.StructuralDrop, "#");
    }

    @Test
    void structuralFactsJsonSchemaCannotSayAreLedgeredOnEncode() throws Exception {
        TypeDef order = new TypeDef("Order", Optional.empty(), List.of(), List.of(
                ElementDef.of("id", DataType.of(PrimitiveKind.INTEGER), Cardinality.REQUIRED).toBuilder().fieldNumber(1)
                        .build(),
                ElementDef.of("customer", DataType.of(PrimitiveKind.INTEGER), Cardinality.REQUIRED)), false,
                Optional.empty(), io.modelgraph.schema.Provenance.NONE, Map.of(), Optional.of("shop.v1"),
                List.of(io.modelgraph.schema.KeyDef.primary(List.of("id"))));
        TypeDef customer = TypeDef.of("Customer", List.of(ElementDef.of("id", DataType.of(PrimitiveKind.INTEGER),
                Cardinality.REQUIRED)));
        SchemaModel model = SchemaModel.of("shop", List.of(order, customer), List.of())
                .toBuilder().rootType("Order").identifier("https://x/shop.json")
                .relationships(List.of(io.modelgraph.schema.Relationship.foreignKey("Order", List.of("customer"),
                        "Customer", List.of("id"), true).toBuilder().name("fk_customer").build())).build();
        LossinessLedger ledger = new LossinessLedger();
        JsonNode out = Json.parse(codec.encode(model, CodecOptions.NONE, ledger));
        assertEquals("https://x/shop.json", out.path("$id").asText(), "the identifier is carried");
        assertTrue(out.path("properties").has("customer"), "the root type is carried: " + out);
        List<String> said = ledger.entries().stream().map(LossEntry::explanation).toList();
        assertTrue(said.stream().anyMatch(x -> x.contains("relationship 'fk_customer'")), said.toString());
        assertTrue(said.stream().anyMatch(x -> x.contains("namespace 'shop.v1'")), said.toString());
        assertTrue(said.stream().anyMatch(x -> x.contains("primary key [id]")), said.toString());
        assertTrue(said.stream().anyMatch(x -> x.contains("field number 1")), said.toString());
        assertEquals(4, ledger.size(), said.toString());
    }

    @Test
    void encodingIsDeterministic() throws Exception {
        SchemaModel model = codec.decode(ORDER, CodecOptions.NONE, new LossinessLedger());
        String first = codec.encode(model, CodecOptions.NONE, new LossinessLedger());
        for (int i = 0; i < 5; i++) {
            assertEquals(first, codec.encode(model, CodecOptions.NONE, new LossinessLedger()));
        }
        assertFalse(first.isEmpty());
    }

    private static void assertEntry(LossinessLedger ledger, LossKind kind, String path) {
        List<LossEntry> entries = ledger.entries();
        assertTrue(entries.stream().anyMatch(e -> e.kind() == kind && e.path().equals(path)),
                () -> "expected " + kind + " at " + path + " in " + entries);
    }

    @Test
    void aRootTypeFromAnotherFormatKeepsItsNameAndATermlessTaxonomyAllowsAnyString() throws Exception {
        // LinkML: tree_root class Collection, a dynamic enum OrganismTaxonEnum (values from NCBITaxon)
        SchemaModel m = SchemaModel.of("chemrof", List.of(TypeDef.of("Collection", List.of(ElementDef.of("taxon",
                new DataType.TaxonomyRef("OrganismTaxonEnum"), Cardinality.OPTIONAL)))), List.of(
                TaxonomyDef.of("OrganismTaxonEnum", List.of()))).toBuilder().rootType("Collection").build();
        LossinessLedger ledger = new LossinessLedger();
        String out = codec.encode(m, CodecOptions.NONE, ledger);
        JsonNode doc = Json.MAPPER.readTree(out);
        assertFalse(doc.path("$defs").path("OrganismTaxonEnum").has("enum"), out);
        SchemaModel back = codec.decode(out, CodecOptions.NONE, ledger);
        assertTrue(back.type("Collection").isPresent(), back.types().toString());
        List<io.modelgraph.schema.ModelDiff.Difference> diffs = io.modelgraph.schema.ModelDiff.between(m, back);
        assertEquals(List.of(), io.modelgraph.schema.ModelDiff.unexplained(diffs, ledger.entries()));
    }

    @Test
    void aFormatThatNamesAKindIsLedgeredSinceItReadsBackAsThatKind() throws Exception {
        // ODCS: logicalType date with logicalTypeOptions.format date-time, and a date with format date
        SchemaModel m = SchemaModel.of("m", List.of(TypeDef.of("orders", List.of(
                ElementDef.of("placed", DataType.of(PrimitiveKind.DATE), Cardinality.OPTIONAL).toBuilder()
                        .constraints(Constraints.builder().format("date-time").build()).build(),
                ElementDef.of("day", DataType.of(PrimitiveKind.DATE), Cardinality.OPTIONAL).toBuilder()
                        .constraints(Constraints.builder().format("date").build()).build()))), List.of());
        LossinessLedger ledger = new LossinessLedger();
        SchemaModel back = codec.decode(codec.encode(m, CodecOptions.NONE, ledger), CodecOptions.NONE, ledger);
        List<io.modelgraph.schema.ModelDiff.Difference> diffs = io.modelgraph.schema.ModelDiff.between(m, back);
        assertEquals(2, diffs.stream().map(io.modelgraph.schema.ModelDiff.Difference::element).distinct().count(),
                diffs.toString());
        assertEquals(List.of(), io.modelgraph.schema.ModelDiff.unexplained(diffs, ledger.entries()));
    }

    @Test
    void whatTheRootTypesElementsLoseIsLedgeredWithTheTypesName() throws Exception {
        // a Wikidata ShEx shape as the root: its elements sit at #/properties/P31, a path without the type
        SchemaModel m = SchemaModel.of("m", List.of(TypeDef.of("project", List.of(ElementDef.of("P31",
                DataType.of(PrimitiveKind.STRING), Cardinality.OPTIONAL).toBuilder()
                .mapsTo("http://www.wikidata.org/prop/P31").build()))), List.of()).toBuilder().rootType("project")
                .build();
        LossinessLedger ledger = new LossinessLedger();
        SchemaModel back = codec.decode(codec.encode(m, CodecOptions.NONE, ledger), CodecOptions.NONE, ledger);
        List<io.modelgraph.schema.ModelDiff.Difference> diffs = io.modelgraph.schema.ModelDiff.between(m, back);
        assertEquals(1, diffs.size(), diffs.toString());
        assertEquals(List.of(), io.modelgraph.schema.ModelDiff.unexplained(diffs, ledger.entries()));
    }
}
