package io.modelgraph.graph;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;

/** The values one node holds for one mixin, by column id. Values are JSON scalars, arrays or objects. */
public record MixinValue(String nodeId, String mixinId, Map<String, JsonNode> columns) {
    public MixinValue {
        columns = Map.copyOf(columns);
    }
}
