package io.modelgraph.codec.sql;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.Constraints;
import io.modelgraph.schema.DataType;
import io.modelgraph.schema.ElementDef;
import io.modelgraph.schema.KeyDef;
import io.modelgraph.schema.PrimitiveKind;
import io.modelgraph.schema.Relationship;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.TaxonomyDef;
import io.modelgraph.schema.Term;
import io.modelgraph.schema.TypeDef;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Writes the canonical model as one dialect's DDL: CREATE SCHEMA for namespaces, CREATE TABLE per type in an
 * order where every foreign key's target exists first (a cycle's remaining keys follow as ALTER TABLE), keys and
 * checks in the dialect's syntax, descriptions in the dialect's comment form. Many-valued elements become the
 * dialect's array type (PostgreSQL, BigQuery, Snowflake) or a child table keyed by the parent's primary key and
 * an {@code ordinal} (the others). Every approximation goes to the ledger.
 */
final class DdlWriter {
    private static final String INDENT = "  ";

    private final SchemaModel model;
    private final Vendor vendor;
    private final LossinessLedger ledger;
    private final boolean sameVendor;
    private final Map<String, TypeDef> types = new LinkedHashMap<>();
    private final Set<String> created = new HashSet<>();
    private final StringBuilder out = new StringBuilder();
    private final List<String> after = new ArrayList<>();
    private final Set<String> usedTaxonomies = new HashSet<>();
    /** Taxonomy annotation: the taxonomy was a named enum type (PostgreSQL {@code CREATE TYPE … AS ENUM}). */
    static final String ENUM_TYPE = SqlKeys.ENUM_TYPE;
    /** Taxonomies written as PostgreSQL enum types, by name, with the type's written name. */
    private final Map<String, String> enumTypes = new java.util.HashMap<>();
    private final Set<String> droppedQualifiers = new HashSet<>();
    private final Set<String> constraintNames = new HashSet<>();
    private String currentSchema = "";
    /** The current table's primary-key columns, when that key is written. */
    private Set<String> writtenPrimaryKey = Set.of();
    private String currentTable = "";
    private final Map<String, Long> bareNames;
    private final Map<String, String> schemas;
    private final Names names;
    /** Keys not written because they name elements that are not columns ({@code "<type> [<elements>]"}). */
    private final Set<String> droppedKeys = new LinkedHashSet<>();
    /** Optional primary-key columns written NOT NULL ({@code "<type>.<element>"}). */
    private final Set<String> forcedNotNull = new LinkedHashSet<>();
    /** Foreign keys not written ({@code "<from type> -> <to type>"}). */
    private final Set<String> droppedForeignKeys = new LinkedHashSet<>();

    /** A foreign key to write: from columns of one table to a key of another. */
    private record Fk(Optional<String> name, String fromType, List<String> from, String toType, List<String> to,
            Map<String, String> annotations) {
    }

    /** One column line and what it asks of the table. */
    private record Column(String name, String sql) {
    }

    DdlWriter(SchemaModel model, Vendor vendor, LossinessLedger ledger) {
        this.model = model;
        this.vendor = vendor;
        this.ledger = ledger;
        this.sameVendor = vendor.key().equals(model.annotations().get(SqlKeys.VENDOR));
        model.types().forEach(t -> types.put(t.name(), t));
        this.bareNames = model.types().stream().collect(Collectors.groupingBy(t -> bareName(t).toLowerCase(Locale.ROOT),
                Collectors.counting()));
        this.schemas = writtenSchemas(model, vendor);
        this.names = new Names(vendor, ledger);
        // every table's name is chosen before any is written, so a foreign key written before its target's table
        // names the target as its CREATE TABLE will
        for (TypeDef t : model.types()) {
            names.name(Names.Kind.TABLE, tableScope(t), vendor == Vendor.SQLITE ? sqliteName(t, bareNames)
                    : bareName(t), t.name());
        }
    }

    // what the writer wrote otherwise than the model says, as data (tests read the engine's catalog back with it)

    Set<String> droppedKeys() {
        return Set.copyOf(droppedKeys);
    }

    Set<String> forcedNotNull() {
        return Set.copyOf(forcedNotNull);
    }

    Set<String> droppedForeignKeys() {
        return Set.copyOf(droppedForeignKeys);
    }

    /** The scope a table's name must be unique in: its written schema (SQLite has one for all). */
    String tableScope(TypeDef t) {
        return vendor == Vendor.SQLITE ? "" : t.namespace().map(ns -> schemas.getOrDefault(ns, ns)).orElse("");
    }

    /** The table name written for a type, unquoted and unqualified. */
    String writtenTable(TypeDef t) {
        return names.written(Names.Kind.TABLE, tableScope(t), vendor == Vendor.SQLITE ? sqliteName(t, bareNames)
                : bareName(t));
    }

    /** The schema written for a written namespace ({@link #writtenSchemas}), each part as the writer chose it. */
    String writtenSchema(String written) {
        return java.util.Arrays.stream(written.split("\\.")).map(p -> names.written(Names.Kind.SCHEMA, "", p))
                .collect(Collectors.joining("."));
    }

    /** The column name written for an element (or a derived column such as a reference's) of a type. */
    String writtenColumn(String typeName, String column) {
        return names.written(Names.Kind.COLUMN, typeName, column);
    }

    /**
     * The schema each namespace is written as. Where only the last part of {@code db.schema} is written, two
     * namespaces that would then meet on a table name keep all their parts, joined by '_'.
     */
    static Map<String, String> writtenSchemas(SchemaModel model, Vendor vendor) {
        Map<String, String> out = new LinkedHashMap<>();
        boolean twoParts = vendor == Vendor.SNOWFLAKE || vendor == Vendor.BIGQUERY;
        Map<String, Long> clashes = model.types().stream().filter(t -> t.namespace().isPresent())
                .collect(Collectors.groupingBy(t -> (last(t.namespace().get()) + "|" + bareName(t))
                        .toLowerCase(Locale.ROOT), Collectors.counting()));
        for (TypeDef t : model.types()) {
            t.namespace().ifPresent(ns -> {
                boolean clash = clashes.get((last(ns) + "|" + bareName(t)).toLowerCase(Locale.ROOT)) > 1;
                out.put(ns, twoParts || !ns.contains(".") ? ns : clash ? ns.replace('.', '_') : last(ns));
            });
        }
        return out;
    }

