package io.modelgraph.integrations;

import io.modelgraph.api.TransformFailure;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Every registered connector by key; an unknown key is a 404 naming the registered ones (docs/integrations.md "Routes"). */
public final class ConnectorRegistry {
    private final Map<String, Connector<?>> connectors = new LinkedHashMap<>();

    public ConnectorRegistry(List<Connector<?>> list) {
        list.forEach(c -> connectors.put(c.key(), c));
    }

    public List<Connector<?>> all() {
        return List.copyOf(connectors.values());
    }

    public Connector<?> get(String key) {
        Connector<?> c = connectors.get(key);
        if (c == null) {
            throw new TransformFailure(404, List.of(new io.modelgraph.api.ErrorEntry("vendor", "Unknown vendor '" + key
                    + "'. Registered: " + String.join(", ", connectors.keySet()) + ".")), List.of());
        }
        return c;
    }
}
