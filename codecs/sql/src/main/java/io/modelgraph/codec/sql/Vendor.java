package io.modelgraph.codec.sql;

import io.modelgraph.codec.InvalidOptionException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** The SQL dialects the codec writes, with the spellings a request may use for each. */
enum Vendor {
    POSTGRES("postgres", List.of("postgresql", "pg", "pgsql", "cockroachdb", "cockroach")),
    MYSQL("mysql", List.of("mariadb")),
    SQLSERVER("sqlserver", List.of("mssql", "tsql", "t-sql", "sql-server", "azuresql", "synapse")),
    SQLITE("sqlite", List.of("sqlite3")),
    ORACLE("oracle", List.of("oracledb", "plsql")),
    SNOWFLAKE("snowflake", List.of()),
    BIGQUERY("bigquery", List.of("bq", "googlesql"));

    static final String NAMES = String.join(", ", Arrays.stream(values()).map(Vendor::key).toList());

    private final String key;
    private final List<String> aliases;

    Vendor(String key, List<String> aliases) {
        this.key = key;
        this.aliases = aliases;
    }

    String key() {
        return key;
    }

    List<String> aliases() {
        return aliases;
    }

    static Optional<Vendor> find(String name) {
        String n = name.trim().toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(v -> v.key.equals(n) || v.aliases.contains(n)).findFirst();
    }

    /** The request's {@code vendor}; unknown names are the caller's mistake, answered with the list. */
    static Vendor parse(String name) {
        return find(name).orElseThrow(() -> new InvalidOptionException("vendor", "Unknown SQL vendor '" + name
                + "'. Use one of: " + NAMES + " (aliases: postgresql, pg, mariadb, mssql, tsql, sqlite3, bq)."));
    }
}
