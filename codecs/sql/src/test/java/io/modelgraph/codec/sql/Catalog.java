package io.modelgraph.codec.sql;

import io.modelgraph.schema.DataType;
import io.modelgraph.schema.ElementDef;
import io.modelgraph.schema.KeyDef;
import io.modelgraph.schema.PrimitiveKind;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.TypeDef;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Runs encoded DDL on a real engine and reads the tables back through JDBC metadata, comparing columns, types,
 * nullability, primary keys and foreign keys with the model they were written from.
 */
final class Catalog {
    private static final Map<PrimitiveKind, String> TYPE_NAMES = Map.ofEntries(
            Map.entry(PrimitiveKind.STRING, "varchar|text|char|bpchar|nvarchar|clob|character|enum"),
            Map.entry(PrimitiveKind.URI, "varchar|text"),
            Map.entry(PrimitiveKind.INTEGER, "int|integer|int2|int4|int8|bigint|smallint|serial|bigserial"),
            Map.entry(PrimitiveKind.DECIMAL, "numeric|decimal|number"),
            Map.entry(PrimitiveKind.NUMBER, "float|float4|float8|double|double precision|real"),
            Map.entry(PrimitiveKind.BOOLEAN, "bool|boolean|bit"),
            Map.entry(PrimitiveKind.DATE, "date"),
            Map.entry(PrimitiveKind.DATETIME, "timestamp|timestamptz|datetime"),
            Map.entry(PrimitiveKind.TIME, "time|timetz"),
            Map.entry(PrimitiveKind.DURATION, "interval|varchar|text"),
            Map.entry(PrimitiveKind.BINARY, "bytea|blob|binary|varbinary|bit|varbit"),
            Map.entry(PrimitiveKind.UUID, "uuid|char|text|bpchar"),
            Map.entry(PrimitiveKind.ANY, "jsonb|json|text"));

    /**
     * Executes each statement of the script, split at {@code ;} outside quoted text and names, with {@code --}
     * comments outside them dropped (as psql and sqlite3 read a script: a description may hold ";" or "--").
     */
    static void execute(Connection c, String ddl) throws SQLException {
        for (String sql : statements(ddl)) {
            try (Statement s = c.createStatement()) {
                s.execute(sql);
            } catch (SQLException e) {
                throw new SQLException(e.getMessage() + "\n  in: " + sql, e);
            }
        }
    }

    static List<String> statements(String ddl) {
        List<String> out = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        char quote = 0;
        for (int i = 0; i < ddl.length(); i++) {
            char ch = ddl.charAt(i);
            if (quote != 0) {
                current.append(ch);
                if (ch == quote) {
                    quote = 0; // a doubled quote reopens on the next character
                }
            } else if (ch == '\'' || ch == '"' || ch == '`') {
                quote = ch;
                current.append(ch);
            } else if (ch == '-' && i + 1 < ddl.length() && ddl.charAt(i + 1) == '-') {
                while (i < ddl.length() && ddl.charAt(i) != '\n') {
                    i++;
                }
                current.append('\n');
            } else if (ch == ';') {
                if (!current.toString().isBlank()) {
                    out.add(current.toString().trim());
                }
                current.setLength(0);
            } else {
                current.append(ch);
            }
        }
        if (!current.toString().isBlank()) {
            out.add(current.toString().trim());
        }
        return out;
    }

