package io.modelgraph.local.cli;

/**
 * The caller's mistake on the command line or in an input file: exit 2, the message on stderr naming what and
 * where, never a stack trace (docs/cli.md "Exit codes"). {@code file} and {@code line} place it for the
 * annotation outputs when it is about an input file.
 */
final class UsageException extends Exception {
    private final String file;
    private final int line;

    UsageException(String message) {
        this(message, "", 0);
    }

    UsageException(String message, String file, int line) {
        super(message, null, false, false);
        this.file = file;
        this.line = line;
    }

    /** The input file the problem is in; empty for a command-line problem. */
    String file() {
        return file;
    }

    /** The 1-based line in {@link #file()}, or 0 when not known. */
    int line() {
        return line;
    }
}
