package io.modelgraph.exchange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.ValidationMessage;
import io.modelgraph.exchange.jsonschema.JsonSchemaExporter;
import io.modelgraph.exchange.jsonschema.KeywordFilter;
import io.modelgraph.exchange.jsonschema.Validators;
import io.modelgraph.exchange.profile.DefaultProfiles;
import io.modelgraph.json.Json;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Exported schemas validate against the 2020-12 meta-schema; useAnchorForRef switches $anchor and pointer references. */
class JsonSchemaExportTest {

    @Test
    void exportsValidateAgainstTheMetaSchemaWithAnchorsOrPointers() {
        for (boolean anchors : new boolean[] {true, false}) {
            JsonNode doc = JsonSchemaExporter.export(SampleModels.people(), Optional.of("Person"), anchors);
            Set<ValidationMessage> errors = Validators.metaSchema().validate(doc);
            assertEquals(Set.of(), errors, doc.toPrettyString());
            String text = doc.toString();
            if (anchors) {
                assertTrue(text.contains("\"$anchor\":\"Agent\""), text);
                assertTrue(text.contains("\"$ref\":\"#Agent\""), text);
            } else {
                assertTrue(text.contains("\"$ref\":\"#/$defs/Agent\""), text);
            }
            // a compiled export accepts a person and refuses a wrong one, whichever reference style
            var schema = Validators.compile(doc);
            assertEquals(Set.of(), schema.validate(Json.MAPPER.valueToTree(java.util.Map.of("name", "Ann", "age", 3))));
            assertTrue(!schema.validate(Json.MAPPER.valueToTree(java.util.Map.of("age", "x"))).isEmpty());
        }
    }

    @Test
    void aDefinitionWithItsOwnIdKeepsItsPointerSinceItsAnchorsAreItsOwn() throws Exception {
        // "#node" from the root looks for an anchor of the root resource; one written into the entry that has its
        // own $id would belong to that resource, so the reference would dangle
        String source = """
                {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://example.com/root.json",
                 "type":"object",
                 "properties":{"tree":{"$ref":"#/$defs/node"},"name":{"$ref":"#/$defs/Name"}},
                 "$defs":{
                   "node":{"$id":"node.json","$dynamicAnchor":"node","type":"object",
                           "properties":{"children":{"type":"array","items":{"$dynamicRef":"#node"}}}},
                   "Name":{"type":"object","properties":{"first":{"type":"string"}}}}}""";
        var model = new io.modelgraph.codec.jsonschema.JsonSchemaCodec().decode(source,
                new io.modelgraph.codec.CodecOptions(java.util.Map.of()), new io.modelgraph.ledger.LossinessLedger());
        JsonNode doc = JsonSchemaExporter.export(model, Optional.empty(), true);
        assertEquals(java.util.List.of(), io.modelgraph.exchange.jsonschema.ExportCheck.problems(doc),
                doc.toPrettyString());
        JsonNode node = doc.path("$defs").path("node");
        assertEquals("node.json", node.path("$id").asText(), doc.toPrettyString());
        assertTrue(node.path("$anchor").isMissingNode(), "no anchor written into another resource: " + doc);
        String text = doc.toString();
        assertTrue(text.contains("\"$ref\":\"#/$defs/node\""), text);
        assertTrue(text.contains("\"$ref\":\"#Name\""), "the other entries still get anchors: " + text);
    }

    @Test
    void theProfileFilterListsAndRemovesUnmappedKeywordsButNotPropertyNames() throws Exception {
        JsonNode doc = Json.parse("""
                {"type":"object","properties":{"not":{"type":"string","mustNotBe":{"const":"x"},"not":{"const":"y"}},
                 "x-ok":{"type":"string"}},"minKeys":1,"minProperties":1,"x-vendor":"kept"}""");
        KeywordFilter.Result r = KeywordFilter.apply(doc, DefaultProfiles.JSON_SCHEMA);
        assertEquals(java.util.List.of("mustNotBe", "minKeys"), r.unmapped(),
                "not and minProperties are kept verbatim by the codec, so the default profile maps them");
        assertEquals("#/properties/not/mustNotBe", r.losses().get(0).path());
        assertTrue(r.document().path("properties").path("not").has("not"));
        assertTrue(r.document().path("properties").has("not"), "a property named 'not' is data, not a keyword");
        assertTrue(r.document().has("x-vendor"));
    }

    @Test
    void validatorsNeverLoadRemoteReferences() throws Exception {
        JsonNode doc = Json.parse("{\"$ref\":\"http://127.0.0.1:9/remote.json\"}");
        try {
            var schema = Validators.compile(doc);
            schema.validate(Json.parse("1"));
            throw new AssertionError("a remote reference must not load");
        } catch (RuntimeException expected) {
            assertTrue(expected.getMessage() != null);
        }
    }
}
