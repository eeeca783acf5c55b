package io.modelgraph.jobs;

/**
 * Thrown by {@link WriteBudget#admit} before anything is written: the change set does not fit the time the
 * request has left, so the router stores the request and answers 202 with a job that runs it with a longer
 * budget. Not an error of the caller, and nothing was written.
 */
public final class WriteDeferred extends RuntimeException {
    private final int units;
    private final long neededMillis;
    private final long leftMillis;

    public WriteDeferred(int units, long neededMillis, long leftMillis) {
        super("A write of " + units + " change units needs about " + neededMillis / 1000 + " s; the request had "
                + Math.max(0, leftMillis) / 1000 + " s left, so it runs as a job", null, false, false);
        this.units = units;
        this.neededMillis = neededMillis;
        this.leftMillis = leftMillis;
    }

    public int units() {
        return units;
    }

    public long neededMillis() {
        return neededMillis;
    }

    public long leftMillis() {
        return leftMillis;
    }
}
