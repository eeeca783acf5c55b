package io.modelgraph.http;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Optional;

/**
 * Finds the member of a JSON body that holds its first byte that is not UTF-8, so the refusal names the member the
 * caller has to fix rather than a byte offset alone. One streaming pass over the bytes (linear, no tree): Jackson's
 * byte parser decodes each string when its text is asked for and fails there on a malformed sequence, with its
 * parsing context pointing at the member.
 */
final class InvalidUtf8Member {
    private static final JsonFactory FACTORY = JsonFactory.builder().build();

    private InvalidUtf8Member() {
    }

    /** The member's path ({@code spaces[0]}, {@code nodes[2].label}), or empty when it cannot be told. */
    static Optional<String> of(byte[] body) {
        try (JsonParser parser = FACTORY.createParser(body)) {
            JsonToken token;
            while ((token = parser.nextToken()) != null) {
                if (token == JsonToken.VALUE_STRING) {
                    try {
                        parser.getText();
                    } catch (IOException malformed) {
                        return path(parser.getParsingContext());
                    }
                }
            }
            return Optional.empty();
        } catch (IOException malformed) {
            // a member name, or the JSON itself, breaks first: the JSON error answers instead
            return Optional.empty();
        }
    }

    private static Optional<String> path(JsonStreamContext at) {
        Deque<String> parts = new ArrayDeque<>();
        for (JsonStreamContext c = at; c != null && !c.inRoot(); c = c.getParent()) {
            if (c.inArray()) {
                parts.push("[" + c.getCurrentIndex() + "]");
            } else if (c.getCurrentName() != null) {
                parts.push((c.getParent() != null && !c.getParent().inRoot() ? "." : "") + c.getCurrentName());
            }
        }
        return parts.isEmpty() ? Optional.empty() : Optional.of(String.join("", parts));
    }
}
