package io.modelgraph.codec.sql;

import java.util.Locale;
import java.util.Set;

/**
 * Writes a name so the dialect stores exactly it: bare when that already holds, quoted otherwise. PostgreSQL
 * folds bare names to lower case and Oracle and Snowflake to upper case, so a name in the other case is quoted
 * there; a reserved word (of any of the seven dialects) is always quoted.
 */
final class Identifiers {
    private static final Set<String> RESERVED = new java.util.HashSet<>(java.util.List.of("ACCESS", "ADD", "ALL", "ALTER", "AND", "ANY", "AS", "ASC",
            "AUDIT", "BETWEEN", "BY", "CASE", "CAST", "CHAR", "CHECK", "CLUSTER", "COLUMN", "COMMENT", "COMPRESS",
            "CONNECT", "CONSTRAINT", "CREATE", "CROSS", "CURRENT", "CURRENT_DATE", "CURRENT_TIME",
            "CURRENT_TIMESTAMP", "CURRENT_USER", "DATABASE", "DATE", "DECIMAL", "DEFAULT", "DELETE", "DESC",
            "DISTINCT", "DROP", "ELSE", "END", "EXCEPT", "EXCLUSIVE", "EXISTS", "FALSE", "FETCH", "FILE", "FLOAT",
            "FOR", "FOREIGN", "FROM", "FULL", "GRANT", "GROUP", "HAVING", "IDENTIFIED", "IDENTITY", "IMMEDIATE", "IN",
            "INCREMENT", "INDEX", "INITIAL", "INNER", "INSERT", "INTEGER", "INTERSECT", "INTERVAL", "INTO", "IS",
            "JOIN", "KEY", "KEYS", "LEFT", "LEVEL", "LIKE", "LIMIT", "LOCK", "LONG", "MAXEXTENTS", "MINUS", "MODE",
            "MODIFY", "NATURAL", "NOT", "NOWAIT", "NULL", "NUMBER", "OF", "OFFLINE", "OFFSET", "ON", "ONLINE",
            "OPTION", "OR", "ORDER", "OUTER", "PCTFREE", "PRIMARY", "PRIOR", "PRIVILEGES", "PUBLIC", "RANGE", "RAW",
            "READ", "REFERENCES", "RENAME", "RESOURCE", "RIGHT", "ROW", "ROWID", "ROWNUM", "ROWS", "SCHEMA",
            "SELECT", "SESSION", "SET", "SHARE", "SIZE", "SMALLINT", "SOME", "START", "SYNONYM", "SYSDATE", "TABLE",
            "THEN", "TO", "TOP", "TRIGGER", "TRUE", "UID", "UNION", "UNIQUE", "UPDATE", "USER", "USING", "VALIDATE",
            "VALUES", "VARCHAR", "VARCHAR2", "VIEW", "WHEN", "WHENEVER", "WHERE", "WITH", "WINDOW", "RETURN",
            "PROCEDURE", "FUNCTION", "PLAN", "OVER", "PARTITION", "QUALIFY", "REGEXP", "SAMPLE", "TABLESAMPLE",
            "TRANSACTION", "TRUNCATE", "ANALYZE", "BOTH", "LEADING", "TRAILING", "ARRAY", "STRUCT", "HASH",
            "INTERVAL", "LATERAL", "NATURAL", "NULLS", "RECURSIVE", "ROLLUP", "CUBE", "GROUPS", "ESCAPE", "EXTRACT",
            "COLLATE", "DEFERRABLE", "INITIALLY", "PLACING", "ONLY", "ANALYSE", "VARIADIC", "BINARY", "ILIKE",
            "ISNULL", "NOTNULL", "OVERLAPS", "SIMILAR", "VERBOSE", "FREEZE", "AUTHORIZATION", "CONCURRENTLY",
            "TABLESPACE", "DESCRIBE", "SHOW", "USE", "ACTION", "BACKUP", "BREAK", "BROWSE", "BULK", "CHECKPOINT",
            "CLUSTERED", "COALESCE", "COMMIT", "COMPUTE", "CONTAINS", "CONTINUE", "CONVERT", "CURSOR", "DBCC",
            "DEALLOCATE", "DECLARE", "DENY", "DISK", "DISTRIBUTED", "DOUBLE", "DUMP", "ERRLVL", "EXEC", "EXECUTE",
            "EXIT", "FILLFACTOR", "FREETEXT", "GOTO", "HOLDLOCK", "IF", "KILL", "LINENO", "LOAD", "MERGE", "NATIONAL",
            "NOCHECK", "NONCLUSTERED", "NULLIF", "OPEN", "PERCENT", "PIVOT", "PRINT", "PROC", "RAISERROR", "READTEXT",
            "RECONFIGURE", "REPLICATION", "RESTORE", "RESTRICT", "REVERT", "REVOKE", "ROLLBACK", "ROWCOUNT",
            "ROWGUIDCOL", "RULE", "SAVE", "SETUSER", "SHUTDOWN", "STATISTICS", "TEXTSIZE", "TRAN", "TSEQUAL",
            "UNPIVOT", "UPDATETEXT", "VARYING", "WAITFOR", "WHILE", "WRITETEXT", "ASENSITIVE", "CALL", "CASCADE",
            "CHANGE", "CONDITION", "DATABASES", "DAY_HOUR", "DELAYED", "DIV", "DUAL", "EACH", "ELSEIF", "ENCLOSED",
            "ESCAPED", "EXPLAIN", "FORCE", "FULLTEXT", "GENERATED", "HIGH_PRIORITY", "IGNORE", "INFILE", "INOUT",
            "INT", "ITERATE", "KILL", "LEAVE", "LINEAR", "LINES", "LOOP", "MATCH", "MOD", "OPTIMIZE", "OUT",
            "OUTFILE", "PURGE", "READS", "REPEAT", "REPLACE", "REQUIRE", "RESIGNAL", "RLIKE", "SCHEMAS", "SENSITIVE",
            "SEPARATOR", "SIGNAL", "SPATIAL", "SQL", "SSL", "STARTING", "STORED", "STRAIGHT_JOIN", "TERMINATED",
            "UNDO", "UNLOCK", "UNSIGNED", "USAGE", "UTC_DATE", "VIRTUAL", "XOR", "YEAR_MONTH", "ZEROFILL", "NEW",
            "DEFINE", "EXCLUDE", "ASSERT_ROWS_MODIFIED", "ENUM", "LOOKUP", "PROTO", "RESPECT", "TREAT", "UNBOUNDED",
            "WITHIN", "CONNECTION", "LOCALTIME", "LOCALTIMESTAMP", "ORGANIZATION", "MINUS", "INCREMENT", "ILIKE",
            "REGCLASS", "SYSTEM", "TIMESTAMP", "TIME", "CURRENT_SCHEMA", "SESSION_USER",
            // PostgreSQL reserved words not above (found by running foreign models' DDL on PostgreSQL)
            "DO", "RETURNING", "SYMMETRIC", "ASYMMETRIC", "CURRENT_CATALOG", "CURRENT_ROLE", "ARRAY",
            // SQLite keywords
            "ABORT", "AFTER", "ATTACH", "AUTOINCREMENT", "BEFORE", "CONFLICT", "DEFERRED", "DETACH", "FAIL",
            "GLOB", "INDEXED", "INSTEAD", "NOTHING", "PRAGMA", "QUERY", "RAISE", "REINDEX", "TEMP", "TEMPORARY",
            "VACUUM"));