    /** Encodes the model for the engine's dialect, runs the DDL and compares the catalog with the model. */
    static List<String> createAndCompare(Connection c, SchemaModel model, Vendor vendor) throws SQLException {
        io.modelgraph.ledger.LossinessLedger ledger = new io.modelgraph.ledger.LossinessLedger();
        execute(c, new SqlCodec().encode(model, new io.modelgraph.codec.CodecOptions(Map.of("vendor", vendor.key())),
                ledger));
        Set<String> droppedPrimaryKeys = new java.util.HashSet<>();
        Set<String> forcedNotNull = new java.util.HashSet<>();
        for (io.modelgraph.ledger.LossEntry e : ledger.entries()) {
            if (e.kind() == io.modelgraph.ledger.LossKind.StructuralDrop && e.explanation().startsWith("Key ")
                    && e.explanation().contains("not columns")) {
                droppedPrimaryKeys.add(e.path() + " " + e.explanation().substring(4, e.explanation().indexOf(']')
                        + 1));
            } else if (e.kind() == io.modelgraph.ledger.LossKind.SemanticNarrowing
                    && e.explanation().startsWith("Primary-key column written NOT NULL")) {
                forcedNotNull.add(e.path());
            }
        }
        return compare(c, model, vendor, droppedForeignKeys(ledger), droppedPrimaryKeys, forcedNotNull);
    }

    /** Foreign keys the writer ledgered as not carried ("from -> to" paths), which the catalog must not hold. */
    static Set<String> droppedForeignKeys(io.modelgraph.ledger.LossinessLedger ledger) {
        return ledger.entries().stream().filter(e -> e.path().contains(" -> ")
                && e.kind() == io.modelgraph.ledger.LossKind.StructuralDrop).map(e -> e.path())
                .collect(java.util.stream.Collectors.toSet());
    }

    /** Mismatches between the model and the engine's catalog; empty when every table came back as written. */
    static List<String> compare(Connection c, SchemaModel model, Vendor vendor, Set<String> droppedForeignKeys)
            throws SQLException {
        return compare(c, model, vendor, droppedForeignKeys, Set.of(), Set.of());
    }

