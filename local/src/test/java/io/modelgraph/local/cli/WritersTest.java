package io.modelgraph.local.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.json.Json;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** Every output of one report: what each must carry, and the escaping of awkward text. */
class WritersTest {
    private static final String AWKWARD = "50% of \"a<b>\" & c,\nsecond line: done";

    static Report report() {
        List<Finding> findings = List.of(
                new Finding("field-removed", Finding.Severity.ERROR, "avro", AWKWARD, "schemas/old v1.avsc", 12,
                        "Person.age"),
                new Finding("field-added", Finding.Severity.WARNING, "avro", "Field 'nick' was added.",
                        "new,1.avsc", 0, "Person.nick"),
                new Finding("type-renamed", Finding.Severity.NOTE, "sql", "Renamed by alias.", "", 0, ""));
        return new Report("compare", List.of("avro", "sql", "protobuf"), findings, true, "compare: 1 incompatible.",
                Json.object().put("mode", "BACKWARD"));
    }

    @Test
    void textListsEachGroupWithItsVerdictAndFindings() {
        String text = TextWriter.write(report());
        assertTrue(text.contains("avro: FAIL (2 findings)"), text);
        assertTrue(text.contains("protobuf: ok (0 findings)"), text);
        assertTrue(text.contains("  error field-removed schemas/old v1.avsc:12 Person.age: 50% of"), text);
        assertFalse(text.contains("c,\nsecond"), "messages stay on one line: " + text);
        assertTrue(text.endsWith("compare: 1 incompatible.\n"), text);
    }

    @Test
    void jsonCarriesThePayloadAndEveryFinding() throws Exception {
        JsonNode json = Json.parse(JsonWriter.write(report()));
        assertEquals("compare", json.path("command").asText());
        assertFalse(json.path("ok").asBoolean());
        assertEquals(1, json.path("exitCode").asInt());
        assertEquals("BACKWARD", json.path("mode").asText());
        assertEquals(3, json.path("findings").size());
        JsonNode first = json.path("findings").get(0);
        assertEquals(AWKWARD, first.path("message").asText());
        assertEquals(12, first.path("line").asInt());
        assertTrue(json.path("findings").get(2).path("file").isMissingNode(), "no file member when none");
    }

    @Test
    void junitHasOneSuitePerGroupAndFailsOnlyErrors() throws Exception {
        String xml = JUnitWriter.write(report());
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
        Element root = doc.getDocumentElement();
        assertEquals("testsuites", root.getTagName());
        assertEquals("4", root.getAttribute("tests"), "two findings, one note, one clean group");
        assertEquals("1", root.getAttribute("failures"));
        NodeList suites = root.getElementsByTagName("testsuite");
        assertEquals(3, suites.getLength());
        assertEquals("protobuf", ((Element) suites.item(2)).getAttribute("name"));
        assertEquals(1, ((Element) suites.item(2)).getElementsByTagName("testcase").getLength(),
                "a clean group still shows as a passing case");
        Element failure = (Element) doc.getElementsByTagName("failure").item(0);
        assertEquals(AWKWARD, failure.getAttribute("message"), "attribute escaping round-trips, line break too");
        assertEquals("field-removed", failure.getAttribute("type"));
        assertEquals(1, doc.getElementsByTagName("failure").getLength());
    }

    @Test
    void junitDropsCharactersXmlCannotHold() throws Exception {
        Report r = new Report("audit", List.of("Drift"), List.of(new Finding("x", Finding.Severity.ERROR, "Drift",
                "bell\u0007 and a lone \uD800 surrogate and \uD83D\uDE00", "", 0, "")), true, "s", Json.object());
        String xml = JUnitWriter.write(r);
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
        assertEquals("bell and a lone  surrogate and \uD83D\uDE00",
                ((Element) doc.getElementsByTagName("failure").item(0)).getAttribute("message"));
    }

    @Test
    void sarifHasRulesResultsLevelsAndLocations() throws Exception {
        JsonNode log = Json.parse(SarifWriter.write(report()));
        assertEquals("2.1.0", log.path("version").asText());
        JsonNode run = log.path("runs").get(0);
        assertEquals("modelgraph", run.path("tool").path("driver").path("name").asText());
        assertEquals(3, run.path("tool").path("driver").path("rules").size());
        JsonNode results = run.path("results");
        assertEquals(List.of("error", "warning", "note"), List.of(results.get(0).path("level").asText(),
                results.get(1).path("level").asText(), results.get(2).path("level").asText()));
        JsonNode physical = results.get(0).path("locations").get(0).path("physicalLocation");
        assertEquals("schemas/old%20v1.avsc", physical.path("artifactLocation").path("uri").asText());
        assertEquals(12, physical.path("region").path("startLine").asInt());
        assertEquals("Person.age", results.get(0).path("locations").get(0).path("logicalLocations").get(0)
                .path("fullyQualifiedName").asText());
        assertTrue(results.get(1).path("locations").get(0).path("physicalLocation").path("region").isMissingNode(),
                "no region without a line");
        assertTrue(results.get(2).path("locations").isMissingNode(), "no location when nothing places it");
        assertEquals(1, run.path("invocations").get(0).path("exitCode").asInt());
    }

    @Test
    void githubAnnotationsEscapeDataAndProperties() {
        String[] lines = GithubWriter.write(report()).split("\n");
        assertEquals(4, lines.length);
        assertEquals("::error file=schemas/old v1.avsc,line=12,title=avro field-removed::Person.age: 50%25 of "
                + "\"a<b>\" & c,%0Asecond line: done", lines[0]);
        assertEquals("::warning file=new%2C1.avsc,title=avro field-added::Person.nick: Field 'nick' was added.",
                lines[1]);
        assertEquals("::notice title=sql type-renamed::Renamed by alias.", lines[2]);
        assertEquals("compare: 1 incompatible.", lines[3]);
    }
}
