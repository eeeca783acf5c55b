package io.modelgraph.exchange.profile;

import io.modelgraph.graph.NodeType;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A profile maps a file's vocabulary onto the graph. {@code properties} maps a file property (a JSON-LD
 * property IRI or compact IRI, or a JSON Schema keyword) to a {@link MappingTarget}; {@code classes}
 * (JSON-LD only) maps a class IRI to the node type its instances become; {@code context} holds the
 * prefixes used to write and read compact IRIs. Order matters: on export the first property mapped to a
 * target, and the first class mapped to a node type, is the one written.
 */
public record ImportProfile(String id, String label, ProfileFormat format, boolean builtIn,
        Map<String, String> context, Map<String, NodeType> classes, Map<String, MappingTarget> properties) {

    public ImportProfile {
        // LinkedHashMap copies keep the declared order (Map.copyOf would not)
        context = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(context));
        classes = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(classes));
        properties = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(properties));
    }

    public ImportProfile withBuiltIn(boolean value) {
        return new ImportProfile(id, label, format, value, context, classes, properties);
    }

    /** The first property mapped to this target, as written on export. */
    public Optional<String> propertyFor(MappingTarget target) {
        return properties.entrySet().stream().filter(e -> e.getValue().equals(target)).map(Map.Entry::getKey)
                .findFirst();
    }

    /** The first class mapped to this node type, as written on export. */
    public Optional<String> classFor(NodeType type) {
        return classes.entrySet().stream().filter(e -> e.getValue() == type).map(Map.Entry::getKey).findFirst();
    }

    /** What the profile list operations answer: {@code Id} and {@code label}, as the API spells them. */
    public Map<String, Object> summary() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("Id", id);
        out.put("label", label);
        return out;
    }

    /** The full shape, as accepted by POST importProfile. */
    public Map<String, Object> describe() {
        Map<String, Object> out = new LinkedHashMap<>(summary());
        out.put("format", format.key());
        out.put("builtIn", builtIn);
        if (format == ProfileFormat.JSON_LD) {
            out.put("context", context);
            Map<String, String> cls = new LinkedHashMap<>();
            classes.forEach((k, v) -> cls.put(k, v.name()));
            out.put("classes", cls);
        }
        Map<String, String> props = new LinkedHashMap<>();
        properties.forEach((k, v) -> props.put(k, v.spelling()));
        out.put("properties", props);
        return out;
    }

    public List<String> propertyNames() {
        return List.copyOf(properties.keySet());
    }
}
