package io.modelgraph.json;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** The one ObjectMapper of a container: built once, shared, thread-safe. */
public final class Json {
    /** Limits that keep a hostile body from exhausting memory (deep nesting, huge numbers). */
    private static final StreamReadConstraints LIMITS = StreamReadConstraints.builder()
            .maxNestingDepth(256)
            .maxNumberLength(200)
            .maxStringLength(8 * 1024 * 1024)
            .build();

    public static final ObjectMapper MAPPER = JsonMapper.builder()
            .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            // keep a number as written: "1.0" stays 1.0 (Jackson strips trailing zeros by default, so a default
            // of 1.0 came back from the graph as 1 while the codec's own round trip kept 1.0)
            .disable(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES)
            .build();

    static {
        MAPPER.getFactory().setStreamReadConstraints(LIMITS);
    }

    /** Deterministic output: keys as inserted, no pretty printing. */
    public static String write(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Cannot serialize " + value.getClass().getSimpleName(), e);
        }
    }

    public static String writePretty(Object value) {
        try {
            return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Cannot serialize " + value.getClass().getSimpleName(), e);
        }
    }

    /** Parses JSON text; the caller turns the exception into a logical error that names the field. */
    public static JsonNode parse(String text) throws JsonProcessingException {
        return MAPPER.readTree(text);
    }

    /**
     * What is wrong with unparseable JSON, for a caller: " at line L, column C: <reason>", without the parser's
     * internal source description ({@code [Source: (String)"..."; line: 1, column: 2]}) that some reasons embed.
     */
    public static String problem(JsonProcessingException e) {
        var at = e.getLocation();
        String where = at == null ? "" : " at line " + at.getLineNr() + ", column " + at.getColumnNr();
        String reason = e.getOriginalMessage() == null ? "malformed input" : e.getOriginalMessage();
        reason = reason.replaceAll("\\s*\\(?start marker at \\[Source:[^\\]]*?line: (\\d+), column: (\\d+)\\]\\)?",
                " (opened at line $1, column $2)");
        reason = reason.replaceAll("\\s*at \\[Source:[^\\]]*\\]", "");
        reason = reason.replaceAll("\\[Source:[^\\]]*\\]", "");
        // the limit's own value is kept; the Jackson accessor that holds it means nothing to a caller
        reason = reason.replaceAll(",\\s*from `StreamReadConstraints\\.[A-Za-z]+\\(\\)`", "");
        return where + ": " + reason.trim();
    }

    public static ObjectNode object() {
        return JsonNodeFactory.instance.objectNode();
    }

    public static ArrayNode array() {
        return JsonNodeFactory.instance.arrayNode();
    }

    public static JsonNode valueToTree(Object value) {
        return MAPPER.valueToTree(value);
    }

    private Json() {
    }
}
