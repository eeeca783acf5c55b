package io.modelgraph.compat.formats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.codec.LinearTime;
import io.modelgraph.compat.Severity;
import io.modelgraph.json.Json;
import java.util.List;
import org.junit.jupiter.api.Test;

class VerbatimSchemasTest {
    private static JsonNode json(String text) throws Exception {
        return Json.parse(text);
    }

    private static List<String> rules(String reader, String writer) throws Exception {
        VerbatimSchemas.Result r = VerbatimSchemas.compare(json(reader), json(writer), "d", Severity.ERROR);
        assertFalse(r.unjudged(), reader);
        return r.narrowings().stream().map(n -> n.rule() + " " + n.path()).toList();
    }

    @Test
    void readsEachKeywordAsAValidatorAppliesIt() throws Exception {
        assertEquals(List.of("enum-value-removed d"), rules("{\"enum\": [\"a\"]}", "{\"enum\": [\"a\", \"b\"]}"));
        assertEquals(List.of(), rules("{\"enum\": [\"a\", \"b\"]}", "{\"enum\": [\"a\"]}"));
        assertEquals(List.of(), rules("{\"type\": \"number\"}", "{\"type\": \"integer\"}"));
        assertEquals(List.of("type-narrowed d"), rules("{\"type\": \"integer\"}", "{\"type\": \"number\"}"));
        assertEquals(List.of("null-removed d"), rules("{\"type\": \"string\"}", "{\"type\": [\"string\", \"null\"]}"));
        assertEquals(List.of("constraint-narrowed d"), rules("{\"maximum\": 3}", "{\"maximum\": 4}"));
        assertEquals(List.of(), rules("{\"minLength\": 1}", "{\"minLength\": 2}"));
        assertEquals(List.of("required-added d.x"), rules("{\"required\": [\"x\"]}", "{}"));
        // a property the reader's additionalProperties now judges is read against it, and so are the others the
        // writer's open model took
        assertEquals(List.of("type-narrowed d.x", "type-narrowed d.additionalProperties"), rules(
                "{\"additionalProperties\": {\"type\": \"integer\"}}",
                "{\"properties\": {\"x\": {\"type\": \"string\"}}}"));
        assertEquals(List.of("property-removed d.x"), rules("{\"type\": \"object\"}", "{\"type\": \"object\","
                + " \"properties\": {\"x\": {\"type\": \"string\"}}}"));
        assertEquals(List.of(), rules("{}", "{\"properties\": {\"x\": {\"type\": \"string\"}}}"), "{} takes anything");
        // a property declared where the writer's model was open: the caller's severity, unless it takes anything
        VerbatimSchemas.Result added = VerbatimSchemas.compare(json("{\"properties\": {\"x\": {\"type\":"
                + " \"string\"}}}"), json("{}"), "d", Severity.WARNING);
        assertEquals(List.of(new VerbatimSchemas.Narrowing("property-added-to-open-model", Severity.WARNING, "d.x",
                added.narrowings().get(0).message())), added.narrowings());
        assertEquals(Severity.ERROR, VerbatimSchemas.compare(json("{\"properties\": {\"x\": {\"type\":"
                + " \"string\"}}}"), json("{}"), "d", Severity.ERROR).narrowings().get(0).severity());
        assertEquals(List.of(), rules("{\"properties\": {\"x\": true, \"y\": {\"description\": \"any\"}}}",
                "{}"));
        // annotations assert nothing
        assertEquals(List.of(), rules("{\"description\": \"new\", \"format\": \"email\"}", "{\"title\": \"old\"}"));
        assertTrue(VerbatimSchemas.compare(json("{\"anyOf\": [{\"type\": \"string\"}]}"), json("{}"), "d",
                Severity.ERROR).unjudged(), "a keyword this reading does not know is not judged");
    }

    /**
     * One reader {@code additionalProperties} judging every writer property would be read once per property; the
     * budget keeps the walk linear in the two documents' size.
     */
    @Test
    void oneReaderSchemaAgainstManyWriterPropertiesStaysLinear() {
        LinearTime.assertLinear("additionalProperties against n properties", 2_000, 3, n -> {
            StringBuilder writer = new StringBuilder("{\"properties\": {");
            StringBuilder big = new StringBuilder("{\"properties\": {");
            for (int i = 0; i < n; i++) {
                writer.append(i == 0 ? "" : ",").append("\"p").append(i).append("\": {\"type\": \"object\"}");
                big.append(i == 0 ? "" : ",").append("\"q").append(i).append("\": {\"type\": \"string\"}");
            }
            return writer + "}}\n{\"additionalProperties\": " + big + "}}}";
        }, input -> {
            String[] docs = input.split("\n");
            VerbatimSchemas.compare(Json.parse(docs[1]), Json.parse(docs[0]), "d", Severity.ERROR);
        });
    }
}
