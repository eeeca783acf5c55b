package io.modelgraph.codec.odcs;

import io.modelgraph.codec.Direction;
import io.modelgraph.codec.Format;
import io.modelgraph.codec.SchemaDecoder;
import io.modelgraph.codec.SchemaEncoder;
import io.modelgraph.schema.ExtensionKey;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** The {@code odcs} format as the registry finds it through {@link java.util.ServiceLoader} (docs/formats.md). */
public final class OdcsFormat implements Format {
    @Override
    public String key() {
        return "odcs";
    }

    @Override
    public String title() {
        return "Open Data Contract Standard v3 (YAML)";
    }

    @Override
    public Set<Direction> directions() {
        return Set.of(Direction.DECODE, Direction.ENCODE);
    }

    @Override
    public List<ExtensionKey<?>> extensions() {
        return OdcsKeys.declared();
    }

    @Override
    public Optional<String> sample() {
        return Format.resource(OdcsFormat.class, "samples/odcs.yaml");
    }

    @Override
    public SchemaDecoder newDecoder() {
        return new OdcsCodec();
    }

    @Override
    public SchemaEncoder newEncoder() {
        return new OdcsCodec();
    }

    @Override
    public int listingOrder() {
        return 11;
    }
}
