package io.modelgraph.exchange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apicatalog.jsonld.JsonLd;
import com.apicatalog.jsonld.JsonLdError;
import com.apicatalog.jsonld.document.JsonDocument;
import com.apicatalog.rdf.RdfDataset;
import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.api.ApiProblem;
import io.modelgraph.codec.InvalidOptionException;
import io.modelgraph.codec.jsonld.JsonLdExportOptions;
import io.modelgraph.codec.jsonld.JsonLdRead;
import io.modelgraph.codec.jsonld.JsonLdReader;
import io.modelgraph.codec.jsonld.JsonLdWriter;
import io.modelgraph.exchange.jsonld.ProfileVocabulary;
import io.modelgraph.codec.SchemaSyntaxException;
import io.modelgraph.codec.jsonld.OfflineContexts;
import io.modelgraph.exchange.profile.DefaultProfiles;
import io.modelgraph.json.Json;
import io.modelgraph.schema.SchemaModel;
import jakarta.json.JsonArray;
import java.io.StringReader;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The JSON-LD writer and reader on the canonical model: valid JSON-LD 1.1, and reading back loses nothing written. */
class JsonLdFormatTest {
    private static final JsonLdWriter WRITER = new JsonLdWriter(ProfileVocabulary.of(DefaultProfiles.JSON_LD));
    private static final JsonLdReader READER = new JsonLdReader(ProfileVocabulary.of(DefaultProfiles.JSON_LD));

    static JsonLdExportOptions all(boolean graph, boolean defaultType, Optional<JsonLdExportOptions.SpaceInfo> space) {
        return new JsonLdExportOptions(true, true, true, true, graph, defaultType, space, Optional.empty());
    }

    /** Expands and converts to RDF with titanium, remote contexts disabled; fails on anything invalid. */
    static RdfDataset toRdf(String text) throws JsonLdError {
        JsonArray expanded = JsonLd.expand(JsonDocument.of(new StringReader(text))).loader(new OfflineContexts())
                .get();
        assertFalse(expanded.isEmpty(), "expansion keeps content");
        return JsonLd.toRdf(JsonDocument.of(new StringReader(text))).loader(new OfflineContexts()).get();
    }

    @Test
    void theExportIsValidJsonLdAndReadsBackToTheSameText() throws Exception {
        String first = WRITER.write(SampleModels.people(), all(true, true, Optional.empty()));
        RdfDataset rdf = toRdf(first);
        assertTrue(rdf.size() > 30, "triples: " + rdf.size());
        JsonLdRead read = READER.read(first, "test");
        assertEquals(java.util.List.of(), read.unmapped(), "our own export maps fully");
        String second = WRITER.write(read.model(), all(true, true, Optional.empty()));
        assertEquals(first, second);
    }

    @Test
    void useDefaultTypeAddsRdfsClassAndRdfProperty() throws Exception {
        JsonNode plain = Json.parse(WRITER.write(SampleModels.people(), all(true, false, Optional.empty())));
        JsonNode typed = Json.parse(WRITER.write(SampleModels.people(), all(true, true, Optional.empty())));
        JsonNode person = find(typed, "model:Person");
        assertEquals("[\"schema:Class\",\"rdfs:Class\"]", person.get("@type").toString());
        assertEquals("[\"schema:Property\",\"rdf:Property\"]", find(typed, "model:age").get("@type").toString());
        assertEquals("\"schema:Class\"", find(plain, "model:Person").get("@type").toString());
    }

    @Test
    void serviceSpaceAndSingleNodeOutputsStayValid() throws Exception {
        var space = Optional.of(new JsonLdExportOptions.SpaceInfo("s-1", "My space"));
        String withSpace = WRITER.write(SampleModels.people(), all(true, false, space));
        assertTrue(Json.parse(withSpace).has("Service_Space"));
        toRdf(withSpace);
        assertEquals(WRITER.write(READER.read(withSpace, "t").model(), all(true, false, space)), withSpace);

        JsonLdExportOptions one = new JsonLdExportOptions(true, false, false, false, false, false, space,
                Optional.of(Set.of("Person")));
        JsonNode single = Json.parse(WRITER.write(SampleModels.people(), one));
        assertEquals("model:Person", single.get("@id").asText());
        assertFalse(single.has("@graph"));
        toRdf(single.toString());
        JsonLdExportOptions many = new JsonLdExportOptions(true, false, false, false, false, false, Optional.empty(),
                Optional.empty());
        InvalidOptionException p = assertThrows(InvalidOptionException.class,
                () -> WRITER.write(SampleModels.people(), many));
        assertEquals("query.graphBased", p.path());
    }

