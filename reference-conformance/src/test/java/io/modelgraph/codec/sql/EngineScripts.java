package io.modelgraph.codec.sql;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The sql codec's engine helpers for tests of other packages: run a DDL script on embedded PostgreSQL (in a
 * database emptied first) or on a fresh in-memory SQLite, as psql and sqlite3 would read it.
 */
public final class EngineScripts {
    public static EmbeddedPostgres postgres() throws IOException {
        return Engines.postgres();
    }

    /** Runs the script on SQLite in memory; the engine's message when a statement is refused. */
    public static void runOnSqlite(String ddl) throws SQLException {
        try (Connection c = Engines.sqlite()) {
            Catalog.execute(c, ddl);
        }
    }

    /** Drops every schema of the database, then runs the script in an empty {@code public} schema. */
    public static void runOnPostgres(EmbeddedPostgres pg, String ddl) throws SQLException {
        try (Connection c = pg.getPostgresDatabase().getConnection()) {
            reset(c);
            Catalog.execute(c, ddl);
        }
    }

    /** Drops every schema a script created (and public), then gives back an empty public schema. */
    public static void reset(Connection c) throws SQLException {
        List<String> schemas = new ArrayList<>();
        try (var st = c.createStatement(); var rs = st.executeQuery("SELECT nspname FROM pg_namespace WHERE"
                + " nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema'")) {
            while (rs.next()) {
                schemas.add(rs.getString(1));
            }
        }
        try (var st = c.createStatement()) {
            for (String schema : schemas) {
                st.execute("DROP SCHEMA \"" + schema.replace("\"", "\"\"") + "\" CASCADE");
            }
            st.execute("CREATE SCHEMA public");
        }
    }

    private EngineScripts() {
    }
}
