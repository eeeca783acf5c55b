package io.modelgraph.schema.graph;

import io.modelgraph.graph.GraphChanges;
import io.modelgraph.graph.GraphSnapshot;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.SchemaModel;
import java.util.List;
import java.util.function.Supplier;

/**
 * The graph ↔ canonical model mapping, pure (no I/O). Types, Elements, Taxonomies and Exemplars (taxonomy terms)
 * are nodes; an Element domain-includes its Type, a Type is subclass-of its supertypes, an Element
 * range-includes the Type or Taxonomy its values come from, a Taxonomy has-member its Exemplars; every other fact
 * is a default mixin value (description, data-type, cardinality, constraints, values, mapping, provenance, term,
 * annotations). The model as a whole (name, description, namespaces, provenance, annotations, root type,
 * identifier, relationships) is held by one model node per space: a Component carrying the {@code model} mixin.
 *
 * <p>Writing matches existing nodes (Types and Taxonomies by label, preferring the same provenance format;
 * Elements by label within their Type; Exemplars by term code within their Taxonomy) and writes only what
 * differs, so re-applying a model the graph already holds yields an empty change set. Elements and Exemplars
 * of a matched Type or Taxonomy that the model no longer has are removed; other Types are never removed.
 */
public final class ModelGraphMapper {
    /** Annotation keys the mapper keeps for itself; never read back into the model. */
    public static final String RESERVED_PREFIX = "modelgraph.";
    /** Position of a Type, Taxonomy or Element in its model (the graph itself has no order). */
    public static final String ORDER = "modelgraph.order";
    /** Supertypes of a Type in declared order, JSON array (relations have no order); set when more than one. */
    public static final String SUPERTYPES = "modelgraph.supertypes";
    /**
     * Element constraint numbers with trailing zeros ({@code 4.50}), JSON object column to exact text: DynamoDB
     * keeps a number's value, not its scale, and formats re-emit the scale they read.
     */
    public static final String DECIMALS = "modelgraph.decimals";
    /** Set on abstract Types (no default mixin column says so). */
    public static final String ABSTRACT = "modelgraph.abstract";

    /**
     * The model the snapshot holds. Its model-level facts (name, description, namespaces, provenance,
     * annotations, ...) come from the model node of the first snapshot space that has one; without one the model
     * is named {@code name} and has no model-level facts.
     */
    public SchemaModel toModel(GraphSnapshot snapshot, String name) {
        return new ModelAssembler(snapshot).assemble(name);
    }

    /** Whether the snapshot holds a model node (model-level facts written by an import or merge). */
    public boolean holdsModelFacts(GraphSnapshot snapshot) {
        return new ModelAssembler(snapshot).hasHeader();
    }

    public SchemaModel toModel(GraphSnapshot snapshot) {
        return toModel(snapshot, "model");
    }

    /**
     * The writes that make {@code existing} hold {@code model}. New nodes go to {@code spaceIds} (the caller
     * resolves an empty request to the project's main space); matched nodes outside them are added to them.
     * {@code newId} mints ids for new nodes and relations.
     */
    public GraphChanges toChanges(SchemaModel model, GraphSnapshot existing, List<String> spaceIds,
            Supplier<String> newId) {
        return toChanges(model, existing, spaceIds, newId, new LossinessLedger());
    }

    /**
     * As above; model-level facts of a different model that conflict with those the first target space already
     * holds are kept out and written to {@code ledger} (docs/model.md "Model-level facts").
     */
    public GraphChanges toChanges(SchemaModel model, GraphSnapshot existing, List<String> spaceIds,
            Supplier<String> newId, LossinessLedger ledger) {
        if (spaceIds.isEmpty()) {
            throw new IllegalArgumentException("spaceIds must name at least one space (the main space by default)");
        }
        return new ChangePlanner(model, existing, spaceIds, newId, ledger).plan();
    }
}
