package io.modelgraph.jobs;

import io.modelgraph.api.ApiProblem;
import io.modelgraph.api.EnvelopeStyle;
import io.modelgraph.api.Reply;
import io.modelgraph.auth.Role;
import io.modelgraph.http.Call;
import io.modelgraph.http.Route;
import java.util.List;

/**
 * The job route of each surface. Viewer at the door, then the role the deferred call was made with (for every
 * write deferred today: Admin): whoever may not make that write may not read its job, and a job of another
 * project or surface is not found.
 */
public final class JobRoutes {
    public static final String TRANSFORM = "/graph/transform/jobs/{projectId}/{jobId}";
    public static final String V1 = "/v1/{projectId}/jobs/{jobId}";
    /** The interactive integration routes' jobs (the capture import): same envelope as the transform surface. */
    public static final String INTEGRATIONS_PREFIX = "/graph/integrations/";
    public static final String INTEGRATIONS = INTEGRATIONS_PREFIX + "{vendor}/jobs/{projectId}/{jobId}";

    public static Route transform(Jobs jobs) {
        return Route.graph("GET", TRANSFORM).role(Role.Viewer, call -> new Reply.Transform(
                io.modelgraph.json.Json.object().set("job", jobs.describe(job(jobs, call, EnvelopeStyle.TRANSFORM,
                        "/graph/transform/"))), List.of(), 200));
    }

    public static Route v1(Jobs jobs) {
        return Route.v1("GET", V1).role(Role.Viewer, call -> Reply.data(jobs.describe(job(jobs, call,
                EnvelopeStyle.V1, "/v1/"))));
    }

    /** {@code vendorCheck} refuses an unknown {@code {vendor}} (404) as the surface's other routes do. */
    public static Route integrations(Jobs jobs, java.util.function.Consumer<String> vendorCheck) {
        return Route.graph("GET", INTEGRATIONS).role(Role.Viewer, call -> {
            vendorCheck.accept(call.request().pathParam("vendor"));
            return new Reply.Transform(io.modelgraph.json.Json.object().set("job", jobs.describe(job(jobs, call,
                    EnvelopeStyle.TRANSFORM, INTEGRATIONS_PREFIX))), List.of(), 200);
        });
    }

    /** The job, if it is this project's and was deferred from a route under {@code surface} (a path prefix). */
    private static JobRecord job(Jobs jobs, Call call, EnvelopeStyle style, String surface) {
        String jobId = call.request().pathParam("jobId");
        JobRecord job = jobs.find(call.projectId(), jobId)
                .filter(j -> j.style() == style && j.routeKey().contains(" " + surface))
                .orElseThrow(() -> ApiProblem.notFound("jobId", "No job '" + jobId + "' in project "
                        + call.projectId() + " (jobs are kept for 7 days)."));
        call.require(job.role());
        return job;
    }

    private JobRoutes() {
    }
}