    private static String last(String ns) {
        return ns.substring(ns.lastIndexOf('.') + 1);
    }

    static String bareName(TypeDef t) {
        String name = t.name();
        if (t.namespace().isPresent() && name.startsWith(t.namespace().get() + ".")) {
            name = name.substring(t.namespace().get().length() + 1);
        }
        return name;
    }

    /** SQLite has one namespace: a name two schemas share keeps its schema as a prefix. */
    static String sqliteName(TypeDef t, Map<String, Long> bareNames) {
        String bare = bareName(t);
        return bareNames.getOrDefault(bare.toLowerCase(Locale.ROOT), 1L) > 1 && t.namespace().isPresent()
                ? t.namespace().get().replace('.', '_') + "_" + bare : bare;
    }

    String write() {
        out.append("-- ").append(model.name()).append(": DDL for ").append(vendor.key()).append(", written by Modelgraph\n");
        model.description().ifPresent(d -> out.append("-- ").append(d.replace('\n', ' ')).append('\n'));
        out.append('\n');
        namespaces();
        enumTypes();
        for (TypeDef t : order()) {
            table(t);
        }
        for (String s : after) {
            out.append(s).append('\n');
        }
        for (TaxonomyDef tax : model.taxonomies()) {
            if (!usedTaxonomies.contains(tax.name())) {
                ledger.drop(tax.name(), "Taxonomy " + tax.name() + " is used by no element; SQL has no place for a"
                        + " free-standing list of values.");
            }
        }
        return out.toString();
    }

    /**
     * PostgreSQL: a taxonomy that was a named enum type, and that a column uses, is written as
     * {@code CREATE TYPE … AS ENUM} once, and its columns use the type (docs/fidelity.md). Other dialects, and
     * taxonomies from other formats, get a CHECK … IN per column.
     */
    private void enumTypes() {
        if (vendor != Vendor.POSTGRES) {
            return;
        }
        Set<String> used = model.types().stream().flatMap(t -> t.elements().stream())
                .filter(e -> e.type() instanceof DataType.TaxonomyRef)
                .map(e -> ((DataType.TaxonomyRef) e.type()).taxonomyName()).collect(Collectors.toSet());
        for (TaxonomyDef x : model.taxonomies()) {
            boolean writable = "true".equals(x.annotations().get(ENUM_TYPE)) && used.contains(x.name())
                    && !x.terms().isEmpty() && x.name().length() <= 63
                    && x.terms().stream().noneMatch(term -> term.code().indexOf('\u0000') >= 0);
            if (writable) {
                String typeName = Identifiers.quote(x.name(), vendor);
                enumTypes.put(x.name(), typeName);
                out.append("CREATE TYPE ").append(typeName).append(" AS ENUM (").append(x.terms().stream()
                        .map(term -> Identifiers.string(term.code(), vendor)).collect(Collectors.joining(", ")))
                        .append(");\n");
            }
        }
        if (!enumTypes.isEmpty()) {
            out.append('\n');
        }
    }

    private void namespaces() {
        Set<String> names = model.types().stream().flatMap(t -> t.namespace().stream())
                .collect(Collectors.toCollection(LinkedHashSet::new));
        for (String ns : names) {
            switch (vendor) {
                case POSTGRES, SNOWFLAKE, BIGQUERY -> out.append("CREATE SCHEMA IF NOT EXISTS ").append(qualifiedNs(ns))
                        .append(";\n");
                case MYSQL -> out.append("CREATE DATABASE IF NOT EXISTS ").append(qualifiedNs(ns)).append(";\n");
                case SQLSERVER -> {
                    // the schema the tables are written in: the last part of db.schema, cut to the limit
                    String quoted = qualifiedNs(ns);
                    out.append("IF SCHEMA_ID(").append(Identifiers.string(writtenSchema(schemas.getOrDefault(ns, ns)),
                            vendor)).append(") IS NULL EXEC(").append(Identifiers.string("CREATE SCHEMA " + quoted,
                            vendor)).append(");\n");
                }
                case ORACLE -> ledger.approximate(ns, "Oracle schemas are users: schema " + ns
                        + " must exist before this script runs.");
                case SQLITE -> ledger.drop(ns, "SQLite has no schemas: tables of " + ns + " are written unqualified.");
            }
        }
        if (!names.isEmpty() && vendor != Vendor.ORACLE && vendor != Vendor.SQLITE) {
            out.append('\n');
        }
    }

    /**
     * Snowflake (database.schema) and BigQuery (project.dataset) qualify with two parts; the other dialects'
     * scripts run inside one database, so only the last part (the schema) is written.
     */
    private String qualifiedNs(String ns) {
        String written = schemas.getOrDefault(ns, ns);
        if (!written.equals(ns) && droppedQualifiers.add(ns)) {
            ledger.approximate(ns, "Namespace " + ns + " written as schema " + written + ": " + vendor.key()
                    + " scripts run in one database.");
        }
        return java.util.Arrays.stream(written.split("\\.")).map(p -> Identifiers.quote(names.name(Names.Kind.SCHEMA,
                "", p, ns), vendor)).collect(Collectors.joining("."));
    }

    /** Tables in an order where each foreign key's target comes first, as far as cycles allow. */
    private List<TypeDef> order() {
        Map<String, Set<String>> deps = new LinkedHashMap<>();
        for (TypeDef t : model.types()) {
            deps.put(t.name(), new LinkedHashSet<>());
        }
        for (Fk fk : foreignKeys()) {
            if (!fk.fromType().equals(fk.toType()) && deps.containsKey(fk.fromType())) {
                deps.get(fk.fromType()).add(fk.toType());
            }
        }
        List<TypeDef> ordered = new ArrayList<>();
        Set<String> done = new HashSet<>();
        Set<String> visiting = new HashSet<>();
        for (TypeDef t : model.types()) {
            visit(t.name(), deps, done, visiting, ordered);
        }
        return ordered;
    }

