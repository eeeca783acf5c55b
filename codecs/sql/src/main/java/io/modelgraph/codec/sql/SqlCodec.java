package io.modelgraph.codec.sql;

import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.ParserLimits;
import io.modelgraph.codec.SchemaDecoder;
import io.modelgraph.codec.SchemaEncoder;
import io.modelgraph.codec.SchemaSyntaxException;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.SchemaModel;
import java.util.List;
import java.util.Optional;

/**
 * The {@code sql} format: DDL of PostgreSQL, MySQL, SQL Server, SQLite, Oracle, Snowflake and BigQuery in,
 * the DDL of the dialect option {@code vendor} names out. Stateless and thread-safe; nothing is built until the
 * first call, so registering the codec costs a Lambda's init phase nothing.
 * Options: {@code vendor} (output dialect, required to encode; on decode a hint for the input's dialect),
 * {@code name} (the model's name).
 */
public final class SqlCodec implements SchemaDecoder, SchemaEncoder {
    public static final String FORMAT = SqlDecoding.FORMAT;
    private final long parseMillis;

    public SqlCodec() {
        this(Deadline.DEFAULT_MILLIS);
    }

    /** A codec whose parsing stops after {@code parseMillis} (tests use a small bound). */
    public SqlCodec(long parseMillis) {
        this.parseMillis = parseMillis;
    }

    @Override
    public String format() {
        return FORMAT;
    }

    /** The dialect keys {@code vendor} accepts, in documentation order. */
    public static List<String> vendors() {
        return java.util.Arrays.stream(Vendor.values()).map(Vendor::key).toList();
    }

    @Override
    public SchemaModel decode(String text, CodecOptions options, LossinessLedger ledger)
            throws SchemaSyntaxException {
        ParserLimits.checkSize(text);
        Optional<Vendor> vendor = options.get("vendor").map(Vendor::parse);
        try {
            Deadline deadline = new Deadline(parseMillis);
            List<Statement> statements = new ScriptSplitter(text, vendor, deadline).split();
            Parsed.Script script = new DdlReader(ledger, vendor).read(statements);
            if (script.tables.isEmpty() && script.enums.isEmpty()) {
                ledger.drop("$", "The script declares no table.");
            }
            return new SqlDecoding(script, ledger).decode(options.get("name").orElse("sql"), vendor);
        } catch (StackOverflowError e) {
            throw new SchemaSyntaxException("$", "The script nests too deeply to read.");
        }
    }

    @Override
    public String encode(SchemaModel model, CodecOptions options, LossinessLedger ledger) {
        Vendor vendor = Vendor.parse(options.get("vendor").orElse("postgres"));
        return new DdlWriter(model, vendor, ledger).write();
    }
}
