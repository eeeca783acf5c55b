package io.modelgraph.testkit;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.json.Json;
import java.io.IOException;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** What a call answered: its status, its headers (names lower-cased) and its body. */
public record Answer(int status, Map<String, String> headers, String body) {

    public Answer {
        Map<String, String> lower = new TreeMap<>();
        headers.forEach((k, v) -> lower.put(k.toLowerCase(Locale.ROOT), v));
        headers = Map.copyOf(lower);
        body = body == null ? "" : body;
    }

    public Optional<String> header(String name) {
        return Optional.ofNullable(headers.get(name.toLowerCase(Locale.ROOT)));
    }

    /** The body as JSON; an answer that is not JSON fails the calling test with the body in the message. */
    public JsonNode json() {
        try {
            return Json.parse(body);
        } catch (IOException | RuntimeException e) {
            throw new AssertionError("Not JSON (" + status + "): " + body, e);
        }
    }

    @Override
    public String toString() {
        return status + " " + body;
    }
}
