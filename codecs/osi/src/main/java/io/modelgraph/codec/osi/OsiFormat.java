package io.modelgraph.codec.osi;

import io.modelgraph.codec.Direction;
import io.modelgraph.codec.Format;
import io.modelgraph.codec.SchemaDecoder;
import io.modelgraph.codec.SchemaEncoder;
import io.modelgraph.schema.ExtensionKey;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** The {@code osi} format as the registry finds it through {@link java.util.ServiceLoader} (docs/formats.md). */
public final class OsiFormat implements Format {
    @Override
    public String key() {
        return "osi";
    }

    @Override
    public String title() {
        return "Open Semantic Interchange semantic model (YAML)";
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
        return Format.resource(OsiFormat.class, "samples/osi.yaml");
    }

    @Override
    public SchemaDecoder newDecoder() {
        return OsiCodec.yaml();
    }

    @Override
    public SchemaEncoder newEncoder() {
        return OsiCodec.yaml();
    }

    @Override
    public int listingOrder() {
        return 6;
    }
}
