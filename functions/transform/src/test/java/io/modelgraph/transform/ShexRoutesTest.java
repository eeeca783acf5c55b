package io.modelgraph.transform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.shex.ShexCodec;
import io.modelgraph.graph.GraphSnapshot;
import io.modelgraph.graph.NodeType;
import io.modelgraph.graph.store.GraphStore;
import io.modelgraph.json.Json;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.DataType;
import io.modelgraph.schema.ElementDef;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.TypeDef;
import io.modelgraph.schema.graph.ModelGraphMapper;
import io.modelgraph.transform.TransformCalls.Result;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The ShEx decode and encode rules and the two ShExC messages (docs/formats/shex.md), through the transform routes with real stores. */
class ShexRoutesTest {
    static final String PEOPLE = """
            PREFIX ex: <http://example.org/ns#>
            PREFIX foaf: <http://xmlns.com/foaf/0.1/>
            PREFIX xsd: <http://www.w3.org/2001/XMLSchema#>

            ex:AgentShape {
              foaf:name xsd:string MAXLENGTH 80
            }

            ex:PersonShape EXTENDS @ex:AgentShape {
              foaf:age xsd:integer ? ;
              foaf:knows @ex:PersonShape * ;
              ex:status [ex:active ex:retired]
            }
            """;

    private final TransformCalls calls = new TransformCalls(TransformCalls.newProjectId());
    private final GraphStore graph = GraphStore.of(TransformCalls.services());

    private GraphSnapshot snapshot() {
        return graph.load(calls.projectId(), List.of());
    }

    private Result importShex(String text) {
        return calls.post("schema/import", Json.object().put("format", "shex").put("schema", text), "Admin");
    }

    @Test
    void rule7ShapesTripleConstraintsValueSetsAndExtendsLandInTheGraph() {
        Result r = importShex(PEOPLE);
        assertEquals(200, r.status(), r.toString());
        SchemaModel model = new ModelGraphMapper().toModel(snapshot());
        TypeDef person = model.type("Person").orElseThrow();
        assertEquals(List.of("Agent"), person.supertypes(), "EXTENDS becomes inheritance");
        ElementDef age = person.element("age").orElseThrow();
        assertEquals("http://xmlns.com/foaf/0.1/age", age.mapsTo().orElseThrow(), "predicate IRI in mapsTo");
        assertEquals(new DataType.TypeRef("Person"), person.element("knows").orElseThrow().type());
        assertTrue(person.element("status").orElseThrow().type() instanceof DataType.TaxonomyRef);
        assertEquals(1, snapshot().nodes().stream().filter(n -> n.nodeType() == NodeType.Taxonomy).count(),
                "the inline value set is a taxonomy");
        assertEquals("shex", person.provenance().format());
    }

    @Test
    void rule8AModelFromShexIsExportedWithItsPrefixesShapeNamesPredicatesAndDatatypes() throws Exception {
        assertTrue(importShex(PEOPLE).success());
        Result exported = calls.post("schema/export", Json.object().put("format", "shex"), "Viewer");
        assertEquals(200, exported.status(), exported.toString());
        String out = exported.body().get("schema").asText();
        assertTrue(out.contains("PREFIX ex: <http://example.org/ns#>"), out);
        assertTrue(out.contains("PREFIX foaf: <http://xmlns.com/foaf/0.1/>"), out);
        assertTrue(out.contains("ex:PersonShape EXTENDS @ex:AgentShape {"), out);
        assertTrue(out.contains("foaf:name xsd:string MAXLENGTH 80"), out);
        assertTrue(out.contains("foaf:knows @ex:PersonShape*"), out);
        assertTrue(out.contains("ex:status [ex:active ex:retired]"), out);
        assertFalse(out.contains("cm:"), out);
        // and the export reads back through the codec to the same model types
        SchemaModel again = new ShexCodec().decode(out, CodecOptions.NONE, new LossinessLedger());
        assertEquals(List.of("Agent", "Person"), again.types().stream().map(TypeDef::name).toList());
    }

    @Test
    void rule8OtherModelsGetCmShapesPrefixedMapsToCardinalitiesAndInlineValueSets() throws Exception {
        Result imported = calls.post("schema/import", Json.object().put("format", "jsonschema")
                .put("schema", ImportExportRoutesTest.LIBRARY), "Admin");
        assertTrue(imported.success(), imported.toString());
        Result exported = calls.post("schema/export", Json.object().put("format", "shex"), "Viewer");
        assertEquals(200, exported.status(), exported.toString());
        String out = exported.body().get("schema").asText();
        assertTrue(out.contains("PREFIX cm: <" + ShexCodec.CM_NAMESPACE + ">"), out);
        assertTrue(out.contains("cm:BookShape {"), out);
        assertTrue(out.contains("cm:LibraryShape {"), out);
        assertTrue(out.contains("cm:title xsd:string MAXLENGTH 200"), out + " (required: no symbol)");
        assertTrue(out.contains("cm:pages xsd:integer MININCLUSIVE 1?"), out);
        assertTrue(out.contains("cm:books @cm:BookShape*"), out);
        assertTrue(out.contains("[\"fiction\" \"poetry\"]?"), out + " (taxonomy as an inline value set)");
        new ShexCodec().decode(out, CodecOptions.NONE, new LossinessLedger());

        // an element with mapsTo is written with its IRI as a prefixed predicate (schema/map writes nothing)
        String shexSource = PEOPLE;
        ObjectNode map = Json.object().put("sourceFormat", "shex").put("sourceSchema", shexSource)
                .put("targetFormat", "shex").put("targetHintFormat", "shex").put("targetHintSchema", shexSource);
        Result mapped = calls.post("schema/map", map, "Viewer");
        assertEquals(200, mapped.status(), mapped.toString());
        assertTrue(mapped.body().get("schema").asText().contains("foaf:age xsd:integer?"), mapped.toString());
    }

