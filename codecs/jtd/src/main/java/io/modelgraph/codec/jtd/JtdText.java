package io.modelgraph.codec.jtd;

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
 * Reads JTD schema text as JSON, bounded (size, nesting, number and name lengths) and strict (duplicate members and
 * trailing content are errors), and writes it back. Errors carry {@code line L, column C}.
 */
final class JtdText {
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
            .build();
    private static final ObjectMapper WRITER = JsonMapper.builder().build();

    private JtdText() {
    }

    static JsonNode parse(String text) throws SchemaSyntaxException {
        ParserLimits.checkSize(text);
        if (text.isBlank()) {
            throw new SchemaSyntaxException("$", "The JTD schema is empty.");
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

    /** JSON this codec wrote itself into an annotation (a verbatim schema, metadata). */
    static JsonNode parseOwn(String text) {
        try {
            return READER.readTree(text);
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

    private static String where(JsonLocation location) {
        if (location == null || location.getLineNr() < 0) {
            return "$";
        }
        return "line " + location.getLineNr() + ", column " + location.getColumnNr();
    }
}
