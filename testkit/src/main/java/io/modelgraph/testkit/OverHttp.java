package io.modelgraph.testkit;

import io.modelgraph.auth.Role;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/**
 * Calls go over HTTP to a running gateway (the local gateway in a test, or the packaged jar as its own process).
 * A caller in a role gets a token from {@code tokens} (the gateway's issuer, or its {@code token} subcommand).
 */
public record OverHttp(URI base, Tokens tokens, HttpClient client, Duration timeout) implements Transport {

    /** Mints a token for a subject holding a role in a project. */
    @FunctionalInterface
    public interface Tokens {
        String token(String projectId, Role role, String subject);
    }

    public static OverHttp to(String baseUrl, Tokens tokens) {
        return new OverHttp(URI.create(baseUrl), tokens,
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build(), Duration.ofMinutes(2));
    }

    @Override
    public Answer send(String method, String pathAndQuery, byte[] body, Map<String, String> headers, Caller as) {
        HttpRequest.Builder b = HttpRequest.newBuilder(base.resolve(pathAndQuery)).timeout(timeout)
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofByteArray(body));
        headers.forEach(b::header);
        if (as instanceof Caller.InRole r) {
            b.header("Authorization", "Bearer " + tokens.token(r.projectId(), r.role(), r.subject()));
        } else if (as instanceof Caller.WithoutRole) {
            throw new IllegalArgumentException("A gateway token always names a role; use a Bearer caller with a"
                    + " token minted without one");
        } else if (as instanceof Caller.Bearer t) {
            b.header("Authorization", "Bearer " + t.token());
        } else if (as instanceof Caller.ApiKey k) {
            b.header("Authorization", "Bearer " + k.key());
        }
        // Caller.Anonymous: no credential
        try {
            HttpResponse<String> r = client.send(b.build(), HttpResponse.BodyHandlers.ofString());
            Map<String, String> answered = new HashMap<>();
            r.headers().map().forEach((k, v) -> answered.put(k, String.join(",", v)));
            return new Answer(r.statusCode(), answered, r.body());
        } catch (IOException e) {
            throw new UncheckedIOException(method + " " + pathAndQuery, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted: " + method + " " + pathAndQuery, e);
        }
    }
}
