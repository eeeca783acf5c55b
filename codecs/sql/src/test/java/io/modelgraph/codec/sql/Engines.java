package io.modelgraph.codec.sql;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/**
 * Real database engines for the tests: PostgreSQL from zonky's embedded binaries (as root it runs initdb and
 * the server under {@code unshare -U}, which PostgreSQL accepts), SQLite in memory with foreign keys on.
 */
final class Engines {
    static EmbeddedPostgres postgres() throws IOException {
        return EmbeddedPostgres.builder().start();
    }

    static Connection sqlite() throws SQLException {
        // the build points sqlite-jdbc's native library extraction at target/sqlite, which must exist
        String dir = System.getProperty("org.sqlite.tmpdir");
        if (dir != null) {
            try {
                java.nio.file.Files.createDirectories(java.nio.file.Path.of(dir));
            } catch (IOException e) {
                throw new SQLException("Cannot create " + dir, e);
            }
        }
        Connection c = DriverManager.getConnection("jdbc:sqlite::memory:");
        try (var s = c.createStatement()) {
            s.execute("PRAGMA foreign_keys = ON");
        }
        // SQLite parses X REGEXP Y as regexp(Y, X) but ships no such function; applications register one
        org.sqlite.Function.create(c, "REGEXP", new org.sqlite.Function() {
            @Override
            protected void xFunc() throws SQLException {
                result(java.util.regex.Pattern.compile(value_text(0)).matcher(value_text(1)).find() ? 1 : 0);
            }
        });
        return c;
    }

    private Engines() {
    }
}
