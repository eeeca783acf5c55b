package io.modelgraph.codec.sql;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * What the DDL reader collects while it walks a script. Mutable on purpose and package-private: ALTER TABLE,
 * COMMENT ON and later statements edit tables declared earlier; the decoder turns the end state into the
 * immutable canonical model.
 */
final class Parsed {
    private Parsed() {
    }

    /** A column type as written: base name in upper case, its arguments, and whether it is an array. */
    record SqlType(String base, List<String> args, boolean array, Optional<String> elementType, String written) {
        SqlType {
            args = List.copyOf(args);
        }
    }

    record Key(Optional<String> name, List<String> columns) {
        Key {
            columns = List.copyOf(columns);
        }
    }

    record ForeignKey(Optional<String> name, List<String> columns, Optional<String> refNamespace, String refTable,
            List<String> refColumns, Optional<String> onDelete, Optional<String> onUpdate, String where) {
        ForeignKey {
            columns = List.copyOf(columns);
            refColumns = List.copyOf(refColumns);
        }
    }

    record Check(Optional<String> name, String expression, String where) {
    }

    static final class Column {
        String name;
        Optional<SqlType> type = Optional.empty();
        boolean notNull;
        Optional<String> defaultExpression = Optional.empty();
        Optional<String> identity = Optional.empty();
        Optional<String> comment = Optional.empty();
        Optional<String> generated = Optional.empty();
        final List<Check> checks = new ArrayList<>();
        final String where;

        Column(String name, String where) {
            this.name = name;
            this.where = where;
        }
    }

    static final class Table {
        final Optional<String> namespace;
        String name;
        final String where;
        /*
         * Columns in declaration order, each in a numbered slot, with an index by name: a table of many columns
         * is read in linear time, since each new column, each ALTER and each key looks its column up by name.
         */
        private final TreeMap<Long, Column> slots = new TreeMap<>();
        private final Map<String, Long> slotByName = new HashMap<>();
        private long nextSlot;
        Optional<Key> primaryKey = Optional.empty();
        final List<Key> uniques = new ArrayList<>();
        final List<ForeignKey> foreignKeys = new ArrayList<>();
        final List<Check> checks = new ArrayList<>();
        final List<String> inherits = new ArrayList<>();
        Optional<String> comment = Optional.empty();
        final Map<String, String> annotations = new LinkedHashMap<>();

        Table(Optional<String> namespace, String name, String where) {
            this.namespace = namespace;
            this.name = name;
            this.where = where;
        }

        Optional<Column> column(String columnName) {
            return Optional.ofNullable(slotByName.get(fold(columnName))).map(slots::get);
        }

        /** The columns in declaration order. */
        List<Column> columns() {
            return List.copyOf(slots.values());
        }

        /** Adds a column at the end, or puts it in the place of the column of the same name. */
        void put(Column col) {
            Long slot = slotByName.get(fold(col.name));
            if (slot == null) {
                slot = nextSlot++;
                slotByName.put(fold(col.name), slot);
            }
            slots.put(slot, col);
        }

        /** Puts {@code col}, perhaps under a new name, in the place of {@code existing}. */
        void replace(Column existing, Column col) {
            Long slot = slotByName.remove(fold(existing.name));
            if (slot == null) {
                put(col);
                return;
            }
            Long other = slotByName.put(fold(col.name), slot);
            if (other != null && !other.equals(slot)) {
                slots.remove(other);
            }
            slots.put(slot, col);
        }

        void remove(String columnName) {
            Long slot = slotByName.remove(fold(columnName));
            if (slot != null) {
                slots.remove(slot);
            }
        }

        void rename(Column col, String newName) {
            Column existing = new Column(col.name, col.where);
            col.name = newName;
            replace(existing, col);
        }

        private static String fold(String name) {
            return name.toLowerCase(java.util.Locale.ROOT);
        }

        String qualified() {
            return namespace.map(n -> n + ".").orElse("") + name;
        }
    }

    record Enum(String name, List<String> values) {
        Enum {
            values = List.copyOf(values);
        }
    }

    /** Everything the script declared, tables in declaration order. */
    static final class Script {
        final Map<String, Table> tables = new LinkedHashMap<>();
        final Map<String, Enum> enums = new LinkedHashMap<>();
        /** SQL Server rules that allow a list of values ({@code CREATE RULE r AS @v IN (…)}), by lower-case name. */
        final Map<String, Enum> rules = new LinkedHashMap<>();
        /** Rules bound to columns by {@code sp_bindrule}: lower-case {@code table.column} to the rule's name. */
        final Map<String, String> boundRules = new LinkedHashMap<>();

        Optional<Table> table(Optional<String> namespace, String name) {
            Table exact = tables.get(key(namespace, name));
            if (exact != null) {
                return Optional.of(exact);
            }
            // unqualified references resolve against any schema, as a search path would
            return tables.values().stream().filter(t -> t.name.equalsIgnoreCase(name)
                    && (namespace.isEmpty() || t.namespace.map(n -> n.equalsIgnoreCase(namespace.get())
                            || n.toLowerCase(java.util.Locale.ROOT).endsWith("." + namespace.get()
                                    .toLowerCase(java.util.Locale.ROOT))).orElse(true)))
                    .findFirst();
        }

        static String key(Optional<String> namespace, String name) {
            return (namespace.map(n -> n + ".").orElse("") + name).toLowerCase(java.util.Locale.ROOT);
        }
    }
}
