package io.modelgraph.exchange;

import static io.modelgraph.exchange.ExchangeTestSupport.logical;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.exchange.merge.SpaceFingerprint;
import io.modelgraph.exchange.profile.DefaultProfiles;
import io.modelgraph.graph.GraphChanges;
import io.modelgraph.graph.Node;
import io.modelgraph.graph.NodeType;
import io.modelgraph.json.Json;
import io.modelgraph.testkit.Answer;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Merges end to end: the handler, the real embedded DynamoDB, and files served by a real HTTP server on
 * 127.0.0.1 (by repository path and by URL). Covers every warning and its override, OnlyAddAndUpdate, failed
 * merges leaving the space as it was, the SourceDtos carriers, and address refusals through the route.
 */
class MergeRoutesTest {
    static final String PERSON = """
            {"$schema":"https://json-schema.org/draft/2020-12/schema","title":"Person","type":"object",
             "properties":{"name":{"type":"string","description":"Full name"},
                           "age":{"type":"integer","minimum":0},
                           "home":{"$ref":"#/$defs/Address"},
                           "status":{"$ref":"#/$defs/Status"}},
             "required":["name"],
             "$defs":{"Address":{"type":"object","properties":{"city":{"type":"string"}}},
                      "Status":{"description":"Lifecycle","enum":["active","retired"]}}}""";
    static final String PERSON_V2 = """
            {"$schema":"https://json-schema.org/draft/2020-12/schema","title":"Person","type":"object",
             "properties":{"name":{"type":"string","description":"Given and family name"},
                           "age":{"type":"integer","minimum":0},
                           "email":{"type":"string","format":"email"}},
             "required":["name"]}""";

    private static FileServer server;
    private final String project = ExchangeTestSupport.newProjectId();
    private ExchangeTestSupport.Client client;

