package io.modelgraph.codec.jsonschema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.codec.CodecOptions;
import io.modelgraph.ledger.LossEntry;
import io.modelgraph.ledger.LossinessLedger;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DialectUpgradeTest {
    private static JsonNode json(String text) throws Exception {
        return JsonSchemaText.parse(text);
    }

    private static JsonNode upgrade(String text, LossinessLedger ledger) throws Exception {
        return DialectUpgrade.upgrade(json(text), ledger);
    }

    @Test
    void draft07DefinitionsMoveToDefsAndEveryPointerFollows() throws Exception {
        JsonNode out = upgrade("""
                {"$schema":"http://json-schema.org/draft-07/schema#","definitions":{"code":{"type":"string"},
                 "pair":{"type":"array","items":[{"$ref":"#/definitions/code"},{"type":"integer"}]}},
                 "type":"object","properties":{"a":{"$ref":"#/definitions/code"}},
                 "if":{"properties":{"kind":{"const":"x"}}},
                 "then":{"properties":{"b":{"$ref":"#/definitions/code"},"c":{"$ref":"#/definitions/pair/items/1"}}}}
                """, new LossinessLedger());
        assertEquals(Keywords.DIALECT, out.get("$schema").textValue());
        assertFalse(out.has("definitions"));
        assertEquals("#/$defs/code", out.at("/properties/a/$ref").textValue());
        assertEquals("#/$defs/code", out.at("/then/properties/b/$ref").textValue());
        assertEquals("#/$defs/pair/prefixItems/1", out.at("/then/properties/c/$ref").textValue());
        assertEquals("#/$defs/code", out.at("/$defs/pair/prefixItems/0/$ref").textValue());
    }

    @Test
    void draft04IdentifiersAndExclusiveBoundsBecome202012() throws Exception {
        LossinessLedger ledger = new LossinessLedger();
        JsonNode out = upgrade("""
                {"$schema":"http://json-schema.org/draft-04/schema#","id":"https://example.com/s.json#",
                 "properties":{"n":{"type":"number","minimum":0,"exclusiveMinimum":true,"maximum":9,
                   "exclusiveMaximum":false},"id":{"id":"#idProp","type":"string"}},
                 "definitions":{"x":{"id":"other.json","definitions":{"y":{"type":"integer"}},
                   "properties":{"y":{"$ref":"#/definitions/y"}}}},
                 "additionalProperties":{"$ref":"https://example.com/s.json#/definitions/x"}}
                """, ledger);
        assertEquals("https://example.com/s.json", out.get("$id").textValue());
        assertFalse(out.has("id"));
        assertEquals(0, out.at("/properties/n/exclusiveMinimum").intValue());
        assertFalse(out.at("/properties/n").has("minimum"));
        assertEquals(9, out.at("/properties/n/maximum").intValue());
        assertFalse(out.at("/properties/n").has("exclusiveMaximum"));
        assertEquals("idProp", out.at("/properties/id/$anchor").textValue());
        // '#/...' inside an embedded resource walks from that resource: written from the document root, so the
        // embedded identifier can go
        assertFalse(out.at("/$defs/x").has("$id"));
        assertEquals("#/$defs/x/$defs/y", out.at("/$defs/x/properties/y/$ref").textValue());
        assertEquals("https://example.com/s.json#/$defs/x", out.at("/additionalProperties/$ref").textValue());
        assertEquals(1, ledger.size(), ledger.entries().toString());
        assertEquals("#/definitions/x/id", ledger.entries().get(0).path());
    }

    @Test
    void referencesThroughEmbeddedIdentifiersBecomePointersFromTheRoot() throws Exception {
        LossinessLedger ledger = new LossinessLedger();
        JsonNode out = upgrade("""
                {"$schema":"http://json-schema.org/draft-04/schema#","id":"http://localhost:1234/tree",
                 "properties":{"nodes":{"type":"array","items":{"$ref":"node"}},
                   "anchored":{"$ref":"http://localhost:1234/node#leaf"},
                   "far":{"id":"sub/","properties":{"r":{"$ref":"remote.json"}}}},
                 "definitions":{"node":{"id":"http://localhost:1234/node",
                   "properties":{"subtree":{"$ref":"tree"},"value":{"$ref":"#/definitions/v"}},
                   "definitions":{"v":{"id":"#leaf","type":"number"}}}}}
                """, ledger);
        assertEquals("#/$defs/node", out.at("/properties/nodes/items/$ref").textValue());
        assertEquals("#", out.at("/$defs/node/properties/subtree/$ref").textValue());
        assertEquals("#/$defs/node/$defs/v", out.at("/$defs/node/properties/value/$ref").textValue());
        assertEquals("#/$defs/node/$defs/v", out.at("/properties/anchored/$ref").textValue());
        // a reference out of the document, relative to an embedded identifier, is written absolute
        assertEquals("http://localhost:1234/sub/remote.json", out.at("/properties/far/properties/r/$ref").textValue());
        assertEquals("http://localhost:1234/tree", out.get("$id").textValue());
        assertFalse(out.at("/$defs/node").has("$id"));
        assertFalse(out.at("/properties/far").has("$id"));
        assertEquals(2, ledger.size(), ledger.entries().toString());
    }

    @Test
    void aDocumentWithDynamicReferencesKeepsItsEmbeddedIdentifiers() throws Exception {
        String text = """
                {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://e.com/root",
                 "$ref":"list","$defs":{"list":{"$id":"list","items":{"$dynamicRef":"#t"},
                   "$defs":{"t":{"$dynamicAnchor":"t"}}}}}
                """;
        LossinessLedger ledger = new LossinessLedger();
        assertEquals(json(text), DialectUpgrade.upgrade(json(text), ledger));
        assertTrue(ledger.isEmpty());
    }

    @Test
    void tuplesDependenciesAndRecursionTakeTheir202012Forms() throws Exception {
        LossinessLedger ledger = new LossinessLedger();
        JsonNode out = upgrade("""
                {"$schema":"https://json-schema.org/draft/2019-09/schema","$recursiveAnchor":true,
                 "properties":{"t":{"items":[{"type":"string"}],"additionalItems":false},
                   "u":{"items":{"type":"string"},"additionalItems":false},
                   "kids":{"type":"array","items":{"$recursiveRef":"#"}}},
                 "dependencies":{"a":["b"],"c":{"required":["d"]}}}
                """, ledger);
        assertEquals("[{\"type\":\"string\"}]", out.at("/properties/t/prefixItems").toString());
        assertEquals("false", out.at("/properties/t/items").toString());
        assertFalse(out.at("/properties/u").has("additionalItems"));
        assertEquals("#" + DialectUpgrade.RECURSIVE_ANCHOR, out.at("/properties/kids/items/$dynamicRef").textValue());
        assertEquals(DialectUpgrade.RECURSIVE_ANCHOR, out.get("$dynamicAnchor").textValue());
        assertEquals("[\"b\"]", out.at("/dependentRequired/a").toString());
        assertEquals("[\"d\"]", out.at("/dependentSchemas/c/required").toString());
        assertFalse(out.has("dependencies"));
        assertEquals(1, ledger.size(), ledger.entries().toString()); // u's additionalItems, which did nothing
        assertEquals("#/properties/u/additionalItems", ledger.entries().get(0).path());
    }

    @Test
    void siblingsOfRefInALegacyDialectAreLedgeredWithTheirPath() throws Exception {
        LossinessLedger ledger = new LossinessLedger();
        JsonNode out = upgrade("""
                {"$schema":"http://json-schema.org/draft-07/schema#","definitions":{"s":{"type":"string"}},
                 "properties":{"a":{"$ref":"#/definitions/s","description":"fine","maxLength":3}}}
                """, ledger);
        assertEquals(1, ledger.size());
        LossEntry e = ledger.entries().get(0);
        assertEquals("#/properties/a/$ref", e.path());
        assertTrue(e.explanation().contains("maxLength"), e.explanation());
        // ignored by draft-07, so left out: 2020-12 would apply it and reject what the source accepts
        assertEquals(json("{\"$ref\":\"#/$defs/s\",\"description\":\"fine\"}"), out.at("/properties/a"));
        // from 2019-09 on they apply, and stay
        assertEquals(3, upgrade("""
                {"$schema":"https://json-schema.org/draft/2019-09/schema","$defs":{"s":{"type":"string"}},
                 "properties":{"a":{"$ref":"#/$defs/s","maxLength":3}}}
                """, new LossinessLedger()).at("/properties/a/maxLength").intValue());
    }

    @Test
    void definitionsAndDefsWithTheSameNameBothSurvive() throws Exception {
        JsonNode out = upgrade("""
                {"$defs":{"a":{"type":"string"}},"definitions":{"a":{"type":"integer"}},
                 "properties":{"p":{"$ref":"#/definitions/a"},"q":{"$ref":"#/$defs/a"}}}
                """, new LossinessLedger());
        assertEquals("#/$defs/a_definitions", out.at("/properties/p/$ref").textValue());
        assertEquals("integer", out.at("/$defs/a_definitions/type").textValue());
        assertEquals("#/$defs/a", out.at("/properties/q/$ref").textValue());
    }

    @Test
    void a202012DocumentIsLeftAsItIs() throws Exception {
        String text = """
                {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://e.com/a",
                 "$defs":{"x":{"prefixItems":[{"type":"string"}],"items":false,"$dynamicAnchor":"n"}},
                 "properties":{"p":{"$ref":"#/$defs/x","minItems":1}},"dependentRequired":{"a":["b"]}}
                """;
        LossinessLedger ledger = new LossinessLedger();
        assertEquals(json(text), DialectUpgrade.upgrade(json(text), ledger));
        assertTrue(ledger.isEmpty());
    }

    @Test
    void theIssueReproEncodesWithNoDanglingReference() throws Exception {
        JsonSchemaCodec codec = new JsonSchemaCodec();
        String repro = "{\"$schema\":\"http://json-schema.org/draft-07/schema#\",\"definitions\":{\"code\":{\"type\":"
                + "\"string\"}},\"type\":\"object\",\"properties\":{\"kind\":{\"type\":\"string\"},\"a\":{\"$ref\":"
                + "\"#/definitions/code\"}},\"if\":{\"properties\":{\"kind\":{\"const\":\"x\"}}},\"then\":{"
                + "\"properties\":{\"b\":{\"$ref\":\"#/definitions/code\"}}}}";
        LossinessLedger ledger = new LossinessLedger();
        var model = codec.decode(repro, new CodecOptions(Map.of()), ledger);
        String out = codec.encode(model, new CodecOptions(Map.of()), new LossinessLedger());
        assertFalse(out.contains("#/definitions/"), out);
        JsonNode doc = json(out);
        String ref = doc.at("/then/properties/b/$ref").textValue();
        assertTrue(ref.startsWith("#/$defs/"), out);
        assertFalse(doc.at(ref.substring(1)).isMissingNode(), out);
    }

    private static final String KEY = JsonSchemaAnnotations.FORMAT_ASSERTION_KEYWORD;

    @Test
    void draft04To07DocumentsWithAFormatSayThatFormatAsserts() throws Exception {
        for (String dialect : List.of("http://json-schema.org/draft-04/schema#",
                "http://json-schema.org/draft-06/schema#", "http://json-schema.org/draft-07/schema")) {
            JsonNode out = upgrade("{\"$schema\":\"" + dialect + "\",\"properties\":{\"d\":{\"type\":\"string\","
                    + "\"format\":\"date\"}}}", new LossinessLedger());
            assertTrue(out.path(KEY).booleanValue(), dialect + " " + out);
        }
        // without any format the document says nothing more
        JsonNode none = upgrade("{\"$schema\":\"http://json-schema.org/draft-07/schema#\",\"type\":\"string\"}",
                new LossinessLedger());
        assertFalse(none.has(KEY), none.toString());
    }

    @Test
    void laterDialectsAndUndeclaredOnesKeepFormatAnAnnotation() throws Exception {
        for (String schema : List.of("\"$schema\":\"https://json-schema.org/draft/2020-12/schema\",",
                "\"$schema\":\"https://json-schema.org/draft/2019-09/schema\",", "")) {
            JsonNode out = upgrade("{" + schema + "\"type\":\"string\",\"format\":\"date\"}",
                    new LossinessLedger());
            assertFalse(out.has(KEY), out.toString());
        }
    }

    @Test
    void aVocabularyRequiringFormatAssertionAssertsIt() throws Exception {
        JsonNode own = upgrade("""
                {"$schema":"https://json-schema.org/draft/2020-12/schema","$vocabulary":{
                 "https://json-schema.org/draft/2020-12/vocab/core":true,
                 "https://json-schema.org/draft/2020-12/vocab/format-assertion":false},
                 "type":"string","format":"date"}
                """, new LossinessLedger());
        assertTrue(own.path(KEY).booleanValue(), own.toString());
        JsonNode nineteen = upgrade("""
                {"$schema":"https://json-schema.org/draft/2019-09/schema","$vocabulary":{
                 "https://json-schema.org/draft/2019-09/vocab/format":true},"format":"uri"}
                """, new LossinessLedger());
        assertTrue(nineteen.path(KEY).booleanValue(), nineteen.toString());
        JsonNode annotationOnly = upgrade("""
                {"$schema":"https://json-schema.org/draft/2019-09/schema","$vocabulary":{
                 "https://json-schema.org/draft/2019-09/vocab/format":false},"format":"uri"}
                """, new LossinessLedger());
        assertFalse(annotationOnly.has(KEY), annotationOnly.toString());
        // a custom meta-schema carried in the same request decides through its vocabulary
        Map<String, JsonNode> docs = new java.util.LinkedHashMap<>();
        docs.put("main.json", json("{\"$schema\":\"https://e.com/meta\",\"format\":\"date\"}"));
        docs.put("meta.json", json("""
                {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://e.com/meta",
                 "$vocabulary":{"https://json-schema.org/draft/2020-12/vocab/format-assertion":true}}
                """));
        JsonNode main = DialectUpgrade.upgradeAll(docs, new LossinessLedger()).get("main.json");
        assertTrue(main.path(KEY).booleanValue(), main.toString());
    }

    @Test
    void theAssertionChoiceSurvivesDecodeEncodeAndReadsBackTheSame() throws Exception {
        JsonSchemaCodec codec = new JsonSchemaCodec();
        String draft07 = """
                {"$schema":"http://json-schema.org/draft-07/schema#","type":"object",
                 "properties":{"on":{"type":"string","format":"date"}}}
                """;
        var model = codec.decode(draft07, new CodecOptions(Map.of()), new LossinessLedger());
        assertEquals("true", model.annotations().get(JsonSchemaAnnotations.FORMAT_ASSERTION));
        String out = codec.encode(model, new CodecOptions(Map.of()), new LossinessLedger());
        JsonNode doc = json(out);
        assertTrue(doc.path(KEY).booleanValue(), out);
        LossinessLedger again = new LossinessLedger();
        var reread = codec.decode(out, new CodecOptions(Map.of()), again);
        assertEquals(model.annotations(), reread.annotations());
        assertEquals(out, codec.encode(reread, new CodecOptions(Map.of()), new LossinessLedger()));
        var modern = codec.decode(draft07.replace("http://json-schema.org/draft-07/schema#",
                Keywords.DIALECT), new CodecOptions(Map.of()), new LossinessLedger());
        assertFalse(modern.annotations().containsKey(JsonSchemaAnnotations.FORMAT_ASSERTION));
        assertFalse(json(codec.encode(modern, new CodecOptions(Map.of()), new LossinessLedger())).has(KEY));
    }
}
