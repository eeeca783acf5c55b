package io.modelgraph.local.cli;

import java.util.Objects;

/**
 * One thing a command reports, in the shape every output writes: a stable rule id, a severity, the group it
 * belongs to (a consumer format, an audit section, the ledger), a message, and where it is ({@code file} and a
 * 1-based {@code line} when known, 0 when not; {@code path} inside the model, empty when none).
 */
record Finding(String rule, Severity severity, String group, String message, String file, int line, String path) {

    /** How much a finding counts: only errors fail a run (docs/cli.md "Exit codes"). */
    enum Severity {
        ERROR("error", "error"), WARNING("warning", "warning"), NOTE("note", "notice");

        private final String sarif;
        private final String github;

        Severity(String sarif, String github) {
            this.sarif = sarif;
            this.github = github;
        }

        /** The SARIF {@code level}. */
        String sarif() {
            return sarif;
        }

        /** The GitHub workflow command. */
        String github() {
            return github;
        }

        String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    Finding {
        Objects.requireNonNull(rule, "rule");
        Objects.requireNonNull(severity, "severity");
        group = group == null ? "" : group;
        message = message == null ? "" : message;
        file = file == null ? "" : file;
        line = Math.max(0, line);
        path = path == null ? "" : path;
    }
}
