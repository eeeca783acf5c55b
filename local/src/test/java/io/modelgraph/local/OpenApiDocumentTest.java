package io.modelgraph.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.modelgraph.http.Route;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * openapi.yaml against the code: it documents exactly the routes the handlers serve, is OpenAPI 3.1.1
 * titled as the specification says, and every {@code $ref} in it resolves.
 */
class OpenApiDocumentTest {
    private static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "patch");

    @Test
    void documentsExactlyTheServedRoutesAndEveryReferenceResolves() throws Exception {
        JsonNode doc = new YAMLMapper().readTree(TemplateTest.ROOT.resolve("openapi.yaml").toFile());
        assertEquals("3.1.1", doc.path("openapi").asText());
        assertEquals("Integration API", doc.path("info").path("title").asText());
        assertEquals("v1", doc.path("info").path("version").asText());

        Set<String> documented = new TreeSet<>();
        doc.path("paths").fields().forEachRemaining(path -> path.getValue().fieldNames().forEachRemaining(m -> {
            if (METHODS.contains(m)) {
                documented.add(m.toUpperCase(Locale.ROOT) + " " + path.getKey());
            }
        }));
        Set<String> served = new TreeSet<>();
        for (RouteGroup group : TestStack.server().groups()) {
            if (group.name().equals("probe")) {
                continue; // the test stack's own probe routes, not part of the API
            }
            for (Route r : group.routes()) {
                served.add(r.routeKey());
            }
        }
        Set<String> undocumented = new TreeSet<>(served);
        undocumented.removeAll(documented);
        Set<String> notServed = new TreeSet<>(documented);
        notServed.removeAll(served);
        assertTrue(undocumented.isEmpty(), "routes missing from openapi.yaml: " + undocumented);
        assertTrue(notServed.isEmpty(), "openapi.yaml documents routes no handler serves: " + notServed);

        var parsed = new io.swagger.v3.parser.OpenAPIV3Parser().readContents(
                java.nio.file.Files.readString(TemplateTest.ROOT.resolve("openapi.yaml")), null, null);
        assertTrue(parsed.getMessages() == null || parsed.getMessages().isEmpty(),
                "OpenAPI validation: " + parsed.getMessages());

        List<String> broken = new ArrayList<>();
        collectBrokenRefs(doc, doc, broken);
        assertTrue(broken.isEmpty(), "unresolved $ref: " + broken);
    }

    /**
     * The deployed HTTP API throttles every route itself (docs/operations.md "Limits the integrator sees"): each operation
     * documents that 429, API Gateway's own answer without Retry-After or RateLimit headers.
     */
    @Test
    void everyOperationDocumentsTheGatewaysThrottling429() throws Exception {
        JsonNode doc = new YAMLMapper().readTree(TemplateTest.ROOT.resolve("openapi.yaml").toFile());
        List<String> missing = new ArrayList<>();
        doc.path("paths").fields().forEachRemaining(path -> path.getValue().fields().forEachRemaining(op -> {
            if (METHODS.contains(op.getKey()) && !"#/components/responses/TooManyRequests".equals(op.getValue()
                    .path("responses").path("429").path("$ref").asText())) {
                missing.add(op.getKey().toUpperCase(Locale.ROOT) + " " + path.getKey());
            }
        }));
        assertTrue(missing.isEmpty(), "operations without the throttling 429: " + missing);
        String description = doc.path("components").path("responses").path("TooManyRequests").path("description")
                .asText();
        assertTrue(description.contains("no Retry-After, RateLimit or RateLimit-Policy header"), description);
    }

    private static void collectBrokenRefs(JsonNode root, JsonNode node, List<String> broken) {
        if (node.isObject()) {
            JsonNode ref = node.get("$ref");
            if (ref != null && ref.isTextual() && ref.asText().startsWith("#/")) {
                if (root.at(ref.asText().substring(1)).isMissingNode()) {
                    broken.add(ref.asText());
                }
            }
            node.elements().forEachRemaining(child -> collectBrokenRefs(root, child, broken));
        } else if (node.isArray()) {
            node.elements().forEachRemaining(child -> collectBrokenRefs(root, child, broken));
        }
    }
}
