package io.modelgraph.http;

import io.modelgraph.auth.Caller;
import io.modelgraph.auth.Role;
import io.modelgraph.jobs.WriteBudget;

/**
 * One authenticated call of a route: the request, who sent it, the project it addresses (empty if none), and
 * the time its writes have ({@link WriteBudget}: a change set that does not fit becomes a job).
 */
public record Call(ApiRequest request, Caller caller, String projectId, WriteBudget budget) {

    /** Raises the bar above the route's minimum, for rules that depend on the body (dry runs, mapping kinds). */
    public Role require(Role role) {
        return caller.require(projectId, role);
    }

    public String subject() {
        return caller.subject();
    }
}
