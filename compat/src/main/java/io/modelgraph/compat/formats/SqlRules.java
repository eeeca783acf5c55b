package io.modelgraph.compat.formats;

import io.modelgraph.compat.Finding;
import io.modelgraph.compat.Matching;
import io.modelgraph.compat.Reading;
import io.modelgraph.compat.Severity;
import io.modelgraph.compat.StructuralRules;
import io.modelgraph.schema.ElementDef;
import io.modelgraph.schema.KeyDef;
import io.modelgraph.schema.TypeDef;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * SQL consumers (docs/compare.md "SQL"): what breaks existing rows or queries, each finding naming the migration
 * it needs. Tables are types, columns elements; a dropped or renamed column or table breaks the queries that name
 * it whichever way the mode looks, a narrowed type or a {@code NOT NULL} without default breaks existing rows.
 */
public final class SqlRules extends StructuralRules {
    private static final Map<String, String> WORDS = Map.ofEntries(
            Map.entry("type-removed", "table-dropped"),
            Map.entry("term-removed", "enum-value-removed"),
            Map.entry("element-removed", "column-dropped"),
            Map.entry("element-added", "column-added"),
            Map.entry("required-element-added", "not-null-column-added-without-default"),
            Map.entry("required-element-removed", "column-dropped"),
            Map.entry("element-became-required", "not-null-added"),
            Map.entry("element-became-optional", "not-null-dropped"),
            Map.entry("cardinality-narrowed", "type-narrowed"),
            Map.entry("nullability-narrowed", "not-null-added"),
            Map.entry("constraint-narrowed", "type-narrowed"),
            Map.entry("key-changed", "primary-key-changed"));
    private static final Map<String, String> MIGRATIONS = Map.ofEntries(
            Map.entry("table-dropped", "move every query off the table first, then DROP TABLE"),
            Map.entry("column-dropped", "move every query off the column first, then ALTER TABLE … DROP COLUMN"),
            Map.entry("not-null-column-added-without-default",
                    "ADD COLUMN with a DEFAULT (or add it nullable, backfill, then SET NOT NULL)"),
            Map.entry("not-null-added", "backfill the NULLs, then ALTER COLUMN … SET NOT NULL"),
            Map.entry("not-null-dropped", "readers that assume a value must handle NULL"),
            Map.entry("type-narrowed", "check every existing value fits, then ALTER COLUMN … TYPE … USING …"),
            Map.entry("enum-value-removed", "update the rows holding the value, then drop it from the type or CHECK"),
            Map.entry("primary-key-changed", "check the new key is unique and not null over existing rows, then drop"
                    + " and add the PRIMARY KEY (foreign keys that reference it first)"),
            Map.entry("column-renamed", "ALTER TABLE … RENAME COLUMN, and update every query (or add a view with the"
                    + " old name)"),
            Map.entry("table-renamed", "ALTER TABLE … RENAME TO, and update every query (or add a view with the old"
                    + " name)"));

    public SqlRules() {
        super("sql", "sql");
    }

    @Override
    protected String id(String rule) {
        return "sql." + WORDS.getOrDefault(rule, rule);
    }

    @Override
    protected void add(List<Finding> out, Reading r, String rule, Severity severity, String writerPath,
            String readerPath, String message) {
        String id = WORDS.getOrDefault(rule, rule);
        // a key change rewrites constraints rows must meet: an error for SQL, not the structural warning
        Severity s = id.equals("primary-key-changed") || id.equals("column-dropped") ? Severity.ERROR : severity;
        String migration = MIGRATIONS.get(id);
        super.add(out, r, rule, s, writerPath, readerPath, migration == null ? message : message + ". Migration: "
                + migration);
    }

    @Override
    protected void checkType(Reading r, Matching.TypeMatch t, List<Finding> out) {
        TypeDef w = t.writer();
        TypeDef rt = t.reader().orElseThrow();
        if (!rt.name().equals(w.name()) && r.writerIsBase()) {
            out.add(r.finding("sql.table-renamed", Severity.ERROR, w.name(), rt.name(), "Table '" + w.name()
                    + "' is renamed '" + rt.name() + "'; queries naming it break. Migration: "
                    + MIGRATIONS.get("table-renamed")));
        }
        super.checkType(r, t, out);
        for (Matching.ElementMatch pair : t.elements()) {
            ElementDef we = pair.writer();
            Optional<ElementDef> re = pair.reader();
            if (re.isPresent() && !re.get().name().equals(we.name()) && r.writerIsBase()) {
                out.add(r.finding("sql.column-renamed", Severity.ERROR, w.name() + "." + we.name(), rt.name() + "."
                        + re.get().name(), "Column '" + we.name() + "' is renamed '" + re.get().name()
                        + "'; queries naming it break. Migration: " + MIGRATIONS.get("column-renamed")));
            }
        }
        List<List<String>> wu = uniques(w);
        for (List<String> u : uniques(rt)) {
            if (!wu.contains(u) && r.writerIsBase()) {
                out.add(r.finding("sql.unique-added", Severity.WARNING, w.name(), rt.name(), "UNIQUE " + u
                        + " is new; existing rows may hold duplicates. Migration: find and resolve duplicates, then"
                        + " ADD CONSTRAINT … UNIQUE"));
            }
        }
    }

    private static List<List<String>> uniques(TypeDef t) {
        return t.keys().stream().filter(k -> k.kind() == KeyDef.Kind.UNIQUE).map(KeyDef::elements).toList();
    }

    @Override
    protected void checkElement(Reading r, String wp, ElementDef we, String rp, ElementDef re, List<Finding> out) {
        int before = out.size();
        super.checkElement(r, wp, we, rp, re, out);
        boolean narrowed = out.subList(before, out.size()).stream().anyMatch(f -> f.rule().equals(
                "sql.type-narrowed"));
        String wt = sqlType(we);
        String rtype = sqlType(re);
        if (wt.equalsIgnoreCase(rtype)) {
            return;
        }
        if (!narrowed && rank(rtype) >= 0 && rank(wt) > rank(rtype)) {
            out.add(r.finding("sql.type-narrowed", Severity.ERROR, wp, rp, "Column type " + wt + " became " + rtype
                    + "; larger existing values do not fit. Migration: " + MIGRATIONS.get("type-narrowed")));
        } else if (!narrowed && !wt.isEmpty() && !rtype.isEmpty() && !wt.equalsIgnoreCase(rtype)) {
            out.add(r.finding("sql.type-changed", Severity.INFO, wp, rp, "Column type " + wt + " became " + rtype));
        }
    }

    private static String sqlType(ElementDef e) {
        String written = e.annotations().getOrDefault("sql.type", "");
        if (!written.isEmpty()) {
            return written;
        }
        return e.type() instanceof io.modelgraph.schema.DataType.Primitive p ? p.nativeName().orElse("") : "";
    }

    /** Integer widths, narrowest first; -1 for anything else. */
    private static int rank(String type) {
        String t = type.toLowerCase(java.util.Locale.ROOT).replaceAll("\\(.*", "").trim();
        return switch (t) {
            case "tinyint" -> 0;
            case "smallint", "int2" -> 1;
            case "mediumint" -> 2;
            case "int", "integer", "int4" -> 3;
            case "bigint", "int8" -> 4;
            default -> -1;
        };
    }
}
