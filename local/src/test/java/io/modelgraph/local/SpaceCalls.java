package io.modelgraph.local;

import io.modelgraph.auth.Role;
import io.modelgraph.testkit.Answer;
import io.modelgraph.testkit.Caller;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * One fresh project on the local stack, where the transform and exchange routes share one store: the transform
 * routes ({@code /graph/transform/<route>/<project>}) and the exchange routes ({@code /v1/<project>/<op>}) of it,
 * through the test kit's driver over HTTP.
 */
final class SpaceCalls {
    private final String projectId = UUID.randomUUID().toString().replace("-", "");

    String projectId() {
        return projectId;
    }

    /** A POST of the transform route {@code route} of this project in {@code role}. */
    Answer post(String route, String body, Role role) {
        return TestStack.driver().call("POST", "/graph/transform/" + route + "/" + projectId, body,
                new Caller.InRole(projectId, role, "tester"));
    }

    /** A Viewer's GET of the exchange route {@code op} of this project ({@code /v1/<project>/<op>?query}). */
    Answer exchangeGet(String op, Map<String, String> query) {
        String raw = query.entrySet().stream().map(e -> enc(e.getKey()) + "=" + enc(e.getValue()))
                .collect(Collectors.joining("&"));
        return TestStack.driver().call("GET", "/v1/" + projectId + "/" + op + "?" + raw, null,
                new Caller.InRole(projectId, Role.Viewer, "tester"));
    }

    static boolean success(Answer a) {
        return a.json().path("success").asBoolean(false);
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
