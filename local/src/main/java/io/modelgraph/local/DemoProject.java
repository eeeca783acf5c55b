package io.modelgraph.local;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.json.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * Fills the demo project with a small sample model on a start that finds it empty, so the banner's
 * {@code curl} answers real nodes. The model ({@code demo/sample-model.schema.json}: Types with Elements,
 * a Taxonomy with terms, references and constraints) goes in over HTTP through the service's own
 * {@code schema/import} route, the path a user's import takes: what a newcomer sees is what the
 * service writes, relations and mixin values included.
 */
public final class DemoProject {
    static final String MODEL_RESOURCE = "/demo/sample-model.schema.json";

    /** What the start did to the demo project, for the banner. */
    public record Seeded(boolean loaded, int types) {
    }

    private DemoProject() {
    }

    /** Imports the sample model unless the demo project already holds a Type. */
    public static Seeded seedIfEmpty(LocalServer server) {
        String project = server.demoProject();
        String token = server.demoToken();
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
        int before = typeCount(http, server.baseUrl(), project, token);
        if (before > 0) {
            return new Seeded(false, before);
        }
        ObjectNode body = Json.object();
        body.put("format", "jsonschema");
        body.put("schema", sampleModel());
        JsonNode answer = send(http, HttpRequest.newBuilder(URI.create(server.baseUrl()
                + "/graph/transform/schema/import/" + project))
                .header("Authorization", "Bearer " + token)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body.toString())));
        if (!answer.path("success").asBoolean()) {
            throw new IllegalStateException("the demo model did not import: " + answer);
        }
        return new Seeded(true, typeCount(http, server.baseUrl(), project, token));
    }

    static String sampleModel() {
        try (InputStream in = DemoProject.class.getResourceAsStream(MODEL_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(MODEL_RESOURCE + " is missing from the jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static int typeCount(HttpClient http, String baseUrl, String project, String token) {
        JsonNode answer = send(http, HttpRequest.newBuilder(URI.create(baseUrl + "/v1/" + project
                + "/fetchNodes?NodeType=Type&pageSize=250")).header("Authorization", "Bearer " + token).GET());
        if (!answer.path("success").asBoolean()) {
            throw new IllegalStateException("cannot read the demo project: " + answer);
        }
        return answer.path("data").path("nodes").size();
    }

    private static JsonNode send(HttpClient http, HttpRequest.Builder request) {
        try {
            HttpResponse<String> response = http.send(request.timeout(Duration.ofSeconds(60)).build(),
                    HttpResponse.BodyHandlers.ofString());
            return Json.MAPPER.readTree(response.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while loading the demo model", e);
        }
    }
}
