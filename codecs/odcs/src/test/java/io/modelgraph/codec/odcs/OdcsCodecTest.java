package io.modelgraph.codec.odcs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.SchemaSyntaxException;
import io.modelgraph.codec.yaml.SafeYaml;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.Cardinality;
import io.modelgraph.schema.DataType;
import io.modelgraph.schema.ElementDef;
import io.modelgraph.schema.KeyDef;
import io.modelgraph.schema.PrimitiveKind;
import io.modelgraph.schema.Relationship;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.TaxonomyDef;
import io.modelgraph.schema.Term;
import io.modelgraph.schema.TypeDef;
import io.modelgraph.schema.graph.GraphRoundTrip;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class OdcsCodecTest {
    private final OdcsCodec codec = new OdcsCodec();

    static String resource(String name) throws IOException {
        try (InputStream in = OdcsCodecTest.class.getResourceAsStream("/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void decodesObjectsPropertiesKeysAndRelationships() throws Exception {
        LossinessLedger ledger = new LossinessLedger();
        SchemaModel model = codec.decode(resource("orders.odcs.yaml"), CodecOptions.NONE, ledger);
        assertTrue(ledger.isEmpty(), ledger.entries().toString());
        assertEquals("orders", model.name());
        assertEquals("orders-contract", model.identifier().orElseThrow());
        assertEquals("Orders placed in the web shop.", model.description().orElseThrow());

        TypeDef customers = model.type("customers").orElseThrow();
        assertEquals(List.of(KeyDef.primary(List.of("id")), KeyDef.unique(List.of("email"))), customers.keys());
        ElementDef id = customers.element("id").orElseThrow();
        assertEquals(new DataType.Primitive(PrimitiveKind.INTEGER, java.util.Optional.of("bigint")), id.type());
        assertEquals(Cardinality.REQUIRED, id.cardinality());
        ElementDef email = customers.element("email").orElseThrow();
        assertEquals(320L, email.constraints().maxLength().orElseThrow());
        assertEquals("email", email.constraints().format().orElseThrow());
        assertTrue(email.annotations().get(OdcsDecoding.EXTRA).contains("restricted"));

        TypeDef orders = model.type("orders").orElseThrow();
        ElementDef lines = orders.element("lines").orElseThrow();
        assertEquals(new Cardinality(1, java.util.OptionalInt.empty()), lines.cardinality());
        String lineType = ((DataType.TypeRef) lines.type()).typeName();
        assertEquals(List.of("sku", "qty"), model.type(lineType).orElseThrow().elements().stream()
                .map(ElementDef::name).toList());
        assertEquals(new BigDecimal("1000000"), orders.element("total").orElseThrow().constraints()
                .exclusiveMaximum().orElseThrow());
        Relationship fk = model.relationships().get(0);
        assertEquals(List.of("orders", "customer_id", "customers", "id"), List.of(fk.fromType(),
                fk.fromElements().get(0), fk.toType(), fk.toElements().get(0)));
        assertTrue(GraphRoundTrip.holds(model), "model → graph → model");
    }

    @Test
    void reEncodesAContractWhole() throws Exception {
        String source = resource("orders.odcs.yaml");
        LossinessLedger ledger = new LossinessLedger();
        String encoded = codec.encode(codec.decode(source, CodecOptions.NONE, ledger), CodecOptions.NONE, ledger);
        assertTrue(ledger.isEmpty(), ledger.entries().toString());
        JsonNode in = SafeYaml.read(source, "test");
        JsonNode out = SafeYaml.read(encoded, "test");
        assertEquals(Normalized.of(in), Normalized.of(out), encoded);
        // encode is a fixed point: decoding the output and encoding again gives the same text
        LossinessLedger again = new LossinessLedger();
        assertEquals(encoded, codec.encode(codec.decode(encoded, CodecOptions.NONE, again), CodecOptions.NONE, again));
    }

    @Test
    void encodesAForeignModelWithLedgeredApproximations() throws Exception {
        TaxonomyDef status = TaxonomyDef.of("Status", List.of(Term.of("open"), Term.of("closed")));
        TypeDef ticket = TypeDef.of("Ticket", List.of(
                ElementDef.of("id", DataType.of(PrimitiveKind.UUID), Cardinality.REQUIRED),
                ElementDef.of("status", new DataType.TaxonomyRef("Status"), Cardinality.OPTIONAL),
                ElementDef.of("tags", DataType.of(PrimitiveKind.STRING), Cardinality.ANY_NUMBER)))
                .toBuilder().keys(List.of(KeyDef.primary(List.of("id")))).build();
        SchemaModel model = SchemaModel.of("Tickets", List.of(ticket), List.of(status));
        LossinessLedger ledger = new LossinessLedger();
        JsonNode doc = SafeYaml.read(codec.encode(model, CodecOptions.NONE, ledger), "test");
        assertEquals("v3.1.0", doc.path("apiVersion").asText());
        assertEquals("draft", doc.path("status").asText());
        JsonNode props = doc.path("schema").get(0).path("properties");
        assertEquals("uuid", props.get(0).path("logicalTypeOptions").path("format").asText());
        assertTrue(props.get(0).path("primaryKey").asBoolean());
        assertEquals("closed", props.get(1).path("quality").get(0).path("arguments").path("validValues").get(1)
                .asText());
        assertEquals("array", props.get(2).path("logicalType").asText());
        assertEquals(2, ledger.size(), ledger.entries().toString());
    }

    @Test
    void whatAContractHasNoPlaceForIsLedgeredNamingTheTypeAndElement() throws Exception {
        TypeDef base = TypeDef.of("Entity", List.of(ElementDef.of("id", DataType.of(PrimitiveKind.STRING),
                Cardinality.REQUIRED))).toBuilder().isAbstract(true).build();
        TypeDef visit = TypeDef.of("Visit", List.of(
                ElementDef.builder("status").type(new DataType.TaxonomyRef("Status")).cardinality(Cardinality.OPTIONAL)
                        .nullable(true).defaultValue(com.fasterxml.jackson.databind.node.TextNode.valueOf("open"))
                        .mapsTo("http://schema.org/status").build(),
                ElementDef.of("site", new DataType.TypeRef("Entity"), Cardinality.OPTIONAL)))
                .toBuilder().supertypes(List.of("Entity")).mapsTo("http://schema.org/Event").build();
        SchemaModel model = SchemaModel.of("Clinic", List.of(base, visit), List.of(TaxonomyDef.of("Status",
                List.of(Term.of("open"), Term.of("closed")))));
        LossinessLedger ledger = new LossinessLedger();
        SchemaModel back = codec.decode(codec.encode(model, CodecOptions.NONE, ledger), CodecOptions.NONE, ledger);
        List<io.modelgraph.schema.ModelDiff.Difference> diffs = io.modelgraph.schema.ModelDiff.between(model, back);
        assertTrue(diffs.size() >= 7, diffs.toString());
        assertEquals(List.of(), io.modelgraph.schema.ModelDiff.unexplained(diffs, ledger.entries()));
    }

    @Test
    void optionsGoWhereTheLogicalTypeTakesThem() throws Exception {
        io.modelgraph.schema.Constraints codes = io.modelgraph.schema.Constraints.builder().pattern("^[A-Z]{3}$")
                .minLength(3L).maxLength(3L).uniqueItems(true).build();
        TypeDef t = TypeDef.of("Shipment", List.of(
                ElementDef.of("codes", DataType.of(PrimitiveKind.STRING), new Cardinality(1,
                        java.util.OptionalInt.of(5))).toBuilder().constraints(codes).build(),
                ElementDef.of("anything", DataType.of(PrimitiveKind.ANY), Cardinality.OPTIONAL)
                        .toBuilder().constraints(io.modelgraph.schema.Constraints.builder().maxLength(10L).build())
                        .build(),
                ElementDef.of("shipped", DataType.of(PrimitiveKind.DATE), Cardinality.OPTIONAL)
                        .toBuilder().constraints(io.modelgraph.schema.Constraints.builder().minimum(BigDecimal.ONE)
                        .build()).build()));
        LossinessLedger ledger = new LossinessLedger();
        String encoded = codec.encode(SchemaModel.of("S", List.of(t), List.of()), CodecOptions.NONE, ledger);
        JsonNode props = SafeYaml.read(encoded, "test").path("schema").get(0).path("properties");
        // the array holds its size options, its items the values' options
        assertEquals("{\"minItems\":1,\"maxItems\":5,\"uniqueItems\":true}", props.get(0).path("logicalTypeOptions")
                .toString());
        assertEquals("{\"pattern\":\"^[A-Z]{3}$\",\"minLength\":3,\"maxLength\":3}", props.get(0).path("items")
                .path("logicalTypeOptions").toString());
        // no logical type takes no option; a date's bounds are text, so a numeric one is not written: both ledgered
        assertTrue(props.get(1).path("logicalTypeOptions").isMissingNode(), props.get(1).toString());
        assertTrue(props.get(2).path("logicalTypeOptions").isMissingNode(), props.get(2).toString());
        assertTrue(ledger.entries().stream().anyMatch(x -> x.toString().contains("maxLength")), ledger.entries()
                .toString());
        assertTrue(ledger.entries().stream().anyMatch(x -> x.toString().contains("minimum")), ledger.entries()
                .toString());
        // and the items' options read back as the element's constraints
        ElementDef back = codec.decode(encoded, CodecOptions.NONE, new LossinessLedger()).type("Shipment")
                .orElseThrow().element("codes").orElseThrow();
        assertEquals(codes, back.constraints());
    }

    @Test
    void refusesAliasesWithTheirPosition() {
        String text = "apiVersion: v3.1.0\nkind: DataContract\nid: x\nstatus: &s draft\nversion: *s\n";
        SchemaSyntaxException e = assertThrows(SchemaSyntaxException.class,
                () -> codec.decode(text, CodecOptions.NONE, new LossinessLedger()));
        assertTrue(e.path().startsWith("line 5"), e.path());
        assertTrue(e.getMessage().contains("aliases"), e.getMessage());
    }

    @Test
    void malformedYamlNamesLineAndColumn() {
        SchemaSyntaxException e = assertThrows(SchemaSyntaxException.class, () -> codec.decode(
                "apiVersion: v3.1.0\nkind: DataContract\nschema:\n  - name: [unclosed\n", CodecOptions.NONE,
                new LossinessLedger()));
        assertTrue(e.path().matches("line \\d+, column \\d+"), e.path());
    }

    @Test
    void refusesOtherKindsVersionsAndNamelessProperties() {
        assertEquals("$.apiVersion", assertThrows(SchemaSyntaxException.class, () -> codec.decode(
                "apiVersion: v2.2.2\nkind: DataContract\n", CodecOptions.NONE, new LossinessLedger())).path());
        assertEquals("$.kind", assertThrows(SchemaSyntaxException.class, () -> codec.decode(
                "apiVersion: v3.1.0\nkind: Other\n", CodecOptions.NONE, new LossinessLedger())).path());
        assertEquals("$.schema[0].properties[0].name", assertThrows(SchemaSyntaxException.class, () -> codec.decode(
                "apiVersion: v3.1.0\nkind: DataContract\nschema:\n  - name: t\n    properties:\n      - logicalType:"
                        + " string\n", CodecOptions.NONE, new LossinessLedger())).path());
        assertFalse(codec.format().isEmpty());
    }

    @Test
    void yesNoExamplesAndVersionOnePointTenNoLongerChangeOnTheWayThrough() throws Exception {
        String contract = """
                apiVersion: v3.1.0
                kind: DataContract
                id: consent-001
                name: consent
                version: 1.10
                status: active
                schema:
                  - name: visit
                    properties:
                      - name: consented
                        logicalType: string
                        examples: [YES, NO]
                      - name: site
                        logicalType: string
                        examples: [012]
                """;
        LossinessLedger ledger = new LossinessLedger();
        SchemaModel model = codec.decode(contract, CodecOptions.NONE, ledger);
        ElementDef consented = model.type("visit").orElseThrow().element("consented").orElseThrow();
        assertEquals("[\"YES\", \"NO\"]", consented.examples().toString());
        JsonNode out = SafeYaml.read(codec.encode(model, CodecOptions.NONE, new LossinessLedger()), "test");
        assertEquals("1.10", out.path("version").asText());
        JsonNode props = out.path("schema").get(0).path("properties");
        assertEquals("[\"YES\",\"NO\"]", props.get(0).path("examples").toString());
        assertEquals("[12]", props.get(1).path("examples").toString(), "YAML 1.2: 012 is the integer twelve");
    }

    @Test
    void anInvalidValuesRuleWithValidValuesIsNoLongerOpaqueButAllowedValues() throws Exception {
        String contract = """
                apiVersion: v3.1.0
                kind: DataContract
                id: visits-001
                name: visits
                version: 1.0.0
                status: active
                schema:
                  - name: visit
                    properties:
                      - name: arm
                        logicalType: string
                        quality:
                          - type: library
                            metric: invalidValues
                            mustBe: 0
                            arguments:
                              validValues: [placebo, drug]
                """;
        SchemaModel model = codec.decode(contract, CodecOptions.NONE, new LossinessLedger());
        DataType arm = model.type("visit").orElseThrow().element("arm").orElseThrow().type();
        assertTrue(arm instanceof DataType.TaxonomyRef, arm.toString());
        TaxonomyDef values = model.taxonomy(((DataType.TaxonomyRef) arm).taxonomyName()).orElseThrow();
        assertEquals(List.of("placebo", "drug"), values.terms().stream().map(Term::code).toList());
        JsonNode in = SafeYaml.read(contract, "test");
        JsonNode out = SafeYaml.read(codec.encode(model, CodecOptions.NONE, new LossinessLedger()), "test");
        assertEquals(in.path("schema").get(0).path("properties").get(0).path("quality"),
                out.path("schema").get(0).path("properties").get(0).path("quality"), "the rule is written back");
    }

    @Test
    void anInt32FormatIsNoLongerCopiedIntoIntegerOptionsButWrittenAsI32() throws Exception {
        TypeDef t = TypeDef.of("measure", List.of(
                ElementDef.of("count", DataType.of(PrimitiveKind.INTEGER), Cardinality.REQUIRED)
                        .toBuilder().constraints(io.modelgraph.schema.Constraints.builder().format("int32").build())
                        .build(),
                ElementDef.of("total", DataType.of(PrimitiveKind.INTEGER), Cardinality.REQUIRED)
                        .toBuilder().constraints(io.modelgraph.schema.Constraints.builder().format("bignum").build())
                        .build()));
        LossinessLedger ledger = new LossinessLedger();
        JsonNode out = SafeYaml.read(codec.encode(SchemaModel.of("m", List.of(t), List.of()), CodecOptions.NONE,
                ledger), "test");
        JsonNode props = out.path("schema").get(0).path("properties");
        assertEquals("i32", props.get(0).path("logicalTypeOptions").path("format").asText());
        assertTrue(props.get(1).path("logicalTypeOptions").path("format").isMissingNode(), props.toString());
        assertTrue(ledger.entries().stream().anyMatch(e -> e.explanation().contains("'bignum' is not written")),
                ledger.entries().toString());
    }

    @Test
    void anIntegersPrecisionAndScaleThatOdcsCannotStateAreLedgered() throws Exception {
        // Oracle's NUMBER(1,0): a whole number of one digit
        TypeDef t = TypeDef.of("job", List.of(ElementDef.of("exclusive", DataType.of(PrimitiveKind.INTEGER),
                Cardinality.OPTIONAL).toBuilder().constraints(io.modelgraph.schema.Constraints.builder()
                .precision(java.util.Optional.of(1)).scale(java.util.Optional.of(0)).build()).build()));
        LossinessLedger ledger = new LossinessLedger();
        String out = codec.encode(SchemaModel.of("m", List.of(t), List.of()), CodecOptions.NONE, ledger);
        SchemaModel back = codec.decode(out, CodecOptions.NONE, new LossinessLedger());
        assertEquals(java.util.Optional.empty(), back.type("job").orElseThrow().element("exclusive").orElseThrow()
                .constraints().precision());
        assertTrue(ledger.entries().stream().anyMatch(e -> e.explanation().contains("precision 1, scale 0")
                && e.explanation().contains("'job.exclusive'")), ledger.entries().toString());
    }
}
