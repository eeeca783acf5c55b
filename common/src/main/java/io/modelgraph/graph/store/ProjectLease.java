package io.modelgraph.graph.store;

import java.time.Instant;

/**
 * The project's large-write lease ({@link WriteLease}), taken before a large write's validation reads rather than
 * after them (docs/graph.md "Large writes"): from the moment it is held nobody else can create a node in the
 * project, so what validation read as absent stays absent and the write needs no second existence read. Close it
 * when the call is done, written or refused; a write that died with an {@link Error} keeps it ({@link #keep}) so
 * its journal is settled only once the lease has run out, as for a lease the writer took itself.
 */
public final class ProjectLease implements AutoCloseable {
    private final WriteLease lease;
    private final WriteJournal journal;
    private final String projectId;
    private final String writeId;
    private final Instant until;
    private volatile boolean kept;
    private volatile boolean journaled;

    private ProjectLease(WriteLease lease, WriteJournal journal, String projectId, String writeId, Instant until) {
        this.lease = lease;
        this.journal = journal;
        this.projectId = projectId;
        this.writeId = writeId;
        this.until = until;
    }

    /**
     * Lists the write in the journal registry, then takes the lease (see {@link WriteLease#latestEnd}): whatever
     * moment its holder dies at, the sweep finds the lease through the registry.
     */
    static ProjectLease take(WriteLease lease, WriteJournal journal, String projectId, String writeId) {
        journal.list(projectId, writeId, lease.latestEnd());
        try {
            return new ProjectLease(lease, journal, projectId, writeId, lease.acquire(projectId, writeId));
        } catch (RuntimeException busy) {
            journal.unlistUnjournaled(projectId, writeId);
            throw busy;
        }
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

    /** The process is failing mid-write: leave the lease to run out (the journal's undo waits for it). */
    void keep() {
        kept = true;
    }

    /** A journal was written under this lease: its registry entry is the journal's now ({@link WriteJournal#finish}). */
    void journaled() {
        journaled = true;
    }

    @Override
    public void close() {
        if (kept) {
            return;
        }
        lease.release(projectId, writeId);
        if (!journaled) {
            journal.unlistUnjournaled(projectId, writeId); // refused before writing: nothing for the sweep
        }
    }
}
