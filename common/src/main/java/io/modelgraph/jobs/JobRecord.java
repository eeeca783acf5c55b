package io.modelgraph.jobs;

import io.modelgraph.api.EnvelopeStyle;
import io.modelgraph.auth.Role;
import java.time.Instant;
import java.util.Optional;

/**
 * One job's state (the DynamoDB item; its input and result are objects in S3).
 *
 * @param routeKey   the route that was deferred ({@code POST /graph/transform/schema/import/{projectId}})
 * @param style      the envelope of that route: its job route is the one of the same surface
 * @param role       the role the deferred call was made with: the job route asks the same of whoever reads it
 * @param units      the size of the change set that was deferred
 * @param attempts   runs started so far
 * @param runUntil   when the current run is past its function's timeout and its write lease (a run still
 *                   {@code running} after it died; a later run may take the job over)
 * @param status     when done: the HTTP status the request's envelope carries
 */
public record JobRecord(String projectId, String jobId, String routeKey, EnvelopeStyle style, Role role,
        String subject, JobState state, int units, int attempts, Instant createdAt, Instant updatedAt,
        Optional<Instant> runUntil, Optional<Integer> status) {

    /** A run that is past its time without having finished: it died (killed at the timeout, or crashed). */
    public boolean runDied(Instant now) {
        return state == JobState.running && runUntil.map(now::isAfter).orElse(false);
    }
}
