package io.modelgraph.transform;

import io.modelgraph.api.ErrorEntry;
import io.modelgraph.api.TransformFailure;
import io.modelgraph.schema.SchemaModel;
import java.util.List;

/** Stands in while the graph ↔ canonical mapping is not in the build: every use answers 501, never pretends. */
final class UnavailableProjectModels implements ProjectModels {
    private static TransformFailure unavailable() {
        return new TransformFailure(501, List.of(new ErrorEntry("projectId", "Reading or writing the project's schema"
                + " needs the graph to canonical model mapping, which is not available in this release.")), List.of());
    }

    @Override
    public SchemaModel read(String projectId, List<String> spaces) {
        throw unavailable();
    }

    @Override
    public WriteSummary preview(String projectId, List<String> spaces, SchemaModel model) {
        throw unavailable();
    }

    @Override
    public WriteSummary write(String projectId, List<String> spaces, SchemaModel model, String subject) {
        throw unavailable();
    }
}
