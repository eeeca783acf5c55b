package io.modelgraph.ledger;

/** The four ways a conversion can lose meaning without stopping. */
public enum LossKind {
    /** A construct was dropped: the target has no place for it. */
    StructuralDrop,
    /** A type was replaced by the nearest the target has (a {@code decimal(10,2)} becomes a number). */
    TypeApproximation,
    /** A constraint was loosened or removed (a pattern the target cannot state). */
    ConstraintRelaxation,
    /** Meaning was narrowed (a union reduced to one branch, an open enum closed). */
    SemanticNarrowing
}
