package io.modelgraph.transform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelgraph.graph.NodeType;
import io.modelgraph.graph.store.GraphStore;
import io.modelgraph.json.Json;
import io.modelgraph.transform.TransformCalls.Result;
import java.util.List;
import org.junit.jupiter.api.Test;

/** jsonld, linkml and owl through schema/import, schema/export and schema/map: no route changed for them. */
class SemanticFormatsRoutesTest {
    static final String JSONLD = """
            {"@context": {"schema": "https://schema.org/", "rdfs": "http://www.w3.org/2000/01/rdf-schema#",
                          "rdf": "http://www.w3.org/1999/02/22-rdf-syntax-ns#"},
             "@graph": [
               {"@id": "schema:Book", "@type": "rdfs:Class", "rdfs:label": "Book"},
               {"@id": "schema:isbn", "@type": "rdf:Property", "rdfs:label": "isbn",
                "schema:domainIncludes": {"@id": "schema:Book"}, "schema:rangeIncludes": {"@id": "schema:Text"}}
             ]}""";

    static final String LINKML = """
            id: https://example.org/lib
            name: lib
            prefixes:
              linkml: https://w3id.org/linkml/
            imports: [linkml:types]
            classes:
              Book:
                attributes:
                  isbn:
                    identifier: true
                  pages:
                    range: integer
            """;

    private final TransformCalls calls = new TransformCalls(TransformCalls.newProjectId());

    private long types() {
        return GraphStore.of(TransformCalls.services()).load(calls.projectId(), List.of()).nodes().stream()
                .filter(n -> n.nodeType() == NodeType.Type).count();
    }

    @Test
    void jsonLdImportsExportsAndMaps() throws Exception {
        Result r = calls.post("schema/import", Json.object().put("format", "jsonld").put("schema", JSONLD), "Admin");
        assertEquals(200, r.status(), r.toString());
        assertEquals(1, types());
        Result exported = calls.post("schema/export", Json.object().put("format", "jsonld"), "Viewer");
        assertTrue(exported.success(), exported.toString());
        assertTrue(exported.body().get("schema").asText().contains("\"model:isbn\""), exported.toString());
        Result mapped = calls.post("schema/map", Json.object().put("sourceFormat", "jsonld").put("sourceSchema",
                JSONLD).put("targetFormat", "jsonld").put("targetHintFormat", "jsonld").put("targetHintSchema",
                JSONLD), "Viewer");
        assertTrue(mapped.success(), mapped.toString());
    }

    @Test
    void malformedJsonLdIsALogicalErrorNamingWhere() {
        Result r = calls.post("schema/import", Json.object().put("format", "jsonld").put("schema",
                "{\"@graph\": [\n  {\"@id\": }]}"), "Admin");
        assertEquals(400, r.status(), r.toString());
        assertEquals("line 2, column 11", r.firstPath());
        assertTrue(r.firstMessage().startsWith("Could not parse the 'jsonld' schema"), r.firstMessage());
        r = calls.post("schema/import", Json.object().put("format", "jsonld").put("schema",
                "{\"@context\": \"https://example.org/remote\"}"), "Admin");
        assertEquals(400, r.status(), r.toString());
        assertEquals("@context", r.firstPath());
        assertTrue(r.firstMessage().contains("https://example.org/remote"), r.firstMessage());
        assertFalse(r.success());
        assertEquals(0, types(), "nothing written");
    }

    @Test
    void linkMlImportsExportsAndRefusesAliases() throws Exception {
        Result r = calls.post("schema/import", Json.object().put("format", "linkml").put("schema", LINKML), "Admin");
        assertEquals(200, r.status(), r.toString());
        Result exported = calls.post("schema/export", Json.object().put("format", "linkml"), "Viewer");
        assertTrue(exported.success(), exported.toString());
        assertTrue(exported.body().get("schema").asText().contains("identifier: true"), exported.toString());
        Result alias = calls.post("schema/import", Json.object().put("format", "linkml").put("schema",
                "id: x\nname: a\nclasses:\n  A: &a {}\n  B: *a\n"), "Admin");
        assertEquals(400, alias.status(), alias.toString());
        assertEquals("line 5, column 6", alias.firstPath());
        Result imp = calls.post("schema/import", Json.object().put("format", "linkml").put("schema",
                "id: x\nname: a\nimports: [elsewhere]\n"), "Admin");
        assertEquals(400, imp.status(), imp.toString());
        assertEquals("imports[0]", imp.firstPath());
    }

