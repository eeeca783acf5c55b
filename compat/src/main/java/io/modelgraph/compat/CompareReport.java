package io.modelgraph.compat;

import java.util.List;

/** The verdict per consumer format and the changelog of one comparison, with the options it was read under. */
public record CompareReport(Mode mode, CompareOptions options, List<ConsumerVerdict> verdicts,
        List<Change> changelog) {
    public CompareReport {
        java.util.Objects.requireNonNull(mode, "mode");
        java.util.Objects.requireNonNull(options, "options");
        verdicts = List.copyOf(verdicts);
        changelog = List.copyOf(changelog);
    }

    /** True when every consumer format's verdict is compatible (always under {@link Mode#NONE}). */
    public boolean compatible() {
        return verdicts.stream().allMatch(ConsumerVerdict::compatible);
    }

    /** Every finding of every consumer, in verdict order. */
    public List<Finding> findings() {
        return verdicts.stream().flatMap(v -> v.findings().stream()).toList();
    }
}
