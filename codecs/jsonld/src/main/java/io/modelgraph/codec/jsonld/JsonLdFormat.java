package io.modelgraph.codec.jsonld;

import io.modelgraph.codec.Direction;
import io.modelgraph.codec.Format;
import io.modelgraph.codec.SchemaDecoder;
import io.modelgraph.codec.SchemaEncoder;
import java.util.Optional;
import java.util.Set;

/** The {@code jsonld} format as the registry finds it through {@link java.util.ServiceLoader} (docs/formats.md). */
public final class JsonLdFormat implements Format {
    @Override
    public String key() {
        return "jsonld";
    }

    @Override
    public String title() {
        return "JSON-LD 1.1 vocabulary (RDFS, schema.org)";
    }

    @Override
    public Set<Direction> directions() {
        return Set.of(Direction.DECODE, Direction.ENCODE);
    }

    @Override
    public Optional<String> sample() {
        return Format.resource(JsonLdFormat.class, "samples/jsonld.jsonld");
    }

    @Override
    public SchemaDecoder newDecoder() {
        return new JsonLdCodec();
    }

    @Override
    public SchemaEncoder newEncoder() {
        return new JsonLdCodec();
    }

    @Override
    public int listingOrder() {
        return 4;
    }
}
