package io.modelgraph.transform.plan;

import java.util.List;

/** An ordered list of operations: what schema/map produced and plan/execute replays. */
public record Plan(List<PlanOp> operations) {
    public static final Plan EMPTY = new Plan(List.of());

    public Plan {
        operations = List.copyOf(operations);
    }
}
