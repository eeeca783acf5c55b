package io.modelgraph.codec;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import java.util.Optional;

/**
 * Structured facts kept in the canonical model's string annotations as compact JSON text, so a codec can re-emit
 * what its format says and the model has no field for (an ODCS header, an OSI dataset's {@code ai_context}).
 */
public final class JsonAnnotations {
    /** Numbers come back as written: a kept {@code version: 1.10} is not the double 1.1 (docs/fidelity.md). */
    private static final ObjectMapper JSON = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .disable(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES)
            .build();

    public static String text(JsonNode value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("A JSON tree always serializes", e);
        }
    }

    /** The annotation {@code key} read back as JSON; absent, or not JSON (written by hand), is empty. */
    public static Optional<JsonNode> read(Map<String, String> annotations, String key) {
        String value = annotations.get(key);
        if (value == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(JSON.readTree(value));
        } catch (JsonProcessingException e) {
            return Optional.empty();
        }
    }

    /** The annotation {@code key} as a JSON object, or an empty object. */
    public static ObjectNode object(Map<String, String> annotations, String key) {
        return read(annotations, key).filter(JsonNode::isObject).map(n -> ((ObjectNode) n).deepCopy())
                .orElseGet(JSON::createObjectNode);
    }

    private JsonAnnotations() {
    }
}
