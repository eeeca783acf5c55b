package io.modelgraph.ledger;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Collects what a conversion drops, widens, relaxes or narrows, in the order it happened.
 * One ledger per call; not shared between threads. A construct a codec carries fully writes nothing.
 */
public final class LossinessLedger {
    private final List<LossEntry> entries = new ArrayList<>();

    public LossinessLedger drop(String path, String explanation) {
        return add(LossKind.StructuralDrop, path, explanation);
    }

    public LossinessLedger approximate(String path, String explanation) {
        return add(LossKind.TypeApproximation, path, explanation);
    }

    public LossinessLedger relax(String path, String explanation) {
        return add(LossKind.ConstraintRelaxation, path, explanation);
    }

    public LossinessLedger narrow(String path, String explanation) {
        return add(LossKind.SemanticNarrowing, path, explanation);
    }

    public LossinessLedger add(LossKind kind, String path, String explanation) {
        entries.add(new LossEntry(kind, path, explanation));
        return this;
    }

    public LossinessLedger addAll(List<LossEntry> more) {
        entries.addAll(more);
        return this;
    }

    public List<LossEntry> entries() {
        return Collections.unmodifiableList(new ArrayList<>(entries));
    }

    public boolean isEmpty() {
        return entries.isEmpty();
    }

    public int size() {
        return entries.size();
    }
}
