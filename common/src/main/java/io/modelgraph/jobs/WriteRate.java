package io.modelgraph.jobs;

import io.modelgraph.graph.GraphChanges;
import java.util.Map;

/**
 * How fast a change set is written, in change units per second: one unit is one entry of a
 * {@link GraphChanges} (a node upsert, a relation, a mixin value, a removed node or relation), whatever the
 * item layout makes of it. The figure is measured (docs/graph.md "Time budget and jobs": WriteRateBench, median
 * 536 units/s for the 500-entity model on DynamoDB Local on the shared 2-core machine, rounded down to 500) and
 * divided by a safety factor for requests, because a deployed table can throttle and a busy machine is slower.
 *
 * @param unitsPerSecond the measured rate
 * @param safetyFactor   how many times longer than measured a write may take and still finish in time
 */
public record WriteRate(double unitsPerSecond, double safetyFactor) {
    /** Measured on DynamoDB Local (docs/graph.md "Time budget and jobs"): units written per second, median. */
    public static final double MEASURED_UNITS_PER_SECOND = 500;
    public static final double SAFETY_FACTOR = 3;
    /** Overrides the measured rate (tests lower it to send small writes through the job path). */
    public static final String ENV = "WRITE_UNITS_PER_SECOND";

    public WriteRate {
        if (!(unitsPerSecond > 0) || !(safetyFactor >= 1)) {
            throw new IllegalArgumentException("A write rate needs units per second > 0 and a safety factor >= 1");
        }
    }

    public static WriteRate measured() {
        return new WriteRate(MEASURED_UNITS_PER_SECOND, SAFETY_FACTOR);
    }

    /** The measured rate, unless {@value #ENV} names another (a number of units per second). */
    public static WriteRate from(Map<String, String> env) {
        String value = env.get(ENV);
        if (value == null || value.isBlank()) {
            return measured();
        }
        try {
            return new WriteRate(Double.parseDouble(value.trim()), SAFETY_FACTOR);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(ENV + " must be a positive number, got '" + value + "'", e);
        }
    }

    /** The size of a change set in units. */
    public static int units(GraphChanges changes) {
        return changes.nodes().size() + changes.relations().size() + changes.mixinValues().size()
                + changes.removedNodeIds().size() + changes.removedRelations().size();
    }

    /** The time to allow for writing {@code units}: measured rate, times the safety factor. */
    public long millisFor(int units) {
        return (long) Math.ceil(units * 1000.0 * safetyFactor / unitsPerSecond);
    }

    /** The time {@code units} take at the measured rate itself, without the safety factor. */
    public long measuredMillisFor(int units) {
        return (long) Math.ceil(units * 1000.0 / unitsPerSecond);
    }

    /** The most units that fit in {@code millis} with the safety factor. */
    public long unitsWithin(long millis) {
        return Math.max(0, (long) Math.floor(millis * unitsPerSecond / (1000.0 * safetyFactor)));
    }
}
