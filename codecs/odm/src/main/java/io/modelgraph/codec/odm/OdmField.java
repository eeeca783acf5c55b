package io.modelgraph.codec.odm;

/** A row of an {@code Object:} table: field name, description and practice (MUST, SHOULD, COULD, RECOMMENDED). */
public record OdmField(String name, String description, String practice) {
}
