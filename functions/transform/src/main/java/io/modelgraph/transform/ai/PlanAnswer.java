package io.modelgraph.transform.ai;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.json.Json;
import java.io.IOException;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds the plan in a model's answer, leniently: the whole answer as JSON; else the first fenced code block
 * (```json ... ```) that holds one; else the first JSON value starting at a '{' or '[' anywhere in the prose.
 * A plan is {@code {"operations":[...]}} or a bare array of operations. What the operations say is not
 * judged here: that is the strict reader's and the gate's job.
 */
public final class PlanAnswer {
    private static final Pattern FENCE = Pattern.compile("```[A-Za-z0-9_-]*\\s*\\n?(.*?)```", Pattern.DOTALL);
    /** Bounds the prose scan: each start position is one bounded parse attempt. */
    static final int MAX_STARTS = 500;

    /** The operations array, or empty when the answer holds no plan. */
    public static Optional<JsonNode> operations(String answer) {
        Optional<JsonNode> whole = plan(answer.strip());
        if (whole.isPresent()) {
            return whole;
        }
        Matcher fence = FENCE.matcher(answer);
        while (fence.find()) {
            Optional<JsonNode> inFence = plan(fence.group(1).strip());
            if (inFence.isPresent()) {
                return inFence;
            }
        }
        int starts = 0;
        for (int i = 0; i < answer.length() && starts < MAX_STARTS; i++) {
            char c = answer.charAt(i);
            if (c == '{' || c == '[') {
                starts++;
                Optional<JsonNode> found = firstValue(answer.substring(i)).flatMap(PlanAnswer::asOperations);
                if (found.isPresent()) {
                    return found;
                }
            }
        }
        return Optional.empty();
    }

    private static Optional<JsonNode> plan(String text) {
        try {
            return Optional.ofNullable(Json.parse(text)).flatMap(PlanAnswer::asOperations);
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** One JSON value from the start of {@code text}; what follows it is ignored. */
    private static Optional<JsonNode> firstValue(String text) {
        try (JsonParser parser = Json.MAPPER.createParser(text)) {
            return Optional.ofNullable(Json.MAPPER.readTree(parser));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static Optional<JsonNode> asOperations(JsonNode node) {
        if (node.isObject() && node.path("operations").isArray()) {
            return Optional.of(node.get("operations"));
        }
        if (node.isArray() && node.size() > 0 && node.get(0).isObject() && node.get(0).has("op")) {
            return Optional.of(node);
        }
        return Optional.empty();
    }

    private PlanAnswer() {
    }
}