    static String quote(String name, Vendor vendor) {
        return needsQuotes(name, vendor) ? quoted(name, vendor) : name;
    }

    static boolean needsQuotes(String name, Vendor vendor) {
        if (RESERVED.contains(name.toUpperCase(Locale.ROOT))) {
            return true;
        }
        return switch (vendor) {
            case POSTGRES -> !name.matches("[a-z_][a-z0-9_]*");
            case ORACLE, SNOWFLAKE -> !name.matches("[A-Z][A-Z0-9_]*");
            default -> !name.matches("[A-Za-z_][A-Za-z0-9_]*");
        };
    }

    static String quoted(String name, Vendor vendor) {
        return switch (vendor) {
            case MYSQL, BIGQUERY -> "`" + name.replace("`", "``") + "`";
            case SQLSERVER -> "[" + name.replace("]", "]]") + "]";
            default -> "\"" + name.replace("\"", "\"\"") + "\"";
        };
    }

    static String string(String value, Vendor vendor) {
        String v = value.replace("'", "''");
        if (vendor == Vendor.MYSQL || vendor == Vendor.BIGQUERY) {
            v = v.replace("\\", "\\\\");
        }
        return (vendor == Vendor.SQLSERVER ? "N'" : "'") + v + "'";
    }

    private Identifiers() {
    }
}
