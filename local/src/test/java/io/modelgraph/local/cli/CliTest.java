package io.modelgraph.local.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.json.Json;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The commands run in-process over real files and the real codecs: outputs, exit codes, error messages. */
class CliTest {
    static final String PERSON_AVSC = String.join("\n",
            "{\"type\": \"record\", \"name\": \"Person\", \"namespace\": \"org.example\", \"fields\": [",
            "  {\"name\": \"name\", \"type\": \"string\"},",
            "  {\"name\": \"age\", \"type\": [\"null\", \"int\"], \"default\": null},",
            "  {\"name\": \"tags\", \"type\": {\"type\": \"map\", \"values\": \"string\"}}",
            "]}", "");

    static final String HEADER = "\"Variable / Field Name\",\"Form Name\",\"Section Header\",\"Field Type\","
            + "\"Field Label\",\"Choices, Calculations, OR Slider Labels\",\"Field Note\","
            + "\"Text Validation Type OR Show Slider Number\",\"Text Validation Min\",\"Text Validation Max\","
            + "Identifier?,\"Branching Logic (Show field only if...)\",\"Required Field?\",\"Custom Alignment\","
            + "\"Question Number (surveys only)\",\"Matrix Group Name\",\"Matrix Ranking?\",\"Field Annotation\"";
    static final String STUDY = HEADER + "\n"
            + "record_id,demographics,,text,\"Study ID\",,,,,,,,,,,,,\n"
            + "sex,demographics,,radio,Sex,\"0, Female | 1, Male\",,,,,,,y,,,,,\n"
            + "weight,visits,,text,\"Weight (kg)\",,,number,2,300,,,,,,,,\n";
    /** {@code weight} is gone and {@code sex} gained a code: drift errors against {@link #STUDY}. */
    static final String CHANGED = HEADER + "\n"
            + "record_id,demographics,,text,\"Study ID\",,,,,,,,,,,,,\n"
            + "sex,demographics,,radio,Sex,\"0, Female | 1, Male | 2, Other\",,,,,,,y,,,,,\n"
            + "height,visits,,text,\"Height (cm)\",,,number,,,,,,,,,,\n";

    record Run(int code, String out, String err) {
    }

