package io.modelgraph.codec.owl;

import io.modelgraph.codec.Direction;
import io.modelgraph.codec.Format;
import io.modelgraph.codec.SchemaDecoder;
import io.modelgraph.codec.SchemaEncoder;
import io.modelgraph.schema.ExtensionKey;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** The {@code owl} format as the registry finds it through {@link java.util.ServiceLoader} (docs/formats.md). */
public final class OwlFormat implements Format {
    @Override
    public String key() {
        return "owl";
    }

    @Override
    public String title() {
        return "OWL 2 ontology (Turtle or RDF/XML)";
    }

    @Override
    public Set<Direction> directions() {
        return Set.of(Direction.DECODE, Direction.ENCODE);
    }

    @Override
    public List<ExtensionKey<?>> extensions() {
        return OwlKeys.declared();
    }

    @Override
    public Optional<String> sample() {
        return Format.resource(OwlFormat.class, "samples/owl.ttl");
    }

    @Override
    public SchemaDecoder newDecoder() {
        return new OwlCodec();
    }

    @Override
    public SchemaEncoder newEncoder() {
        return new OwlCodec();
    }

    @Override
    public int listingOrder() {
        return 8;
    }
}
