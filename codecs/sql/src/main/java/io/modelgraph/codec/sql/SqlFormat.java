package io.modelgraph.codec.sql;

import io.modelgraph.codec.Direction;
import io.modelgraph.codec.Format;
import io.modelgraph.codec.FormatOption;
import io.modelgraph.codec.SchemaDecoder;
import io.modelgraph.codec.SchemaEncoder;
import io.modelgraph.schema.ExtensionKey;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** The {@code sql} format as the registry finds it through {@link java.util.ServiceLoader} (docs/formats.md). */
public final class SqlFormat implements Format {
    @Override
    public String key() {
        return "sql";
    }

    @Override
    public String title() {
        return "SQL DDL (CREATE TABLE, seven dialects)";
    }

    @Override
    public Set<Direction> directions() {
        return Set.of(Direction.DECODE, Direction.ENCODE);
    }

    @Override
    public List<FormatOption> options() {
        return List.of(FormatOption.choice("vendor", SqlCodec.vendors(), "postgres", "the SQL dialect: written on"
                + " export, the input's on import (aliases such as pg, mariadb, mssql, tsql, sqlite3, bq also work)"));
    }

    @Override
    public List<ExtensionKey<?>> extensions() {
        return SqlKeys.declared();
    }

    @Override
    public Optional<String> sample() {
        return Format.resource(SqlFormat.class, "samples/sql.sql");
    }

    @Override
    public SchemaDecoder newDecoder() {
        return new SqlCodec();
    }

    @Override
    public SchemaEncoder newEncoder() {
        return new SqlCodec();
    }

    @Override
    public int listingOrder() {
        return 5;
    }
}
