package io.modelgraph.codec.synapse;

import io.modelgraph.codec.Direction;
import io.modelgraph.codec.Format;
import io.modelgraph.codec.FormatOption;
import io.modelgraph.codec.SchemaEncoder;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** The {@code synapse} format as the registry finds it through {@link java.util.ServiceLoader} (docs/formats.md). */
public final class SynapseFormat implements Format {
    @Override
    public String key() {
        return "synapse";
    }

    @Override
    public String title() {
        return "Synapse registered JSON Schemas";
    }

    @Override
    public Set<Direction> directions() {
        return Set.of(Direction.ENCODE);
    }

    @Override
    public List<FormatOption> options() {
        return List.of(FormatOption.text(SynapseNames.ORGANIZATION, Optional.of(SynapseNames.DEFAULT_ORGANIZATION),
                        "organization registering the schemas: 6-250 characters of dot-separated parts, each a"
                        + " letter then letters and digits"),
                FormatOption.text(SynapseNames.SCHEMA_NAME, Optional.empty(), "schema name prefix (default: the"
                        + " model's name); each schema is registered as <organization>-<schemaName>.<Type>"),
                FormatOption.text(SynapseNames.SCHEMA_VERSION, Optional.empty(), "semantic version"
                        + " major.minor.patch appended to every registered id (default: none)"));
    }

    @Override
    public SchemaEncoder newEncoder() {
        return new SynapseCodec();
    }

    @Override
    public int listingOrder() {
        return 13;
    }
}
