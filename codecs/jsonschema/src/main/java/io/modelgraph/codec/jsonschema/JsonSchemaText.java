package io.modelgraph.codec.jsonschema;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.modelgraph.codec.SchemaSyntaxException;
import io.modelgraph.codec.StrictJson;

/**
 * Reads and writes schema JSON. Reading is bounded (size, nesting depth, number and string length) and strict
 * (duplicate keys and trailing content are errors), so hostile input fails fast with a located message.
 */
public final class JsonSchemaText {
    // bounds such as multipleOf 0.01 are compared as written, so decimals stay exact
    private static final StrictJson READER = StrictJson.exactDecimals();
    private static final ObjectMapper WRITER = JsonMapper.builder().build();

    /** Parses untrusted schema text; errors carry {@code line L, column C} as their path. */
    public static JsonNode parse(String text) throws SchemaSyntaxException {
        return READER.parse(text, "The JSON Schema document is empty.");
    }

    /** For JSON this codec wrote itself (extension values kept as JSON text). */
    static JsonNode parseTrusted(String text) throws JsonProcessingException {
        return READER.parseTrusted(text);
    }

    public static String pretty(JsonNode node) {
        try {
            return WRITER.writerWithDefaultPrettyPrinter().writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Cannot write JSON", e);
        }
    }

    private JsonSchemaText() {
    }
}
