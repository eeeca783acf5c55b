package io.modelgraph.local.cli;

import io.modelgraph.codec.CodecRegistry;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The offline commands of the runnable jar: {@code convert}, {@code compare} and {@code audit}, with no server and
 * no stores (docs/cli.md). Exit codes: 0 compatible or nothing found, 1 incompatible or errors found, 2 a usage or
 * parse error (its message on stderr naming what and where), 3 a fault of the tool itself.
 */
public final class Cli {
    public static final int OK = 0;
    public static final int FINDINGS = 1;
    public static final int USAGE = 2;
    public static final int FAULT = 3;

    private final Map<String, Command> commands = new LinkedHashMap<>();

    private Cli(List<Command> commands) {
        commands.forEach(c -> this.commands.put(c.name(), c));
    }

    /** The commands over the formats on the class path. */
    public static Cli load() {
        return load(io.modelgraph.codec.ParseDeadline.configured());
    }

    /** The commands, each file read within {@code parseDeadline} (tests use a small bound). */
    static Cli load(io.modelgraph.codec.ParseDeadline parseDeadline) {
        Schemas schemas = new Schemas(CodecRegistry.load(), parseDeadline);
        return new Cli(List.of(new ConvertCommand(schemas), new CompareCommand(schemas),
                new AuditCommand(schemas)));
    }

    /** The names this class answers for, so the jar's main method knows what to hand it. */
    public static List<String> names() {
        return List.of("convert", "compare", "audit");
    }

    public static boolean handles(String[] args) {
        return args.length > 0 && names().contains(args[0]);
    }

    /** One line per command for the jar's overall usage. */
    public static String summary() {
        return String.join("\n",
                "  java -jar modelgraph-local.jar convert --to FORMAT [--from FORMAT] [--out FILE] INPUT",
                "  java -jar modelgraph-local.jar compare [--mode BACKWARD|FORWARD|FULL|NONE] [--consumers F,...]",
                "      BASE CANDIDATE",
                "  java -jar modelgraph-local.jar audit --dictionary FILE.csv MODEL",
                "      Offline checks for CI, no server (docs/cli.md); '<command> --help' for each. Exit codes: 0 ok,",
                "      1 incompatible or errors found, 2 usage or parse error.",
                "");
    }

    /** Runs {@code args} (its first element a command name) and returns the exit code. */
    public int run(String[] args, PrintStream out, PrintStream err) {
        Optional<Command> command = Optional.ofNullable(commands.get(args[0]));
        if (command.isEmpty()) {
            err.println("modelgraph: '" + args[0] + "' is not available in this build");
            return USAGE;
        }
        List<String> rest = Arrays.asList(args).subList(1, args.length);
        if (rest.contains("--help") || rest.contains("-h")) {
            out.print(command.get().usage());
            return OK;
        }
        CliIo streams = new CliIo(out, err);
        OutputFormat format = OutputFormat.TEXT;
        try {
            format = requestedFormat(rest);
            Report report = command.get().run(rest, streams);
            (report.stdoutTaken() ? err : out).print(format.write(report));
            out.flush();
            return report.exitCode();
        } catch (UsageException e) {
            if (format == OutputFormat.GITHUB && !e.file().isEmpty()) {
                // the workflow shows a parse error on the file as well as in the log
                out.print("::error file=" + GithubWriter.property(e.file()) + (e.line() > 0 ? ",line=" + e.line()
                        : "") + ",title=" + GithubWriter.property(args[0]) + "::" + GithubWriter.data(e.getMessage())
                        + "\n");
                out.flush();
            }
            err.println("modelgraph " + args[0] + ": " + e.getMessage());
            err.println("Run 'java -jar modelgraph-local.jar " + args[0] + " --help' for the options.");
            return USAGE;
        } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
            // a fault of the tool, not of the input: one line, no stack trace, its own exit code
            err.println("modelgraph " + args[0] + ": internal error: " + e);
            return FAULT;
        }
    }

    /** The {@code --format} as given, read before the command so even its usage errors use it. */
    private static OutputFormat requestedFormat(List<String> args) throws UsageException {
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("--")) {
                break;
            }
            if (a.startsWith("--format=")) {
                return OutputFormat.parse(a.substring("--format=".length()));
            }
            if (a.equals("--format") && i + 1 < args.size()) {
                return OutputFormat.parse(args.get(i + 1));
            }
        }
        return OutputFormat.TEXT;
    }
}
