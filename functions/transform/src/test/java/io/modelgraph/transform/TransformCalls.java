package io.modelgraph.transform;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.auth.Role;
import io.modelgraph.json.Json;
import io.modelgraph.platform.Services;
import io.modelgraph.store.TestStores;
import io.modelgraph.platform.AiSettings;
import io.modelgraph.testkit.Answer;
import io.modelgraph.testkit.ApiDriver;
import io.modelgraph.testkit.Caller;
import io.modelgraph.testkit.InProcess;

/** The transform routes through the test kit's in-process driver, on the real embedded DynamoDB Local and S3 server. */
final class TransformCalls {
    static Services services() {
        return TestStores.services();
    }

    /** The same stores, with the ai mapping kind's provider configured. */
    static Services servicesWithAi(AiSettings ai) {
        Services s = services();
        return new Services(s.stores(), s.dynamo(), s.s3(), s.settings().withAi(ai), s.clock());
    }

    static String newProjectId() {
        return TestStores.newProjectId();
    }

    record Result(int status, JsonNode body) {
        boolean success() {
            return body.path("success").asBoolean(false);
        }

        String firstPath() {
            return body.path("errors").path(0).path("path").asText();
        }

        String firstMessage() {
            return body.path("errors").path(0).path("message").asText();
        }

        @Override
        public String toString() {
            return status + " " + body;
        }
    }

    private final ApiDriver driver;
    private final String projectId;

    TransformCalls(TransformHandler handler, String projectId) {
        this.driver = new ApiDriver(InProcess.of(handler));
        this.projectId = projectId;
    }

    TransformCalls(String projectId) {
        this(new TransformHandler(services()), projectId);
    }

    String projectId() {
        return projectId;
    }

    /** A POST of the transform route {@code route} of this project in {@code role}; no role: no credential. */
    Result post(String route, String body, String role) {
        Caller as = role == null ? Caller.anonymous()
                : new Caller.InRole(projectId, Role.parse(role).orElseThrow(), "tester");
        Answer answer = driver.call("POST", "/graph/transform/" + route + "/" + projectId, body, as);
        return new Result(answer.status(), answer.json());
    }

    Result post(String route, JsonNode body, String role) {
        return post(route, Json.write(body), role);
    }
}
