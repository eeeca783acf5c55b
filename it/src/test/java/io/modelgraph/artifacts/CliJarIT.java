package io.modelgraph.artifacts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import io.modelgraph.json.Json;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import javax.xml.XMLConstants;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.Schema;
import javax.xml.validation.SchemaFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The command line of {@code local/target/modelgraph-local.jar}, run as a process the way a CI step runs it:
 * each command and each exit code, and the {@code junit} and {@code sarif} outputs validated against their
 * published schemas (the JUnit XML schema Jenkins reads, SARIF 2.1.0; see src/test/resources/schemas/README.md).
 * No server is started: the commands must work with no stores and no data directory.
 */
class CliJarIT {
    static final String PERSON_AVSC = String.join("\n",
            "{\"type\": \"record\", \"name\": \"Person\", \"namespace\": \"org.example\", \"fields\": [",
            "  {\"name\": \"name\", \"type\": \"string\"},",
            "  {\"name\": \"age\", \"type\": [\"null\", \"int\"], \"default\": null}",
            "]}", "");
    /** A required field without a default: readers of this schema cannot read data written with the old one. */
    static final String PERSON_WITH_EMAIL = PERSON_AVSC.replace("  {\"name\": \"age\"",
            "  {\"name\": \"email\", \"type\": \"string\"},\n  {\"name\": \"age\"");
    static final String PERSON_PROTO = String.join("\n",
            "syntax = \"proto3\";", "package org.example;", "message Person {", "  string name = 1;",
            "  optional int32 age = 2;", "}", "");
    /** A JSON Schema with a pattern: Avro states no value constraints, so converting it to Avro loses that. */
    static final String PERSON_JSON = String.join("\n",
            "{\"$schema\": \"http://json-schema.org/draft-07/schema#\", \"title\": \"Person\", \"type\": \"object\",",
            "  \"properties\": {\"name\": {\"type\": \"string\", \"pattern\": \"^[A-Z]\"}},",
            "  \"required\": [\"name\"]}", "");
    static final String HEADER = "\"Variable / Field Name\",\"Form Name\",\"Section Header\",\"Field Type\","
            + "\"Field Label\",\"Choices, Calculations, OR Slider Labels\",\"Field Note\","
            + "\"Text Validation Type OR Show Slider Number\",\"Text Validation Min\",\"Text Validation Max\","
            + "Identifier?,\"Branching Logic (Show field only if...)\",\"Required Field?\",\"Custom Alignment\","
            + "\"Question Number (surveys only)\",\"Matrix Group Name\",\"Matrix Ranking?\",\"Field Annotation\"";
    static final String STUDY = HEADER + "\n"
            + "record_id,demographics,,text,\"Study ID\",,,,,,,,,,,,,\n"
            + "sex,demographics,,radio,Sex,\"0, Female | 1, Male\",,,,,,,y,,,,,\n"
            + "weight,visits,,text,\"Weight (kg)\",,,number,2,300,,,,,,,,\n";
    static final String CHANGED = HEADER + "\n"
            + "record_id,demographics,,text,\"Study ID\",,,,,,,,,,,,,\n"
            + "sex,demographics,,radio,Sex,\"0, Female | 1, Male | 2, Other\",,,,,,,y,,,,,\n";

    static Path jar;
    static Path dir;
    static Schema junitSchema;
    static JsonSchema sarifSchema;

    record Run(int code, String out, String err) {
    }

