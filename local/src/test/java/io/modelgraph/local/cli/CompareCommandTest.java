package io.modelgraph.local.cli;

import static io.modelgraph.local.cli.CliTest.PERSON_AVSC;
import static io.modelgraph.local.cli.CliTest.assertUsage;
import static io.modelgraph.local.cli.CliTest.run;
import static io.modelgraph.local.cli.CliTest.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.json.Json;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** compare over real files: verdicts per consumer, modes, cross-format pairs, exit codes and placements. */
class CompareCommandTest {
    /** {@link CliTest#PERSON_AVSC} with a required {@code email} (no default) added on line 4. */
    static final String PERSON_WITH_EMAIL = PERSON_AVSC.replace("  {\"name\": \"tags\"",
            "  {\"name\": \"email\", \"type\": \"string\"},\n  {\"name\": \"tags\"");

    static final String PERSON_PROTO = String.join("\n",
            "syntax = \"proto3\";",
            "package org.example;",
            "message Person {",
            "  string name = 1;",
            "  optional int32 age = 2;",
            "  map<string, string> tags = 3;",
            "}", "");

    @Test
    void anUnchangedSchemaIsCompatible(@TempDir Path dir) throws Exception {
        Path base = write(dir, "old.avsc", PERSON_AVSC);
        Path candidate = write(dir, "new.avsc", PERSON_AVSC);
        CliTest.Run r = run("compare", "--mode", "FULL", base.toString(), candidate.toString());
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("compatible for avro"), r.out());
    }

    @Test
    void aFieldAddedWithoutDefaultBreaksBackwardButNotForward(@TempDir Path dir) throws Exception {
        Path base = write(dir, "old.avsc", PERSON_AVSC);
        Path candidate = write(dir, "new.avsc", PERSON_WITH_EMAIL);
        CliTest.Run backward = run("compare", "--mode", "BACKWARD", "--consumers", "avro", "--format", "json",
                base.toString(), candidate.toString());
        assertEquals(1, backward.code(), backward.out() + backward.err());
        JsonNode json = Json.parse(backward.out());
        assertEquals(false, json.path("compatible").asBoolean());
        JsonNode avro = json.path("verdicts").get(0);
        assertEquals("avro", avro.path("consumer").asText());
        assertTrue(avro.path("findings").toString().contains("avro.field-added-without-default"), avro.toString());
        assertTrue(json.path("changelog").toString().contains("Person.email"), json.toString());

        CliTest.Run github = run("compare", "--consumers", "avro", "--format", "github", base.toString(),
                candidate.toString());
        assertEquals(1, github.code());
        assertTrue(github.out().contains("::error file=" + candidate + ",line=4,title=avro "
                + "avro.field-added-without-default::"), "placed on the new field's line: " + github.out());

        CliTest.Run forward = run("compare", "--mode", "forward", base.toString(), candidate.toString());
        assertEquals(0, forward.code(), "old readers skip the new field: " + forward.out());
    }

    @Test
    void modeNoneGivesTheChangelogOnly(@TempDir Path dir) throws Exception {
        Path base = write(dir, "old.avsc", PERSON_AVSC);
        Path candidate = write(dir, "new.avsc", PERSON_WITH_EMAIL);
        CliTest.Run r = run("compare", "--mode", "NONE", "--format", "json", base.toString(), candidate.toString());
        assertEquals(0, r.code(), r.out());
        JsonNode json = Json.parse(r.out());
        assertTrue(json.path("findings").toString().contains("changelog.added"), r.out());
        CliTest.Run text = run("compare", "--mode", "NONE", base.toString(), candidate.toString());
        assertTrue(text.out().contains("added Person.email"), text.out());
    }

    @Test
    void anOldAvscAgainstANewProtoIsJudgedForEachConsumer(@TempDir Path dir) throws Exception {
        Path base = write(dir, "person.avsc", PERSON_AVSC);
        Path candidate = write(dir, "person.proto", PERSON_PROTO);
        CliTest.Run r = run("compare", "--consumers", "avro,protobuf,sql", "--format", "json", base.toString(),
                candidate.toString());
        assertTrue(r.code() == 0 || r.code() == 1, r.err());
        JsonNode json = Json.parse(r.out());
        assertEquals("avro", json.path("base").path("format").asText());
        assertEquals("protobuf", json.path("candidate").path("format").asText());
        assertEquals(3, json.path("verdicts").size());
        assertEquals(json.path("compatible").asBoolean() ? 0 : 1, r.code());
    }

    static final String PERSON_JSON = String.join("\n",
            "{\"$schema\": \"https://json-schema.org/draft/2020-12/schema\", \"title\": \"Person\",",
            " \"type\": \"object\",",
            " \"properties\": {\"name\": {\"type\": \"string\"}}}", "");

    /**
     * A property declared where the old schema's object was open: breaking by default, a warning with
     * {@code --undeclared-properties absent}; every output says which reading was used.
     */
    @Test
    void undeclaredPropertiesChoosesHowAnOpenJsonSchemaObjectIsRead(@TempDir Path dir) throws Exception {
        Path base = write(dir, "old.json", PERSON_JSON);
        Path candidate = write(dir, "new.json", PERSON_JSON.replace("{\"name\": {\"type\": \"string\"}}",
                "{\"name\": {\"type\": \"string\"}, \"email\": {\"type\": \"string\"}}"));
        CliTest.Run byDefinition = run("compare", "--format", "json", base.toString(), candidate.toString());
        assertEquals(1, byDefinition.code(), byDefinition.out() + byDefinition.err());
        JsonNode json = Json.parse(byDefinition.out());
        assertEquals("any-value", json.path("options").path("undeclaredProperties").asText());
        assertTrue(json.path("verdicts").get(0).path("findings").toString().contains(
                "jsonschema.property-added-to-open-model"), json.toString());

        CliTest.Run practical = run("compare", "--undeclared-properties=absent", base.toString(),
                candidate.toString());
        assertEquals(0, practical.code(), practical.out() + practical.err());
        assertTrue(practical.out().contains("options: --undeclared-properties absent"), practical.out());
        assertTrue(practical.out().contains("jsonschema.property-added-to-open-model"), practical.out());

        assertUsage(run("compare", "--undeclared-properties", "sometimes", base.toString(), candidate.toString()),
                "--undeclared-properties must be one of any-value, absent, got 'sometimes'");
    }

    @Test
    void usageMistakesExit2(@TempDir Path dir) throws Exception {
        Path base = write(dir, "old.avsc", PERSON_AVSC);
        assertUsage(run("compare", base.toString()), "compare needs two files");
        assertUsage(run("compare", "--mode", "SIDEWAYS", base.toString(), base.toString()), "--mode must be one of");
        assertUsage(run("compare", "--consumers", "avro,kafka", base.toString(), base.toString()),
                "--consumers: 'kafka' is not a format of this build");
        assertUsage(run("compare", "--consumers", "avro,", base.toString(), base.toString()), "empty entry");
        assertUsage(run("compare", "--from", "avro", "--base-format", "avro", base.toString(), base.toString()),
                "not both");
    }
}
