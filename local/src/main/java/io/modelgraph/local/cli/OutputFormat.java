package io.modelgraph.local.cli;

import java.util.Arrays;
import java.util.Locale;
import java.util.function.Function;

/** The {@code --format} of a command's report (docs/cli.md "Outputs"). */
enum OutputFormat {
    TEXT(TextWriter::write),
    JSON(JsonWriter::write),
    JUNIT(JUnitWriter::write),
    SARIF(SarifWriter::write),
    GITHUB(GithubWriter::write);

    private final Function<Report, String> writer;

    OutputFormat(Function<Report, String> writer) {
        this.writer = writer;
    }

    String write(Report report) {
        return writer.apply(report);
    }

    String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    static OutputFormat parse(String text) throws UsageException {
        for (OutputFormat f : values()) {
            if (f.key().equals(text.trim().toLowerCase(Locale.ROOT))) {
                return f;
            }
        }
        throw new UsageException("--format must be one of " + String.join(", ",
                Arrays.stream(values()).map(OutputFormat::key).toList()) + ", got '" + text + "'");
    }
}
