package io.modelgraph.jobs;

import io.modelgraph.api.ApiProblem;
import io.modelgraph.graph.GraphChanges;

/**
 * The time one request (or one job run) has for its writes: the Lambda context's remaining time when it
 * started (the local gateway gives the template's 29 s too). {@link #admit} is called with a change set
 * before it is written: a set that would not finish in time by the measured {@link WriteRate} is not
 * started. In a request (judged with the safety factor) it is deferred to a job ({@link WriteDeferred}); in a
 * job, which has nowhere left to go, it is refused with 413 only when even the measured rate itself cannot
 * write it in time (a job that runs out of time anyway is killed and its write undone, see docs/graph.md).
 *
 * @param deadlineEpochMillis when the function is cut off
 * @param deferrable          a request (may become a job), or a job run (may not)
 * @param rate                the measured write rate with its safety factor
 */
public record WriteBudget(long deadlineEpochMillis, boolean deferrable, WriteRate rate) {
    /** Kept back from the deadline for what follows a write: the after-write reads and the answer. */
    public static final long RESERVE_MILLIS = 4_000;

    /** A request with {@code remainingMillis} left (the Lambda context's figure). */
    public static WriteBudget request(long remainingMillis, WriteRate rate) {
        return new WriteBudget(System.currentTimeMillis() + remainingMillis, true, rate);
    }

    /** A job run with {@code remainingMillis} left. */
    public static WriteBudget job(long remainingMillis, WriteRate rate) {
        return new WriteBudget(System.currentTimeMillis() + remainingMillis, false, rate);
    }

    /** No deadline (code run outside a function invocation: the demo loader, direct calls in tests). */
    public static WriteBudget unbounded() {
        return new WriteBudget(Long.MAX_VALUE, false, WriteRate.measured());
    }

    public long remainingMillis() {
        return deadlineEpochMillis == Long.MAX_VALUE ? Long.MAX_VALUE
                : deadlineEpochMillis - System.currentTimeMillis();
    }

    /** The remaining time less the reserve: what a write or the fetches before it may use. */
    public long usableMillis() {
        long left = remainingMillis();
        return left == Long.MAX_VALUE ? left : left - RESERVE_MILLIS;
    }

    /**
     * After decoding, before planning (docs/graph.md#time-budget-and-jobs: a decode that used up most of the request must not start a plan it
     * cannot finish): a request whose time left could not write {@code definitions} change units at the measured
     * rate - without the safety factor, since a re-import may write far fewer than one per definition, but a first
     * import writes at least that many and planning reads the spaces besides - is deferred before the spaces are
     * read. A job run never defers here; {@link #admit} still judges the planned change set.
     */
    public void admitDecoded(int definitions) {
        if (!deferrable) {
            return;
        }
        long needed = rate.measuredMillisFor(WriteKind.CHANGE_SET, definitions);
        long usable = usableMillis();
        if (needed > usable) {
            throw new WriteDeferred(definitions, needed, usable);
        }
    }

    /**
     * The time left once {@code units} change units of {@code kind} are written at the rate {@link #admit} judges
     * by: what the write may spend waiting for another large write to the project before it starts (zero when
     * none is left; very long without a deadline, so the caller bounds it).
     */
    public java.time.Duration spareFor(WriteKind kind, int units) {
        long usable = usableMillis();
        if (usable == Long.MAX_VALUE) {
            return java.time.Duration.ofMillis(Long.MAX_VALUE);
        }
        long needed = deferrable ? rate.millisFor(kind, units) : rate.measuredMillisFor(kind, units);
        return java.time.Duration.ofMillis(Math.max(0, usable - needed));
    }

    /** Lets the change set be written now, or throws before anything is written (see the class comment). */
    public void admit(GraphChanges changes) {
        admit(WriteKind.CHANGE_SET, WriteRate.units(changes));
    }

    /** As above, for {@code units} change units of {@code kind} (its own measured rate). */
    public void admit(WriteKind kind, int units) {
        long needed = deferrable ? rate.millisFor(kind, units) : rate.measuredMillisFor(kind, units);
        long usable = usableMillis();
        if (needed <= usable) {
            return;
        }
        if (deferrable) {
            throw new WriteDeferred(units, needed, usable);
        }
        throw ApiProblem.tooLarge("", "The change set has " + units + " changes; at the measured "
                + (long) rate.unitsPerSecond(kind) + " per second it needs about " + needed / 1000 + " s, more than the "
                + Math.max(0, usable) / 1000 + " s a job has. Nothing was written; split the input.");
    }
}
