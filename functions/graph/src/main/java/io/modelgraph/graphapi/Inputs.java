package io.modelgraph.graphapi;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.api.ApiProblem;
import io.modelgraph.graph.NodeType;
import io.modelgraph.graph.store.GraphKeys;
import io.modelgraph.graph.store.GraphStore;
import io.modelgraph.http.Body;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/** Reading the graph API's recurring inputs (ids, labels, node types, space lists) with errors that say where. */
final class Inputs {
    static final int MAX_LABEL = 1000;

    /** An id that must be present and well-formed. */
    static String requiredId(Body body, String name) {
        return checkId(body.requiredString(name), body, name);
    }

    /** A given id, or a new GUID when absent or empty. */
    static String idOrNew(Body body, String name) {
        Optional<String> given = body.string(name).filter(s -> !s.isEmpty());
        return given.isPresent() ? checkId(given.get(), body, name) : UUID.randomUUID().toString();
    }

    /** As below, with the member's path built only for the error: a bulk call reads 30,000 ids. */
    private static String checkId(String id, Body body, String name) {
        return GraphKeys.isId(id) ? id : checkId(id, body.at(name));
    }

    static String checkId(String id, String path) {
        if (!GraphKeys.isId(id)) {
            throw ApiProblem.badRequest(path, "'" + abbreviate(id) + "' is not a valid identifier: use "
                    + GraphKeys.ID_RULE + " (GUIDs preferred).");
        }
        return id;
    }

    static String label(Body body, String name) {
        String label = body.requiredString(name);
        if (label.length() > MAX_LABEL) {
            throw ApiProblem.badRequest(body.at(name), "'" + name + "' must be at most " + MAX_LABEL
                    + " characters, got " + label.length() + ".");
        }
        return label;
    }

    static NodeType nodeType(Body body, String name) {
        String text = body.requiredString(name);
        Optional<NodeType> type = NodeType.parse(text);
        return type.isPresent() ? type.get() : nodeType(text, body.at(name));
    }

    /** Parses a node type or fails with a logical error at {@code path} that lists the eight values. */
    static NodeType nodeType(String text, String path) {
        return NodeType.parse(text).orElseThrow(() -> ApiProblem.badRequest(path, "'" + text
                + "' is not a NodeType; use one of " + NodeType.names() + " (case sensitive)."));
    }

    /** A list of distinct, well-formed space ids (empty allowed), at most the per-node limit. */
    static List<String> spaceIds(Body body, String name) {
        List<String> ids = body.stringList(name);
        if (ids.isEmpty()) {
            return ids;
        }
        if (ids.size() > GraphStore.MAX_SPACES_PER_NODE) {
            throw ApiProblem.badRequest(body.at(name), "A node may be in at most " + GraphStore.MAX_SPACES_PER_NODE
                    + " spaces, got " + ids.size() + ".");
        }
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < ids.size(); i++) {
            checkId(ids.get(i), body.at(name) + "[" + i + "]");
            if (!seen.add(ids.get(i))) {
                throw ApiProblem.badRequest(body.at(name) + "[" + i + "]", "Space '" + ids.get(i) + "' is listed twice.");
            }
        }
        return ids;
    }

    /** A member that must be present, where JSON null counts as present (a mixin column may hold null). */
    static Optional<JsonNode> rawMember(Body body, String name) {
        Iterator<Map.Entry<String, JsonNode>> fields = body.node().fields();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> f = fields.next();
            if (f.getKey().equalsIgnoreCase(name)) {
                return Optional.of(f.getValue());
            }
        }
        return Optional.empty();
    }

    static String abbreviate(String text) {
        return text.length() > 80 ? text.substring(0, 80) + "…" : text;
    }

    private Inputs() {
    }
}
