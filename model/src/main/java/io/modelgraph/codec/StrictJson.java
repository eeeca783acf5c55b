package io.modelgraph.codec;

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

/**
 * Reads caller JSON for the JSON-based codecs: bounded (size, nesting, number and name lengths, see
 * {@link ParserLimits}) and strict (duplicate members and trailing content are errors), so hostile input fails fast
 * with a located message ({@code line L, column C}). One reader keeps every JSON codec's limits and messages alike.
 */
public final class StrictJson {
    private final ObjectMapper reader;

    private StrictJson(boolean exactDecimals, int maxDepth) {
        StreamReadConstraints limits = StreamReadConstraints.builder()
                .maxNestingDepth(maxDepth)
                .maxNumberLength(400)
                .maxStringLength(ParserLimits.MAX_INPUT_CHARS)
                .maxNameLength(64 * 1024)
                .maxDocumentLength(ParserLimits.MAX_INPUT_CHARS * 4L)
                .build();
        JsonMapper.Builder builder = JsonMapper.builder(JsonFactory.builder().streamReadConstraints(limits).build())
                .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
        if (exactDecimals) {
            builder.enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);
        }
        this.reader = builder.build();
    }

    /** A reader that keeps decimals as written ({@code 0.10} stays {@code 0.10}), for formats whose bounds are decimal. */
    public static StrictJson exactDecimals() {
        return new StrictJson(true, ParserLimits.MAX_DEPTH);
    }

    /**
     * As {@link #exactDecimals()}, nesting up to {@code maxDepth}: for a format whose own reference parser accepts
     * deeper documents than {@link ParserLimits#MAX_DEPTH} (Avro's, docs/formats/avro.md), so this service reads
     * what that parser reads.
     */
    public static StrictJson exactDecimals(int maxDepth) {
        return new StrictJson(true, maxDepth);
    }

    /** A reader that reads decimals as doubles, for formats whose numbers are IEEE doubles (RFC 8927 and the like). */
    public static StrictJson doubles() {
        return new StrictJson(false, ParserLimits.MAX_DEPTH);
    }

    /** Parses untrusted text; {@code emptyMessage} is the format's own words for a blank document. */
    public JsonNode parse(String text, String emptyMessage) throws SchemaSyntaxException {
        ParserLimits.checkSize(text);
        if (text.isBlank()) {
            throw new SchemaSyntaxException("$", emptyMessage);
        }
        try {
            return reader.readTree(text);
        } catch (StreamConstraintsException e) {
            throw new SchemaSyntaxException(where(e.getLocation()), "The document exceeds a parser limit: "
                    + e.getOriginalMessage());
        } catch (JsonProcessingException e) {
            throw new SchemaSyntaxException(where(e.getLocation()), "Malformed JSON: " + e.getOriginalMessage());
        } catch (NumberFormatException e) {
            // a number within the length limit whose exponent no decimal holds (0E2000…): Jackson throws this
            // unwrapped and without a location
            throw new SchemaSyntaxException("$", "The document holds a number that cannot be read as a decimal: "
                    + e.getMessage());
        }
    }

    /** Parses JSON a codec wrote itself (an annotation value kept as JSON text). */
    public JsonNode parseTrusted(String text) throws JsonProcessingException {
        return reader.readTree(text);
    }

    private static String where(JsonLocation location) {
        if (location == null || location.getLineNr() < 0) {
            return "$";
        }
        return "line " + location.getLineNr() + ", column " + location.getColumnNr();
    }
}
