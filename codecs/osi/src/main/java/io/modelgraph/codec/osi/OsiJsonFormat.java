package io.modelgraph.codec.osi;

import io.modelgraph.codec.Direction;
import io.modelgraph.codec.Format;
import io.modelgraph.codec.SchemaDecoder;
import io.modelgraph.codec.SchemaEncoder;
import io.modelgraph.schema.ExtensionKey;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** The {@code osi-json} format as the registry finds it through {@link java.util.ServiceLoader} (docs/formats.md). */
public final class OsiJsonFormat implements Format {
    @Override
    public String key() {
        return "osi-json";
    }

    @Override
    public String title() {
        return "Open Semantic Interchange semantic model (JSON)";
    }

    @Override
    public Set<Direction> directions() {
        return Set.of(Direction.DECODE, Direction.ENCODE);
    }

    @Override
    public List<ExtensionKey<?>> extensions() {
        return OsiKeys.declared();
    }

    @Override
    public Optional<String> sample() {
        return Format.resource(OsiJsonFormat.class, "samples/osi-json.json");
    }

    @Override
    public SchemaDecoder newDecoder() {
        return OsiCodec.json();
    }

    @Override
    public SchemaEncoder newEncoder() {
        return OsiCodec.json();
    }

    @Override
    public int listingOrder() {
        return 7;
    }
}
