package io.modelgraph.codec.jsonschema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.codec.CodecOptions;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.SchemaModel;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonSchemaBundleTest {
    private static final JsonSchemaCodec CODEC = new JsonSchemaCodec();

    private static final String MAIN = """
            {"$schema":"http://json-schema.org/draft-07/schema#","$id":"https://example.com/main.json",
             "type":"object","title":"Main","properties":{
               "name":{"$ref":"https://example.com/base.json#/definitions/nonEmpty"},
               "tags":{"type":"array","items":{"$ref":"base.json#/definitions/tag"}}}}
            """;
    private static final String BASE = """
            {"$schema":"http://json-schema.org/draft-07/schema#","$id":"https://example.com/base.json",
             "definitions":{"nonEmpty":{"type":"string","minLength":1},
               "tag":{"type":"object","properties":{"label":{"$ref":"#/definitions/nonEmpty"}},"required":["label"]}}}
            """;

    @Test
    void referencesBetweenTheDocumentsOfARequestBecomeLocal() throws Exception {
        String bundle = JsonSchemaText.pretty(JsonSchemaText.parse("{\"main.json\":" + MAIN + ",\"base.json\":"
                + JsonSchemaText.pretty(com.fasterxml.jackson.databind.node.TextNode.valueOf(BASE)) + "}"));
        JsonNode top = JsonSchemaText.parse(bundle);
        assertTrue(JsonSchemaBundle.isBundle(top));
        JsonNode merged = JsonSchemaBundle.merge(JsonSchemaBundle.documents(top), new LossinessLedger());
        assertEquals("#/$defs/base_nonEmpty", merged.at("/properties/name/$ref").textValue());
        assertEquals("#/$defs/base_tag", merged.at("/properties/tags/items/$ref").textValue());
        assertEquals("#/$defs/base_nonEmpty", merged.at("/$defs/base_tag/properties/label/$ref").textValue());

        LossinessLedger ledger = new LossinessLedger();
        SchemaModel model = CODEC.decode(bundle, new CodecOptions(Map.of()), ledger);
        assertTrue(model.types().stream().anyMatch(t -> t.name().equals("base_tag")), model.types().toString());
        String out = CODEC.encode(model, new CodecOptions(Map.of()), new LossinessLedger());
        assertFalse(out.contains("base.json"), out);
        assertTrue(out.contains("\"minLength\" : 1"), out);
    }

    @Test
    void aSchemaIsNotTakenForABundle() throws Exception {
        assertFalse(JsonSchemaBundle.isBundle(JsonSchemaText.parse(MAIN)));
        assertFalse(JsonSchemaBundle.isBundle(JsonSchemaText.parse("{\"properties\":{}}")));
        assertFalse(JsonSchemaBundle.isBundle(JsonSchemaText.parse("{\"a.b\":1}")));
    }

    @Test
    void aReferenceToADocumentNotCarriedIsKeptLedgeredAndNeverFetched() throws Exception {
        LossinessLedger ledger = new LossinessLedger();
        SchemaModel model = CODEC.decode(MAIN, new CodecOptions(Map.of()), ledger);
        assertTrue(ledger.entries().stream().anyMatch(e -> e.path().equals("#/properties/name/$ref")
                && e.explanation().contains("https://example.com/base.json#/definitions/nonEmpty")
                && e.explanation().contains("not fetched")), ledger.entries().toString());
        JsonNode out = JsonSchemaText.parse(CODEC.encode(model, new CodecOptions(Map.of()), new LossinessLedger()));
        assertEquals("https://example.com/base.json#/definitions/nonEmpty", out.at("/properties/name/$ref").textValue(),
                out.toString());
    }

    @Test
    void aFormatInAnotherDocumentAssertsWhenTheMainDocumentsDialectDoes() throws Exception {
        String base = BASE.replace("\"minLength\":1", "\"format\":\"date\"");
        String bundle = "{\"main.json\":" + MAIN + ",\"base.json\":" + base + "}";
        SchemaModel model = CODEC.decode(bundle, new CodecOptions(Map.of()), new LossinessLedger());
        assertEquals("true", model.annotations().get(JsonSchemaAnnotations.FORMAT_ASSERTION));
        // the main document decides: a 2020-12 main keeps format an annotation
        String modern = "{\"main.json\":" + MAIN.replace("http://json-schema.org/draft-07/schema#",
                Keywords.DIALECT) + ",\"base.json\":" + base + "}";
        assertFalse(CODEC.decode(modern, new CodecOptions(Map.of()), new LossinessLedger()).annotations()
                .containsKey(JsonSchemaAnnotations.FORMAT_ASSERTION));
    }
}
