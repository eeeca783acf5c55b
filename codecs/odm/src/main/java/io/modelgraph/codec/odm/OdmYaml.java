package io.modelgraph.codec.odm;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.codec.SchemaSyntaxException;
import io.modelgraph.codec.yaml.SafeYaml;

/** Reads the YAML blocks of entity documents with the service's one bounded YAML reader. */
final class OdmYaml {

    /** Parses one block; {@code firstLine} is the Markdown line the block's content starts on, for messages. */
    static JsonNode read(String yaml, int firstLine) throws SchemaSyntaxException {
        return SafeYaml.read(yaml, firstLine, "YAML schema block");
    }

    private OdmYaml() {
    }
}