    private void visit(String name, Map<String, Set<String>> deps, Set<String> done, Set<String> visiting,
            List<TypeDef> ordered) {
        if (done.contains(name) || visiting.contains(name) || !types.containsKey(name)) {
            return;
        }
        visiting.add(name);
        for (String d : deps.get(name)) {
            visit(d, deps, done, visiting, ordered);
        }
        visiting.remove(name);
        done.add(name);
        ordered.add(types.get(name));
    }

    /** The model's relationships plus single references to a type with a primary key. */
    private List<Fk> foreignKeys() {
        List<Fk> fks = new ArrayList<>();
        for (Relationship r : model.relationships()) {
            fks.add(new Fk(r.name(), r.fromType(), r.fromElements(), r.toType(), r.toElements(), r.annotations()));
        }
        for (TypeDef t : model.types()) {
            for (ElementDef e : t.elements()) {
                if (e.type() instanceof DataType.TypeRef ref && !e.cardinality().many()) {
                    referencedKey(ref.typeName()).ifPresent(pk -> fks.add(new Fk(Optional.empty(), t.name(),
                            pk.stream().map(c -> refColumn(e.name(), c)).toList(), ref.typeName(), pk, Map.of())));
                }
            }
        }
        return fks;
    }

    private Optional<List<String>> referencedKey(String typeName) {
        return Optional.ofNullable(types.get(typeName)).flatMap(TypeDef::primaryKey).map(KeyDef::elements);
    }

    private static String refColumn(String element, String keyColumn) {
        return element + "_" + keyColumn;
    }

    private String tableName(TypeDef t) {
        String name = writtenTable(t);
        if (vendor == Vendor.SQLITE || t.namespace().isEmpty()) {
            return Identifiers.quote(name, vendor);
        }
        return qualifiedNs(t.namespace().get()) + "." + Identifiers.quote(name, vendor);
    }

    private String table(String typeName) {
        return Optional.ofNullable(types.get(typeName)).map(this::tableName)
                .orElse(Identifiers.quote(typeName, vendor));
    }

    /** A column of the table being written. */
    private String col(String name) {
        return col(currentTable, name);
    }

    /** A column of the table written for {@code scope} (a type's name, or a child table's). */
    private String col(String scope, String name) {
        return Identifiers.quote(names.name(Names.Kind.COLUMN, scope, name, scope + "." + name), vendor);
    }

    private void table(TypeDef t) {
        String path = t.name();
        currentSchema = vendor == Vendor.SQLITE ? t.name() : t.namespace().orElse("");
        currentTable = t.name();
        List<ElementDef> elements = new ArrayList<>();
        if (!t.supertypes().isEmpty()) {
            ledger.approximate(path, "Supertypes " + t.supertypes() + " flattened: their elements are copied into"
                    + " this table as columns.");
        }
        elements.addAll(Inheritance.elements(t, types));
        if (t.isAbstract()) {
            ledger.drop(path, "Abstract type written as an ordinary table.");
        }
        List<Column> columns = new ArrayList<>();
        List<String> constraints = new ArrayList<>();
        List<String> comments = new ArrayList<>();
        Optional<String> inlineAutoPk = sqliteAutoincrementColumn(t);
        Set<String> elementNames = elements.stream().filter(e -> !e.cardinality().many()).map(ElementDef::name)
                .collect(Collectors.toSet());
        writtenPrimaryKey = t.primaryKey().map(KeyDef::elements).filter(elementNames::containsAll)
                .map(Set::copyOf).orElse(Set.of());
        for (ElementDef e : elements) {
            element(t, e, columns, constraints, comments, inlineAutoPk);
        }
        if (columns.isEmpty()) {
            ledger.approximate(path, "Type " + t.name() + " has no elements; a table needs a column, so it gets"
                    + " a column named id.");
            columns.add(new Column("id", col("id") + " " + VendorTypes.of(vendor, PrimitiveKind.INTEGER,
                    Constraints.NONE, Optional.empty(), false).type()));
        }
        Set<String> columnNames = columns.stream().map(Column::name).collect(Collectors.toSet());
        for (KeyDef k : t.keys()) {
            if (!columnNames.containsAll(k.elements())) {
                ledger.drop(path, "Key " + k.elements() + " names elements that are not columns; not carried.");
                droppedKeys.add(path + " " + k.elements());
                continue;
            }
            if (k.kind() == KeyDef.Kind.PRIMARY && inlineAutoPk.isPresent()) {
                continue;
            }
            if (k.kind() == KeyDef.Kind.UNIQUE && vendor == Vendor.BIGQUERY) {
                ledger.relax(path, "BigQuery has no UNIQUE constraint; unique key " + k.elements() + " not carried.");
                continue;
            }
            constraints.add(constraintName(k.name()) + (k.kind() == KeyDef.Kind.PRIMARY ? "PRIMARY KEY" : "UNIQUE")
                    + " (" + columnList(k.elements()) + ")" + (vendor == Vendor.BIGQUERY ? " NOT ENFORCED" : ""));
        }
        for (Fk fk : foreignKeys()) {
            if (!fk.fromType().equals(t.name())) {
                continue;
            }
            foreignKey(t, fk, columnNames).ifPresent(sql -> {
                if (vendor == Vendor.SQLITE || created.contains(fk.toType()) || fk.toType().equals(t.name())) {
                    constraints.add(sql);
                } else {
                    after.add("ALTER TABLE " + tableName(t) + " ADD " + sql + ";");
                }
            });
        }
        t.annotations().entrySet().stream().filter(a -> a.getKey().startsWith(SqlKeys.CHECK_PREFIX)).forEach(a -> {
            if (sameVendor && vendor != Vendor.BIGQUERY) {
                constraints.add(check(a.getValue()));
            } else {
                ledger.relax(path, "CHECK " + a.getValue() + " was written for another dialect; not carried.");
            }
        });
        out.append("CREATE TABLE ").append(tableName(t)).append(" (\n");
        List<String> lines = new ArrayList<>();
        columns.forEach(c -> lines.add(INDENT + c.sql()));
        constraints.forEach(c -> lines.add(INDENT + c));
        out.append(String.join(",\n", lines)).append('\n').append(')');
        tableDescription(t, comments);
        out.append(";\n");
        for (String c : comments) {
            out.append(c).append('\n');
        }
        out.append('\n');
        created.add(t.name());
    }

