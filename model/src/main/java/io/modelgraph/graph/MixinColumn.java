package io.modelgraph.graph;

/** One column of a mixin; {@code valueType} documents the JSON value it holds (string, boolean, integer, number, array, object, any). */
public record MixinColumn(String id, String label, String valueType) {
}
