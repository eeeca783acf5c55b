package io.modelgraph.jobs;

import io.modelgraph.api.EnvelopeStyle;
import io.modelgraph.auth.Role;
import io.modelgraph.store.Attr;
import io.modelgraph.store.BlobStore;
import io.modelgraph.store.Tables;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/**
 * Jobs in the graph table, outside every project's graph partition ({@code pk = J#<projectId>}, {@code sk} the
 * job id), so graph reads never meet them; each item carries the table's TTL attribute and disappears a week
 * after its last change. The stored request and the result envelope can be megabytes, so they are S3 objects
 * ({@code <projectId>/jobs/<jobId>/request.json}, {@code .../result.json}, through {@link BlobStore}).
 */
public final class JobStore {
    /** How long a job and its objects are kept after its last change. */
    public static final Duration KEPT = Duration.ofDays(7);
    public static final String PK_PREFIX = "J#";
    private final DynamoDbClient dynamo;
    private final String table;
    /** Built on first use: a function that never defers a write never builds an S3 client. */
    private final java.util.function.Supplier<BlobStore> blobs;
    private final Clock clock;

    public JobStore(DynamoDbClient dynamo, String table, java.util.function.Supplier<BlobStore> blobs, Clock clock) {
        this.dynamo = dynamo;
        this.table = table;
        this.blobs = blobs;
        this.clock = clock;
    }

    public Instant now() {
        return clock.instant();
    }

    /** Stores the request, then the queued job (so a run that finds the job finds its input too). */
    public void create(JobRecord job, byte[] request) {
        blobs.get().put(job.projectId(), blobName(job.jobId(), "request"), request, "application/json");
        Map<String, AttributeValue> item = new HashMap<>(key(job.projectId(), job.jobId()));
        item.put("routeKey", Attr.s(job.routeKey()));
        item.put("style", Attr.s(job.style().name()));
        item.put("role", Attr.s(job.role().name()));
        item.put("subject", Attr.s(job.subject()));
        item.put("state", Attr.s(job.state().name()));
        item.put("units", Attr.n(job.units()));
        item.put("attempts", Attr.n(job.attempts()));
        item.put("createdAt", Attr.n(job.createdAt().toEpochMilli()));
        item.put("updatedAt", Attr.n(job.updatedAt().toEpochMilli()));
        item.put(Tables.TTL, Attr.n(job.updatedAt().plus(KEPT).getEpochSecond()));
        dynamo.putItem(b -> b.tableName(table).item(item).conditionExpression("attribute_not_exists(#sk)")
                .expressionAttributeNames(Map.of("#sk", Tables.SK)));
    }

    public Optional<JobRecord> get(String projectId, String jobId) {
        var r = dynamo.getItem(b -> b.tableName(table).key(key(projectId, jobId)).consistentRead(true));
        return r.hasItem() && !r.item().isEmpty() ? Optional.of(decode(projectId, r.item())) : Optional.empty();
    }

    /**
     * Takes the job for one run: only a queued job, or one whose last run died ({@link JobRecord#runDied}), so
     * a duplicate delivery of the launch never runs a job twice at the same time. Empty when not taken.
     */
    public Optional<JobRecord> claim(String projectId, String jobId, Instant runUntil) {
        Instant now = clock.instant();
        try {
            UpdateItemResponse r = dynamo.updateItem(b -> b.tableName(table).key(key(projectId, jobId))
                    .updateExpression("SET #state = :running, #attempts = #attempts + :one, #runUntil = :until,"
                            + " #updatedAt = :now, #ttl = :ttl")
                    .conditionExpression("attribute_exists(#sk) AND (#state = :queued OR (#state = :running AND"
                            + " #runUntil < :now))")
                    .expressionAttributeNames(Map.of("#state", "state", "#attempts", "attempts", "#runUntil",
                            "runUntil", "#updatedAt", "updatedAt", "#ttl", Tables.TTL, "#sk", Tables.SK))
                    .expressionAttributeValues(Map.of(":running", Attr.s(JobState.running.name()),
                            ":queued", Attr.s(JobState.queued.name()), ":one", Attr.n(1),
                            ":until", Attr.n(runUntil.toEpochMilli()), ":now", Attr.n(now.toEpochMilli()),
                            ":ttl", Attr.n(now.plus(KEPT).getEpochSecond())))
                    .returnValues(ReturnValue.ALL_NEW));
            return Optional.of(decode(projectId, r.attributes()));
        } catch (ConditionalCheckFailedException notClaimable) {
            return Optional.empty();
        }
    }

