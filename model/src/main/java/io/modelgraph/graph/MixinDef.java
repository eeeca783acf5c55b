package io.modelgraph.graph;

import java.util.List;
import java.util.Optional;

/** A mixin: a named set of columns a node may hold values for. {@code type} is normal, attribute or multi level. */
public record MixinDef(String id, String label, String type, List<MixinColumn> columns, boolean custom) {
    public static final String NORMAL = "normal mixin";
    public static final String ATTRIBUTE = "attribute mixin";
    public static final String MULTI_LEVEL = "multi level mixin";

    public MixinDef {
        columns = List.copyOf(columns);
    }

    public Optional<MixinColumn> column(String columnId) {
        return columns.stream().filter(c -> c.id().equals(columnId)).findFirst();
    }
}
