package io.modelgraph.codec.shex;

import io.modelgraph.codec.Direction;
import io.modelgraph.codec.Format;
import io.modelgraph.codec.SchemaDecoder;
import io.modelgraph.codec.SchemaEncoder;
import io.modelgraph.schema.ExtensionKey;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** The {@code shex} format as the registry finds it through {@link java.util.ServiceLoader} (docs/formats.md). */
public final class ShexFormat implements Format {
    @Override
    public String key() {
        return "shex";
    }

    @Override
    public String title() {
        return "ShEx 2 (ShExC shape expressions)";
    }

    @Override
    public Set<Direction> directions() {
        return Set.of(Direction.DECODE, Direction.ENCODE);
    }

    @Override
    public List<ExtensionKey<?>> extensions() {
        return ShexKeys.declared();
    }

    @Override
    public Optional<String> sample() {
        return Format.resource(ShexFormat.class, "samples/shex.shex");
    }

    @Override
    public SchemaDecoder newDecoder() {
        return new ShexCodec();
    }

    @Override
    public SchemaEncoder newEncoder() {
        return new ShexCodec();
    }

    @Override
    public int listingOrder() {
        return 2;
    }
}
