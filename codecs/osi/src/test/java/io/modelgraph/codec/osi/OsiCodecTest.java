package io.modelgraph.codec.osi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.SchemaSyntaxException;
import io.modelgraph.codec.jsonschema.JsonSchemaText;
import io.modelgraph.codec.yaml.SafeYaml;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.Cardinality;
import io.modelgraph.schema.DataType;
import io.modelgraph.schema.ElementDef;
import io.modelgraph.schema.KeyDef;
import io.modelgraph.schema.PrimitiveKind;
import io.modelgraph.schema.Relationship;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.TypeDef;
import io.modelgraph.schema.graph.GraphRoundTrip;
import java.util.List;
import org.junit.jupiter.api.Test;

class OsiCodecTest {
    static final String SALES = """
            version: "0.2.0.dev0"
            semantic_model:
              - name: sales
                description: Store sales
                ai_context:
                  instructions: Use for revenue questions.
                datasets:
                  - name: orders
                    source: shop.public.orders
                    primary_key: [order_id]
                    unique_keys:
                      - [order_number, store_id]
                    fields:
                      - name: order_id
                        expression:
                          dialects:
                            - dialect: ANSI_SQL
                              expression: order_id
                        datatype: Integer
                      - name: order_number
                        expression: {dialects: [{dialect: ANSI_SQL, expression: order_number}]}
                        datatype: String
                      - name: store_id
                        expression: {dialects: [{dialect: ANSI_SQL, expression: store_id}]}
                      - name: placed_at
                        expression: {dialects: [{dialect: ANSI_SQL, expression: placed_at}]}
                        datatype: DateTimeTz
                        dimension: {is_time: true}
                  - name: stores
                    source: shop.public.stores
                    primary_key: [id]
                    fields:
                      - name: id
                        expression: {dialects: [{dialect: ANSI_SQL, expression: id}]}
                relationships:
                  - name: orders_to_stores
                    from: orders
                    to: stores
                    from_columns: [store_id]
                    to_columns: [id]
                metrics:
                  - name: order_count
                    expression: {dialects: [{dialect: ANSI_SQL, expression: COUNT(order_id)}]}
            """;

    @Test
    void decodesDatasetsKeysRelationshipsAndKeepsTheRest() throws Exception {
        LossinessLedger ledger = new LossinessLedger();
        SchemaModel model = OsiCodec.yaml().decode(SALES, CodecOptions.NONE, ledger);
        assertTrue(ledger.isEmpty());
        assertEquals("sales", model.name());
        TypeDef orders = model.type("orders").orElseThrow();
        assertEquals(List.of(KeyDef.primary(List.of("order_id")), KeyDef.unique(List.of("order_number", "store_id"))),
                orders.keys());
        assertEquals(PrimitiveKind.DATETIME, ((DataType.Primitive) orders.element("placed_at").orElseThrow().type())
                .kind());
        Relationship r = model.relationships().get(0);
        assertEquals(List.of("orders", "store_id", "stores", "id"), List.of(r.fromType(), r.fromElements().get(0),
                r.toType(), r.toElements().get(0)));
        assertTrue(model.annotations().get(OsiDocument.SEMANTIC_MODELS).contains("order_count"));
        assertTrue(GraphRoundTrip.holds(model), "model → graph → model");
    }

    @Test
    void yamlAndJsonSayTheSame() throws Exception {
        LossinessLedger ledger = new LossinessLedger();
        SchemaModel model = OsiCodec.yaml().decode(SALES, CodecOptions.NONE, ledger);
        String yaml = OsiCodec.yaml().encode(model, CodecOptions.NONE, ledger);
        String json = OsiCodec.json().encode(model, CodecOptions.NONE, ledger);
        assertEquals(Sorted.of(SafeYaml.read(SALES, "in")), Sorted.of(SafeYaml.read(yaml, "out")));
        assertEquals(Sorted.of(SafeYaml.read(yaml, "out")), Sorted.of(JsonSchemaText.parse(json)));
        // the same types, but for the format each says it came from
        assertEquals(model.types().stream().map(t -> t.toBuilder().provenance(io.modelgraph.schema.Provenance.NONE)
                .build()).toList(),
                OsiCodec.json().decode(json, CodecOptions.NONE, ledger).types().stream()
                        .map(t -> t.toBuilder().provenance(io.modelgraph.schema.Provenance.NONE).build()).toList());
    }

