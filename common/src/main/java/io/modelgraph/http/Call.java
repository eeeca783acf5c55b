package io.modelgraph.http;

import io.modelgraph.auth.Caller;
import io.modelgraph.auth.Role;

/** One authenticated call of a route: the request, who sent it, and the project it addresses (empty if none). */
public record Call(ApiRequest request, Caller caller, String projectId) {

    /** Raises the bar above the route's minimum, for rules that depend on the body (dry runs, mapping kinds). */
    public Role require(Role role) {
        return caller.require(projectId, role);
    }

    public String subject() {
        return caller.subject();
    }
}
