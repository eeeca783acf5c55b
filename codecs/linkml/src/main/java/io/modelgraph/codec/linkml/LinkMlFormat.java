package io.modelgraph.codec.linkml;

import io.modelgraph.codec.Direction;
import io.modelgraph.codec.Format;
import io.modelgraph.codec.SchemaDecoder;
import io.modelgraph.codec.SchemaEncoder;
import io.modelgraph.schema.ExtensionKey;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** The {@code linkml} format as the registry finds it through {@link java.util.ServiceLoader} (docs/formats.md). */
public final class LinkMlFormat implements Format {
    @Override
    public String key() {
        return "linkml";
    }

    @Override
    public String title() {
        return "LinkML schema (YAML)";
    }

    @Override
    public Set<Direction> directions() {
        return Set.of(Direction.DECODE, Direction.ENCODE);
    }

    @Override
    public List<ExtensionKey<?>> extensions() {
        return LinkMlKeys.declared();
    }

    @Override
    public Optional<String> sample() {
        return Format.resource(LinkMlFormat.class, "samples/linkml.yaml");
    }

    @Override
    public SchemaDecoder newDecoder() {
        return new LinkMlCodec();
    }

    @Override
    public SchemaEncoder newEncoder() {
        return new LinkMlCodec();
    }

    @Override
    public int listingOrder() {
        return 9;
    }
}