    /** SQLite's AUTOINCREMENT exists only on an INTEGER PRIMARY KEY written on the column itself. */
    private Optional<String> sqliteAutoincrementColumn(TypeDef t) {
        if (vendor != Vendor.SQLITE) {
            return Optional.empty();
        }
        return t.primaryKey().filter(k -> k.elements().size() == 1).map(k -> k.elements().get(0))
                .filter(c -> t.element(c).map(e -> e.annotations().containsKey(SqlKeys.IDENTITY)
                        && e.type() instanceof DataType.Primitive p && p.kind() == PrimitiveKind.INTEGER)
                        .orElse(false));
    }

    private String check(String annotated) {
        int colon = annotated.indexOf(": ");
        if (colon > 0 && annotated.substring(0, colon).matches("[\\w$#\"`\\[\\]]+")) {
            return "CONSTRAINT " + Identifiers.quote(names.fitted(Names.Kind.CONSTRAINT, annotated.substring(0, colon),
                    currentTable), vendor) + " CHECK (" + annotated.substring(colon + 2) + ")";
        }
        return "CHECK (" + annotated + ")";
    }

    private Optional<String> foreignKey(TypeDef t, Fk fk, Set<String> columnNames) {
        TypeDef target = types.get(fk.toType());
        String path = t.name() + " -> " + fk.toType();
        if (target == null) {
            ledger.drop(path, "Foreign key to " + fk.toType() + ", which the model does not hold; not carried.");
            droppedForeignKeys.add(path);
            return Optional.empty();
        }
        if (!columnNames.containsAll(fk.from())) {
            ledger.drop(path, "Foreign key columns " + fk.from() + " are not columns of " + t.name()
                    + "; not carried.");
            droppedForeignKeys.add(path);
            return Optional.empty();
        }
        Set<String> to = new HashSet<>(fk.to());
        boolean keyed = target.keys().stream().anyMatch(k -> new HashSet<>(k.elements()).equals(to));
        if (!keyed && vendor != Vendor.MYSQL) {
            ledger.drop(path, "Foreign key to " + fk.to() + " of " + fk.toType()
                    + ", which are not its primary or unique key; " + vendor.key() + " refuses that, not carried.");
            droppedForeignKeys.add(path);
            return Optional.empty();
        }
        for (int i = 0; i < fk.from().size() && i < fk.to().size(); i++) {
            Optional<String> fromKind = t.element(fk.from().get(i)).map(DdlWriter::typeClass);
            Optional<String> toKind = target.element(fk.to().get(i)).map(DdlWriter::typeClass);
            if (fromKind.isPresent() && toKind.isPresent() && !fromKind.equals(toKind)) {
                ledger.drop(path, "Foreign key " + fk.from() + " -> " + fk.to() + " joins a " + fromKind.get()
                        + " column to a " + toKind.get() + " column; engines refuse that, not carried.");
                droppedForeignKeys.add(path);
                return Optional.empty();
            }
        }
        StringBuilder b = new StringBuilder(constraintName(fk.name())).append("FOREIGN KEY (")
                .append(columnList(fk.from())).append(") REFERENCES ").append(tableName(target)).append(" (")
                .append(columnList(target.name(), fk.to())).append(')');
        action(b, "ON DELETE", fk.annotations().get(SqlKeys.ON_DELETE), path);
        action(b, "ON UPDATE", fk.annotations().get(SqlKeys.ON_UPDATE), path);
        if (vendor == Vendor.BIGQUERY) {
            b.append(" NOT ENFORCED");
        }
        return Optional.of(b.toString());
    }

    /** What a foreign key compares: numbers with numbers, text with text. */
    private static String typeClass(ElementDef e) {
        if (e.type() instanceof DataType.Primitive p) {
            return switch (p.kind()) {
                case INTEGER, DECIMAL, NUMBER -> "numeric";
                case STRING, URI -> "text";
                default -> p.kind().name().toLowerCase(Locale.ROOT);
            };
        }
        return e.type() instanceof DataType.TaxonomyRef ? "text" : "other";
    }

    private void action(StringBuilder b, String clause, String value, String path) {
        if (value == null) {
            return;
        }
        boolean supported = switch (vendor) {
            case BIGQUERY, SNOWFLAKE -> false;
            case ORACLE -> clause.equals("ON DELETE") && !value.equals("RESTRICT") && !value.equals("NO ACTION");
            case SQLSERVER -> !value.equals("RESTRICT");
            default -> true;
        };
        if (supported) {
            b.append(' ').append(clause).append(' ').append(value);
        } else if (!value.equals("NO ACTION") && !value.equals("RESTRICT")) {
            ledger.drop(path, clause + " " + value + " is not available in " + vendor.key() + "; not carried.");
        }
    }

    /**
     * Constraint names are unique per schema in PostgreSQL, Oracle and SQL Server (Snowflake repeats them across
     * tables): a name already written is left out and the engine names the constraint.
     */
    private String constraintName(Optional<String> name) {
        if (name.isEmpty()) {
            return "";
        }
        String fitted = names.fitted(Names.Kind.CONSTRAINT, name.get(), currentTable);
        if (!constraintNames.add(currentSchema + "|" + fitted.toLowerCase(Locale.ROOT))) {
            ledger.drop(currentTable, "Constraint name " + name.get() + " is already used in this schema; written"
                    + " without a name.");
            return "";
        }
        return "CONSTRAINT " + Identifiers.quote(fitted, vendor) + " ";
    }

    private String columnList(List<String> columns) {
        return columnList(currentTable, columns);
    }

    private String columnList(String scope, List<String> columns) {
        return columns.stream().map(c -> col(scope, c)).collect(Collectors.joining(", "));
    }

