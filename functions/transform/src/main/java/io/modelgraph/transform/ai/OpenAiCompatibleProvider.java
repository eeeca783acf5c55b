package io.modelgraph.transform.ai;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.json.Json;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.Optional;

/**
 * Any OpenAI-compatible chat-completions endpoint: {@code POST <base>/chat/completions}. The JDK's HTTP
 * client: no dependency, nothing beyond what the JVM carries.
 */
public final class OpenAiCompatibleProvider implements ChatProvider {
    private final URI completions;
    private final String model;
    private final Optional<String> key;
    private final Duration timeout;
    private final HttpClient http;

    public OpenAiCompatibleProvider(URI base, String model, Optional<String> key, Duration timeout) {
        String b = base.toString();
        this.completions = URI.create((b.endsWith("/") ? b : b + "/") + "chat/completions");
        this.model = model;
        this.key = key;
        this.timeout = timeout;
        this.http = HttpClient.newBuilder().connectTimeout(timeout).followRedirects(HttpClient.Redirect.NEVER).build();
    }

    @Override
    public String describe() {
        return "the OpenAI-compatible endpoint " + completions.getHost() + " (model " + model + ")";
    }

    @Override
    public String complete(String system, String user) {
        ObjectNode body = Json.object();
        body.put("model", model);
        body.put("temperature", 0);
        ArrayNode messages = body.putArray("messages");
        messages.addObject().put("role", "system").put("content", system);
        messages.addObject().put("role", "user").put("content", user);
        String payload = Json.write(body);
        return OneRetry.call(() -> send(payload));
    }

    private String send(String payload) {
        HttpRequest.Builder request = HttpRequest.newBuilder(completions).timeout(timeout)
                .header("content-type", "application/json").header("accept", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(payload));
        key.ifPresent(k -> request.header("authorization", "Bearer " + k));
        HttpResponse<String> response;
        try {
            response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (HttpTimeoutException e) {
            throw ProviderFailure.timedOut();
        } catch (IOException e) {
            throw new ProviderFailure(0, false, "could not be reached (" + e.getClass().getSimpleName() + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw ProviderFailure.timedOut();
        }
        if (response.statusCode() != 200) {
            throw ProviderFailure.status(response.statusCode());
        }
        try {
            JsonNode content = Json.parse(response.body()).path("choices").path(0).path("message").path("content");
            if (!content.isTextual()) {
                throw new ProviderFailure(200, false, "answered without choices[0].message.content");
            }
            return content.asText();
        } catch (IOException e) {
            throw new ProviderFailure(200, false, "answered with a body that is not JSON");
        }
    }
}
