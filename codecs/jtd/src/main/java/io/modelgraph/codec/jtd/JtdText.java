package io.modelgraph.codec.jtd;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.modelgraph.codec.SchemaSyntaxException;
import io.modelgraph.codec.StrictJson;

/**
 * Reads JTD schema text as JSON, bounded (size, nesting, number and name lengths) and strict (duplicate members and
 * trailing content are errors), and writes it back. Errors carry {@code line L, column C}.
 */
final class JtdText {
    // RFC 8927 numbers are IEEE doubles, so decimals are read as doubles
    private static final StrictJson READER = StrictJson.doubles();
    private static final ObjectMapper WRITER = JsonMapper.builder().build();

    private JtdText() {
    }

    static JsonNode parse(String text) throws SchemaSyntaxException {
        return READER.parse(text, "The JTD schema is empty.");
    }

    /** JSON this codec wrote itself into an annotation (a verbatim schema, metadata). */
    static JsonNode parseOwn(String text) {
        try {
            return READER.parseTrusted(text);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("An annotation the jtd codec wrote is not JSON", e);
        }
    }

    static String compact(JsonNode node) {
        try {
            return WRITER.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Cannot write JSON", e);
        }
    }

    static String pretty(JsonNode node) {
        try {
            return WRITER.writerWithDefaultPrettyPrinter().writeValueAsString(node) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Cannot write JSON", e);
        }
    }
}