    @Test
    void rule9AShapeLabelWithShapeSuffixMatchesTheBareName() throws Exception {
        String hint = """
                {"$schema":"https://json-schema.org/draft/2020-12/schema","title":"Person","type":"object",
                 "properties":{"name":{"type":"string"},"age":{"type":"integer"}}}""";
        ObjectNode body = Json.object().put("sourceFormat", "shex").put("sourceSchema", """
                PREFIX ex: <http://example.org/ns#>
                ex:PersonShape { ex:name LITERAL ; ex:age LITERAL ? }
                """).put("targetFormat", "jsonschema").put("targetHintFormat", "jsonschema")
                .put("targetHintSchema", hint);
        Result r = calls.post("schema/map", body, "Viewer");
        assertEquals(200, r.status(), r.toString());
        JsonNode schema = Json.parse(r.body().get("schema").asText());
        assertTrue(schema.toString().contains("\"Person\""), schema.toString());
        assertFalse(schema.toString().contains("PersonShape"), "ex:PersonShape reads as Person: " + schema);
        assertEquals(0, snapshot().nodes().stream().filter(n -> n.nodeType() == NodeType.Type).count(),
                "schema/map writes nothing");
    }

    @Test
    void malformedShexcNamesLineAndColumnAndWritesNothing() {
        Result r = importShex("PREFIX ex: <http://example.org/ns#>\nex:S {\n  ex:p xsd:string\n}");
        assertEquals(400, r.status(), r.toString());
        assertFalse(r.success());
        assertEquals("line 3, column 8", r.firstPath());
        assertEquals("Could not parse the 'shex' schema: line 3, column 8: the prefix 'xsd:' is not declared.",
                r.firstMessage());
        r = importShex("ex:S { }");
        assertEquals("Could not parse the 'shex' schema: line 1, column 1: the prefix 'ex:' is not declared.",
                r.firstMessage());
        assertEquals(0, snapshot().nodes().stream().filter(n -> n.nodeType() == NodeType.Type).count());
    }

    @Test
    void anEmptyShexcDocumentIsRefusedAtTheRoot() {
        Result r = importShex("# only a comment\n\n");
        assertEquals(400, r.status(), r.toString());
        assertEquals("$", r.firstPath());
        assertEquals("The ShExC document is empty.", r.firstMessage(), "the specification's text, alone");
        r = importShex("  \n ");
        assertEquals("request", r.firstPath(), "a blank schema member is a request error before any decoder");
        assertEquals("Body must include 'format' and 'schema'.", r.firstMessage());
        assertEquals(0, snapshot().nodes().stream().filter(n -> n.nodeType() == NodeType.Type).count());
    }

    @Test
    void planExecuteReadsShexAndReplaysDeterministically() {
        String hint = """
                {"$schema":"https://json-schema.org/draft/2020-12/schema","title":"Person","type":"object",
                 "properties":{"age":{"type":"string"}}}""";
        ObjectNode map = Json.object().put("sourceFormat", "shex").put("sourceSchema", PEOPLE)
                .put("targetFormat", "shex").put("targetHintFormat", "jsonschema").put("targetHintSchema", hint);
        Result mapped = calls.post("schema/map", map, "Viewer");
        assertTrue(mapped.success(), mapped.toString());
        ObjectNode exec = Json.object().put("sourceFormat", "shex").put("sourceSchema", PEOPLE)
                .put("targetFormat", "shex").put("plan", Json.write(mapped.body().get("plan")));
        Result first = calls.post("plan/execute", exec, "Viewer");
        Result second = calls.post("plan/execute", exec, "Viewer");
        assertTrue(first.success(), first.toString());
        assertEquals(mapped.body().get("schema").asText(), first.body().get("schema").asText());
        assertEquals(first.body().get("schema").asText(), second.body().get("schema").asText());
        Result bad = calls.post("plan/execute", exec.put("sourceSchema", "PREFIX ex: <http://e/>\nex:S { ex:p @ }"),
                "Viewer");
        assertEquals(400, bad.status(), bad.toString());
        assertTrue(bad.firstMessage().startsWith("Could not parse the 'shex' schema: line 2, column "),
                bad.firstMessage());
    }
}