    private void element(TypeDef t, ElementDef e, List<Column> columns, List<String> constraints,
            List<String> comments, Optional<String> inlineAutoPk) {
        String path = t.name() + "." + e.name();
        boolean notNull = e.cardinality().required() && !e.nullable();
        boolean inKey = t.keys().stream().anyMatch(k -> k.elements().contains(e.name()));
        if (!notNull && !e.cardinality().many() && writtenPrimaryKey.contains(e.name())) {
            // a primary-key column is NOT NULL in every engine (PostgreSQL makes it so silently): say so, and
            // write it explicitly so SQLite, which would accept NULLs there, agrees
            notNull = true;
            ledger.narrow(path, "Primary-key column written NOT NULL; the model has it optional.");
            forcedNotNull.add(path);
        }
        e.mapsTo().ifPresent(m -> ledger.drop(path, "Mapping to " + m + " not carried: SQL has no place for it."));
        if (e.nullable()) {
            // SQL has one NULL for "absent" and "null": the reader gives a nullable column back as optional
            ledger.narrow(path, "SQL has one NULL for an absent and a null value: the nullable column reads back"
                    + " optional and not nullable.");
        }
        if (!e.examples().isEmpty()) {
            ledger.drop(path, "Examples not carried: SQL has no place for them.");
        }
        DataType type = e.type();
        if (type instanceof DataType.TypeRef ref) {
            Optional<List<String>> pk = referencedKey(ref.typeName());
            if (pk.isPresent() && !e.cardinality().many()) {
                TypeDef target = types.get(ref.typeName());
                for (String k : pk.get()) {
                    ElementDef keyElement = target.element(k).orElseThrow();
                    String name = refColumn(e.name(), k);
                    String sqlType = scalarType(path, keyElement, true);
                    columns.add(new Column(name, col(name) + " " + sqlType + (notNull ? " NOT NULL" : "")));
                }
                description(t, e.name(), e.description(), columns, comments);
                return;
            }
            ledger.approximate(path, "Reference to " + ref.typeName() + (e.cardinality().many() ? " (many values)"
                    : " (a type without a primary key)") + " stored as JSON in one column.");
            jsonColumn(t, e, notNull, columns, comments);
            return;
        }
        if (type instanceof DataType.Union || type instanceof DataType.MapOf) {
            ledger.approximate(path, (type instanceof DataType.Union ? "Union" : "Map")
                    + " stored as JSON in one column.");
            jsonColumn(t, e, notNull, columns, comments);
            return;
        }
        if (e.cardinality().many()) {
            manyValued(t, e, columns, comments);
            return;
        }
        String sqlType = inlineAutoPk.filter(e.name()::equals).isPresent() ? "integer" : scalarType(path, e, inKey);
        if ((e.constraints().precision().isPresent() || e.constraints().scale().isPresent()) && !sqlType.contains("(")) {
            // an Oracle NUMBER(1,0) is an integer: the integer type written here states no digits
            ledger.relax(path, "Precision " + e.constraints().precision().map(String::valueOf).orElse("-")
                    + ", scale " + e.constraints().scale().map(String::valueOf).orElse("-") + " not written: "
                    + sqlType + " states none.");
        }
        StringBuilder sql = new StringBuilder(col(e.name())).append(' ').append(sqlType);
        identity(t, e, sql, inlineAutoPk, path);
        defaultValue(e, sql, path);
        if (notNull) {
            sql.append(" NOT NULL");
        }
        checks(e, sql, path);
        columns.add(new Column(e.name(), sql.toString()));
        description(t, e.name(), e.description(), columns, comments);
    }

    private void jsonColumn(TypeDef t, ElementDef e, boolean notNull, List<Column> columns, List<String> comments) {
        VendorTypes.Choice json = VendorTypes.json(vendor);
        columns.add(new Column(e.name(), col(e.name()) + " " + json.type() + (notNull ? " NOT NULL" : "")));
        description(t, e.name(), e.description(), columns, comments);
    }

    /** The column type of a scalar element, ledgering what the choice loses. */
    private String scalarType(String path, ElementDef e, boolean key) {
        if (e.type() instanceof DataType.TaxonomyRef ref) {
            return taxonomyType(path, ref.taxonomyName(), e);
        }
        DataType.Primitive p = (DataType.Primitive) e.type();
        if (sameVendor && p.nativeName().isPresent() && builtIn(p.nativeName().get(), vendor)) {
            return p.nativeName().get();
        }
        VendorTypes.Choice choice = VendorTypes.of(vendor, p.kind(), e.constraints(), p.nativeName(), key);
        choice.approximation().ifPresent(a -> ledger.approximate(path, p.kind().name().toLowerCase(Locale.ROOT)
                + " written as " + choice.type() + ": " + a + "."));
        return choice.type();
    }

    /** A native spelling is reused only for a built-in type: domains and user types are not written. */
    private static boolean builtIn(String nativeName, Vendor vendor) {
        String base = nativeName.replaceAll("[(<\\[].*", "").trim().toUpperCase(Locale.ROOT);
        if (vendor == Vendor.POSTGRES) {
            return POSTGRES_TYPES.contains(base);
        }
        return TypeMapping.knows(base) && !base.equals("ENUM") && !base.equals("SET");
    }

    /** PostgreSQL's built-in names (others in a PostgreSQL script are domains, enums or extension types). */
    private static final Set<String> POSTGRES_TYPES = Set.of("INT", "INTEGER", "INT2", "INT4", "INT8", "SMALLINT",
            "BIGINT", "SERIAL", "BIGSERIAL", "SMALLSERIAL", "SERIAL2", "SERIAL4", "SERIAL8", "NUMERIC", "DECIMAL",
            "REAL", "DOUBLE PRECISION", "FLOAT", "FLOAT4", "FLOAT8", "BOOLEAN", "BOOL", "TEXT", "VARCHAR",
            "CHARACTER VARYING", "CHAR", "CHARACTER", "BPCHAR", "NAME", "DATE", "TIME", "TIMETZ", "TIMESTAMP",
            "TIMESTAMPTZ", "TIMESTAMP WITH TIME ZONE", "TIMESTAMP WITHOUT TIME ZONE", "TIME WITH TIME ZONE",
            "TIME WITHOUT TIME ZONE", "INTERVAL", "BYTEA", "UUID", "JSON", "JSONB", "XML", "INET", "CIDR", "MACADDR",
            "TSVECTOR", "MONEY", "BIT", "BIT VARYING", "VARBIT", "POINT");

