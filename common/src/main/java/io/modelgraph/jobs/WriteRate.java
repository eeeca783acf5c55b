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
 * bulkCreate ({@link WriteKind#BULK_CREATE}) writes all-new items as plain batches, several times faster, and
 * has its own measured figure.
 *
 * @param unitsPerSecond     the measured rate of change sets ({@link WriteKind#CHANGE_SET})
 * @param bulkUnitsPerSecond the measured rate of bulkCreate ({@link WriteKind#BULK_CREATE})
 * @param safetyFactor   how many times longer than measured a write may take and still finish in time
 */
public record WriteRate(double unitsPerSecond, double bulkUnitsPerSecond, double safetyFactor) {
    /** Measured on DynamoDB Local (docs/graph.md "Time budget and jobs"): units written per second, median. */
    public static final double MEASURED_UNITS_PER_SECOND = 500;
    /**
     * bulkCreate's own rate ({@link WriteKind#BULK_CREATE}), measured by {@code BulkRateBench} (bench module;
     * docs/graph.md "Time budget and jobs"): units per second from the parsed call to its answer, median 1,382 on
     * the shared 2-core machine at load 9-12 (3,186 at load 5), rounded down.
     */
    public static final double MEASURED_BULK_UNITS_PER_SECOND = 1_000;
    public static final double SAFETY_FACTOR = 3;
    /** Overrides the measured rates, every kind's (tests lower it to send small writes through the job path). */
    public static final String ENV = "WRITE_UNITS_PER_SECOND";

    public WriteRate {
        if (!(unitsPerSecond > 0) || !(bulkUnitsPerSecond > 0) || !(safetyFactor >= 1)) {
            throw new IllegalArgumentException("A write rate needs units per second > 0 and a safety factor >= 1");
        }
    }

    /** One rate for every kind of write. */
    public WriteRate(double unitsPerSecond, double safetyFactor) {
        this(unitsPerSecond, unitsPerSecond, safetyFactor);
    }

    public static WriteRate measured() {
        return new WriteRate(MEASURED_UNITS_PER_SECOND, MEASURED_BULK_UNITS_PER_SECOND, SAFETY_FACTOR);
    }

    /** The measured units per second of {@code kind}. */
    public double unitsPerSecond(WriteKind kind) {
        return kind == WriteKind.BULK_CREATE ? bulkUnitsPerSecond : unitsPerSecond;
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

    /**
     * The definitions of a decoded model (Types, Elements, Taxonomies, their terms): a first import writes at least
     * one change unit for each; {@link WriteBudget#admitDecoded} judges a decoded model by it before planning.
     */
    public static int definitions(io.modelgraph.schema.SchemaModel model) {
        return model.types().size() + model.elementCount() + model.taxonomies().size()
                + model.taxonomies().stream().mapToInt(t -> t.terms().size()).sum();
    }

    /** The size of a change set in units. */
    public static int units(GraphChanges changes) {
        return changes.nodes().size() + changes.relations().size() + changes.mixinValues().size()
                + changes.removedNodeIds().size() + changes.removedRelations().size();
    }

    /** The time to allow for writing {@code units} of {@code kind}: its measured rate, times the safety factor. */
    public long millisFor(WriteKind kind, int units) {
        return (long) Math.ceil(units * 1000.0 * safetyFactor / unitsPerSecond(kind));
    }

    /** The time {@code units} of {@code kind} take at its measured rate itself, without the safety factor. */
    public long measuredMillisFor(WriteKind kind, int units) {
        return (long) Math.ceil(units * 1000.0 / unitsPerSecond(kind));
    }

    /** The most units of a change set that fit in {@code millis} with the safety factor. */
    public long unitsWithin(long millis) {
        return unitsWithin(WriteKind.CHANGE_SET, millis);
    }

    /** The most units of {@code kind} that fit in {@code millis} with the safety factor. */
    public long unitsWithin(WriteKind kind, long millis) {
        return Math.max(0, (long) Math.floor(millis * unitsPerSecond(kind) / (1000.0 * safetyFactor)));
    }
}