    @BeforeAll
    static void setUp() throws Exception {
        jar = LocalJarIT.root().resolve("local/target/modelgraph-local.jar");
        assertTrue(Files.isRegularFile(jar), jar + " is missing: run ./mvnw package first");
        dir = Files.createTempDirectory("modelgraph-cli-it");
        Files.writeString(dir.resolve("old.avsc"), PERSON_AVSC);
        Files.writeString(dir.resolve("new.avsc"), PERSON_WITH_EMAIL);
        Files.writeString(dir.resolve("person.proto"), PERSON_PROTO);
        Files.writeString(dir.resolve("person.json"), PERSON_JSON);
        Files.writeString(dir.resolve("not-a-dictionary.csv"), "name,form\nx,y\n");
        Files.writeString(dir.resolve("broken.avsc"), "{\"type\": \"record\",\n \"fields\": [ {\"name\": }]}");
        Files.writeString(dir.resolve("study.csv"), STUDY);
        Files.writeString(dir.resolve("changed.csv"), CHANGED);
        SchemaFactory xsd = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI);
        try (InputStream in = CliJarIT.class.getResourceAsStream("/schemas/junit-4.xsd")) {
            junitSchema = xsd.newSchema(new StreamSource(in));
        }
        try (InputStream in = CliJarIT.class.getResourceAsStream("/schemas/sarif-2.1.0-rtm.5.json")) {
            sarifSchema = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V4).getSchema(in);
        }
    }

    @AfterAll
    static void tearDown() throws Exception {
        LocalJarIT.deleteTree(dir);
    }

    /** Runs the jar in the temporary directory, so the files are given by the relative names a CI step uses. */
    static Run cli(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("java", "-Xmx512m", "-jar", jar.toString()));
        command.addAll(List.of(args));
        Path out = Files.createTempFile(dir, "out", ".txt");
        Path err = Files.createTempFile(dir, "err", ".txt");
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile()).redirectOutput(out.toFile())
                .redirectError(err.toFile());
        // the service's own decode deadline (10 s): the first decode loads the codec's classes and nothing else
        builder.environment().remove("DECODE_DEADLINE_MILLIS");
        Process p = builder.start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("timed out: " + command);
        }
        return new Run(p.exitValue(), Files.readString(out), Files.readString(err));
    }

    static void assertValidJunit(String xml) throws Exception {
        junitSchema.newValidator().validate(new StreamSource(new StringReader(xml)));
    }

    static void assertValidSarif(String json) throws Exception {
        Set<ValidationMessage> messages = sarifSchema.validate(Json.parse(json));
        assertTrue(messages.isEmpty(), messages + "\n" + json);
    }

    static void assertUsageError(Run r, String message) {
        assertEquals(2, r.code(), r.out() + r.err());
        assertTrue(r.err().contains(message), "expected '" + message + "' in: " + r.err());
        assertFalse(r.err().contains("\tat ") || r.err().contains("Exception"), "no stack trace: " + r.err());
    }

    // ---- convert ---------------------------------------------------------------------------------

    @Test
    void convertWritesTheSchemaAndExits0() throws Exception {
        Run r = cli("convert", "--from", "avro", "--to", "protobuf", "old.avsc");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("message Person"), r.out());
        assertTrue(r.err().contains("convert old.avsc (avro) to protobuf"), r.err());

        Run junit = cli("convert", "--to", "sql", "--out", "out/person.sql", "--format", "junit", "old.avsc");
        assertEquals(0, junit.code(), junit.err());
        assertTrue(Files.readString(dir.resolve("out/person.sql")).toLowerCase().contains("create table"));
        assertValidJunit(junit.out());
        Run sarif = cli("convert", "--to", "jsonschema", "--out", "out/person.json", "--format", "sarif",
                "old.avsc");
        assertEquals(0, sarif.code(), sarif.err());
        assertValidSarif(sarif.out());
    }

    @Test
    void convertParseAndUsageErrorsExit2() throws Exception {
        Run parse = cli("convert", "--to", "protobuf", "broken.avsc");
        assertUsageError(parse, "broken.avsc: ");
        assertTrue(parse.err().contains("could not parse the 'avro' schema"), parse.err());
        Run github = cli("convert", "--to", "protobuf", "--out", "x.proto", "--format", "github", "broken.avsc");
        assertEquals(2, github.code());
        assertTrue(github.out().startsWith("::error file=broken.avsc"), github.out());
        assertUsageError(cli("convert", "--to", "cobol", "old.avsc"), "--to: 'cobol' is not a format");
        assertUsageError(cli("convert", "--to", "sql", "missing.avsc"), "no such file 'missing.avsc'");
        assertEquals(0, cli("convert", "--help").code());
    }

    @Test
    void convertFailOnLossExits1AndReportsEachLossAsAFailure() throws Exception {
        Run lenient = cli("convert", "--to", "avro", "--out", "out/lenient.avsc", "--format", "junit", "person.json");
        assertEquals(0, lenient.code(), lenient.err());
        assertValidJunit(lenient.out());
        assertTrue(lenient.out().contains("ConstraintRelaxation") && lenient.out().contains("failures=\"0\""),
                "without --fail-on-loss a loss is a warning, a passing case: " + lenient.out());

        Run junit = cli("convert", "--to", "avro", "--out", "out/strict.avsc", "--fail-on-loss", "--format", "junit",
                "person.json");
        assertEquals(1, junit.code(), junit.out() + junit.err());
        assertValidJunit(junit.out());
        assertTrue(junit.out().contains("<failure type=\"ConstraintRelaxation\""), junit.out());
        Run sarif = cli("convert", "--to", "avro", "--out", "out/strict.avsc", "--fail-on-loss", "--format", "sarif",
                "person.json");
        assertEquals(1, sarif.code(), sarif.out() + sarif.err());
        assertValidSarif(sarif.out());
        JsonNode run = Json.parse(sarif.out()).path("runs").get(0);
        assertEquals(1, run.path("invocations").get(0).path("exitCode").asInt());
        assertTrue(run.path("results").findValuesAsText("level").contains("error"), sarif.out());
        assertTrue(run.path("results").findValuesAsText("ruleId").contains("ConstraintRelaxation"), sarif.out());

        Run lossless = cli("convert", "--to", "avro", "--fail-on-loss", "old.avsc");
        assertEquals(0, lossless.code(), "avro to avro loses nothing: " + lossless.err());
    }

    @Test
    void convertJsonCarriesTheSchemaAndTheLedger() throws Exception {
        Run r = cli("convert", "--to", "avro", "--format", "json", "person.json");
        assertEquals(0, r.code(), r.err());
        JsonNode json = Json.parse(r.out());
        assertEquals("convert", json.path("command").asText());
        assertEquals(0, json.path("exitCode").asInt());
        assertEquals("Person", Json.parse(json.path("schema").asText()).path("name").asText());
        assertTrue(json.path("lossiness").findValuesAsText("kind").contains("ConstraintRelaxation"), r.out());
    }

    // ---- compare ---------------------------------------------------------------------------------

    @Test
    void compareExits0WhenCompatibleAnd1WhenNot() throws Exception {
        Run same = cli("compare", "--mode", "FULL", "--consumers", "avro,sql", "old.avsc", "old.avsc");
        assertEquals(0, same.code(), same.out() + same.err());

        Run broken = cli("compare", "--mode", "BACKWARD", "--consumers", "avro,sql", "old.avsc", "new.avsc");
        assertEquals(1, broken.code(), broken.out() + broken.err());
        assertTrue(broken.out().contains("avro: FAIL"), broken.out());

        Run github = cli("compare", "--mode", "BACKWARD", "--consumers", "avro", "--format", "github", "old.avsc",
                "new.avsc");
        assertEquals(1, github.code());
        assertTrue(github.out().contains("::error file=new.avsc,line=3,title=avro avro.field-added-without-default::"),
                github.out());

        Run forward = cli("compare", "--mode", "FORWARD", "--consumers", "avro", "old.avsc", "new.avsc");
        assertEquals(0, forward.code(), "old readers skip a new field: " + forward.out());
    }

    @Test
    void compareJunitAndSarifOutputsAreValid() throws Exception {
        for (String[] files : List.of(new String[] {"old.avsc", "new.avsc"}, new String[] {"old.avsc", "old.avsc"})) {
            Run junit = cli("compare", "--consumers", "avro,protobuf,sql", "--format", "junit", files[0], files[1]);
            assertTrue(junit.code() <= 1, junit.err());
            assertValidJunit(junit.out());
            Run sarif = cli("compare", "--consumers", "avro,protobuf,sql", "--format", "sarif", files[0], files[1]);
            assertEquals(junit.code(), sarif.code(), "the exit code does not depend on the output");
            assertValidSarif(sarif.out());
            JsonNode log = Json.parse(sarif.out());
            assertEquals(sarif.code(), log.path("runs").get(0).path("invocations").get(0).path("exitCode").asInt());
        }
    }

    @Test
    void compareFailuresNameTheRuleInJunitAndSarif() throws Exception {
        Run junit = cli("compare", "--consumers", "avro", "--format", "junit", "old.avsc", "new.avsc");
        assertEquals(1, junit.code(), junit.out() + junit.err());
        assertTrue(junit.out().contains("<failure type=\"avro.field-added-without-default\""), junit.out());
        Run sarif = cli("compare", "--consumers", "avro", "--format", "sarif", "old.avsc", "new.avsc");
        JsonNode error = null;
        for (JsonNode result : Json.parse(sarif.out()).path("runs").get(0).path("results")) {
            if (result.path("ruleId").asText().equals("avro.field-added-without-default")) {
                error = result;
            }
        }
        assertTrue(error != null, sarif.out());
        assertEquals("error", error.path("level").asText());
        JsonNode where = error.path("locations").get(0).path("physicalLocation");
        assertEquals("new.avsc", where.path("artifactLocation").path("uri").asText());
        assertEquals(3, where.path("region").path("startLine").asInt(), "the line of the new field");
    }

    @Test
    void compareModeNoneExits0WithTheChangelogInEveryOutput() throws Exception {
        Run text = cli("compare", "--mode", "NONE", "old.avsc", "new.avsc");
        assertEquals(0, text.code(), "a changelog has no verdict: " + text.out() + text.err());
        assertTrue(text.out().contains("Person.email"), text.out());
        Run junit = cli("compare", "--mode", "NONE", "--format", "junit", "old.avsc", "new.avsc");
        assertEquals(0, junit.code());
        assertValidJunit(junit.out());
        assertTrue(junit.out().contains("changelog.added Person.email"), junit.out());
        Run sarif = cli("compare", "--mode", "none", "--format", "sarif", "old.avsc", "new.avsc");
        assertEquals(0, sarif.code());
        assertValidSarif(sarif.out());
        JsonNode results = Json.parse(sarif.out()).path("runs").get(0).path("results");
        assertTrue(results.findValuesAsText("ruleId").contains("changelog.added"), sarif.out());
        assertFalse(results.findValuesAsText("level").contains("error"), sarif.out());
    }

    @Test
    void compareAcrossFormatsAnOldAvscAgainstANewProto() throws Exception {
        Run r = cli("compare", "--consumers", "avro,protobuf", "--format", "json", "old.avsc", "person.proto");
        assertTrue(r.code() <= 1, r.err());
        JsonNode json = Json.parse(r.out());
        assertEquals("avro", json.path("base").path("format").asText());
        assertEquals("protobuf", json.path("candidate").path("format").asText());
        assertEquals(2, json.path("verdicts").size());
        assertEquals(json.path("compatible").asBoolean() ? 0 : 1, r.code());
    }

    @Test
    void compareUsageErrorsExit2() throws Exception {
        assertUsageError(cli("compare", "old.avsc"), "compare needs two files");
        assertUsageError(cli("compare", "--mode", "SIDEWAYS", "old.avsc", "new.avsc"), "--mode must be one of");
        assertUsageError(cli("compare", "old.avsc", "broken.avsc"), "broken.avsc: ");
    }

    // ---- audit -----------------------------------------------------------------------------------

    @Test
    void auditExits0ForACleanDictionaryAnd1ForDrift() throws Exception {
        Run clean = cli("audit", "--dictionary", "study.csv", "study.csv");
        assertEquals(0, clean.code(), clean.out() + clean.err());

        Run drift = cli("audit", "--dictionary", "changed.csv", "--format", "junit", "study.csv");
        assertEquals(1, drift.code(), drift.out() + drift.err());
        assertValidJunit(drift.out());
        assertTrue(drift.out().contains("<failure type=\"dataset-removed\""), drift.out());
        Run sarif = cli("audit", "--dictionary", "changed.csv", "--format", "sarif", "study.csv");
        assertEquals(1, sarif.code());
        assertValidSarif(sarif.out());
        Run github = cli("audit", "--dictionary", "changed.csv", "--format", "github", "study.csv");
        assertTrue(github.out().contains("::error file=changed.csv,line=3,title=Drift enum-widened::"), github.out());

        assertUsageError(cli("audit", "study.csv"), "audit needs --dictionary");
    }

    @Test
    void auditOutputsOfACleanRunAreValidAndFailOnDecidesTheExitCode() throws Exception {
        Run junit = cli("audit", "--dictionary", "study.csv", "--format", "junit", "study.csv");
        assertEquals(0, junit.code(), junit.out() + junit.err());
        assertValidJunit(junit.out());
        assertTrue(junit.out().contains("failures=\"0\""), junit.out());
        Run sarif = cli("audit", "--dictionary", "study.csv", "--format", "sarif", "study.csv");
        assertEquals(0, sarif.code());
        assertValidSarif(sarif.out());
        assertEquals(0, Json.parse(sarif.out()).path("runs").get(0).path("invocations").get(0).path("exitCode")
                .asInt());

        Run never = cli("audit", "--dictionary", "changed.csv", "--fail-on", "never", "--format", "json",
                "study.csv");
        assertEquals(0, never.code(), "--fail-on never: " + never.out() + never.err());
        JsonNode json = Json.parse(never.out());
        assertTrue(json.path("errorCount").asInt() > 0, "the drift is still reported: " + never.out());
        assertTrue(json.path("codes").toString().contains("dataset-removed"), never.out());
        assertUsageError(cli("audit", "--dictionary", "study.csv", "--fail-on", "sometimes", "study.csv"),
                "--fail-on must be error, warning or never");
    }

    @Test
    void auditParseErrorsExit2NamingTheFile() throws Exception {
        assertUsageError(cli("audit", "--dictionary", "not-a-dictionary.csv", "study.csv"), "not-a-dictionary.csv: ");
        assertUsageError(cli("audit", "--dictionary", "study.csv", "broken.avsc"), "broken.avsc: ");
        assertUsageError(cli("audit", "--dictionary", "missing.csv", "study.csv"), "no such file 'missing.csv'");
    }
}
