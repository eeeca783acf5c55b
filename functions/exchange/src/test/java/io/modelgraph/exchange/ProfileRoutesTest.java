package io.modelgraph.exchange;

import static io.modelgraph.exchange.ExchangeTestSupport.logical;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.exchange.profile.DefaultProfiles;
import io.modelgraph.graph.MainSpace;
import io.modelgraph.testkit.Answer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Profiles: documented defaults per project, custom profiles added by admins, bad input named precisely. */
class ProfileRoutesTest {
    private final ExchangeTestSupport.Client client = new ExchangeTestSupport.Client(false, "http://unused.invalid",
            ExchangeTestSupport.newProjectId());

    private List<String> ids(String op) {
        JsonNode data = client.ok(client.call("GET", op, Map.of(), null, "Viewer"));
        List<String> out = new ArrayList<>();
        data.forEach(p -> {
            assertEquals(2, p.size(), "a profile entry has Id and label only: " + p);
            assertTrue(p.path("label").isTextual());
            out.add(p.path("Id").asText());
        });
        return out;
    }

    @Test
    void everyProjectStartsWithTheDocumentedDefaults() {
        assertEquals(List.of(DefaultProfiles.JSON_LD_ID), ids("fetchJsonLdImportProfiles"));
        assertEquals(List.of(DefaultProfiles.JSON_SCHEMA_ID), ids("fetchJsonSchemaImportProfiles"));
    }

    @Test
    void profileListsAnswerInTheAcceptedContentType() {
        for (String type : List.of("application/json", "text/json", "text/plain")) {
            var r = client.call("GET", "fetchJsonLdImportProfiles", Map.of(), null, "Viewer", Map.of("Accept", type));
            assertEquals(200, r.status());
            assertTrue(r.header("Content-Type").orElseThrow().startsWith(type), r.headers().toString());
        }
    }

    @Test
    void anAdminAddsACustomProfileAndItIsListedForItsFormatOnly() {
        String body = """
                {"Id":"dc-terms","label":"Dublin Core","format":"jsonld",
                 "context":{"dc":"http://purl.org/dc/terms/"},
                 "classes":{"rdfs:Class":"Type","rdf:Property":"Element"},
                 "properties":{"dc:title":"label","dc:description":"mixin:description.description",
                               "schema:domainIncludes":"relation:domain-includes"}}""";
        JsonNode data = client.ok(client.call("POST", "importProfile", Map.of(), body, "Admin"));
        assertEquals("dc-terms", data.path("Id").asText());
        assertEquals(List.of(DefaultProfiles.JSON_LD_ID, "dc-terms"), ids("fetchJsonLdImportProfiles"));
        assertEquals(List.of(DefaultProfiles.JSON_SCHEMA_ID), ids("fetchJsonSchemaImportProfiles"));
        logical(client.call("POST", "importProfile", Map.of(), body, "Admin"), 409, "already exists");
    }

    @Test
    void badProfilesAreRefusedNamingTheMember() {
        logical(client.call("POST", "importProfile", Map.of(), "{\"Id\":\"x\",\"label\":\"x\",\"format\":\"xml\","
                + "\"properties\":{\"a\":\"label\"}}", "Admin"), 400, "body.format");
        logical(client.call("POST", "importProfile", Map.of(), "{\"Id\":\"x\",\"label\":\"x\",\"format\":\"jsonschema\","
                + "\"properties\":{\"title\":\"relation:nope\"}}", "Admin"), 400, "body.properties.title",
                "not a mapping target");
        logical(client.call("POST", "importProfile", Map.of(), "{\"Id\":\"x\",\"label\":\"x\",\"format\":\"jsonld\","
                + "\"classes\":{\"rdfs:Class\":\"Type\"},\"properties\":{\"zz:label\":\"label\"}}", "Admin"), 400,
                "body.properties.zz:label", "prefix");
        logical(client.call("POST", "importProfile", Map.of(), "{\"Id\":\"a#b\",\"label\":\"x\",\"format\":\"jsonschema\","
                + "\"properties\":{\"title\":\"label\"}}", "Admin"), 400, "body.Id");
        logical(client.call("POST", "importProfile", Map.of(), "{\"Id\":\"" + DefaultProfiles.JSON_SCHEMA_ID
                + "\",\"label\":\"x\",\"format\":\"jsonschema\",\"properties\":{\"title\":\"label\"}}", "Admin"), 409,
                "default profile");
        assertEquals(List.of(DefaultProfiles.JSON_SCHEMA_ID), ids("fetchJsonSchemaImportProfiles"), "nothing written");
    }

    @Test
    void addingAProfileNeedsAdmin() {
        var r = client.call("POST", "importProfile", Map.of(), "{\"Id\":\"v\",\"label\":\"v\",\"format\":\"jsonschema\","
                + "\"properties\":{\"title\":\"label\"}}", "Editor");
        logical(r, 401, "Admin");
    }

    @Test
    void anUnknownConfigTypeIdIsALogicalErrorListingTheKnownOnes() {
        String main = MainSpace.idFor(client.project);
        logical(client.call("GET", "exportJsonLd", Map.of("spaceId", main, "configTypeId", "nope"), null, "Viewer"),
                400, "query.configTypeId", "nope", DefaultProfiles.JSON_LD_ID);
        logical(client.call("GET", "exportJsonSchema", Map.of("spaceId", main, "configTypeId",
                DefaultProfiles.JSON_LD_ID), null, "Viewer"), 400, "Unknown JSON Schema profile");
        logical(client.call("GET", "validateJSON", Map.of("spaceId", main, "configTypeId", "nope", "jsonString", "{}"),
                null, "Viewer"), 400, "query.configTypeId");
    }
}
