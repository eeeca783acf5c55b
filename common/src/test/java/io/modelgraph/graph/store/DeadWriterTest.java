package io.modelgraph.graph.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelgraph.api.EnvelopeStyle;
import io.modelgraph.auth.Role;
import io.modelgraph.graph.MainSpace;
import io.modelgraph.graph.Node;
import io.modelgraph.graph.NodeType;
import io.modelgraph.jobs.JobLauncher;
import io.modelgraph.jobs.JobRecord;
import io.modelgraph.jobs.JobState;
import io.modelgraph.jobs.JobStore;
import io.modelgraph.jobs.Jobs;
import io.modelgraph.platform.Services;
import io.modelgraph.store.BlobStore;
import io.modelgraph.store.TestStores;
import io.modelgraph.testing.MovableClock;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A job run that dies holding its project (docs/graph.md "Time budget and jobs"): its write lease and its claim on
 * the job are renewed only while its process lives, so 90 s after the kill (within two minutes) the project takes
 * node creates again and the job reads as failed, not running.
 */
class DeadWriterTest {
    private final Services services = TestStores.services();
    private final MovableClock clock = new MovableClock(); // moved on by the test, instead of waiting 90 s
    private final GraphStore store = GraphStore.forJobs(new Services(services.stores(), services.dynamo(),
            services.s3(), services.settings(), clock), Jobs.RUN_LEASE);
    private final JobStore jobStore = new JobStore(services.dynamo(), services.stores().graphTable(),
            () -> new BlobStore(services.s3(), services.stores().bucket()), clock);
    private final Jobs jobs = new Jobs(jobStore, JobLauncher.NONE);

    private Node node(String projectId, String id) {
        String main = MainSpace.idFor(projectId);
        return new Node(id, "N " + id, NodeType.Element, List.of(main), clock.instant(), clock.instant(), "tester",
                "tester", false, 1);
    }

    @Test
    void aDeadJobFreesItsProjectWithinTwoMinutesAndIsReportedFailed() {
        String projectId = TestStores.newProjectId();
        store.ensureMainSpace(projectId, "tester");
        Instant start = clock.instant();
        JobRecord queued = new JobRecord(projectId, "job1", "POST /v1/{projectId}/bulkCreate", EnvelopeStyle.V1,
                Role.Editor, "tester", JobState.queued, 30_000, 0, start, start, Optional.empty(), Optional.empty());
        jobStore.create(queued, "{}".getBytes(StandardCharsets.UTF_8));
        // the run takes the job and the project's write lease, then its process is killed: nothing renews either
        assertTrue(jobStore.claim(projectId, "job1", start.plus(Jobs.RUN_LEASE)).isPresent());
        ProjectLease held = store.holdForLargeWrite(projectId);
        held.keep();

        assertThrows(StoreConflictException.class, () -> store.createNode(projectId, node(projectId, "n1")),
                "while the run's lease lasts, node creates wait for it");
        assertEquals(JobState.running, jobs.find(projectId, "job1").orElseThrow().state());

        assertTrue(Jobs.RUN_LEASE.compareTo(Duration.ofMinutes(2)) < 0, "a dead run frees its project within 2 min");
        clock.advance(Jobs.RUN_LEASE.minusSeconds(1));
        assertThrows(StoreConflictException.class, () -> store.createNode(projectId, node(projectId, "n1")),
                "until the lease has run out, the dead run holds the project");
        clock.advance(Duration.ofSeconds(2));
        store.createNode(projectId, node(projectId, "n2")); // accepted: the dead run's lease has run out
        assertTrue(store.node(projectId, "n2").isPresent());
        JobRecord failed = jobs.find(projectId, "job1").orElseThrow();
        assertEquals(JobState.failed, failed.state());
        String message = jobs.describe(failed).path("message").asText();
        assertTrue(message.contains("Send the request again"), message);
        assertTrue(jobStore.claim(projectId, "job1", clock.instant().plus(Jobs.RUN_LEASE)).isEmpty(),
                "a failed job does not run again");
    }

    @Test
    void aLiveHolderRenewsItsLeaseAndKeepsTheProject() {
        String projectId = TestStores.newProjectId();
        store.ensureMainSpace(projectId, "tester");
        WriteLease lease = new WriteLease(services.dynamo(), services.stores().graphTable(), clock, Jobs.RUN_LEASE);
        lease.acquire(projectId, "w1", Duration.ZERO);
        for (int minute = 0; minute < 5; minute++) {
            clock.advance(Duration.ofSeconds(60));
            assertTrue(lease.renew(projectId, "w1"));
            assertTrue(lease.heldBy(projectId, "w1"));
        }
        assertThrows(StoreConflictException.class, () -> store.createNode(projectId, node(projectId, "n1")),
                "five minutes on, the renewed lease still holds the project");
        assertFalse(lease.renew(projectId, "w2"), "only the holder renews");
        clock.advance(Jobs.RUN_LEASE.plusSeconds(1));
        assertFalse(lease.heldBy(projectId, "w1"), "without renewal it runs out");
        store.createNode(projectId, node(projectId, "n2"));
    }
}