    /**
     * As above, where the writer's ledger said a key was not carried ({@code "<type> [<elements>]"}) or a
     * primary-key column was written NOT NULL against the model ({@code "<type>.<element>"}).
     */
    static List<String> compare(Connection c, SchemaModel model, Vendor vendor, Set<String> droppedForeignKeys,
            Set<String> droppedKeys, Set<String> forcedNotNull) throws SQLException {
        Map<String, String> schemas = DdlWriter.writtenSchemas(model, vendor);
        DatabaseMetaData meta = c.getMetaData();
        List<String> problems = new ArrayList<>();
        Map<String, String> tables = tables(meta);
        Map<String, TypeDef> byName = new HashMap<>();
        model.types().forEach(t -> byName.put(t.name(), t));
        Map<String, Long> bare = model.types().stream().collect(java.util.stream.Collectors.groupingBy(
                t -> DdlWriter.bareName(t).toLowerCase(Locale.ROOT), java.util.stream.Collectors.counting()));
        for (TypeDef t : model.types()) {
            String name = vendor == Vendor.SQLITE ? DdlWriter.sqliteName(t, bare) : DdlWriter.bareName(t);
            Optional<String> ns = t.namespace().map(schemas::get)
                    .or(() -> vendor == Vendor.POSTGRES ? Optional.of("public") : Optional.empty());
            String key = tables.keySet().stream().filter(k -> k.endsWith("|" + name)
                    && (vendor == Vendor.SQLITE || ns.map(n -> k.startsWith(n + "|")).orElse(true)))
                    .findFirst().orElse(null);
            if (key == null) {
                problems.add(t.name() + ": table missing");
                continue;
            }
            String schema = key.substring(0, key.indexOf('|'));
            Map<String, String[]> columns = columns(meta, schema.isEmpty() ? null : schema, name);
            List<ElementDef> elements = new ArrayList<>();
            t.supertypes().stream().map(byName::get).filter(java.util.Objects::nonNull)
                    .forEach(p -> elements.addAll(p.elements()));
            elements.addAll(t.elements());
            for (ElementDef e : elements) {
                if (!(e.type() instanceof DataType.Primitive || e.type() instanceof DataType.TaxonomyRef)
                        || e.cardinality().many()) {
                    continue; // written as reference columns, arrays or child tables: checked by keys below
                }
                String[] col = columns.get(e.name());
                if (col == null) {
                    problems.add(t.name() + "." + e.name() + ": column missing (have " + columns.keySet() + ")");
                    continue;
                }
                boolean notNull = e.cardinality().required() && !e.nullable()
                        || forcedNotNull.contains(t.name() + "." + e.name());
                if (notNull != col[1].equals("NO")) {
                    problems.add(t.name() + "." + e.name() + ": nullable " + col[1] + ", model says "
                            + (notNull ? "NOT NULL" : "NULL"));
                }
                String typeName = col[0].toLowerCase(Locale.ROOT).replaceAll("\\(.*", "").trim();
                PrimitiveKind kind = e.type() instanceof DataType.Primitive p ? p.kind() : PrimitiveKind.STRING;
                Optional<String> nat = e.type() instanceof DataType.Primitive p ? p.nativeName() : Optional.empty();
                boolean nativeMatch = nat.map(n -> n.toLowerCase(Locale.ROOT).startsWith(typeName)).orElse(false);
                if (!typeName.matches("(" + TYPE_NAMES.get(kind) + ")( unsigned)?") && !nativeMatch
                        && !(e.type() instanceof DataType.TaxonomyRef)) {
                    problems.add(t.name() + "." + e.name() + ": type " + col[0] + " for " + kind);
                }
            }
            List<String> pk = primaryKey(meta, schema.isEmpty() ? null : schema, name);
            List<String> expected = t.primaryKey().map(KeyDef::elements)
                    .filter(k -> !droppedKeys.contains(t.name() + " " + k)).orElse(List.of());
            if (!new HashSet<>(pk).equals(new HashSet<>(expected))) {
                problems.add(t.name() + ": primary key " + pk + ", model says " + expected);
            }
            Set<String> fkTargets = new HashSet<>();
            try (ResultSet rs = meta.getImportedKeys(null, schema.isEmpty() ? null : schema, name)) {
                while (rs.next()) {
                    fkTargets.add(rs.getString("PKTABLE_NAME"));
                }
            }
            model.relationships().stream().filter(r -> r.fromType().equals(t.name()))
                    .filter(r -> !droppedForeignKeys.contains(r.fromType() + " -> " + r.toType()))
                    .filter(r -> byName.containsKey(r.toType()) && byName.get(r.toType()).keys().stream()
                            .anyMatch(k -> new HashSet<>(k.elements()).equals(new HashSet<>(r.toElements()))))
                    .map(r -> vendor == Vendor.SQLITE ? DdlWriter.sqliteName(byName.get(r.toType()), bare)
                            : DdlWriter.bareName(byName.get(r.toType()))).filter(target -> !fkTargets.contains(target))
                    .forEach(target -> problems.add(t.name() + ": foreign key to " + target + " missing"));
        }
        return problems;
    }

    private static Map<String, String> tables(DatabaseMetaData meta) throws SQLException {
        Map<String, String> out = new TreeMap<>();
        try (ResultSet rs = meta.getTables(null, null, "%", new String[] {"TABLE"})) {
            while (rs.next()) {
                String schema = Optional.ofNullable(rs.getString("TABLE_SCHEM")).orElse("");
                out.put(schema + "|" + rs.getString("TABLE_NAME"), schema);
            }
        }
        return out;
    }

    private static Map<String, String[]> columns(DatabaseMetaData meta, String schema, String table)
            throws SQLException {
        Map<String, String[]> out = new HashMap<>();
        try (ResultSet rs = meta.getColumns(null, schema, table, "%")) {
            while (rs.next()) {
                out.put(rs.getString("COLUMN_NAME"), new String[] {rs.getString("TYPE_NAME"),
                        rs.getString("IS_NULLABLE")});
            }
        }
        return out;
    }

    private static List<String> primaryKey(DatabaseMetaData meta, String schema, String table) throws SQLException {
        List<String> out = new ArrayList<>();
        try (ResultSet rs = meta.getPrimaryKeys(null, schema, table)) {
            while (rs.next()) {
                out.add(rs.getString("COLUMN_NAME"));
            }
        }
        return out;
    }

    private Catalog() {
    }
}
