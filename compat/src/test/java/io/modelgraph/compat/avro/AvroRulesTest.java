package io.modelgraph.compat.avro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.avro.AvroCodec;
import io.modelgraph.compat.CompareReport;
import io.modelgraph.compat.Compatibility;
import io.modelgraph.compat.Finding;
import io.modelgraph.compat.Mode;
import io.modelgraph.compat.Severity;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.SchemaModel;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.SchemaCompatibility;
import org.junit.jupiter.api.Test;

class AvroRulesTest {
    private static final String PERSON = """
            {"type": "record", "name": "Person", "namespace": "ex", "fields": [
              {"name": "name", "type": "string"},
              {"name": "age", "type": "int"},
              {"name": "color", "type": {"type": "enum", "name": "Color", "symbols": ["RED", "BLUE"]}}]}""";

    private static SchemaModel decode(String avsc) throws Exception {
        return new AvroCodec().decode(avsc, CodecOptions.NONE, new LossinessLedger());
    }

    /** Our verdict for a reader of {@code reader} reading {@code writer}, checked against Avro's own. */
    private static CompareReport backward(String writer, String reader) throws Exception {
        CompareReport ours = Compatibility.compare(decode(writer), decode(reader), Mode.BACKWARD, List.of("avro"));
        boolean native_ = SchemaCompatibility.checkReaderWriterCompatibility(new Schema.Parser().parse(reader),
                new Schema.Parser().parse(writer)).getType() == SchemaCompatibility.SchemaCompatibilityType.COMPATIBLE;
        assertEquals(native_, ours.compatible(), () -> "Avro says " + native_ + "; ours " + ours.findings());
        return ours;
    }

    private static List<String> errors(CompareReport r) {
        return r.findings().stream().filter(f -> f.severity() == Severity.ERROR).map(Finding::rule).toList();
    }

    @Test
    void aFieldAddedWithoutDefaultBreaksBackward() throws Exception {
        String added = PERSON.replace("{\"name\": \"age\", \"type\": \"int\"}",
                "{\"name\": \"age\", \"type\": \"int\"}, {\"name\": \"email\", \"type\": \"string\"}");
        CompareReport r = backward(PERSON, added);
        assertEquals(List.of("avro.field-added-without-default"), errors(r));
        assertEquals("Person", r.findings().get(0).basePath());
        assertEquals("Person.email", r.findings().get(0).candidatePath());
        assertTrue(backward(PERSON, added.replace("\"type\": \"string\"}]", "\"type\": \"string\"}]")
                .replace("\"email\", \"type\": \"string\"", "\"email\", \"type\": \"string\", \"default\": \"\""))
                .compatible());
    }

    @Test
    void removingAFieldWithoutDefaultBreaksForward() throws Exception {
        String removed = PERSON.replace("{\"name\": \"age\", \"type\": \"int\"},", "");
        assertTrue(backward(PERSON, removed).compatible());
        CompareReport forward = Compatibility.compare(decode(PERSON), decode(removed), Mode.FORWARD, List.of("avro"));
        assertEquals(List.of("avro.field-removed-without-default"), errors(forward));
        assertEquals("Person.age", forward.findings().get(0).basePath());
    }

    @Test
    void promotionsReadAndNarrowingsDoNot() throws Exception {
        String longAge = PERSON.replace("\"age\", \"type\": \"int\"", "\"age\", \"type\": \"long\"");
        assertTrue(backward(PERSON, longAge).compatible());
        assertEquals(List.of("avro.type-mismatch"), errors(backward(longAge, PERSON)));
        String bytesName = PERSON.replace("\"name\", \"type\": \"string\"", "\"name\", \"type\": \"bytes\"");
        assertTrue(backward(PERSON, bytesName).compatible());
        assertTrue(backward(bytesName, PERSON).compatible());
    }

    @Test
    void enumSymbolsNeedTheReadersDefault() throws Exception {
        String fewer = PERSON.replace("[\"RED\", \"BLUE\"]", "[\"RED\"]");
        assertEquals(List.of("avro.missing-enum-symbols"), errors(backward(PERSON, fewer)));
        String withDefault = PERSON.replace("[\"RED\", \"BLUE\"]", "[\"RED\"], \"default\": \"RED\"");
        assertTrue(backward(PERSON, withDefault).compatible());
    }

    @Test
    void unionsNeedABranchForEveryWriterBranch() throws Exception {
        String nullable = PERSON.replace("\"age\", \"type\": \"int\"", "\"age\", \"type\": [\"null\", \"int\"]");
        assertTrue(backward(PERSON, nullable).compatible());
        assertEquals(List.of("avro.union-narrowed"), errors(backward(nullable, PERSON)));
        String wider = PERSON.replace("\"age\", \"type\": \"int\"", "\"age\", \"type\": [\"null\", \"int\", \"string\"]");
        assertTrue(backward(nullable, wider).compatible());
        assertEquals(List.of("avro.missing-union-branch"), errors(backward(wider, nullable)));
    }

    @Test
    void renamesNeedAliases() throws Exception {
        String renamed = PERSON.replace("\"name\": \"age\"", "\"name\": \"years\"");
        assertEquals(List.of("avro.field-added-without-default"), errors(backward(PERSON, renamed)));
        String aliased = PERSON.replace("\"name\": \"age\"", "\"name\": \"years\", \"aliases\": [\"age\"]");
        CompareReport r = backward(PERSON, aliased);
        assertTrue(r.compatible());
        assertTrue(r.changelog().stream().anyMatch(c -> c.kind() == io.modelgraph.compat.Change.Kind.RENAMED
                && c.basePath().equals("Person.age") && c.candidatePath().equals("Person.years")));
        String recordRenamed = PERSON.replace("\"name\": \"Person\"", "\"name\": \"Human\"");
        assertEquals(List.of("avro.name-mismatch"), errors(backward(PERSON, recordRenamed)));
        assertTrue(backward(PERSON, PERSON.replace("\"name\": \"Person\"",
                "\"name\": \"Human\", \"aliases\": [\"ex.Person\"]")).compatible());
    }

    @Test
    void aNamespaceChangeAloneStillResolves() throws Exception {
        CompareReport r = backward(PERSON, PERSON.replace("\"namespace\": \"ex\"", "\"namespace\": \"other\""));
        assertTrue(r.compatible());
        assertTrue(r.findings().stream().anyMatch(f -> f.rule().equals("avro.namespace-changed")));
    }

    @Test
    void recursiveRecordsEnd() throws Exception {
        String list = """
                {"type": "record", "name": "Node", "fields": [{"name": "value", "type": "int"},
                 {"name": "next", "type": ["null", "Node"], "default": null}]}""";
        assertTrue(backward(list, list.replace("\"value\", \"type\": \"int\"", "\"value\", \"type\": \"long\""))
                .compatible());
        assertFalse(backward(list.replace("\"value\", \"type\": \"int\"", "\"value\", \"type\": \"long\""), list)
                .compatible());
    }
}
