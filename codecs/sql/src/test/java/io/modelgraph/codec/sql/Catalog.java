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

    /**
     * Encodes the model for the engine's dialect, runs the DDL and compares the catalog with the model. What the
     * writer chose not to write as the model says (a key naming elements that are not columns, an optional
     * primary-key column written NOT NULL, a foreign key not carried, a name shortened or told apart from another
     * by case) the writer reports as data, not only as ledger text, and every such choice must also be ledgered.
     */
    static List<String> createAndCompare(Connection c, SchemaModel model, Vendor vendor) throws SQLException {
        io.modelgraph.ledger.LossinessLedger ledger = new io.modelgraph.ledger.LossinessLedger();
        DdlWriter writer = new DdlWriter(model, vendor, ledger);
        execute(c, writer.write());
        List<String> problems = new ArrayList<>();
        Set<String> ledgered = new HashSet<>();
        ledger.entries().forEach(e -> ledgered.add(e.path()));
        java.util.stream.Stream.of(writer.droppedKeys().stream().map(k -> k.substring(0, k.indexOf(" ["))),
                writer.forcedNotNull().stream(), writer.droppedForeignKeys().stream())
                .flatMap(x -> x).filter(p -> !ledgered.contains(p))
                .forEach(p -> problems.add(p + ": changed by the writer but not ledgered"));
        problems.addAll(compare(c, model, vendor, writer));
        return problems;
    }

    /** Mismatches between the model and the engine's catalog; empty when every table came back as written. */
    static List<String> compare(Connection c, SchemaModel model, Vendor vendor, DdlWriter writer)
            throws SQLException {
        Set<String> droppedForeignKeys = writer.droppedForeignKeys();
        Set<String> droppedKeys = writer.droppedKeys();
        Set<String> forcedNotNull = writer.forcedNotNull();
        Map<String, String> schemas = DdlWriter.writtenSchemas(model, vendor);
        DatabaseMetaData meta = c.getMetaData();
        List<String> problems = new ArrayList<>();
        Map<String, String> tables = tables(meta);
        Optional<Snapshot> pg = vendor == Vendor.POSTGRES ? Optional.of(Snapshot.read(meta, tables.values()))
                : Optional.empty();
        Map<String, TypeDef> byName = new HashMap<>();
        model.types().forEach(t -> byName.put(t.name(), t));
        for (TypeDef t : model.types()) {
            String name = writer.writtenTable(t);
            Optional<String> ns = t.namespace().map(schemas::get).map(n -> writer.writtenSchema(n))
                    .or(() -> vendor == Vendor.POSTGRES ? Optional.of("public") : Optional.empty());
            String key = tables.keySet().stream().filter(k -> k.endsWith("|" + name)
                    && (vendor == Vendor.SQLITE || ns.map(n -> k.startsWith(n + "|")).orElse(true)))
                    .findFirst().orElse(null);
            if (key == null) {
                problems.add(t.name() + ": table missing");
                continue;
            }
            String schema = key.substring(0, key.indexOf('|'));
            Map<String, String[]> columns = pg.isPresent() ? pg.get().columns(key)
                    : columns(meta, schema.isEmpty() ? null : schema, name);
            for (ElementDef e : Inheritance.elements(t, byName)) {
                if (!(e.type() instanceof DataType.Primitive || e.type() instanceof DataType.TaxonomyRef)
                        || e.cardinality().many()) {
                    continue; // written as reference columns, arrays or child tables: checked by keys below
                }
                String written = writer.writtenColumn(t.name(), e.name());
                String[] col = columns.get(written);
                if (col == null) {
                    problems.add(t.name() + "." + e.name() + ": column " + written + " missing (have "
                            + columns.keySet() + ")");
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
            List<String> pk = pg.isPresent() ? pg.get().primaryKey(key) : sqlitePrimaryKey(c, name);
            List<String> expected = t.primaryKey().map(KeyDef::elements)
                    .filter(k -> !droppedKeys.contains(t.name() + " " + k)).orElse(List.of()).stream()
                    .map(k -> writer.writtenColumn(t.name(), k)).toList();
            if (!new HashSet<>(pk).equals(new HashSet<>(expected))) {
                problems.add(t.name() + ": primary key " + pk + ", model says " + expected);
            }
            Set<String> fkTargets = pg.isPresent() ? pg.get().foreignKeyTargets(key)
                    : foreignKeyTargets(meta, schema.isEmpty() ? null : schema, name);
            model.relationships().stream().filter(r -> r.fromType().equals(t.name()))
                    .filter(r -> !droppedForeignKeys.contains(r.fromType() + " -> " + r.toType()))
                    .filter(r -> byName.containsKey(r.toType()) && byName.get(r.toType()).keys().stream()
                            .anyMatch(k -> new HashSet<>(k.elements()).equals(new HashSet<>(r.toElements()))))
                    .map(r -> writer.writtenTable(byName.get(r.toType()))).filter(target -> !fkTargets.contains(target))
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

    private static Set<String> foreignKeyTargets(DatabaseMetaData meta, String schema, String table)
            throws SQLException {
        Set<String> out = new HashSet<>();
        try (ResultSet rs = meta.getImportedKeys(null, schema, table)) {
            while (rs.next()) {
                out.add(rs.getString("PKTABLE_NAME"));
            }
        }
        return out;
    }

    /**
     * PostgreSQL's columns, primary keys and foreign keys of every table of the script's schemas, by
     * {@code schema|table}, read with one metadata query of each kind per schema. Each metadata query costs the
     * server about the same whatever it returns, and asking per table (three per table, 2,800 tables in the
     * corpus run) was most of the engine tests' time. Rows are kept only for the schema asked, so a name whose
     * {@code _} matches other schemas as a pattern brings nothing of them.
     */
    private record Snapshot(Map<String, Map<String, String[]>> byTableColumns, Map<String, List<String>> keys,
            Map<String, Set<String>> targets) {
        static Snapshot read(DatabaseMetaData meta, java.util.Collection<String> schemas) throws SQLException {
            Map<String, Map<String, String[]>> columns = new HashMap<>();
            Map<String, List<String>> keys = new HashMap<>();
            Map<String, Set<String>> targets = new HashMap<>();
            String escape = meta.getSearchStringEscape();
            for (String schema : new java.util.TreeSet<>(schemas)) {
                String pattern = schema.replace(escape, escape + escape).replace("_", escape + "_")
                        .replace("%", escape + "%");
                try (ResultSet rs = meta.getColumns(null, pattern, "%", "%")) {
                    while (rs.next()) {
                        if (schema.equals(rs.getString("TABLE_SCHEM"))) {
                            columns.computeIfAbsent(schema + "|" + rs.getString("TABLE_NAME"), k -> new HashMap<>())
                                    .put(rs.getString("COLUMN_NAME"), new String[] {rs.getString("TYPE_NAME"),
                                            rs.getString("IS_NULLABLE")});
                        }
                    }
                }
                // getPrimaryKeys and getImportedKeys take the schema as a name, not a pattern, and every table
                // of it when the table is null
                try (ResultSet rs = meta.getPrimaryKeys(null, schema, null)) {
                    while (rs.next()) {
                        keys.computeIfAbsent(schema + "|" + rs.getString("TABLE_NAME"), k -> new ArrayList<>())
                                .add(rs.getString("COLUMN_NAME"));
                    }
                }
                try (ResultSet rs = meta.getImportedKeys(null, schema, null)) {
                    while (rs.next()) {
                        targets.computeIfAbsent(schema + "|" + rs.getString("FKTABLE_NAME"), k -> new HashSet<>())
                                .add(rs.getString("PKTABLE_NAME"));
                    }
                }
            }
            return new Snapshot(columns, keys, targets);
        }

        Map<String, String[]> columns(String table) {
            return byTableColumns.getOrDefault(table, Map.of());
        }

        List<String> primaryKey(String table) {
            return keys.getOrDefault(table, List.of());
        }

        Set<String> foreignKeyTargets(String table) {
            return targets.getOrDefault(table, Set.of());
        }
    }

    /**
     * SQLite's own record of a table's primary key: the columns {@code PRAGMA table_info} numbers in its
     * {@code pk} field. sqlite-jdbc's {@code getPrimaryKeys} finds them by matching regular expressions over the
     * stored CREATE TABLE text, which backtracks for a long table and took most of a corpus run's time.
     */
    private static List<String> sqlitePrimaryKey(Connection c, String table) throws SQLException {
        Map<Integer, String> byPosition = new TreeMap<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("PRAGMA table_info(\""
                + table.replace("\"", "\"\"") + "\")")) {
            while (rs.next()) {
                int position = rs.getInt("pk");
                if (position > 0) {
                    byPosition.put(position, rs.getString("name"));
                }
            }
        }
        return new ArrayList<>(byPosition.values());
    }

    private Catalog() {
    }
}