    /**
     * Moves a live run's {@code runUntil} on (its heartbeat): only while the job is still that run's ({@code
     * attempts} as claimed) and running. False when it is not (or DynamoDB did not answer).
     */
    public boolean extend(String projectId, String jobId, int attempt, Instant runUntil) {
        try {
            dynamo.updateItem(b -> b.tableName(table).key(key(projectId, jobId))
                    .updateExpression("SET #runUntil = :until")
                    .conditionExpression("#state = :running AND #attempts = :attempt")
                    .expressionAttributeNames(Map.of("#state", "state", "#attempts", "attempts", "#runUntil",
                            "runUntil"))
                    .expressionAttributeValues(Map.of(":running", Attr.s(JobState.running.name()),
                            ":attempt", Attr.n(attempt), ":until", Attr.n(runUntil.toEpochMilli()))));
            return true;
        } catch (software.amazon.awssdk.core.exception.SdkException notOurs) {
            return false;
        }
    }

    /**
     * Marks a job whose run died ({@link JobRecord#runDied}) failed, once; answers the job as it is now. A run that
     * renewed meanwhile, or finished, is left as it is.
     */
    public Optional<JobRecord> failDied(JobRecord job) {
        Instant now = clock.instant();
        try {
            dynamo.updateItem(b -> b.tableName(table).key(key(job.projectId(), job.jobId()))
                    .updateExpression("SET #state = :failed, #updatedAt = :now, #ttl = :ttl")
                    .conditionExpression("#state = :running AND #runUntil < :now")
                    .expressionAttributeNames(Map.of("#state", "state", "#runUntil", "runUntil", "#updatedAt",
                            "updatedAt", "#ttl", Tables.TTL))
                    .expressionAttributeValues(Map.of(":running", Attr.s(JobState.running.name()),
                            ":failed", Attr.s(JobState.failed.name()), ":now", Attr.n(now.toEpochMilli()),
                            ":ttl", Attr.n(now.plus(KEPT).getEpochSecond()))));
        } catch (ConditionalCheckFailedException changedMeanwhile) {
            // renewed or finished since it was read
        }
        return get(job.projectId(), job.jobId());
    }

    public Optional<byte[]> request(String projectId, String jobId) {
        return blobs.get().get(projectId, blobName(jobId, "request"));
    }

    /** Stores the envelope the request answered, then marks the job done with its status. */
    public void finish(String projectId, String jobId, int status, String envelope) {
        blobs.get().put(projectId, blobName(jobId, "result"), envelope.getBytes(StandardCharsets.UTF_8),
                "application/json");
        Instant now = clock.instant();
        dynamo.updateItem(b -> b.tableName(table).key(key(projectId, jobId))
                .updateExpression("SET #state = :done, #status = :status, #updatedAt = :now, #ttl = :ttl")
                .conditionExpression("attribute_exists(#sk)")
                .expressionAttributeNames(Map.of("#state", "state", "#status", "status", "#updatedAt", "updatedAt",
                        "#ttl", Tables.TTL, "#sk", Tables.SK))
                .expressionAttributeValues(Map.of(":done", Attr.s(JobState.done.name()), ":status", Attr.n(status),
                        ":now", Attr.n(now.toEpochMilli()), ":ttl", Attr.n(now.plus(KEPT).getEpochSecond()))));
    }

    /** The envelope of a done job. */
    public Optional<String> result(String projectId, String jobId) {
        return blobs.get().get(projectId, blobName(jobId, "result")).map(b -> new String(b, StandardCharsets.UTF_8));
    }

    private static String blobName(String jobId, String what) {
        return "jobs/" + jobId + "/" + what + ".json";
    }

    private static Map<String, AttributeValue> key(String projectId, String jobId) {
        return Map.of(Tables.PK, Attr.s(PK_PREFIX + projectId), Tables.SK, Attr.s(jobId));
    }

    private static JobRecord decode(String projectId, Map<String, AttributeValue> item) {
        return new JobRecord(projectId, item.get(Tables.SK).s(), item.get("routeKey").s(),
                EnvelopeStyle.valueOf(item.get("style").s()), Role.valueOf(item.get("role").s()),
                item.get("subject").s(), JobState.valueOf(item.get("state").s()),
                Integer.parseInt(item.get("units").n()), Integer.parseInt(item.get("attempts").n()),
                Instant.ofEpochMilli(Long.parseLong(item.get("createdAt").n())),
                Instant.ofEpochMilli(Long.parseLong(item.get("updatedAt").n())),
                Optional.ofNullable(item.get("runUntil")).map(v -> Instant.ofEpochMilli(Long.parseLong(v.n()))),
                Optional.ofNullable(item.get("status")).map(v -> Integer.parseInt(v.n())));
    }
}
