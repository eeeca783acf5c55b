package io.modelgraph.codec.odm;

import java.util.List;

/** An {@code Object: <name>} section and its field table. */
public record OdmObjectTable(String name, List<OdmField> fields) {
    public OdmObjectTable {
        fields = List.copyOf(fields);
    }
}
