package io.modelgraph.codec.jsonschema;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.modelgraph.codec.ParserLimits;
import io.modelgraph.codec.SchemaSyntaxException;

/**
 * Reads and writes schema JSON. Reading is bounded (size, nesting depth, number and string length) and strict
 * (duplicate keys and trailing content are errors), so hostile input fails fast with a located message.
 */
public final class JsonSchemaText {
    private static final StreamReadConstraints LIMITS = StreamReadConstraints.builder()
            .maxNestingDepth(ParserLimits.MAX_DEPTH)
            .maxNumberLength(400)
            .maxStringLength(ParserLimits.MAX_INPUT_CHARS)
            .maxNameLength(64 * 1024)
            .maxDocumentLength(ParserLimits.MAX_INPUT_CHARS * 4L)
            .build();

    private static final ObjectMapper READER = JsonMapper.builder(JsonFactory.builder()
                    .streamReadConstraints(LIMITS).build())
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();

    private static final ObjectMapper WRITER = JsonMapper.builder().build();

    /** Parses untrusted schema text; errors carry {@code line L, column C} as their path. */
    public static JsonNode parse(String text) throws SchemaSyntaxException {
        ParserLimits.checkSize(text);
        if (text.isBlank()) {
            throw new SchemaSyntaxException("$", "The JSON Schema document is empty.");
        }
        try {
            return READER.readTree(text);
        } catch (StreamConstraintsException e) {
            throw new SchemaSyntaxException(where(e.getLocation()), "The document exceeds a parser limit: "
                    + e.getOriginalMessage());
        } catch (JsonProcessingException e) {
            throw new SchemaSyntaxException(where(e.getLocation()), "Malformed JSON: " + e.getOriginalMessage());
        }
    }

    /** For JSON this codec wrote itself (extension values kept as JSON text). */
    static JsonNode parseTrusted(String text) throws JsonProcessingException {
        return READER.readTree(text);
    }

    public static String pretty(JsonNode node) {
        try {
            return WRITER.writerWithDefaultPrettyPrinter().writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Cannot write JSON", e);
        }
    }

    private static String where(JsonLocation location) {
        if (location == null || location.getLineNr() < 0) {
            return "$";
        }
        return "line " + location.getLineNr() + ", column " + location.getColumnNr();
    }

    private JsonSchemaText() {
    }
}
