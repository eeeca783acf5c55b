package io.modelgraph.codec.jsonschema;

import io.modelgraph.codec.Direction;
import io.modelgraph.codec.Format;
import io.modelgraph.codec.SchemaDecoder;
import io.modelgraph.codec.SchemaEncoder;
import io.modelgraph.schema.ExtensionKey;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** The {@code jsonschema} format as the registry finds it through {@link java.util.ServiceLoader} (docs/formats.md). */
public final class JsonSchemaFormat implements Format {
    @Override
    public String key() {
        return "jsonschema";
    }

    @Override
    public String title() {
        return "JSON Schema (2020-12)";
    }

    @Override
    public Set<Direction> directions() {
        return Set.of(Direction.DECODE, Direction.ENCODE);
    }

    @Override
    public List<ExtensionKey<?>> extensions() {
        return JsonSchemaKeys.declared();
    }

    @Override
    public Optional<String> sample() {
        return Format.resource(JsonSchemaFormat.class, "samples/jsonschema.json");
    }

    @Override
    public SchemaDecoder newDecoder() {
        return new JsonSchemaCodec();
    }

    @Override
    public SchemaEncoder newEncoder() {
        return new JsonSchemaCodec();
    }

    @Override
    public int listingOrder() {
        return 1;
    }
}
