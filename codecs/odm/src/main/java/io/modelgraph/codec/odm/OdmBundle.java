package io.modelgraph.codec.odm;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** The result of converting several entities: the {@code schemas} bundle and how many made it. */
public record OdmBundle(ObjectNode schemas, int converted, int failed) {
}
