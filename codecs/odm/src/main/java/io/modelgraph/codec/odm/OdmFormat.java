package io.modelgraph.codec.odm;

import io.modelgraph.codec.Direction;
import io.modelgraph.codec.Format;
import io.modelgraph.codec.SchemaDecoder;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** The {@code odm} format as the registry finds it through {@link java.util.ServiceLoader} (docs/formats.md). */
public final class OdmFormat implements Format {
    @Override
    public String key() {
        return "odm";
    }

    @Override
    public String title() {
        return "ODM entity documents (Markdown)";
    }

    @Override
    public Set<Direction> directions() {
        return Set.of(Direction.DECODE);
    }

    @Override
    public List<String> readRoutes() {
        return List.of("schema/import", "odm/import", "odm/convert");
    }

    @Override
    public Optional<String> sample() {
        return Format.resource(OdmFormat.class, "samples/odm.md");
    }

    @Override
    public SchemaDecoder newDecoder() {
        return new OdmCodec();
    }

    @Override
    public int listingOrder() {
        return 12;
    }
}
