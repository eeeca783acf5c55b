package io.modelgraph.exchange.validate;

import io.modelgraph.codec.jsonld.JsonLdExportOptions;
import java.util.Optional;

/** Which schema an export or validation uses: a space, and optionally the Type node that is its root. */
public record SchemaTarget(JsonLdExportOptions.SpaceInfo space, Optional<String> rootNodeId, Optional<String> rootType) {
}
