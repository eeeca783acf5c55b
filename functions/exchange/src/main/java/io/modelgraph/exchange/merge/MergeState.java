package io.modelgraph.exchange.merge;

import java.util.Map;
import java.util.Optional;

/**
 * What a space remembers of its last merge: the sources it was linked to ({@code sourceKey}), the fingerprint of
 * the space right after that merge (so later local edits are detected exactly), the profile and format used, and
 * the document-level facts of the merged model (its name, description and annotations such as the JSON Schema
 * root and {@code $id}) that the graph, which holds types rather than documents, has no node for.
 */
public record MergeState(String sourceKey, String fingerprint, String format, String configTypeId, String mergedAt,
        String modelName, Optional<String> modelDescription, Map<String, String> modelAnnotations) {
    public MergeState {
        modelAnnotations = Map.copyOf(modelAnnotations);
    }
}
