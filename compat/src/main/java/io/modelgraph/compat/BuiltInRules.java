package io.modelgraph.compat;

import java.util.List;

/** The consumer formats this module has rules of its own for (docs/compare.md, one section each). */
final class BuiltInRules {
    private BuiltInRules() {
    }

    static List<ConsumerRules> all() {
        return List.of(new io.modelgraph.compat.avro.AvroRules(), new io.modelgraph.compat.formats.ProtobufRules(),
                new io.modelgraph.compat.formats.JsonSchemaRules(), new io.modelgraph.compat.formats.SqlRules(),
                new io.modelgraph.compat.formats.RedcapRules());
    }
}