    private String taxonomyType(String path, String name, ElementDef e) {
        usedTaxonomies.add(name);
        Optional<TaxonomyDef> tax = model.taxonomy(name);
        List<String> codes = tax.map(x -> x.terms().stream().map(Term::code).toList()).orElse(List.of());
        if (sameVendor && e.annotations().containsKey(SqlKeys.TYPE) && vendor == Vendor.MYSQL) {
            return e.annotations().get(SqlKeys.TYPE);
        }
        if (enumTypes.containsKey(name)) {
            return enumTypes.get(name);
        }
        // a list of values has no SQL form of its own here: the column states the codes, and the reader names
        // the list after the table and column (docs/fidelity.md, "PostgreSQL enum types")
        String readBack = path.substring(0, path.length() - e.name().length() - 1) + "_" + e.name();
        if (!name.equals(readBack)) {
            ledger.approximate(path, "Taxonomy '" + name + "' is written as the allowed values of this column, so"
                    + " it reads back as '" + readBack + "'.");
        }
        if (vendor == Vendor.MYSQL && !codes.isEmpty()) {
            return "enum(" + codes.stream().map(c -> Identifiers.string(c, vendor)).collect(Collectors.joining(", "))
                    + ")";
        }
        long longest = Math.max(1, codes.stream().mapToLong(String::length).max().orElse(255));
        if (!e.constraints().maxLength().equals(Optional.of(longest))) {
            ledger.approximate(path, "The column of taxonomy '" + name + "' holds its longest code, " + longest
                    + " characters, and reads back with that maximum length.");
        }
        VendorTypes.Choice choice = VendorTypes.of(vendor, PrimitiveKind.STRING,
                Constraints.builder().maxLength(longest).build(), Optional.empty(), true);
        if (vendor == Vendor.BIGQUERY || vendor == Vendor.SNOWFLAKE) {
            ledger.relax(path, "Values of " + name + " not enforced: " + vendor.key() + " has no CHECK constraint.");
        }
        return choice.type();
    }

    private void identity(TypeDef t, ElementDef e, StringBuilder sql, Optional<String> inlineAutoPk, String path) {
        String identity = e.annotations().get(SqlKeys.IDENTITY);
        if (inlineAutoPk.filter(e.name()::equals).isPresent()) {
            sql.append(" PRIMARY KEY AUTOINCREMENT");
            return;
        }
        if (identity == null) {
            return;
        }
        boolean integer = e.type() instanceof DataType.Primitive p && p.kind() == PrimitiveKind.INTEGER;
        boolean sameNative = sameVendor && e.type() instanceof DataType.Primitive p && p.nativeName().isPresent();
        if (!integer && !(sameNative && vendor != Vendor.POSTGRES)) {
            ledger.drop(path, "Identity on a column that is not an integer (such as NUMBER(38,0)) not carried: "
                    + "identity needs an integer type in " + vendor.key() + ".");
            return;
        }
        if (sameVendor && ((DataType.Primitive) e.type()).nativeName().map(n -> n.toUpperCase(Locale.ROOT)
                .contains("SERIAL")).orElse(false)) {
            return; // serial already says it
        }
        switch (vendor) {
            case POSTGRES, ORACLE -> sql.append(identity.contains("always") ? " GENERATED ALWAYS AS IDENTITY"
                    : " GENERATED BY DEFAULT AS IDENTITY");
            case MYSQL -> sql.append(" AUTO_INCREMENT");
            case SQLSERVER -> sql.append(" IDENTITY(1,1)");
            case SNOWFLAKE -> sql.append(" AUTOINCREMENT");
            case SQLITE -> ledger.drop(path, "SQLite has AUTOINCREMENT only on a single-column INTEGER PRIMARY KEY;"
                    + " identity not carried.");
            case BIGQUERY -> ledger.drop(path, "BigQuery has no identity columns; not carried.");
        }
    }

    private void defaultValue(ElementDef e, StringBuilder sql, String path) {
        boolean mysqlBlob = vendor == Vendor.MYSQL && sql.toString().matches("(?is).*\\s(long|medium|tiny)?(text|blob)$"
                + "|(?is).*\\sjson$");
        if (e.defaultValue().isPresent()) {
            Optional<String> literal = literal(e.defaultValue().get(), e);
            if (literal.isPresent() && !fits(e.defaultValue().get(), e)) {
                ledger.drop(path, "Default " + e.defaultValue().get() + " does not fit the column's type; not carried.");
                return;
            }
            if (literal.isEmpty()) {
                ledger.drop(path, "Default " + e.defaultValue().get() + " has no SQL literal; not carried.");
                return;
            }
            sql.append(" DEFAULT ").append(mysqlBlob ? "(" + literal.get() + ")" : literal.get());
            return;
        }
        String expression = e.annotations().get(SqlKeys.DEFAULT);
        if (expression == null) {
            return;
        }
        String upper = expression.toUpperCase(Locale.ROOT);
        if (upper.equals("CURRENT_TIMESTAMP") || upper.equals("CURRENT_DATE")) {
            sql.append(" DEFAULT ").append(vendor == Vendor.BIGQUERY && upper.equals("CURRENT_TIMESTAMP")
                    ? "CURRENT_DATETIME()" : upper);
        } else if (sameVendor) {
            sql.append(" DEFAULT ").append(expression);
        } else {
            ledger.drop(path, "Default expression " + expression + " was written for another dialect; not carried.");
        }
    }

