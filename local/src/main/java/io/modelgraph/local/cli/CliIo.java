package io.modelgraph.local.cli;

import java.io.PrintStream;

/**
 * Where a command's output goes: {@code out} for the report (or the converted schema), {@code err} for messages
 * and, in text output, the ledger beside a schema on stdout.
 */
record CliIo(PrintStream out, PrintStream err) {
}
