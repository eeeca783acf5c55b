package io.modelgraph.exchange.validate;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.api.ApiProblem;
import io.modelgraph.http.Body;
import io.modelgraph.json.Json;

/**
 * The document of validateJSON's POST form: {@code jsonString} (the document as text, as the GET's query
 * parameter carries it) or {@code json} (the document itself as a JSON value), exactly one of them.
 */
public final class ValidateBody {
    public static JsonNode document(Body body) {
        JsonNode node = body.node();
        boolean text = node.has("jsonString");
        boolean value = node.has("json");
        if (text == value) {
            throw ApiProblem.badRequest(text ? "body.json" : "body.jsonString", "Give exactly one of 'jsonString'"
                    + " (the document as text) and 'json' (the document as a JSON value)" + (text ? ", not both." : "."));
        }
        if (value) {
            return node.get("json");
        }
        JsonNode s = node.get("jsonString");
        if (!s.isTextual()) {
            throw ApiProblem.badRequest("body.jsonString", "'jsonString' is the document as a JSON string; use"
                    + " 'json' to send the document as a JSON value.");
        }
        JsonNode instance;
        try {
            instance = Json.parse(s.textValue());
        } catch (JsonProcessingException e) {
            throw ApiProblem.badRequest("body.jsonString", "jsonString is not valid JSON" + Json.problem(e));
        }
        if (instance == null || instance.isMissingNode()) {
            throw ApiProblem.badRequest("body.jsonString", "jsonString is empty.");
        }
        return instance;
    }

    private ValidateBody() {
    }
}
