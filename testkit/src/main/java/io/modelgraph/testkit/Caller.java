package io.modelgraph.testkit;

import io.modelgraph.auth.Role;

/** Who makes a call: a role in a project (a JWT), a raw bearer token, an API key, or nobody. */
public sealed interface Caller {

    /** A signed-in user holding {@code role} in {@code projectId}; {@code subject} is the token's {@code sub}. */
    record InRole(String projectId, Role role, String subject) implements Caller {
    }

    /** A signed-in user with no role claim at all (authenticated, authorized for nothing). */
    record WithoutRole(String subject) implements Caller {
    }

    /** A token as it is sent, for the tests of malformed, expired or foreign tokens. */
    record Bearer(String token) implements Caller {
    }

    /** A project API key, for the machine-to-machine routes. */
    record ApiKey(String key) implements Caller {
    }

    /** No credential. */
    record Anonymous() implements Caller {
    }

    static Caller as(String projectId, Role role) {
        return new InRole(projectId, role, "user-" + role.name());
    }

    static Caller bearer(String token) {
        return new Bearer(token);
    }

    static Caller apiKey(String key) {
        return new ApiKey(key);
    }

    static Caller anonymous() {
        return new Anonymous();
    }
}
