package io.modelgraph.codec.jtd;

import io.modelgraph.codec.Direction;
import io.modelgraph.codec.Format;
import io.modelgraph.codec.SchemaDecoder;
import io.modelgraph.codec.SchemaEncoder;
import io.modelgraph.schema.ExtensionKey;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** The {@code jtd} format as the registry finds it through {@link java.util.ServiceLoader} (docs/formats/jtd.md). */
public final class JtdFormat implements Format {
    @Override
    public String key() {
        return JtdCodec.FORMAT;
    }

    @Override
    public String title() {
        return "JSON Type Definition (RFC 8927)";
    }

    @Override
    public Set<Direction> directions() {
        return Set.of(Direction.DECODE, Direction.ENCODE);
    }

    @Override
    public List<ExtensionKey<?>> extensions() {
        return JtdKeys.declared();
    }

    @Override
    public Optional<String> sample() {
        return Format.resource(JtdFormat.class, "samples/jtd.json");
    }

    @Override
    public SchemaDecoder newDecoder() {
        return new JtdCodec();
    }

    @Override
    public SchemaEncoder newEncoder() {
        return new JtdCodec();
    }
}
