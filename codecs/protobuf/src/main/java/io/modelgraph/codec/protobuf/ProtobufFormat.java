package io.modelgraph.codec.protobuf;

import io.modelgraph.codec.Direction;
import io.modelgraph.codec.Format;
import io.modelgraph.codec.SchemaDecoder;
import io.modelgraph.codec.SchemaEncoder;
import io.modelgraph.schema.ExtensionKey;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** The {@code protobuf} format as the registry finds it through {@link java.util.ServiceLoader} (docs/formats.md). */
public final class ProtobufFormat implements Format {
    @Override
    public String key() {
        return "protobuf";
    }

    @Override
    public String title() {
        return "Protocol Buffers (proto2, proto3, editions)";
    }

    @Override
    public Set<Direction> directions() {
        return Set.of(Direction.DECODE, Direction.ENCODE);
    }

    @Override
    public List<ExtensionKey<?>> extensions() {
        return ProtoKeys.declared();
    }

    @Override
    public Optional<String> sample() {
        return Format.resource(ProtobufFormat.class, "samples/protobuf.proto");
    }

    @Override
    public SchemaDecoder newDecoder() {
        return new ProtobufCodec();
    }

    @Override
    public SchemaEncoder newEncoder() {
        return new ProtobufCodec();
    }

    @Override
    public int listingOrder() {
        return 10;
    }
}
