package io.modelgraph.integrations;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.api.ErrorEntry;
import io.modelgraph.api.TransformFailure;
import io.modelgraph.http.Call;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An integration route's body: members are matched case-insensitively (the router has refused unknown ones), and
 * {@code artifacts} must be an object of artifact name to content. Content is the artifact's text
 * as a JSON string, or {@code {"base64": "..."}} for raw bytes (a Windows-1252 dictionary keeps its bytes that way).
 */
final class IntegrationRequest {
    private final JsonNode body;

    private IntegrationRequest(JsonNode body) {
        this.body = body;
    }

    static IntegrationRequest of(Call call, String... allowed) {
        JsonNode body = call.request().hasBody() ? call.request().body().node() : com.fasterxml.jackson.databind.node
                .JsonNodeFactory.instance.objectNode();
        if (!body.isObject()) {
            throw TransformFailure.of("request", "The body must be a JSON object.");
        }
        // the route's declared members were checked by the router (unknown ones refused, with a suggestion)
        return new IntegrationRequest(body);
    }

    private Optional<JsonNode> member(String name) {
        Iterator<Map.Entry<String, JsonNode>> it = body.fields();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            if (e.getKey().equalsIgnoreCase(name) && !e.getValue().isNull()) {
                return Optional.of(e.getValue());
            }
        }
        return Optional.empty();
    }

    /** A request naming only a vendor-side project (the scheduled reaudit's). */
    static IntegrationRequest named(String projectName) {
        return new IntegrationRequest(com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode()
                .put("projectName", projectName));
    }

    IntegrationRequest withProjectName(String name) {
        com.fasterxml.jackson.databind.node.ObjectNode copy = ((com.fasterxml.jackson.databind.node.ObjectNode) body)
                .deepCopy();
        copy.remove("projectName");
        copy.put("projectName", name);
        return new IntegrationRequest(copy);
    }

    Map<String, byte[]> artifacts(Connector<?> connector) {
        String shape = "Body must include 'artifacts' - an object of artifact name to raw content, such as"
                + " {\"artifacts\": {" + String.join(", ", connector.artifacts().keySet().stream()
                        .map(k -> "\"" + k + "\": \"<content>\"").toList()) + "}}.";
        JsonNode artifacts = member("artifacts").orElseThrow(() -> TransformFailure.of("artifacts", shape));
        if (!artifacts.isObject()) {
            throw TransformFailure.of("artifacts", shape);
        }
        Map<String, byte[]> out = new LinkedHashMap<>();
        Iterator<Map.Entry<String, JsonNode>> it = artifacts.fields();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!connector.artifacts().containsKey(e.getKey())) {
                throw TransformFailure.of("artifacts." + e.getKey(), "Unknown artifact '" + e.getKey() + "'. "
                        + connector.key() + " takes: " + String.join(", ", connector.artifacts().keySet()) + ".");
            }
            out.put(e.getKey(), content(e.getKey(), e.getValue()));
        }
        List<String> missing = new ArrayList<>();
        connector.artifacts().keySet().forEach(k -> {
            if (!out.containsKey(k)) {
                missing.add(k);
            }
        });
        if (!missing.isEmpty()) {
            throw new TransformFailure(400, missing.stream().map(k -> new ErrorEntry("artifacts." + k,
                    "Artifact '" + k + "' is required. " + shape)).toList(), List.of());
        }
        return out;
    }

    private static byte[] content(String name, JsonNode value) {
        if (value.isTextual()) {
            return value.asText().getBytes(StandardCharsets.UTF_8);
        }
        if (value.isObject() && value.path("base64").isTextual() && value.size() == 1) {
            try {
                return Base64.getDecoder().decode(value.path("base64").asText().replaceAll("\\s", ""));
            } catch (IllegalArgumentException e) {
                throw TransformFailure.of("artifacts." + name + ".base64", "Not valid base64: " + e.getMessage());
            }
        }
        throw TransformFailure.of("artifacts." + name, "An artifact's content is a string, or {\"base64\": \"...\"}"
                + " for raw bytes.");
    }

    /** The longest vendor-side project name: it keys the history trail and the snapshot (docs/integrations.md). */
    static final int MAX_PROJECT_NAME = 100;
    /** The longest space id a body may name. */
    static final int MAX_SPACE_ID = 100;

    /**
     * The vendor-side project's name: 1 to 100 characters (200 bytes in UTF-8), no control character, {@code /} or {@code \}, so it
     * fits the history table's keys (percent-encoded, at most 600 bytes) and names one snapshot object; checked before anything is written.
     */
    Optional<String> projectName() {
        return member("projectName").map(v -> {
            if (!v.isTextual() || v.asText().isBlank()) {
                throw TransformFailure.of("projectName", "'projectName' is a non-empty string or null.");
            }
            String name = v.asText().strip();
            int bytes = name.getBytes(StandardCharsets.UTF_8).length;
            if (name.codePointCount(0, name.length()) > MAX_PROJECT_NAME || bytes > 2 * MAX_PROJECT_NAME) {
                throw TransformFailure.of("projectName", "'projectName' is at most " + MAX_PROJECT_NAME
                        + " characters and " + 2 * MAX_PROJECT_NAME + " bytes in UTF-8; this one has "
                        + name.codePointCount(0, name.length()) + " characters, " + bytes + " bytes.");
            }
            for (int i = 0; i < name.length(); i++) {
                char c = name.charAt(i);
                boolean unpaired = Character.isHighSurrogate(c) && (i + 1 >= name.length()
                        || !Character.isLowSurrogate(name.charAt(i + 1)))
                        || Character.isLowSurrogate(c) && (i == 0 || !Character.isHighSurrogate(name.charAt(i - 1)));
                if (Character.isISOControl(c) || c == '/' || c == '\\' || unpaired) {
                    throw TransformFailure.of("projectName", "'projectName' may not contain control characters,"
                            + " '/', '\\' or unpaired surrogates (position " + (i + 1) + ").");
                }
            }
            return name;
        });
    }

    /** Space ids: 1 to 100 of letters, digits, {@code -}, {@code _}, {@code .} and {@code :}, each checked. */
    List<String> spaces() {
        List<String> spaces = strings("spaces");
        for (int i = 0; i < spaces.size(); i++) {
            String id = spaces.get(i);
            boolean ok = !id.isEmpty() && id.length() <= MAX_SPACE_ID;
            for (int j = 0; ok && j < id.length(); j++) {
                char c = id.charAt(j);
                ok = c < 128 && (Character.isLetterOrDigit(c) || c == '-' || c == '_' || c == '.' || c == ':');
            }
            if (!ok) {
                throw TransformFailure.of("spaces[" + i + "]", "A space id is 1 to " + MAX_SPACE_ID + " letters,"
                        + " digits, '-', '_', '.' or ':'.");
            }
        }
        return spaces;
    }

    List<String> strings(String name) {
        Optional<JsonNode> v = member(name);
        if (v.isEmpty()) {
            return List.of();
        }
        if (!v.get().isArray()) {
            throw TransformFailure.of(name, "'" + name + "' is an array of strings.");
        }
        List<String> out = new ArrayList<>();
        for (int i = 0; i < v.get().size(); i++) {
            JsonNode n = v.get().get(i);
            if (!n.isTextual()) {
                throw TransformFailure.of(name + "[" + i + "]", "Expected a string.");
            }
            out.add(n.asText());
        }
        return out;
    }

    Optional<Boolean> optionalBool(String name) {
        return member(name).map(v -> {
            if (!v.isBoolean()) {
                throw TransformFailure.of(name, "'" + name + "' is true or false.");
            }
            return v.asBoolean();
        });
    }

    boolean bool(String name) {
        return member(name).map(v -> {
            if (!v.isBoolean()) {
                throw TransformFailure.of(name, "'" + name + "' is true or false.");
            }
            return v.asBoolean();
        }).orElse(false);
    }
}
