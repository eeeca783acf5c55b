package io.modelgraph.local.cli;

import java.util.List;

/**
 * One subcommand of the command line (docs/cli.md). {@code run} returns the report to write; what a command
 * writes besides it (the converted schema) it writes itself through {@code io}.
 */
interface Command {
    String name();

    /** The command's help, printed by {@code <command> --help}. */
    String usage();

    Report run(List<String> args, CliIo streams) throws UsageException;
}
