package io.modelgraph.compat;

import java.util.List;

/** The answer for one consumer format: compatible when none of its findings is an ERROR. */
public record ConsumerVerdict(String consumer, boolean compatible, List<Finding> findings) {
    public ConsumerVerdict {
        findings = List.copyOf(findings);
    }

    static ConsumerVerdict of(String consumer, List<Finding> findings) {
        return new ConsumerVerdict(consumer, findings.stream().noneMatch(f -> f.severity() == Severity.ERROR),
                findings);
    }
}
