package io.modelgraph.codec.odm;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What an entity document says, before conversion: its title and kind ({@code Entity} or {@code Utility Object}),
 * the purpose paragraph, the object tables, and the schemas of all its YAML blocks by top-level name, in order.
 */
public record OdmDocument(String title, String kind, Optional<String> purpose, List<OdmObjectTable> objects,
        Map<String, JsonNode> schemas) {
    public OdmDocument {
        objects = List.copyOf(objects);
        schemas = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(schemas));
    }
}
