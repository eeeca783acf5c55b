package io.modelgraph.graph;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/** The eight node types, spelled exactly as the API spells them (case sensitive). Component is the view type. */
public enum NodeType {
    Element, Type, Taxonomy, Exemplar, Component, Space, Tag, Mixin;

    public static Optional<NodeType> parse(String text) {
        for (NodeType t : values()) {
            if (t.name().equals(text)) {
                return Optional.of(t);
            }
        }
        return Optional.empty();
    }

    public static String names() {
        return Arrays.stream(values()).map(Enum::name).collect(Collectors.joining(", "));
    }
}
