package io.modelgraph.ledger;

import java.util.Objects;

/** One thing a conversion changed: what kind of loss, where in the source, and why. */
public record LossEntry(LossKind kind, String path, String explanation) {
    public LossEntry {
        Objects.requireNonNull(kind, "kind");
        path = path == null ? "" : path;
        explanation = explanation == null ? "" : explanation;
    }
}