    static Run run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Cli.load().run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aFileStillBeingReadAtTheDecodeDeadlineExits2NamingTheLimit(@TempDir Path dir) throws Exception {
        StringBuilder sql = new StringBuilder("CREATE TABLE wide (\n");
        for (int i = 0; i < 50_000; i++) {
            sql.append(i == 0 ? "" : ",\n").append("c").append(i).append(" INT");
        }
        Path in = write(dir, "wide.sql", sql.append("\n);\n").toString());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Cli.load(new io.modelgraph.codec.ParseDeadline(1)).run(new String[] {"convert", "--to", "avro",
            in.toString()}, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertUsage(new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8)),
                "wide.sql: could not parse the 'sql' schema within the decode time limit of 1 ms");
        assertEquals("", out.toString(StandardCharsets.UTF_8), "no schema written");
    }

    static Path write(Path dir, String name, String text) throws Exception {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    @Test
    void convertPrintsTheSchemaOnStdoutAndTheLedgerOnStderr(@TempDir Path dir) throws Exception {
        Path in = write(dir, "person.avsc", PERSON_AVSC);
        Run r = run("convert", "--to", "protobuf", in.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("message Person"), r.out());
        assertTrue(r.err().contains("ledger: "), r.err());
        assertTrue(r.err().contains("convert " + in + " (avro) to protobuf"), r.err());
    }

    @Test
    void convertJsonCarriesSchemaAndLossiness(@TempDir Path dir) throws Exception {
        Path in = write(dir, "person.avsc", PERSON_AVSC);
        Run r = run("convert", "--to", "sql", "--vendor", "mysql", "--format", "json", in.toString());
        assertEquals(0, r.code(), r.err());
        JsonNode json = Json.parse(r.out());
        assertEquals("avro", json.path("from").asText());
        assertTrue(json.path("schema").asText().toLowerCase().contains("create table"), r.out());
        assertTrue(json.path("lossiness").isArray());
        assertEquals(json.path("lossiness").size(), json.path("findings").size());
    }

    @Test
    void convertWritesOutAndFailsOnLossWhenAsked(@TempDir Path dir) throws Exception {
        Path in = write(dir, "person.avsc", PERSON_AVSC);
        Path out = dir.resolve("out/person.proto");
        Run plain = run("convert", "--to", "protobuf", "--out", out.toString(), in.toString());
        assertEquals(0, plain.code(), plain.err());
        assertTrue(Files.readString(out).contains("message Person"));
        assertTrue(plain.out().startsWith("ledger: "), "the report on stdout with --out: " + plain.out());

        Run strict = run("convert", "--to", "protobuf", "--out", out.toString(), "--fail-on-loss", "--format",
                "github", in.toString());
        boolean lossy = !Json.parse(run("convert", "--to", "protobuf", "--format", "json", in.toString()).out())
                .path("lossiness").isEmpty();
        assertTrue(lossy, "the fixture's map loses something on the way to protobuf");
        assertEquals(1, strict.code(), strict.out());
        assertTrue(strict.out().startsWith("::error file=" + in), "a loss that fails the run is an error: "
                + strict.out());
        Run lenient = run("convert", "--to", "protobuf", "--out", out.toString(), "--format", "github",
                in.toString());
        assertEquals(0, lenient.code(), lenient.out());
        assertTrue(lenient.out().startsWith("::warning file=" + in), lenient.out());
    }

    @Test
    void usageAndParseErrorsExit2NamingWhatAndWhere(@TempDir Path dir) throws Exception {
        Path in = write(dir, "person.avsc", PERSON_AVSC);
        Path broken = write(dir, "broken.avsc",
                "{\"type\": \"record\", \"name\": \"P\",\n \"fields\": [ {\"name\": }]}");
        Path unknown = write(dir, "person.txt", PERSON_AVSC);
        assertUsage(run("convert", in.toString()), "convert needs --to FORMAT");
        assertUsage(run("convert", "--to", "yaml", in.toString()), "--to: 'yaml' is not a format this build writes");
        assertUsage(run("convert", "--to", "odm", in.toString()), "--to: 'odm' is not a format this build writes");
        assertUsage(run("convert", "--to", "sql", "--format", "junit", in.toString()), "give --out FILE");
        assertUsage(run("convert", "--to", "sql", "--format", "xml", in.toString()), "--format must be one of");
        assertUsage(run("convert", "--to", "sql", dir.resolve("nope.avsc").toString()), "no such file");
        assertUsage(run("convert", "--to", "sql", unknown.toString()), "cannot tell the format of");
        assertUsage(run("convert", "--to", "sql", "--vendor", "cobol", in.toString()), "--vendor");
        Run parse = run("convert", "--to", "sql", broken.toString());
        assertUsage(parse, broken + ": ");
        assertTrue(parse.err().contains("could not parse the 'avro' schema"), parse.err());
        Run github = run("convert", "--to", "sql", "--out", dir.resolve("x.sql").toString(), "--format", "github",
                broken.toString());
        assertEquals(2, github.code());
        assertTrue(github.out().startsWith("::error file=" + broken), github.out());
    }

    @Test
    void aModelTheTargetHasNoFormForExits2NamingWhy(@TempDir Path dir) throws Exception {
        // a JSON Schema that accepts everything holds no types, and an OSI document needs a dataset
        Path in = write(dir, "anything.json", "true");
        assertUsage(run("convert", "--from", "jsonschema", "--to", "osi", in.toString()), "--to osi: $.types: The"
                + " model has no types");
    }

    static void assertUsage(Run r, String message) {
        assertEquals(2, r.code(), r.out() + r.err());
        assertTrue(r.err().contains(message), "expected '" + message + "' in: " + r.err());
        assertFalse(r.err().contains("\tat "), "no stack trace: " + r.err());
    }

    @Test
    void helpPerCommand() {
        Run convert = run("convert", "--help");
        assertEquals(0, convert.code());
        assertTrue(convert.out().contains("--fail-on-loss"), convert.out());
        assertTrue(convert.out().contains("--vendor VALUE"), "target options come from the registry");
        Run audit = run("audit", "-h");
        assertEquals(0, audit.code());
        assertTrue(audit.out().contains("--dictionary"), audit.out());
    }

    @Test
    void auditOfTheSameDictionaryPassesAndOfAChangedOneFails(@TempDir Path dir) throws Exception {
        Path model = write(dir, "study.csv", STUDY);
        Path same = write(dir, "same.csv", STUDY);
        Path changed = write(dir, "changed.csv", CHANGED);
        Run clean = run("audit", "--dictionary", same.toString(), model.toString());
        assertEquals(0, clean.code(), clean.out() + clean.err());
        assertTrue(clean.out().contains("Drift: ok"), clean.out());

        Run drift = run("audit", "--dictionary", changed.toString(), "--format", "json", model.toString());
        assertEquals(1, drift.code(), drift.out() + drift.err());
        JsonNode json = Json.parse(drift.out());
        assertEquals("redcap", json.path("modelFormat").asText());
        assertTrue(json.path("codes").has("enum-widened"), drift.out());
        assertTrue(json.path("codes").has("field-removed"), drift.out());

        Run github = run("audit", "--dictionary", changed.toString(), "--format", "github", model.toString());
        assertTrue(github.out().contains("::error file=" + changed + ",line=3,title=Drift enum-widened::"),
                "the widened field's row is line 3 of the dictionary: " + github.out());
        assertTrue(github.out().contains("::error file=" + model + ",line=4,title=Drift field-removed::"),
                "a removed field is placed in the model, on its row: " + github.out());

        Run lenient = run("audit", "--dictionary", changed.toString(), "--fail-on", "never", model.toString());
        assertEquals(0, lenient.code());
    }

    @Test
    void auditAgainstASchemaFileAndItsMistakes(@TempDir Path dir) throws Exception {
        Path dictionary = write(dir, "study.csv", STUDY);
        Path model = write(dir, "model.avsc", "{\"type\": \"record\", \"name\": \"demographics\", \"fields\": ["
                + "{\"name\": \"record_id\", \"type\": \"string\"}]}");
        Run r = run("audit", "--dictionary", dictionary.toString(), "--format", "json", model.toString());
        assertEquals(0, r.code(), r.err());
        JsonNode json = Json.parse(r.out());
        assertEquals("avro", json.path("modelFormat").asText());
        assertEquals(1, json.path("codes").path("dataset-unmapped").asInt(), "visits has no type: " + r.out());
        assertEquals(1, json.path("codes").path("field-unmapped").asInt(), "sex has no element: " + r.out());

        assertUsage(run("audit", model.toString()), "audit needs --dictionary");
        Path bad = write(dir, "bad.csv", HEADER + "\n,demographics,,text,x,,,,,,,,,,,,,\n");
        Run badRun = run("audit", "--dictionary", bad.toString(), model.toString());
        assertUsage(badRun, bad + ": row 2");
    }
}
