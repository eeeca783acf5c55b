package io.modelgraph.integrations;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.auth.Authenticator;
import io.modelgraph.auth.Role;
import io.modelgraph.json.Json;
import io.modelgraph.store.TestStores;
import io.modelgraph.testkit.Answer;
import io.modelgraph.testkit.ApiDriver;
import io.modelgraph.testkit.Caller;
import io.modelgraph.testkit.InProcess;
import java.util.Map;

/**
 * The integration routes through the test kit's in-process driver, on the real embedded DynamoDB Local and S3
 * server. Header names in a result are lower-cased.
 */
final class IntegrationCalls {
    record Result(int status, Map<String, String> headers, String text) {
        /** A header by name, whatever its case. */
        String header(String name) {
            return headers.get(name.toLowerCase(java.util.Locale.ROOT));
        }

        JsonNode body() {
            try {
                return Json.parse(text);
            } catch (Exception e) {
                throw new AssertionError("Not JSON: " + text, e);
            }
        }

        boolean success() {
            return body().path("success").asBoolean(false);
        }

        String firstMessage() {
            return body().path("errors").path(0).path("message").asText();
        }

        String firstPath() {
            return body().path("errors").path(0).path("path").asText();
        }

        @Override
        public String toString() {
            return status + " " + text;
        }
    }

    private final IntegrationsHandler handler;
    private final String projectId = TestStores.newProjectId();

    IntegrationCalls() {
        this(TestStores.services());
    }

    /** Calls through a handler on {@code services} (the same stores through other clients, such as faulty ones). */
    IntegrationCalls(io.modelgraph.platform.Services services) {
        this.handler = new IntegrationsHandler(services);
    }

    /** Calls through a handler that reads artifacts within {@code parseDeadline}. */
    IntegrationCalls(io.modelgraph.codec.ParseDeadline parseDeadline) {
        io.modelgraph.platform.Services services = TestStores.services();
        this.handler = new IntegrationsHandler(IntegrationsHandler.routes(services, java.util.Optional.empty(),
                java.util.Optional.empty(), parseDeadline));
    }

    String projectId() {
        return projectId;
    }

    /** A call in {@code role} of this project (a JWT's claim); no role: no credential. */
    Result call(String method, String path, String body, String role) {
        Caller as = role == null ? Caller.anonymous()
                : new Caller.InRole(projectId, Role.parse(role).orElseThrow(), "tester");
        return result(new ApiDriver(InProcess.of(handler)).call(method, path.replace("{projectId}", projectId), body,
                as));
    }

    /** As the API-key authorizer passes a verified key of {@code role} to the route. */
    Result callWithKey(String method, String path, String body, String role) {
        Map<String, Object> verdict = Map.of(Authenticator.CTX_PROJECT, projectId, Authenticator.CTX_ROLE, role,
                Authenticator.CTX_KEY_ID, "k1");
        ApiDriver driver = new ApiDriver(InProcess.of(handler).withApiKeyVerdicts(key -> verdict));
        return result(driver.call(method, path.replace("{projectId}", projectId), body, Caller.apiKey("k1-secret")));
    }

    private static Result result(Answer answer) {
        return new Result(answer.status(), answer.headers(), answer.body());
    }
}