    @Test
    void encodesAForeignModelAsOneSemanticModel() throws Exception {
        TypeDef person = TypeDef.of("Person", List.of(
                ElementDef.of("id", DataType.of(PrimitiveKind.UUID), Cardinality.REQUIRED),
                ElementDef.of("nicknames", DataType.of(PrimitiveKind.STRING), Cardinality.ANY_NUMBER),
                ElementDef.of("home", new DataType.TypeRef("Address"), Cardinality.OPTIONAL)))
                .toBuilder().keys(List.of(KeyDef.primary(List.of("id")))).namespace("crm").build();
        TypeDef address = TypeDef.of("Address", List.of(ElementDef.of("city", DataType.of(PrimitiveKind.STRING),
                Cardinality.REQUIRED)));
        LossinessLedger ledger = new LossinessLedger();
        JsonNode doc = SafeYaml.read(OsiCodec.yaml().encode(SchemaModel.of("People", List.of(person, address),
                List.of()), CodecOptions.NONE, ledger), "out");
        assertEquals("0.2.0.dev0", doc.path("version").asText());
        JsonNode ds = doc.path("semantic_model").get(0).path("datasets").get(0);
        assertEquals("crm.Person", ds.path("source").asText());
        assertEquals("id", ds.path("primary_key").get(0).asText());
        assertEquals("String", ds.path("fields").get(0).path("datatype").asText());
        assertEquals("nicknames", ds.path("fields").get(1).path("expression").path("dialects").get(0)
                .path("expression").asText());
        // id's uuid kind and required flag, the many-valued nicknames, the reference home, city's required flag
        assertEquals(5, ledger.size(), ledger.entries().toString());
    }

    @Test
    void aRequiredNullableDefaultedMappedFieldChangesOnlyWhereTheLedgerNamesItsDatasetAndField() throws Exception {
        TypeDef visit = TypeDef.of("Visit", List.of(
                ElementDef.builder("site").type(DataType.of(PrimitiveKind.URI)).cardinality(Cardinality.REQUIRED)
                        .build(),
                ElementDef.builder("status").type(DataType.of(PrimitiveKind.STRING)).cardinality(Cardinality.OPTIONAL)
                        .nullable(true).defaultValue(com.fasterxml.jackson.databind.node.TextNode.valueOf("open"))
                        .mapsTo("http://schema.org/status").build()));
        SchemaModel model = SchemaModel.of("Clinic", List.of(visit), List.of());
        LossinessLedger ledger = new LossinessLedger();
        SchemaModel back = OsiCodec.yaml().decode(OsiCodec.yaml().encode(model, CodecOptions.NONE, ledger),
                CodecOptions.NONE, ledger);
        List<io.modelgraph.schema.ModelDiff.Difference> diffs = io.modelgraph.schema.ModelDiff.between(model, back);
        assertTrue(diffs.size() >= 5, diffs.toString());
        assertEquals(List.of(), io.modelgraph.schema.ModelDiff.unexplained(diffs, ledger.entries()));
    }

    @Test
    void malformedInputNamesWhere() {
        SchemaSyntaxException yaml = assertThrows(SchemaSyntaxException.class, () -> OsiCodec.yaml().decode(
                "version: \"0.2.0.dev0\"\nsemantic_model:\n  - name: [x\n", CodecOptions.NONE, new LossinessLedger()));
        assertTrue(yaml.path().startsWith("line "), yaml.path());
        SchemaSyntaxException json = assertThrows(SchemaSyntaxException.class, () -> OsiCodec.json().decode(
                "{\"version\": \"0.2.0.dev0\",\n \"semantic_model\": [}", CodecOptions.NONE, new LossinessLedger()));
        assertTrue(json.path().startsWith("line 2"), json.path());
        SchemaSyntaxException source = assertThrows(SchemaSyntaxException.class, () -> OsiCodec.yaml().decode(
                "version: \"0.1.1\"\nsemantic_model:\n  - name: m\n    datasets:\n      - name: d\n",
                CodecOptions.NONE, new LossinessLedger()));
        assertEquals("$.semantic_model[0].datasets[0].source", source.path());
        assertEquals("$.version", assertThrows(SchemaSyntaxException.class, () -> OsiCodec.yaml().decode(
                "version: \"9\"\nsemantic_model: []\n", CodecOptions.NONE, new LossinessLedger())).path());
    }

    @Test
    void aModelWithoutTypesIsRefusedSinceOsiNeedsADataset() {
        io.modelgraph.schema.SchemaModel empty = io.modelgraph.schema.SchemaModel.of("properties only",
                java.util.List.of(), java.util.List.of());
        io.modelgraph.codec.UnrepresentableModelException refused = assertThrows(
                io.modelgraph.codec.UnrepresentableModelException.class, () -> OsiCodec.yaml().encode(empty,
                        io.modelgraph.codec.CodecOptions.NONE, new io.modelgraph.ledger.LossinessLedger()));
        assertEquals("$.types", refused.path());
        assertEquals(422, refused.status());
    }
}