    @Test
    void owlImportsExportsAndNamesBrokenTurtleLines() throws Exception {
        String ttl = """
                @prefix : <https://example.org/lib#> .
                @prefix owl: <http://www.w3.org/2002/07/owl#> .
                @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
                @prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
                :Book a owl:Class .
                :isbn a owl:DatatypeProperty ; rdfs:domain :Book ; rdfs:range xsd:string .
                """;
        Result r = calls.post("schema/import", Json.object().put("format", "owl").put("schema", ttl), "Admin");
        assertEquals(200, r.status(), r.toString());
        Result exported = calls.post("schema/export", Json.object().put("format", "owl"), "Viewer");
        assertTrue(exported.success(), exported.toString());
        assertTrue(exported.body().get("schema").asText().contains("owl:DatatypeProperty"), exported.toString());
        Result broken = calls.post("schema/import", Json.object().put("format", "owl").put("schema",
                "@prefix : <https://example.org/> .\n:a :b :c ;\n  :d [ :e ] ] .\n"), "Admin");
        assertEquals(400, broken.status(), broken.toString());
        assertTrue(broken.firstPath().startsWith("line 3"), broken.toString());
    }

    /**
     * The fidelity check (docs/fidelity.md), for these formats, on the held-out inputs above: export(import(x)) against map(x) with an
     * empty explicit guide. Types and taxonomies must agree (or differ only where the routes' lossiness says);
     * model-level facts (prefixes, identifier) are not stored by the graph yet (docs/model.md#model-level-facts), so the texts may differ.
     */
    @Test
    void importThenExportAgreesWithMapForEachFormat() throws Exception {
        String ttl = """
                @prefix : <https://example.org/lib#> .
                @prefix owl: <http://www.w3.org/2002/07/owl#> .
                @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
                @prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
                :Book a owl:Class ; rdfs:comment "A book." .
                :isbn a owl:DatatypeProperty , owl:FunctionalProperty ; rdfs:domain :Book ; rdfs:range xsd:string .
                """;
        io.modelgraph.codec.CodecRegistry registry = TransformHandler.codecs();
        for (String[] c : new String[][] {{"jsonld", JSONLD}, {"linkml", LINKML}, {"owl", ttl}}) {
            TransformCalls fresh = new TransformCalls(TransformCalls.newProjectId());
            Result imported = fresh.post("schema/import", Json.object().put("format", c[0]).put("schema", c[1]),
                    "Admin");
            assertTrue(imported.success(), imported.toString());
            Result exported = fresh.post("schema/export", Json.object().put("format", c[0]), "Viewer");
            assertTrue(exported.success(), exported.toString());
            com.fasterxml.jackson.databind.node.ObjectNode map = Json.object().put("sourceFormat", c[0])
                    .put("sourceSchema", c[1]).put("targetFormat", c[0]);
            map.putObject("mapping").put("kind", "explicit").putObject("guide");
            Result mapped = fresh.post("schema/map", map, "Viewer");
            assertTrue(mapped.success(), mapped.toString());
            var decoder = registry.decoder(c[0], "format");
            var viaGraph = decoder.decode(exported.body().get("schema").asText(), io.modelgraph.codec.CodecOptions.NONE,
                    new io.modelgraph.ledger.LossinessLedger());
            var direct = decoder.decode(mapped.body().get("schema").asText(), io.modelgraph.codec.CodecOptions.NONE,
                    new io.modelgraph.ledger.LossinessLedger());
            List<io.modelgraph.schema.ModelDiff.Difference> diffs = io.modelgraph.schema.ModelDiff.between(direct,
                    viaGraph);
            String said = imported.body().path("lossiness").toString() + exported.body().path("lossiness");
            for (io.modelgraph.schema.ModelDiff.Difference d : diffs) {
                assertTrue(said.contains(d.type()), c[0] + ": " + d + " not in lossiness " + said);
            }
        }
    }
}