    /** A number defaults a numeric or boolean column; text defaults the rest. */
    private static boolean fits(JsonNode value, ElementDef e) {
        if (!(e.type() instanceof DataType.Primitive p)) {
            return value.isTextual();
        }
        return switch (p.kind()) {
            case INTEGER, DECIMAL, NUMBER -> value.isNumber();
            case BOOLEAN -> value.isBoolean() || value.isIntegralNumber();
            case ANY, BINARY -> false;
            case DATE, DATETIME -> value.isTextual() && parses(() -> java.time.LocalDate.parse(value.textValue()
                    .substring(0, Math.min(10, value.textValue().length()))));
            case TIME -> value.isTextual() && parses(() -> java.time.LocalTime.parse(value.textValue()));
            default -> value.isTextual();
        };
    }

    private static boolean parses(Runnable parse) {
        try {
            parse.run();
            return true;
        } catch (RuntimeException e) {
            return false;
        }
    }

    private Optional<String> literal(JsonNode value, ElementDef e) {
        boolean isBoolean = e.type() instanceof DataType.Primitive p && p.kind() == PrimitiveKind.BOOLEAN;
        if (value.isBoolean() || (isBoolean && value.isIntegralNumber())) {
            boolean b = value.isBoolean() ? value.booleanValue() : value.asInt() != 0;
            return Optional.of(vendor == Vendor.SQLSERVER || vendor == Vendor.ORACLE ? (b ? "1" : "0")
                    : b ? "TRUE" : "FALSE");
        }
        if (value.isNumber()) {
            return Optional.of(value.decimalValue().toPlainString());
        }
        if (value.isTextual()) {
            // SQL text cannot hold NUL; such a default is not carried (the caller ledgers an empty literal)
            return value.textValue().indexOf('\u0000') >= 0 ? Optional.empty()
                    : Optional.of(Identifiers.string(value.textValue(), vendor));
        }
        return Optional.empty();
    }

    private void checks(ElementDef e, StringBuilder sql, String path) {
        Constraints c = e.constraints();
        List<String> parts = new ArrayList<>();
        String name = col(e.name());
        // numeric bounds compare numbers: on a text or JSON column the engine refuses them (PostgreSQL) or
        // compares by type class (SQLite), so they are written only for numeric columns
        boolean numeric = e.type() instanceof DataType.Primitive p && (p.kind() == PrimitiveKind.INTEGER
                || p.kind() == PrimitiveKind.NUMBER || p.kind() == PrimitiveKind.DECIMAL);
        if (numeric) {
            c.minimum().ifPresent(v -> parts.add(name + " >= " + plain(v)));
            c.maximum().ifPresent(v -> parts.add(name + " <= " + plain(v)));
            c.exclusiveMinimum().ifPresent(v -> parts.add(name + " > " + plain(v)));
            c.exclusiveMaximum().ifPresent(v -> parts.add(name + " < " + plain(v)));
        } else if (c.minimum().isPresent() || c.maximum().isPresent() || c.exclusiveMinimum().isPresent()
                || c.exclusiveMaximum().isPresent()) {
            ledger.relax(path, "Numeric bounds on a column that is not numeric are not carried.");
        }
        if (e.type() instanceof DataType.TaxonomyRef ref && vendor != Vendor.MYSQL
                && !enumTypes.containsKey(ref.taxonomyName())) {
            model.taxonomy(ref.taxonomyName()).filter(x -> !x.terms().isEmpty()).ifPresent(x -> {
                if (x.terms().stream().anyMatch(term -> term.code().indexOf('\u0000') >= 0)) {
                    ledger.relax(path, "A code of taxonomy '" + x.name() + "' holds a NUL character, which SQL"
                            + " text cannot; the IN check is not carried.");
                } else {
                    parts.add(name + " IN (" + x.terms().stream().map(term -> Identifiers.string(term.code(),
                            vendor)).collect(Collectors.joining(", ")) + ")");
                }
            });
        }
        if (sameVendor && e.annotations().containsKey(SqlKeys.CHECK)) {
            parts.add(e.annotations().get(SqlKeys.CHECK));
        } else if (e.annotations().containsKey(SqlKeys.CHECK)) {
            ledger.relax(path, "CHECK " + e.annotations().get(SqlKeys.CHECK)
                    + " was written for another dialect; not carried.");
        }
        c.pattern().ifPresent(p -> ledger.relax(path, "Pattern " + p + " not carried: no portable SQL form."));
        c.format().ifPresent(f -> ledger.relax(path, "Format " + f + " not carried."));
        c.minLength().ifPresent(m -> ledger.relax(path, "Minimum length " + m + " not carried."));
        c.multipleOf().ifPresent(m -> ledger.relax(path, "multipleOf " + m + " not carried."));
        c.constValue().ifPresent(v -> ledger.relax(path, "Constant value " + v + " not carried."));
        if (parts.isEmpty()) {
            return;
        }
        if (vendor == Vendor.BIGQUERY || vendor == Vendor.SNOWFLAKE) {
            if (!(e.type() instanceof DataType.TaxonomyRef) || parts.size() > 1) {
                ledger.relax(path, vendor.key() + " has no CHECK constraint; " + parts + " not carried.");
            }
            return;
        }
        sql.append(" CHECK (").append(String.join(" AND ", parts)).append(')');
    }

    private static String plain(BigDecimal v) {
        return v.toPlainString();
    }

