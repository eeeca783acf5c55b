package io.modelgraph.graph.store;

import java.time.Instant;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The project's large-write lease ({@link WriteLease}), taken before a large write's validation reads rather than
 * after them (docs/graph.md "Large writes"): from the moment it is held nobody else can create a node in the
 * project, so what validation read as absent stays absent and the write needs no second existence read. Close it
 * when the call is done, written or refused; a write that died with an {@link Error} keeps it ({@link #keep}) so
 * it is settled only once the lease has run out, as for a lease the writer took itself.
 *
 * <p>While held, the lease is renewed in the background ({@link WriteLease#renew}) for as long as the process
 * lives: a job's write keeps its project for its whole run, and a holder that dies (killed, timed out, out of
 * memory) stops renewing, so its lease ends at most {@link WriteLease#LENGTH} later and the project's node creates
 * and large writes go on. A renewal refused (the lease was taken over) marks the lease {@link #lost}: the writer
 * stops before its next phase and removes what it wrote.
 */
public final class ProjectLease implements AutoCloseable {
    private static final ScheduledExecutorService RENEWALS = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "graph-lease-renewal");
        t.setDaemon(true);
        return t;
    });

    private final WriteLease lease;
    private final String projectId;
    private final String writeId;
    private final Instant until;
    private volatile boolean kept;
    private volatile boolean lost;
    private final ScheduledFuture<?> renewal;

    private ProjectLease(WriteLease lease, String projectId, String writeId, Instant until) {
        this.lease = lease;
        this.projectId = projectId;
        this.writeId = writeId;
        this.until = until;
        long every = lease.renewEvery().toMillis();
        this.renewal = RENEWALS.scheduleWithFixedDelay(this::renew, every, every, TimeUnit.MILLISECONDS);
    }

    private void renew() {
        if (!lease.renew(projectId, writeId)) {
            lost = true;
            renewal.cancel(false);
        }
    }

    /** Takes the project's lease for {@code writeId} (waits a few seconds for another holder, else 409). */
    static ProjectLease take(WriteLease lease, String projectId, String writeId) {
        return take(lease, projectId, writeId, WriteLease.DEFAULT_WAIT);
    }

    /** As above, waiting up to {@code wait} for another holder (see {@link WriteLease#acquire}). */
    static ProjectLease take(WriteLease lease, String projectId, String writeId, java.time.Duration wait) {
        return new ProjectLease(lease, projectId, writeId, lease.acquire(projectId, writeId, wait));
    }

    String projectId() {
        return projectId;
    }

    String writeId() {
        return writeId;
    }

    Instant until() {
        return until;
    }

    /** The process is failing mid-write: leave the lease to run out (the settle of its write waits for it). */
    void keep() {
        kept = true;
        renewal.cancel(false);
    }

    /** The lease was taken over or dropped while held: whatever this writer still sends is no longer guarded. */
    boolean lost() {
        return lost;
    }

    @Override
    public void close() {
        renewal.cancel(false);
        if (kept) {
            return;
        }
        lease.release(projectId, writeId);
    }
}
