package io.modelgraph.graph.store;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * A held project lease ({@link WriteLease}), renewed in the background while the process lives, so a write of any
 * length keeps its project and a holder that dies frees it a lease length later (docs/graph.md "Large writes"). A
 * refused renewal marks it {@link #lost}. Close it when done; a writer failing with an {@link Error} {@link #keep}s it.
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
    private final ScheduledFuture<?> renewal;
    private volatile boolean kept;
    private volatile boolean lost;

    ProjectLease(WriteLease lease, String projectId, String writeId, long every) {
        this.lease = lease;
        this.projectId = projectId;
        this.writeId = writeId;
        this.renewal = RENEWALS.scheduleWithFixedDelay(() -> {
            if (!lease.renew(projectId, writeId)) {
                lost = true;
                throw new IllegalStateException("lease lost"); // ends the schedule
            }
        }, every, every, TimeUnit.MILLISECONDS);
    }

    String projectId() {
        return projectId;
    }

    String writeId() {
        return writeId;
    }

    /** The process is failing mid-write: leave the lease to run out. */
    void keep() {
        kept = true;
        renewal.cancel(false);
    }

    boolean lost() {
        return lost;
    }

    @Override
    public void close() {
        renewal.cancel(false);
        if (!kept) {
            lease.release(projectId, writeId);
        }
    }
}
