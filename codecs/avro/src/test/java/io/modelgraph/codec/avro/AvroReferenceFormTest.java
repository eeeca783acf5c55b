package io.modelgraph.codec.avro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelgraph.codec.CodecOptions;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.Cardinality;
import io.modelgraph.schema.DataType;
import io.modelgraph.schema.ElementDef;
import io.modelgraph.schema.PrimitiveKind;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.TaxonomyDef;
import io.modelgraph.schema.Term;
import io.modelgraph.schema.TypeDef;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AvroReferenceFormTest {
    @Test
    void anAvroSchemaKeepsItsNamesRootAndDefinitions() throws Exception {
        SchemaModel model = new AvroCodec().decode("""
                {"type": "record", "name": "Order", "namespace": "shop", "fields": [
                  {"name": "id", "type": "string"},
                  {"name": "status", "type": {"type": "enum", "name": "Status", "symbols": ["NEW", "PAID"],
                    "default": "NEW"}},
                  {"name": "line", "type": {"type": "record", "name": "Line", "aliases": ["Item"],
                    "fields": [{"name": "qty", "type": "int", "default": 1}]}}]}
                """, CodecOptions.NONE, new LossinessLedger());
        AvroReferenceForm form = AvroReferenceForm.of(model);
        assertEquals("shop.Order", form.root().asText());
        assertEquals(List.of("shop.Order", "shop.Line", "shop.Status"), form.definitions().keySet().stream()
                .sorted((a, b) -> a.equals("shop.Order") ? -1 : b.equals("shop.Order") ? 1 : a.compareTo(b))
                .toList());
        assertEquals("shop.Line", form.definitions().get("shop.Order").get("fields").get(2).get("type").asText());
        assertEquals("NEW", form.definitions().get("shop.Status").get("default").asText());
        assertEquals("shop.Item", form.definitions().get("shop.Line").get("aliases").get(0).asText());
        assertTrue(form.definitions().get("shop.Line").get("fields").get(0).has("default"));
    }

    @Test
    void aModelFromAnotherFormatGetsTheEncodersNamesAndUnreachedTypesJoinTheRoot() {
        ElementDef name = ElementDef.of("full-name", DataType.of(PrimitiveKind.STRING), Cardinality.OPTIONAL);
        TypeDef person = TypeDef.of("Person", List.of(name)).toBuilder().annotations(Map.of("protobuf.package",
                "people.v1")).build();
        TypeDef lonely = TypeDef.of("Audit", List.of(ElementDef.of("at", DataType.of(PrimitiveKind.INTEGER),
                Cardinality.REQUIRED)));
        TaxonomyDef colour = TaxonomyDef.of("Colour", List.of(Term.of("RED")));
        SchemaModel model = SchemaModel.of("m", List.of(person, lonely), List.of(colour));
        AvroReferenceForm form = AvroReferenceForm.of(model);
        assertEquals("people.v1.Person", form.typeNames().get("Person"));
        assertEquals("people.v1.Audit", form.typeNames().get("Audit"));
        assertEquals("people.v1.Colour", form.taxonomyNames().get("Colour"));
        // nothing references any of the three: each is a root, as the encoder writes them
        assertEquals(3, form.root().size());
        assertEquals("full_name", form.definition("Person").orElseThrow().get("fields").get(0).get("name")
                .asText());
        assertEquals("[\"null\",\"string\"]", form.definition("Person").orElseThrow().get("fields").get(0)
                .get("type").toString());
    }

    @Test
    void theReferencesReadOffTheModelAreTheNamesTheWrittenDefinitionsUse() throws Exception {
        SchemaModel model = new AvroCodec().decode("""
                {"type": "record", "name": "Order", "namespace": "shop", "fields": [
                  {"name": "status", "type": {"type": "enum", "name": "Status", "symbols": ["NEW", "PAID"]}},
                  {"name": "lines", "type": {"type": "array", "items": {"type": "record", "name": "Line",
                    "fields": [{"name": "price", "type": {"type": "fixed", "name": "Money", "size": 8,
                      "logicalType": "decimal", "precision": 12, "scale": 2}},
                      {"name": "note", "type": ["null", "string", "Status"], "default": null}]}}},
                  {"name": "byCode", "type": {"type": "map", "values": ["null", "Line"]}},
                  {"name": "alt", "type": ["null", {"type": "record", "name": "Alt", "namespace": "other",
                    "fields": [{"name": "back", "type": ["null", "shop.Order"]}]}]},
                  {"name": "when", "type": {"type": "long", "logicalType": "timestamp-millis"}}]}
                """, CodecOptions.NONE, new LossinessLedger());
        AvroReferenceForm form = AvroReferenceForm.of(model);
        assertEquals(Set.of("shop.Order", "shop.Status", "shop.Line", "shop.Money", "other.Alt"),
                form.definitionNames());
        for (String name : form.definitionNames()) {
            Set<String> written = new HashSet<>();
            form.definition(name).orElseThrow().path("fields").forEach(f -> names(f.path("type"),
                    form.definitionNames(), written));
            assertEquals(written, form.references(name), name);
        }
        assertEquals(Set.of("shop.Status", "shop.Line", "other.Alt"), form.references("shop.Order"));
        assertEquals(Set.of("shop.Money", "shop.Status"), form.references("shop.Line"));
    }

    @Test
    void definitionsAreWrittenWhenFirstAskedFor() {
        TypeDef a = TypeDef.of("A", List.of(ElementDef.of("b", new DataType.TypeRef("B"), Cardinality.REQUIRED)));
        TypeDef b = TypeDef.of("B", List.of(ElementDef.of("n", DataType.of(PrimitiveKind.INTEGER),
                Cardinality.REQUIRED)));
        AvroReferenceForm form = AvroReferenceForm.of(SchemaModel.of("m", List.of(a, b), List.of()));
        assertEquals("A", form.root().asText());
        assertEquals(Set.of("B"), form.references("A"));
        assertEquals("B", form.definition("A").orElseThrow().path("fields").get(0).path("type").asText());
        assertEquals(List.of("A", "B"), List.copyOf(form.definitions().keySet()));
    }

    private static void names(JsonNode schema, Set<String> defined, Set<String> into) {
        if (schema.isTextual() && defined.contains(schema.asText())) {
            into.add(schema.asText());
        }
        schema.forEach(n -> names(n, defined, into));
    }
}
