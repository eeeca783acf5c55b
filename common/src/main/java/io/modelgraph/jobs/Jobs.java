package io.modelgraph.jobs;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.api.EnvelopeStyle;
import io.modelgraph.api.FatalError;
import io.modelgraph.auth.Role;
import io.modelgraph.http.ApiRequest;
import io.modelgraph.http.Router;
import io.modelgraph.http.StoredRequests;
import io.modelgraph.json.Json;
import io.modelgraph.platform.Services;
import io.modelgraph.store.BlobStore;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;

/**
 * Deferred writes (docs/graph.md "Time budget and jobs"): a request whose change set does not fit its time is
 * stored and answered 202 ({@link #defer}); a run replays it through the same router with the job's longer
 * budget and keeps the envelope it answered ({@link #run}); the job routes read it back ({@link #find}).
 */
public final class Jobs {
    /** The job functions' timeout in template.yaml (Lambda's maximum). */
    public static final Duration RUN_TIMEOUT = Duration.ofSeconds(900);
    /**
     * How long a job run's claim ({@code runUntil}) and its write lease last without renewal: a live run renews both
     * every 22.5 s, so a run that dies holds its project for 90 s at most and is reported failed after that.
     */
    public static final Duration RUN_LEASE = Duration.ofSeconds(90);
    private static final ScheduledExecutorService HEARTBEATS = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "job-heartbeat");
        t.setDaemon(true);
        return t;
    });

    private final JobStore store;
    private final JobLauncher launcher;

    public Jobs(JobStore store, JobLauncher launcher) {
        this.store = store;
        this.launcher = launcher;
    }

    /** Jobs over the service's graph table and bucket, started by {@code launcher}. */
    public static Jobs of(Services services, JobLauncher launcher) {
        return new Jobs(new JobStore(services.dynamo(), services.stores().graphTable(),
                () -> new BlobStore(services.s3(), services.stores().bucket()), services.clock()), launcher);
    }

    /** Stores the request as a queued job and starts its run; returns the job. */
    public JobRecord defer(ApiRequest request, String routeKey, EnvelopeStyle style, Role role, String projectId,
            String subject, int units) {
        java.time.Instant now = store.now();
        JobRecord job = new JobRecord(projectId, UUID.randomUUID().toString().replace("-", ""), routeKey, style, role,
                subject, JobState.queued, units, 0, now, now, Optional.empty(), Optional.empty());
        store.create(job, StoredRequests.write(request));
        launcher.launch(projectId, job.jobId());
        return job;
    }

    /** The job; one whose run died (no heartbeat for {@link #RUN_LEASE}) is marked failed as it is read. */
    public Optional<JobRecord> find(String projectId, String jobId) {
        Optional<JobRecord> job = store.get(projectId, jobId);
        if (job.isPresent() && job.get().runDied(store.now())) {
            return store.failDied(job.get());
        }
        return job;
    }

    /**
     * One run of a job: takes it (only if queued, or if its last run died), replays the stored request through
     * {@code dispatch} and keeps the answer. Returns the job as left, or empty when it was not taken (unknown,
     * done, or running elsewhere).
     */
    public Optional<JobRecord> run(String projectId, String jobId,
            Function<ApiRequest, APIGatewayV2HTTPResponse> dispatch) {
        Optional<JobRecord> claimed = store.claim(projectId, jobId, store.now().plus(RUN_LEASE));
        if (claimed.isEmpty()) {
            return Optional.empty();
        }
        JobRecord job = claimed.get();
        long every = RUN_LEASE.dividedBy(4).toMillis();
        ScheduledFuture<?> heartbeat = HEARTBEATS.scheduleWithFixedDelay(() -> store.extend(projectId, jobId,
                job.attempts(), store.now().plus(RUN_LEASE)), every, every, TimeUnit.MILLISECONDS);
        APIGatewayV2HTTPResponse answer;
        try {
            byte[] stored = store.request(projectId, jobId).orElseThrow(() -> new IllegalStateException(
                    "The stored request of job " + jobId + " is missing"));
            answer = dispatch.apply(ApiRequest.from(StoredRequests.read(stored)));
        } catch (RuntimeException e) {
            answer = Router.renderFatal(job.style(), FatalError.record(e, Map.of("jobId", jobId,
                    "projectId", projectId)));
        } finally {
            heartbeat.cancel(false);
        }
        store.finish(projectId, jobId, answer.getStatusCode(), answer.getBody());
        return store.get(projectId, jobId);
    }

    /** A job as its route shows it: state, and when done the status and envelope the request answered. */
    public ObjectNode describe(JobRecord job) {
        ObjectNode out = Json.object();
        out.put("jobId", job.jobId());
        boolean died = job.runDied(store.now());
        out.put("state", job.state().name());
        out.put("route", job.routeKey());
        out.put("changes", job.units());
        out.put("attempts", job.attempts());
        out.put("createdAt", job.createdAt().toString());
        out.put("updatedAt", job.updatedAt().toString());
        if (died || job.state() == JobState.failed) {
            out.put("message", "The run ended without an answer (killed at its timeout or crashed); what it wrote"
                    + " is undone and nothing of it stays. Send the request again.");
        }
        if (job.state() == JobState.done) {
            job.status().ifPresent(s -> out.put("statusCode", s));
            store.result(job.projectId(), job.jobId()).ifPresent(text -> out.set("result", parse(text)));
        }
        return out;
    }

    /**
     * Where the job of a request to {@code requestPath} is read back: the job route of its surface (the
     * integration routes have their own, under their vendor).
     */
    public static String statusPath(EnvelopeStyle style, String requestPath, String projectId, String jobId) {
        if (requestPath.startsWith(JobRoutes.INTEGRATIONS_PREFIX)) {
            String vendor = requestPath.substring(JobRoutes.INTEGRATIONS_PREFIX.length()).split("/", 2)[0];
            return JobRoutes.INTEGRATIONS_PREFIX + vendor + "/jobs/" + projectId + "/" + jobId;
        }
        return statusPath(style, projectId, jobId);
    }

    /** Where the job of a deferred request is read back (the transform and /v1 surfaces). */
    public static String statusPath(EnvelopeStyle style, String projectId, String jobId) {
        return style == EnvelopeStyle.TRANSFORM ? "/graph/transform/jobs/" + projectId + "/" + jobId
                : "/v1/" + projectId + "/jobs/" + jobId;
    }

    private static JsonNode parse(String text) {
        try {
            return Json.parse(text);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            return Json.MAPPER.getNodeFactory().textNode(text);
        }
    }
}