    @Test
    void flagsSelectWhatIsExported() throws Exception {
        JsonLdExportOptions typesOnly = new JsonLdExportOptions(true, false, false, false, true, false,
                Optional.empty(), Optional.empty());
        JsonNode doc = Json.parse(WRITER.write(SampleModels.people(), typesOnly));
        assertEquals(2, doc.get("@graph").size());
        JsonLdExportOptions dataTypes = new JsonLdExportOptions(false, false, false, true, true, false,
                Optional.empty(), Optional.empty());
        JsonNode dt = Json.parse(WRITER.write(SampleModels.people(), dataTypes));
        assertEquals("xsd:integer", dt.get("@graph").get(0).get("@id").asText());
        assertEquals("rdfs:Datatype", dt.get("@graph").get(0).get("@type").asText());
    }

    @Test
    void readsSchemaOrgStyleFilesAndListsWhatTheProfileDoesNotMap() throws Exception {
        String file = """
                {"@context": {"schema": "https://schema.org/", "rdfs": "http://www.w3.org/2000/01/rdf-schema#",
                              "ex": "http://example.org/"},
                 "@graph": [
                   {"@id": "schema:Book", "@type": "rdfs:Class", "rdfs:label": "Book", "ex:popularity": 3},
                   {"@id": "schema:isbn", "@type": "rdf:Property", "rdfs:label": "isbn",
                    "schema:domainIncludes": {"@id": "schema:Book"}, "schema:rangeIncludes": {"@id": "schema:Text"}},
                   {"@id": "ex:thing", "@type": "ex:Gadget"}
                 ]}""";
        JsonLdRead read = READER.read(file.replace("rdf:Property", "http://www.w3.org/1999/02/22-rdf-syntax-ns#Property"),
                "t");
        SchemaModel m = read.model();
        assertEquals("Book", m.types().get(0).name());
        assertEquals("isbn", m.types().get(0).elements().get(0).name());
        assertEquals(java.util.List.of("@type http://example.org/Gadget", "http://example.org/popularity"),
                read.unmapped().stream().sorted().toList());
    }

    @Test
    void remoteContextsAndBrokenFilesAreLogicalErrors() {
        SchemaSyntaxException remote = assertThrows(SchemaSyntaxException.class, () -> READER.read(
                "{\"@context\": \"https://schema.org/\", \"@id\": \"x\"}", "t"));
        assertTrue(remote.getMessage().contains("'https://schema.org/'"), remote.getMessage());
        assertEquals("@context", remote.path());
        SchemaSyntaxException broken = assertThrows(SchemaSyntaxException.class, () -> READER.read("{oops", "t"));
        assertEquals("line 1, column 2", broken.path());
        // the merge route's reader turns both into the route's logical error, naming the file and where
        ApiProblem merged = assertThrows(ApiProblem.class, () -> new io.modelgraph.exchange.jsonld.JsonLdFileFormat()
                .read("{oops", "t", "t", "src", DefaultProfiles.JSON_LD));
        assertEquals("src", merged.path());
        assertTrue(merged.getMessage().contains("line 1, column 2"), merged.getMessage());
    }

    private static JsonNode find(JsonNode doc, String id) {
        for (JsonNode n : doc.get("@graph")) {
            if (n.path("@id").asText().equals(id)) {
                return n;
            }
        }
        throw new AssertionError("no " + id + " in " + doc);
    }

    @Test
    void fiftyThousandNestedArraysAreALogicalErrorNamingTheSource() {
        int depth = 50_000;
        String deep = "{\"@context\": {\"x\": \"http://example.org/x\"}, \"x\": " + "[".repeat(depth) + "1"
                + "]".repeat(depth) + "}";
        ApiProblem p = assertThrows(ApiProblem.class, () -> new io.modelgraph.exchange.jsonld.JsonLdFileFormat()
                .read(deep, "test", "test.jsonld", "body.sources[3]", DefaultProfiles.JSON_LD));
        assertEquals(400, p.status());
        assertEquals("body.sources[3]", p.path());
        assertTrue(p.getMessage().toLowerCase(java.util.Locale.ROOT).contains("nesting depth"), p.getMessage());
    }
}
