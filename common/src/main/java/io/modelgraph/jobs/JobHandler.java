package io.modelgraph.jobs;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import io.modelgraph.http.Router;
import io.modelgraph.log.JsonLog;
import java.util.Map;
import java.util.Optional;

/**
 * Entry of a job function (template.yaml: the route group's code, Timeout 900, invoked asynchronously with
 * {@code {"projectId": ..., "jobId": ...}}): one run of the job through the group's router, with a budget of
 * the invocation's remaining time that never defers again. The router's graph store holds its write lease for
 * {@link Jobs#RUN_LEASE}, so a settle never gives up a live run's write.
 */
public abstract class JobHandler implements RequestHandler<Map<String, String>, String> {
    private static final JsonLog LOG = JsonLog.of(JobHandler.class);

    private final Router router;
    private final Jobs jobs;

    protected JobHandler(Router router, Jobs jobs) {
        this.router = router;
        this.jobs = jobs;
    }

    @Override
    public String handleRequest(Map<String, String> event, Context context) {
        String projectId = event == null ? "" : event.getOrDefault("projectId", "");
        String jobId = event == null ? "" : event.getOrDefault("jobId", "");
        long remaining = context == null ? Jobs.RUN_TIMEOUT.toMillis() : context.getRemainingTimeInMillis();
        Optional<JobRecord> done = run(projectId, jobId, remaining);
        return done.map(j -> j.state().name()).orElse("not taken");
    }

    /** One run with {@code remainingMillis} left; empty when the job was not taken (see {@link Jobs#run}). */
    public Optional<JobRecord> run(String projectId, String jobId, long remainingMillis) {
        Optional<JobRecord> out = jobs.run(projectId, jobId,
                request -> router.dispatch(request, WriteBudget.job(remainingMillis, router.rate())));
        if (out.isEmpty()) {
            LOG.info("Job not taken: unknown, done, or running elsewhere", Map.of("projectId", projectId,
                    "jobId", jobId));
        }
        return out;
    }
}
