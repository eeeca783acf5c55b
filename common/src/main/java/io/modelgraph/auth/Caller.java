package io.modelgraph.auth;

import io.modelgraph.api.ApiProblem;
import java.util.Map;
import java.util.Optional;

/**
 * Who is calling and which projects they may touch. Built from the gateway's authorizer output;
 * every project-scoped operation goes through {@link #require}.
 */
public record Caller(String subject, CredentialKind kind, Map<String, Role> grants) {
    public Caller {
        grants = Map.copyOf(grants);
    }

    public Optional<Role> roleOn(String projectId) {
        return Optional.ofNullable(grants.get(projectId));
    }

    /** Throws a 401 logical error unless the caller holds {@code required} or higher on the project. */
    public Role require(String projectId, Role required) {
        Role held = grants.get(projectId);
        if (held == null) {
            throw ApiProblem.unauthorized("The " + describe() + " grants no role on project " + projectId + ".");
        }
        if (!held.atLeast(required)) {
            throw ApiProblem.unauthorized("This operation needs role " + required + " or higher on project " + projectId
                    + "; the " + describe() + " grants " + held + ".");
        }
        return held;
    }

    private String describe() {
        return kind == CredentialKind.API_KEY ? "API key" : "token";
    }
}
