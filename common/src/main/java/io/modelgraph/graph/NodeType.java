package io.modelgraph.graph;

import io.modelgraph.api.ApiProblem;
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

    /** Parses or fails with a logical error that lists the eight values. */
    public static NodeType require(String text, String path) {
        return parse(text).orElseThrow(() -> ApiProblem.badRequest(path, "'" + text
                + "' is not a NodeType; use one of " + names() + " (case sensitive)."));
    }

    public static String names() {
        return Arrays.stream(values()).map(Enum::name).collect(Collectors.joining(", "));
    }
}
