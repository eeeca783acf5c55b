package io.modelgraph.codec.avro;

import io.modelgraph.codec.Direction;
import io.modelgraph.codec.Format;
import io.modelgraph.codec.SchemaDecoder;
import io.modelgraph.codec.SchemaEncoder;
import io.modelgraph.schema.ExtensionKey;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** The {@code avro} format as the registry finds it through {@link java.util.ServiceLoader} (docs/formats.md). */
public final class AvroFormat implements Format {
    @Override
    public String key() {
        return "avro";
    }

    @Override
    public String title() {
        return "Apache Avro schema";
    }

    @Override
    public Set<Direction> directions() {
        return Set.of(Direction.DECODE, Direction.ENCODE);
    }

    @Override
    public List<ExtensionKey<?>> extensions() {
        return AvroKeys.declared();
    }

    @Override
    public Optional<String> sample() {
        return Format.resource(AvroFormat.class, "samples/avro.avsc");
    }

    @Override
    public SchemaDecoder newDecoder() {
        return new AvroCodec();
    }

    @Override
    public SchemaEncoder newEncoder() {
        return new AvroCodec();
    }

    @Override
    public int listingOrder() {
        return 3;
    }
}
