package io.modelgraph.codec.sql;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

/** The SQL corpus under {@code corpus.dir} (never copied here) and the dialect each file is written in. */
final class SqlCorpus {
    record Sample(Path file, String where, Optional<String> vendor) {
    }

    static Optional<Path> root() {
        String dir = System.getProperty("corpus.dir", "");
        Path sql = Paths.get(dir, "sql");
        return !dir.isEmpty() && Files.isDirectory(sql) ? Optional.of(sql) : Optional.empty();
    }

    static List<Sample> samples(Path root) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(p -> p.toString().endsWith(".sql")).sorted()
                    .map(p -> new Sample(p, root.relativize(p).toString(), vendorOf(root.relativize(p).toString())))
                    .toList();
        }
    }

    /** The dialect from the file's name or folder; Db2 files have none of the seven and are read without one. */
    static Optional<String> vendorOf(String path) {
        String p = path.toLowerCase(Locale.ROOT);
        if (p.contains("db2")) {
            return Optional.empty();
        }
        for (String[] hint : new String[][] {{"postgres", "postgres"}, {"cockroach", "postgres"},
                {"mysql", "mysql"}, {"sqlserver", "sqlserver"}, {"sql-server", "sqlserver"}, {"mssql", "sqlserver"},
                {"tsql", "sqlserver"}, {"sqlite", "sqlite"}, {"oracle", "oracle"}, {"snowflake", "snowflake"},
                {"bigquery", "bigquery"}}) {
            if (p.contains(hint[0])) {
                return Optional.of(hint[1]);
            }
        }
        return Optional.empty();
    }

    private SqlCorpus() {
    }
}
