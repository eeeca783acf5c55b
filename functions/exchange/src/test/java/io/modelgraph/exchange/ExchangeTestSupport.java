package io.modelgraph.exchange;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.auth.Role;
import io.modelgraph.exchange.fetch.SafeFetcher;
import io.modelgraph.json.Json;
import io.modelgraph.platform.Services;
import io.modelgraph.store.TestStores;
import io.modelgraph.platform.Settings;
import io.modelgraph.testkit.Answer;
import io.modelgraph.testkit.ApiDriver;
import io.modelgraph.testkit.Caller;
import io.modelgraph.testkit.InProcess;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/** The real embedded DynamoDB Local and S3 (never mocks), a handler per settings, called through the test kit. */
final class ExchangeTestSupport {
    static Services services() {
        return TestStores.services();
    }

    static Services services(Settings settings) {
        Services s = services();
        return new Services(s.stores(), s.dynamo(), s.s3(), settings, s.clock());
    }

    static String newProjectId() {
        return TestStores.newProjectId();
    }

    /** A handler and its module: loopback allowed or not, raw files served from {@code repoBase}. */
    static final class Client {
        final ExchangeModule module;
        final ExchangeHandler handler;
        final String project;

        Client(boolean allowLoopback, String repoBase, String project) {
            this(services().settings().withAllowLoopbackUrls(allowLoopback).withRepoRawBaseUrl(repoBase), project);
        }

        Client(Settings settings, String project) {
            this(settings, project, io.modelgraph.codec.ParseDeadline.configured());
        }

        /** A client whose merges read each source within {@code parseDeadline}. */
        Client(Settings settings, String project, io.modelgraph.codec.ParseDeadline parseDeadline) {
            Services s = services(settings);
            this.module = ExchangeModule.of(s, new GraphModelMapping(),
                    new SafeFetcher.Limits(256 * 1024, 2_000, 5_000, 10_000),
                    io.modelgraph.graph.store.GraphStore.of(s), parseDeadline);
            this.handler = new ExchangeHandler(module, s);
            this.project = project;
        }

        Answer call(String method, String op, Map<String, String> query, String body, String role) {
            return call(method, op, query, body, role, Map.of());
        }

        Answer call(String method, String op, Map<String, String> query, String body, String role,
                Map<String, String> headers) {
            StringBuilder raw = new StringBuilder();
            query.forEach((k, v) -> {
                if (raw.length() > 0) {
                    raw.append('&');
                }
                raw.append(enc(k)).append('=').append(enc(v));
            });
            return send(method, op, raw.toString(), body, role, headers);
        }

        Answer send(String method, String op, String rawQuery, String body, String role,
                Map<String, String> headers) {
            return send(new ApiDriver(InProcess.of(handler)), method, op, rawQuery, body, role, headers);
        }

        /** As Lambda invokes it: {@code context} gives the invocation's remaining time. */
        Answer send(String method, String op, String rawQuery, String body, String role,
                Map<String, String> headers, com.amazonaws.services.lambda.runtime.Context context) {
            return send(new ApiDriver(InProcess.of(handler).within(context)), method, op, rawQuery, body, role,
                    headers);
        }

        private Answer send(ApiDriver driver, String method, String op, String rawQuery, String body, String role,
                Map<String, String> headers) {
            String path = "/v1/" + project + "/" + op + (rawQuery.isEmpty() ? "" : "?" + rawQuery);
            return driver.call(method, path, body, new Caller.InRole(project, Role.parse(role).orElseThrow(),
                    "tester"), headers);
        }

        JsonNode ok(Answer response) {
            if (response.status() != 200) {
                throw new AssertionError("expected 200, got " + response.status() + ": " + response.body());
            }
            JsonNode body = json(response);
            if (!body.path("success").asBoolean()) {
                throw new AssertionError("expected success: " + response.body());
            }
            return body.path("data");
        }
    }

    static JsonNode json(Answer response) {
        try {
            return Json.parse(response.body());
        } catch (Exception e) {
            throw new AssertionError("not JSON: " + response.body(), e);
        }
    }

    /** Asserts a logical error with the status and a message mentioning every fragment. */
    static String logical(Answer response, int status, String... mentions) {
        JsonNode body = json(response);
        if (response.status() != status || body.path("success").asBoolean()
                || body.path("error").path("isFatal").asBoolean(true)) {
            throw new AssertionError("expected logical error " + status + ", got " + response.status() + ": "
                    + response.body());
        }
        String message = body.path("error").path("message").asText();
        for (String m : mentions) {
            if (!message.contains(m)) {
                throw new AssertionError("message should mention '" + m + "': " + message);
            }
        }
        return message;
    }

    static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    private ExchangeTestSupport() {
    }
}