    /** Arrays where the dialect has them, a child table otherwise, JSON when the parent has no key. */
    private void manyValued(TypeDef t, ElementDef e, List<Column> columns, List<String> comments) {
        String path = t.name() + "." + e.name();
        // an array column, a child table or a JSON column holds the values, not their default, count or uniqueness
        e.defaultValue().ifPresent(d -> ledger.drop(path, "Default " + d + " of many values not carried."));
        io.modelgraph.schema.Cardinality c = e.cardinality();
        if (c.min() > 1 || c.max().isPresent() || e.constraints().uniqueItems()) {
            ledger.relax(path, "Many values: " + c.min() + ".." + (c.max().isPresent() ? c.max().getAsInt() : "*")
                    + (e.constraints().uniqueItems() ? ", unique" : "") + " not enforced; any number reads back.");
        }
        ElementDef single = e.toBuilder().cardinality(io.modelgraph.schema.Cardinality.REQUIRED).build();
        switch (vendor) {
            case POSTGRES -> columns.add(new Column(e.name(), col(e.name()) + " " + scalarType(path, single, false)
                    .replaceAll("(?i)(\\s*\\[\\s*\\d*\\s*\\])+$|\\s+ARRAY$", "") + "[]"
                    + (e.cardinality().required() ? " NOT NULL" : "")));
            case BIGQUERY -> columns.add(new Column(e.name(), col(e.name()) + " ARRAY<"
                    + scalarType(path, single, false).replaceAll("\\(.*\\)", "") + ">"));
            case SNOWFLAKE -> {
                ledger.approximate(path, "Snowflake arrays are untyped; the element type is not declared.");
                columns.add(new Column(e.name(), col(e.name()) + " array"));
            }
            default -> {
                Optional<KeyDef> pk = t.primaryKey();
                if (pk.isEmpty()) {
                    ledger.approximate(path, "Many values stored as a JSON array in one column: " + t.name()
                            + " has no primary key a child table could refer to.");
                    jsonColumn(t, e, false, columns, comments);
                    return;
                }
                childTable(t, e, single, pk.get(), path);
                return;
            }
        }
        description(t, e.name(), e.description(), columns, comments);
    }

    private void childTable(TypeDef t, ElementDef e, ElementDef single, KeyDef pk, String path) {
        String childName = names.name(Names.Kind.TABLE, tableScope(t), t.name() + "_" + e.name(), path + "[]");
        String scope = path + "[]";
        ledger.approximate(path, "Many values stored in child table " + childName + " (parent key, ordinal, value).");
        List<String> lines = new ArrayList<>();
        List<String> parentColumns = new ArrayList<>();
        for (String k : pk.elements()) {
            ElementDef keyElement = t.element(k).orElseThrow();
            String name = t.name() + "_" + k;
            parentColumns.add(name);
            lines.add(INDENT + col(scope, name) + " " + scalarType(path, keyElement.toBuilder().annotations(Map.of())
                    .build(),
                    true) + " NOT NULL");
        }
        lines.add(INDENT + col(scope, "ordinal") + " " + VendorTypes.of(vendor, PrimitiveKind.INTEGER, Constraints.NONE,
                Optional.empty(), true).type() + " NOT NULL");
        lines.add(INDENT + col(scope, e.name()) + " " + (single.type() instanceof DataType.Primitive
                || single.type() instanceof DataType.TaxonomyRef ? scalarType(path, single, false)
                        : VendorTypes.json(vendor).type()) + " NOT NULL");
        List<String> key = new ArrayList<>(parentColumns);
        key.add("ordinal");
        lines.add(INDENT + "PRIMARY KEY (" + columnList(scope, key) + ")");
        lines.add(INDENT + "FOREIGN KEY (" + columnList(scope, parentColumns) + ") REFERENCES " + tableName(t) + " ("
                + columnList(t.name(), pk.elements()) + ") ON DELETE CASCADE");
        String quotedChild = Identifiers.quote(childName, vendor);
        String childTable = t.namespace().filter(ns -> vendor != Vendor.SQLITE)
                .map(ns -> qualifiedNs(ns) + "." + quotedChild).orElse(quotedChild);
        after.add("CREATE TABLE " + childTable + " (\n" + String.join(",\n", lines) + "\n);\n");
    }

    /** Column descriptions: inline for MySQL and BigQuery, COMMENT ON or extended properties otherwise. */
    private void description(TypeDef t, String column, Optional<String> text, List<Column> columns,
            List<String> comments) {
        if (text.isEmpty()) {
            return;
        }
        String d = text.get();
        Column last = columns.get(columns.size() - 1);
        switch (vendor) {
            case MYSQL -> columns.set(columns.size() - 1, new Column(last.name(), last.sql() + " COMMENT "
                    + Identifiers.string(d, vendor)));
            case BIGQUERY -> columns.set(columns.size() - 1, new Column(last.name(), last.sql()
                    + " OPTIONS(description=" + Identifiers.string(d, vendor).replace("\n", "\\n") + ")"));
            case POSTGRES, ORACLE, SNOWFLAKE -> comments.add("COMMENT ON COLUMN " + tableName(t) + "."
                    + col(last.name()) + " IS " + Identifiers.string(d, vendor) + ";");
            case SQLSERVER -> comments.add(extendedProperty(t, Optional.of(last.name()), d));
            case SQLITE -> ledger.drop(t.name() + "." + column, "SQLite keeps no column comments; description not"
                    + " carried.");
        }
    }

    private void tableDescription(TypeDef t, List<String> comments) {
        if (t.description().isEmpty()) {
            return;
        }
        String d = t.description().get();
        switch (vendor) {
            case MYSQL -> out.append(" COMMENT=").append(Identifiers.string(d, vendor));
            case BIGQUERY -> out.append("\nOPTIONS(description=").append(Identifiers.string(d, vendor)
                    .replace("\n", "\\n")).append(')');
            case POSTGRES, ORACLE, SNOWFLAKE -> comments.add(0, "COMMENT ON TABLE " + tableName(t) + " IS "
                    + Identifiers.string(d, vendor) + ";");
            case SQLSERVER -> comments.add(0, extendedProperty(t, Optional.empty(), d));
            case SQLITE -> ledger.drop(t.name(), "SQLite keeps no table comments; description not carried.");
        }
    }

    private String extendedProperty(TypeDef t, Optional<String> column, String text) {
        String name = writtenTable(t);
        return "EXEC sys.sp_addextendedproperty @name = N'MS_Description', @value = "
                + Identifiers.string(text, vendor) + ", @level0type = N'SCHEMA', @level0name = "
                + Identifiers.string(t.namespace().map(ns -> writtenSchema(schemas.getOrDefault(ns, ns))).orElse("dbo"),
                        vendor) + ", @level1type = N'TABLE', @level1name = "
                + Identifiers.string(name, vendor) + column.map(c -> ", @level2type = N'COLUMN', @level2name = "
                        + Identifiers.string(writtenColumn(t.name(), c), vendor)).orElse("") + ";";
    }
}
