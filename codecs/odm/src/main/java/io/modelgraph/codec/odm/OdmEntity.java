package io.modelgraph.codec.odm;

import java.util.Objects;

/** One entity document as the caller sends it: a name (for messages) and the Markdown text. */
public record OdmEntity(String name, String markdown) {
    public OdmEntity {
        name = name == null ? "" : name;
        Objects.requireNonNull(markdown, "markdown");
    }
}