    @BeforeAll
    static void start() throws Exception {
        server = new FileServer();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private ExchangeTestSupport.Client client() {
        if (client == null) {
            client = new ExchangeTestSupport.Client(true, server.repoBase(), project);
        }
        return client;
    }

    String newSpace(String label) {
        String id = UUID.randomUUID().toString();
        client().module.spaces().graph().apply(project, GraphChanges.additions(List.of(
                new GraphChanges.NodeUpsert(id, label, NodeType.Space, List.of())), List.of(), List.of()), "tester");
        return id;
    }

    String fingerprint(String space) {
        return SpaceFingerprint.of(client().module.spaces().snapshot(project, space));
    }

    static String sources(String... urls) {
        StringBuilder b = new StringBuilder("[");
        for (String u : urls) {
            b.append(b.length() > 1 ? "," : "").append("{\"FileUrl\":\"").append(u).append("\"}");
        }
        return b.append("]").toString();
    }

    Answer merge(String op, String space, String body, String... flags) {
        Map<String, String> q = new HashMap<>();
        q.put("SpaceId", space);
        q.put("ConfigTypeId", op.equals("mergeJsonLd") ? DefaultProfiles.JSON_LD_ID : DefaultProfiles.JSON_SCHEMA_ID);
        for (String f : flags) {
            q.put(f, "true");
        }
        return client().call("POST", op, q, body, "Admin");
    }

    JsonNode mergeOk(String op, String space, String body, String... flags) {
        return client().ok(merge(op, space, body, flags));
    }

    String exportSchema(String space) {
        return client().ok(client().call("GET", "exportJsonSchema", Map.of("spaceId", space, "configTypeId",
                DefaultProfiles.JSON_SCHEMA_ID), null, "Viewer")).asText();
    }

    String exportJsonLd(String space) {
        return client().ok(client().call("GET", "exportJsonLd", Map.of("spaceId", space, "configTypeId",
                DefaultProfiles.JSON_LD_ID, "exportElements", "true", "exportTaxonomies", "true"), null,
                "Viewer")).asText();
    }

    @Test
    void aRepositoryFileMergesAndReportsCounts() {
        server.putRepo("acme", "models", "main", "schemas/person.schema.json", PERSON);
        String space = newSpace("People");
        String body = "[{\"Owner\":\"acme\",\"Repository\":\"models\",\"Branch\":\"main\","
                + "\"FilePath\":\"schemas/person.schema.json\"}]";
        JsonNode status = mergeOk("mergeJsonSchema", space, body);
        assertTrue(status.path("added").asInt() >= 5, status.toString());
        assertEquals(0, status.path("removed").asInt());
        assertEquals(List.of(), Json.MAPPER.convertValue(status.path("warningsOverridden"), List.class));
        JsonNode again = mergeOk("mergeJsonSchema", space, body);
        assertEquals(0, again.path("added").asInt(), again.toString());
        assertEquals(0, again.path("updated").asInt(), again.toString());
        assertEquals(status.path("added").asInt(), again.path("unchanged").asInt(), again.toString());
        String schema = exportSchema(space);
        assertTrue(schema.contains("\"minimum\" : 0"), schema);
    }

    @Test
    void jsonSchemaRoundTripIsIdentical() {
        String first = newSpace("First");
        mergeOk("mergeJsonSchema", first, sources(server.put("/rt/person.json", PERSON)));
        String exported = exportSchema(first);
        String second = newSpace("Second");
        mergeOk("mergeJsonSchema", second, sources(server.put("/rt/exported.json", exported)));
        assertEquals(exported, exportSchema(second));
    }

    @Test
    void jsonLdRoundTripIsIdentical() {
        String first = newSpace("First");
        mergeOk("mergeJsonSchema", first, sources(server.put("/rt2/person.json", PERSON)));
        String exported = exportJsonLd(first);
        String second = newSpace("Second");
        JsonNode status = mergeOk("mergeJsonLd", second, sources(server.put("/rt2/exported.jsonld", exported)));
        assertEquals(List.of(), Json.MAPPER.convertValue(status.path("unmappedProperties"), List.class));
        assertEquals(exported, exportJsonLd(second));
    }

    @Test
    void unmappedPropertiesAreAnErrorUnlessOverriddenAndThenReported() {
        String space = newSpace("Strict");
        String url = server.put("/np/strict.json", """
                {"type":"object","properties":{"code":{"type":"string","mustNotBe":{"const":"x"}}},"minKeys":1}""");
        String before = fingerprint(space);
        logical(merge("mergeJsonSchema", space, sources(url)), 409, "OverrideNewPropertiesWarning", "mustNotBe",
                "minKeys");
        assertEquals(before, fingerprint(space), "a refused merge writes nothing");
        JsonNode status = mergeOk("mergeJsonSchema", space, sources(url), "OverrideNewPropertiesWarning");
        assertEquals("OverrideNewPropertiesWarning", status.path("warningsOverridden").get(0).asText());
        String lost = status.path("notRepresented").toString();
        assertTrue(lost.contains("#/properties/code/mustNotBe") && lost.contains("#/minKeys"), lost);
    }

    @Test
    void aDifferentSourceIsAnErrorUnlessOverridden() {
        String space = newSpace("Linked");
        mergeOk("mergeJsonSchema", space, sources(server.put("/ds/a.json", PERSON)));
        String other = server.put("/ds/b.json", PERSON);
        String before = fingerprint(space);
        logical(merge("mergeJsonSchema", space, sources(other)), 409, "OverrideDifferentSourceWarning", "/ds/a.json");
        assertEquals(before, fingerprint(space));
        JsonNode status = mergeOk("mergeJsonSchema", space, sources(other), "OverrideDifferentSourceWarning");
        assertEquals("OverrideDifferentSourceWarning", status.path("warningsOverridden").get(0).asText());
        // the space is now linked to b: merging b again needs no override
        mergeOk("mergeJsonSchema", space, sources(other));
    }

    @Test
    void localChangesSinceTheLastMergeAreAnErrorUnlessOverridden() {
        String space = newSpace("Edited");
        String url = server.put("/ow/person.json", PERSON);
        mergeOk("mergeJsonSchema", space, sources(url));
        Node type = client().module.spaces().snapshot(project, space).nodes().stream()
                .filter(n -> n.nodeType() == NodeType.Element && n.label().equals("age")).findFirst().orElseThrow();
        client().module.spaces().graph().apply(project, GraphChanges.additions(List.of(new GraphChanges.NodeUpsert(
                type.id(), "ageInYears", type.nodeType(), type.spaceIds())), List.of(), List.of()), "someone");
        // the same file again: it would rename the element back, overwriting the local edit
        String edited = fingerprint(space);
        logical(merge("mergeJsonSchema", space, sources(url)), 409, "OverrideOverwriteWarning", "changed since");
        assertEquals(edited, fingerprint(space));
        JsonNode status = mergeOk("mergeJsonSchema", space, sources(url), "OverrideOverwriteWarning");
        assertEquals("OverrideOverwriteWarning", status.path("warningsOverridden").get(0).asText());
        assertNotEquals(edited, fingerprint(space));
    }

    @Test
    void allThreeWarningsAreReportedTogether() {
        String space = newSpace("All");
        mergeOk("mergeJsonSchema", space, sources(server.put("/all/a.json", PERSON)));
        Node n = client().module.spaces().snapshot(project, space).nodes().stream()
                .filter(x -> x.nodeType() == NodeType.Element).findFirst().orElseThrow();
        client().module.spaces().graph().apply(project, GraphChanges.additions(List.of(new GraphChanges.NodeUpsert(
                n.id(), n.label() + "X", n.nodeType(), n.spaceIds())), List.of(), List.of()), "someone");
        String other = server.put("/all/b.json", PERSON_V2.replace("\"required\"", "\"maxKeys\":9,\"required\""));
        String message = logical(merge("mergeJsonSchema", space, sources(other)), 409);
        assertTrue(message.contains("OverrideNewPropertiesWarning") && message.contains("OverrideDifferentSourceWarning")
                && message.contains("OverrideOverwriteWarning"), message);
        JsonNode status = mergeOk("mergeJsonSchema", space, sources(other), "OverrideNewPropertiesWarning",
                "OverrideDifferentSourceWarning", "OverrideOverwriteWarning");
        assertEquals(3, status.path("warningsOverridden").size());
    }

    @Test
    void onlyAddAndUpdateNeverRemoves() {
        String space = newSpace("Additive");
        String url = server.put("/oa/person.json", PERSON);
        mergeOk("mergeJsonSchema", space, sources(url));
        server.put("/oa/person.json", PERSON_V2);
        JsonNode additive = mergeOk("mergeJsonSchema", space, sources(url), "OnlyAddAndUpdate");
        assertEquals(0, additive.path("removed").asInt(), additive.toString());
        assertTrue(additive.path("removalsSkipped").asInt() > 0, additive.toString());
        assertTrue(additive.path("added").asInt() > 0, additive.toString());
        assertTrue(additive.path("updated").asInt() > 0, additive.toString());
        assertTrue(exportSchema(space).contains("\"home\""), "nothing was removed");
        JsonNode full = mergeOk("mergeJsonSchema", space, sources(url));
        assertTrue(full.path("removed").asInt() > 0, full.toString());
        assertFalse(exportSchema(space).contains("\"home\""), "the element the file no longer has is gone");
    }

    @Test
    void aFailedMergeLeavesTheSpaceAndItsStateUnchanged() {
        String space = newSpace("Safe");
        String good = server.put("/fm/good.json", PERSON);
        mergeOk("mergeJsonSchema", space, sources(good));
        String before = fingerprint(space);
        String exported = exportSchema(space);
        logical(merge("mergeJsonSchema", space, sources(good, server.base() + "/fm/missing.json")), 404, "HTTP 404",
                "missing.json");
        logical(merge("mergeJsonSchema", space, sources(server.put("/fm/broken.json", "{\"type\": "))), 400,
                "not valid JSON");
        logical(merge("mergeJsonLd", space, sources(server.put("/fm/broken.jsonld", "[1, {\"@id\": 5}]"))), 400,
                "JSON-LD");
        assertEquals(before, fingerprint(space));
        assertEquals(exported, exportSchema(space));
        // the state was not touched either: the original source still merges without any override
        assertEquals(0, mergeOk("mergeJsonSchema", space, sources(good)).path("updated").asInt());
    }

    @Test
    void sourceDtosCanComeAsABodyObjectOrAQueryParameter() {
        String space = newSpace("Carriers");
        String url = server.put("/sd/p.json", PERSON);
        mergeOk("mergeJsonSchema", space, "{\"SourceDtos\":" + sources(url) + "}");
        Map<String, String> q = new HashMap<>(Map.of("SpaceId", space, "ConfigTypeId", DefaultProfiles.JSON_SCHEMA_ID,
                "SourceDtos", sources(url)));
        client().ok(client().call("POST", "mergeJsonSchema", q, null, "Admin"));
        logical(client().call("POST", "mergeJsonSchema", q, sources(url), "Admin"), 400, "not both");
        logical(merge("mergeJsonSchema", space, "[]"), 400, "non-empty array");
        logical(merge("mergeJsonSchema", space, "[{\"Owner\":\"a\"}]"), 400, "Repository");
        logical(merge("mergeJsonSchema", space, "[{\"Owner\":\"a\",\"Repository\":\"b\",\"Branch\":\"m\","
                + "\"FilePath\":\"../x.json\"}]"), 400, "FilePath");
        logical(merge("mergeJsonSchema", space, "[{\"FileUrl\":\"not a url\"}]"), 400, "FileUrl");
    }

    @Test
    void refusedAddressesFailThroughTheRouteAndWriteNothing() {
        String space = newSpace("Refusals");
        String before = fingerprint(space);
        int requests = server.requests.get();
        logical(merge("mergeJsonSchema", space, sources("http://10.0.0.1/x.json")), 400, "10.0.0.1", "private");
        logical(merge("mergeJsonSchema", space, sources("http://169.254.169.254/latest/meta-data/")), 400, "metadata");
        logical(merge("mergeJsonSchema", space, sources("file:///etc/passwd")), 400, "only http and https");
        logical(merge("mergeJsonSchema", space, sources("ftp://127.0.0.1/x.json")), 400, "only http and https");
        String redirect = server.redirect("/rf/away", "http://192.168.0.10/x.json");
        logical(merge("mergeJsonSchema", space, sources(redirect)), 400, "192.168.0.10", "redirect");
        assertEquals(requests + 1, server.requests.get(), "only the redirecting URL itself was contacted");

        ExchangeTestSupport.Client strict = new ExchangeTestSupport.Client(false, server.repoBase(), project);
        String local = server.put("/rf/local.json", PERSON);
        logical(strict.call("POST", "mergeJsonSchema", Map.of("SpaceId", space, "ConfigTypeId",
                DefaultProfiles.JSON_SCHEMA_ID), sources(local), "Admin"), 400, "loopback");
        logical(strict.call("POST", "mergeJsonSchema", Map.of("SpaceId", space, "ConfigTypeId",
                DefaultProfiles.JSON_SCHEMA_ID), sources("http://[::1]/x.json"), "Admin"), 400, "loopback");
        assertEquals(before, fingerprint(space));
    }

    @Test
    void mergeNeedsAdminAnExistingSpaceAndAKnownProfile() {
        String space = newSpace("Rules");
        String url = server.put("/ru/p.json", PERSON);
        logical(client().call("POST", "mergeJsonSchema", Map.of("SpaceId", space, "ConfigTypeId",
                DefaultProfiles.JSON_SCHEMA_ID), sources(url), "Editor"), 401, "Admin");
        logical(merge("mergeJsonSchema", "no-such-space", sources(url)), 404, "query.SpaceId");
        logical(client().call("POST", "mergeJsonLd", Map.of("SpaceId", space, "ConfigTypeId",
                DefaultProfiles.JSON_SCHEMA_ID), sources(url), "Admin"), 400, "query.ConfigTypeId");
    }

    @Test
    void aRepositorySourceCarriesTheConfiguredTokenAndAUrlSourceDoesNot() {
        server.putRepo("acme", "private", "dev", "p.json", PERSON);
        String plain = server.put("/tk/p.json", PERSON);
        io.modelgraph.platform.Settings base = ExchangeTestSupport.services().settings();
        ExchangeTestSupport.Client tokened = new ExchangeTestSupport.Client(new io.modelgraph.platform.Settings(
                base.pagingSecret(), true, server.repoBase(), java.util.Optional.of("repo-token"),
                base.ai(), java.util.List.of("acme/private")), project);
        String space = newSpace("Tokened");
        tokened.ok(tokened.call("POST", "mergeJsonSchema", Map.of("SpaceId", space, "ConfigTypeId",
                DefaultProfiles.JSON_SCHEMA_ID), "[{\"Owner\":\"acme\",\"Repository\":\"private\","
                + "\"Branch\":\"dev\",\"FilePath\":\"p.json\"}]", "Admin"));
        assertEquals("Bearer repo-token", server.authorization.get("/raw/acme/private/dev/p.json"));
        tokened.ok(tokened.call("POST", "mergeJsonSchema", Map.of("SpaceId", space, "ConfigTypeId",
                DefaultProfiles.JSON_SCHEMA_ID, "OverrideDifferentSourceWarning", "true"), sources(plain), "Admin"));
        assertEquals("", server.authorization.get("/tk/p.json"), "the token is for the repository only");
    }

    @Test
    void aRepositoryOffTheAllowListIsFetchedWithoutTheToken() {
        server.putRepo("acme", "payroll", "main", "p.json", PERSON);
        io.modelgraph.platform.Settings base = ExchangeTestSupport.services().settings();
        ExchangeTestSupport.Client tokened = new ExchangeTestSupport.Client(new io.modelgraph.platform.Settings(
                base.pagingSecret(), true, server.repoBase(), java.util.Optional.of("repo-token"),
                base.ai(), java.util.List.of("acme/private")), project);
        String space = newSpace("Unlisted");
        tokened.ok(tokened.call("POST", "mergeJsonSchema", Map.of("SpaceId", space, "ConfigTypeId",
                DefaultProfiles.JSON_SCHEMA_ID), "[{\"Owner\":\"acme\",\"Repository\":\"payroll\","
                + "\"Branch\":\"main\",\"FilePath\":\"p.json\"}]", "Admin"));
        assertEquals("", server.authorization.get("/raw/acme/payroll/main/p.json"),
                "the deployment's token only goes to allow-listed repositories");
    }

    @Test
    void aCustomJsonSchemaProfileDropsWhatItDoesNotMap() {
        client().ok(client().call("POST", "importProfile", Map.of(), """
                {"Id":"no-descriptions","label":"Without descriptions","format":"jsonschema",
                 "properties":{"$schema":"ignore","title":"label","type":"mixin:data-type.dataType",
                   "properties":"relation:domain-includes","required":"mixin:cardinality.required",
                   "$ref":"relation:range-includes","$defs":"ignore","minimum":"mixin:constraints.minimum",
                   "enum":"relation:has-member"}}""",
                "Admin"));
        String space = newSpace("Custom");
        String url = server.put("/cp/person.json", PERSON);
        Map<String, String> q = new HashMap<>(Map.of("SpaceId", space, "ConfigTypeId", "no-descriptions"));
        logical(client().call("POST", "mergeJsonSchema", q, sources(url), "Admin"), 409, "description");
        q.put("OverrideNewPropertiesWarning", "true");
        JsonNode status = client().ok(client().call("POST", "mergeJsonSchema", q, sources(url), "Admin"));
        assertEquals("[\"description\"]", status.path("unmappedProperties").toString());
        assertFalse(exportSchema(space).contains("Full name"));
    }

    @Test
    void jsonLdMergesReportUnmappedPropertiesToo() {
        String space = newSpace("LD");
        String file = """
                {"@context": {"schema": "https://schema.org/", "rdfs": "http://www.w3.org/2000/01/rdf-schema#",
                              "ex": "http://example.org/"},
                 "@graph": [
                   {"@id": "schema:Book", "@type": "rdfs:Class", "rdfs:label": "Book", "ex:popularity": 3},
                   {"@id": "schema:isbn", "@type": "rdfs:Property", "rdfs:label": "isbn",
                    "schema:domainIncludes": {"@id": "schema:Book"}, "schema:rangeIncludes": {"@id": "schema:Text"}}
                 ]}""";
        String url = server.put("/ld/book.jsonld", file);
        logical(merge("mergeJsonLd", space, sources(url)), 409, "http://example.org/popularity");
        JsonNode status = mergeOk("mergeJsonLd", space, sources(url), "OverrideNewPropertiesWarning");
        assertEquals(1, status.path("warningsOverridden").size());
        String ld = exportJsonLd(space);
        assertTrue(ld.contains("model:Book") && ld.contains("model:isbn"), ld);
    }

    @Test
    void aCustomJsonLdProfileSpeaksItsOwnVocabularyOnExport() throws Exception {
        client().ok(client().call("POST", "importProfile", Map.of(), """
                {"Id":"dc-terms","label":"Dublin Core","format":"jsonld",
                 "context":{"dc":"http://purl.org/dc/terms/"},
                 "classes":{"rdfs:Class":"Type","rdf:Property":"Element"},
                 "properties":{"dc:title":"label","dc:description":"mixin:description.description",
                               "schema:domainIncludes":"relation:domain-includes",
                               "schema:rangeIncludes":"relation:range-includes"}}""", "Admin"));
        String space = newSpace("Dublin");
        mergeOk("mergeJsonSchema", space, sources(server.put("/dc/person.json", PERSON)));
        String ld = client().ok(client().call("GET", "exportJsonLd", Map.of("spaceId", space, "configTypeId",
                "dc-terms", "exportElements", "true"), null, "Viewer")).asText();
        assertTrue(ld.contains("\"dc:title\" : \"Person\"") && ld.contains("\"dc:description\" : \"Full name\"")
                && ld.contains("\"@type\" : \"rdfs:Class\""), ld);
        assertFalse(ld.contains("rdfs:label"), ld);
        JsonLdFormatTest.toRdf(ld);
        // and it reads its own output back without unmapped properties
        JsonNode status = client().ok(client().call("POST", "mergeJsonLd", Map.of("SpaceId", newSpace("Back"),
                "ConfigTypeId", "dc-terms"), sources(server.put("/dc/person.jsonld", ld)), "Admin"));
        assertEquals(0, status.path("unmappedProperties").size(), status.toString());
    }
}
