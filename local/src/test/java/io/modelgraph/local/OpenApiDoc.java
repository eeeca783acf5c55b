package io.modelgraph.local;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Set;

/** Reading operations out of {@code openapi.yaml} for the tests generated from it. */
final class OpenApiDoc {
    /** The keys of a path item that are operations (the others are parameters, summaries, servers). */
    static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "patch");

    private OpenApiDoc() {
    }

    /** {@code node}, or what its {@code $ref} chain (local pointers) leads to. */
    static JsonNode resolve(JsonNode doc, JsonNode node) {
        JsonNode at = node;
        while (at.has("$ref")) {
            at = doc.at(at.get("$ref").asText().substring(1));
        }
        return at;
    }

    /** A concrete path for {@code template}: the project given, well-formed ids for the other parameters. */
    static String path(String template, String project) {
        return template.replace("{projectId}", project).replace("{id}", "00000000-0000-4000-8000-000000000001")
                .replace("{vendor}", "capture").replace("{jobId}", "0123456789abcdef0123456789abcdef");
    }
}
