package io.modelgraph.codec.jsonld;

import java.util.Optional;
import java.util.Set;

/**
 * The exportJsonLd parameters. {@code selection}, when present, holds the names of the model parts the caller
 * picked with nodeIds (types, elements and taxonomies by name); the export flags still apply on top of it.
 * {@code space} is the Service_Space entry (id and label) when includeSpace is set.
 */
public record JsonLdExportOptions(boolean exportTypes, boolean exportElements, boolean exportTaxonomies,
        boolean exportDataTypes, boolean graphBased, boolean useDefaultType, Optional<SpaceInfo> space,
        Optional<Set<String>> selection) {

    public record SpaceInfo(String id, String label) {
    }

    public JsonLdExportOptions {
        selection = selection.map(Set::copyOf);
    }

    boolean selected(String name) {
        return selection.isEmpty() || selection.get().contains(name);
    }
}
