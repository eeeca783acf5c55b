package io.modelgraph.transform;

import io.modelgraph.jobs.WriteBudget;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.SchemaModel;
import java.util.List;

/**
 * A project's schema as the transform routes see it: the graph of some spaces read as one canonical
 * model, and a canonical model written back (update in place: re-writing the same model changes
 * nothing). Implemented over {@link io.modelgraph.graph.GraphAccess} and the graph ↔ canonical mapping.
 */
public interface ProjectModels {

    /** The model held by the spaces (the project's main space when {@code spaces} is empty). */
    SchemaModel read(String projectId, List<String> spaces);

    /**
     * The model for an export: like {@link #read(String, List)}, but Types or Taxonomies sharing a label get
     * distinct names (common's {@code LabelCollisions}), each rename recorded in {@code ledger}. Not for a model
     * that is written back, which must keep the labels it matches by.
     */
    default SchemaModel readForExport(String projectId, List<String> spaces, LossinessLedger ledger) {
        return read(projectId, spaces);
    }

    /**
     * What writing {@code model} into the spaces would change; writes nothing. Model-level facts of a different
     * model that the spaces' own would keep out go to {@code ledger} (docs/model.md "Model-level facts").
     */
    WriteSummary preview(String projectId, List<String> spaces, SchemaModel model, LossinessLedger ledger);

    /**
     * Writes {@code model} into the spaces, all or nothing, as {@code subject}; conflicts as for preview. A change
     * set that does not fit {@code budget} is not started ({@link WriteBudget#admit}: it becomes a job).
     */
    WriteSummary write(String projectId, List<String> spaces, SchemaModel model, String subject,
            LossinessLedger ledger, WriteBudget budget);

    /** Counts of a change set: node upserts, relations, mixin values, removals. */
    record WriteSummary(int nodes, int relations, int mixinValues, int removedNodes, int removedRelations) {
    }
}
