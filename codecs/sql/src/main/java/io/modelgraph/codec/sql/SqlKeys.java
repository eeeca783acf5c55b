package io.modelgraph.codec.sql;

import io.modelgraph.schema.ExtensionKey;
import java.util.List;

/**
 * The annotation keys this codec keeps on the model so DDL re-exports to the same vendor as written
 * (docs/formats/sql.md): what the canonical model has no field for.
 */
final class SqlKeys {
    private static final String FORMAT = "sql";

    /** Model: the vendor the DDL was read as; the same vendor's encoder trusts the other keys' spellings. */
    static final String VENDOR = "sql.vendor";
    /** Type: a table CHECK constraint, one key per constraint numbered from 1 ({@code name: expression}). */
    static final String CHECK_PREFIX = "sql.check.";
    /** Type: the table options after the column list ({@code ENGINE=…}, {@code WITHOUT ROWID}). */
    static final String TABLE_MODIFIERS = "sql.tableModifiers";
    /** Element: the column type as written. */
    static final String TYPE = "sql.type";
    /** Element: how the column is generated as an identity ({@code serial}, {@code always}, {@code sequence}). */
    static final String IDENTITY = "sql.identity";
    /** Element: a generated column's expression. */
    static final String GENERATED = "sql.generated";
    /** Element: a default expression that is not a literal value. */
    static final String DEFAULT = "sql.default";
    /** Element: the column's CHECK expressions the constraints cannot say. */
    static final String CHECK = "sql.check";
    /** Relationship: the foreign key's {@code ON DELETE} action. */
    static final String ON_DELETE = "sql.onDelete";
    /** Relationship: the foreign key's {@code ON UPDATE} action. */
    static final String ON_UPDATE = "sql.onUpdate";
    /** Taxonomy: written as a named enum type ({@code CREATE TYPE … AS ENUM}). */
    static final String ENUM_TYPE = "sql.enumType";

    /** The facts above as typed keys, declared by {@link SqlFormat#extensions()}. */
    static List<ExtensionKey<?>> declared() {
        return List.of(
                ExtensionKey.text(FORMAT, fact(VENDOR), "the vendor the DDL was read as"),
                ExtensionKey.family(FORMAT, "check", "a table CHECK constraint, numbered from 1"),
                ExtensionKey.text(FORMAT, fact(TABLE_MODIFIERS), "a table's options after its column list"),
                ExtensionKey.text(FORMAT, fact(TYPE), "a column type as written"),
                ExtensionKey.text(FORMAT, fact(IDENTITY), "how an identity column is generated"),
                ExtensionKey.text(FORMAT, fact(GENERATED), "a generated column's expression"),
                ExtensionKey.text(FORMAT, fact(DEFAULT), "a default expression that is not a literal"),
                ExtensionKey.text(FORMAT, fact(CHECK), "a column's CHECK expressions the constraints cannot say"),
                ExtensionKey.text(FORMAT, fact(ON_DELETE), "a foreign key's ON DELETE action"),
                ExtensionKey.text(FORMAT, fact(ON_UPDATE), "a foreign key's ON UPDATE action"),
                ExtensionKey.flag(FORMAT, fact(ENUM_TYPE), "a taxonomy written as a named enum type"));
    }

    private static String fact(String key) {
        return key.substring(FORMAT.length() + 1);
    }

    private SqlKeys() {
    }
}
