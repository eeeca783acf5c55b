package io.modelgraph.local;

import io.modelgraph.auth.ProjectId;
import io.modelgraph.auth.Role;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;

/**
 * {@code java -jar local/target/modelgraph-local.jar [--port N] [--in-memory] [--data-dir DIR] [--allow-loopback-urls] [--log-json]}
 * serves every route on 127.0.0.1; {@code ... token --project P --role Viewer|Editor|Admin [--subject S] [--data-dir DIR]}
 * prints a JWT alone on stdout; {@code ... convert|compare|audit ...} run the offline checks for CI with no server
 * (docs/cli.md). Bad arguments print the usage on stderr and exit 2. See docs/local.md.
 */
public final class Main {
    public static final int DEFAULT_PORT = 3000;

    static final String USAGE = String.join("\n",
            "Usage:",
            "  java -jar local/target/modelgraph-local.jar [--port N] [--in-memory] [--data-dir DIR] [--allow-loopback-urls]",
            "      [--log-json]",
            "      Serves every route on http://127.0.0.1:N (default 3000) like API Gateway would; the API reference",
            "      is at /docs. One line per request on the console; the JSON request log and metrics go to",
            "      DIR/requests.log, or to the console with --log-json.",
            "      --in-memory keeps the stores in memory; the signing key always lives in the data directory",
            "      (default ./.data). --allow-loopback-urls lets merge fetch from 127.0.0.1 (local runs only).",
            "      AI mapping kind (else declined): --ai-provider bedrock|openai --ai-model M [--ai-endpoint URL]",
            "      [--ai-api-key-secret ID] [--ai-timeout-seconds N] [--ai-max-prompt-chars N], or the AI_* environment",
            "      variables of the same names; the OpenAI-compatible key only from AI_API_KEY (never an argument).",
            "  java -jar local/target/modelgraph-local.jar token --project P --role Viewer|Editor|Admin [--subject S] [--data-dir DIR]",
            "      Prints a JWT for project P (32 lowercase hex characters) alone on stdout.")
            + "\n" + io.modelgraph.local.cli.Cli.summary();

    /** Thrown for bad arguments: usage on stderr, exit 2. */
    static final class UsageError extends Exception {
        UsageError(String message) {
            super(message, null, false, false);
        }
    }

    record TokenOptions(String project, Role role, String subject, Path dataDir) {
    }

    public static void main(String[] args) {
        // DynamoDB Local leaves non-daemon threads behind: every way out ends in System.exit.
        int code;
        try {
            if (io.modelgraph.local.cli.Cli.handles(args)) {
                quietLibraryLogging();
            }
            code = run(args, System.out, System.err, System.getenv());
        } catch (Throwable t) {
            System.err.println("modelgraph-local: " + t);
            t.printStackTrace(System.err);
            code = 1;
        }
        System.exit(code);
    }

    /**
     * The offline commands log nothing of their own, but libraries do (Avro's {@code Schema} takes a logger when
     * its class loads, during the first decode). The server's log4j configuration writes to stdout, where the
     * commands' reports go, and starting it costs more CPU than decoding a small schema, inside the decode's time
     * limit. So the commands use log4j's simple logger: errors only, on stderr, nothing to configure or scan
     * (docs/cli.md). A logger factory the caller chose ({@code -Dlog4j2.loggerContextFactory}) stays.
     */
    static void quietLibraryLogging() {
        if (System.getProperty(LOGGER_CONTEXT_FACTORY) == null) {
            System.setProperty(LOGGER_CONTEXT_FACTORY, "org.apache.logging.log4j.simple.SimpleLoggerContextFactory");
        }
    }

    static final String LOGGER_CONTEXT_FACTORY = "log4j2.loggerContextFactory";

    /** Runs a command; for the serve command this returns only if start-up fails. */
    static int run(String[] args, PrintStream out, PrintStream err, Map<String, String> env) throws Exception {
        if (io.modelgraph.local.cli.Cli.handles(args)) {
            // offline commands: no server, no stores, no data directory
            return io.modelgraph.local.cli.Cli.load().run(args, out, err);
        }
        if (args.length > 0 && (args[0].equals("--help") || args[0].equals("-h") || args[0].equals("help"))) {
            out.print(USAGE);
            return 0;
        }
        try {
            if (args.length > 0 && args[0].equals("token")) {
                TokenOptions options = parseToken(args);
                newKeyNote(options.dataDir()).ifPresent(err::println);
                out.println(token(options));
                return 0;
            }
            Map<String, String> settings = new java.util.HashMap<>(env);
            String[] rest = aiFlags(args, settings);
            boolean logJson = java.util.Arrays.asList(rest).contains(LOG_JSON);
            LocalServer.Options options = parseServe(java.util.Arrays.stream(rest).filter(a -> !a.equals(LOG_JSON))
                    .toArray(String[]::new));
            try {
                io.modelgraph.platform.AiSettings.from(settings);
            } catch (IllegalArgumentException e) {
                throw new UsageError(e.getMessage());
            }
            serve(options, logJson, out, err, settings);
            return 0;
        } catch (UsageError e) {
            err.println("modelgraph-local: " + e.getMessage());
            err.print(USAGE);
            return 2;
        }
    }

    /**
     * A token signed by a key this command has just created is accepted only by a server on the same directory;
     * say so (on stderr, so scripts reading the token from stdout are unaffected) instead of minting silently.
     */
    static java.util.Optional<String> newKeyNote(Path dataDir) {
        DataDir dir = new DataDir(dataDir);
        if (java.nio.file.Files.exists(dir.root().resolve(DataDir.SIGNING_KEY))) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of("modelgraph-local: note: no signing key in " + dir.root() + " yet; creating one. "
                + "The token is accepted only by a server started with --data-dir " + dir.root()
                + " (the default ./.data is relative to the directory the server starts in). If your server already "
                + "runs elsewhere, pass its --data-dir (it prints it at start).");
    }

    static String token(TokenOptions options) {
        LocalIssuer issuer = LocalIssuer.of(new DataDir(options.dataDir()), Clock.systemUTC());
        return issuer.mint(options.subject(), options.project(), options.role());
    }

    /** Prints the JSON request log and metric lines on the console instead of into the data directory. */
    static final String LOG_JSON = "--log-json";
    /** Where the JSON request log and metric lines go without {@link #LOG_JSON}, in the data directory. */
    static final String REQUEST_LOG = "requests.log";

    /**
     * Starts quietly: the handlers' JSON lines (request log, CloudWatch metrics, warnings) go to
     * {@code <data-dir>/requests.log} unless {@code --log-json}; the demo load prints nothing; then the banner comes
     * first, and each request prints one short line after it (docs/local.md "Console").
     */
    private static void serve(LocalServer.Options options, boolean logJson, PrintStream out, PrintStream err,
            Map<String, String> env) throws Exception {
        long started = System.nanoTime();
        Path requestLog = new DataDir(options.dataDir()).root().resolve(REQUEST_LOG);
        if (!logJson) {
            java.nio.file.Files.createDirectories(requestLog.getParent());
            // the handlers print to the stdout of the moment, as on Lambda; here that is the file
            System.setOut(new PrintStream(new java.io.FileOutputStream(requestLog.toFile(), true), true,
                    java.nio.charset.StandardCharsets.UTF_8));
        }
        LocalServer server = LocalServer.start(options, env, out);
        Runtime.getRuntime().addShutdownHook(new Thread(server::close, "modelgraph-local-stop"));
        server.echoRequests(false);
        DemoProject.Seeded demo = DemoProject.seedIfEmpty(server);
        out.print(server.banner(server.demoToken()));
        if (demo.loaded()) {
            out.println("Demo project was empty: loaded the sample model (" + demo.types() + " Types, a Taxonomy, "
                    + "relations, mixin values) through schema/import.");
        }
        out.println(logJson ? "Request log and metrics (JSON): on this console."
                : "Request log and metrics (JSON): " + requestLog + " (" + LOG_JSON + " prints them here).");
        out.printf("Started in %d ms. Ctrl-C stops.%n", (System.nanoTime() - started) / 1_000_000);
        out.flush();
        server.echoRequests(true);
        new CountDownLatch(1).await(); // until the JVM is stopped; the hook closes the server
    }

    static LocalServer.Options parseServe(String[] args) throws UsageError {
        int port = DEFAULT_PORT;
        boolean inMemory = false;
        boolean loopback = false;
        Path dataDir = DataDir.DEFAULT;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--port":
                    port = port(value(args, i++));
                    break;
                case "--in-memory":
                    inMemory = true;
                    break;
                case "--allow-loopback-urls":
                    loopback = true;
                    break;
                case "--data-dir":
                    dataDir = path(value(args, i++));
                    break;
                default:
                    throw new UsageError("unknown argument '" + args[i] + "'");
            }
        }
        return new LocalServer.Options(port, inMemory, dataDir, loopback);
    }

    /** The command-line names of the ai kind's settings; each sets the environment variable beside it. */
    static final Map<String, String> AI_FLAGS = Map.of(
            "--ai-provider", io.modelgraph.platform.AiSettings.ENV_PROVIDER,
            "--ai-model", io.modelgraph.platform.AiSettings.ENV_MODEL,
            "--ai-endpoint", io.modelgraph.platform.AiSettings.ENV_ENDPOINT,
            "--ai-api-key-secret", io.modelgraph.platform.AiSettings.ENV_API_KEY_SECRET,
            "--ai-timeout-seconds", io.modelgraph.platform.AiSettings.ENV_TIMEOUT_SECONDS,
            "--ai-max-prompt-chars", io.modelgraph.platform.AiSettings.ENV_MAX_PROMPT_CHARS);

    /**
     * Moves the {@code --ai-*} arguments into {@code settings} (a flag wins over the environment) and returns
     * the rest. A key is deliberately not a flag: command lines show up in process lists.
     */
    static String[] aiFlags(String[] args, Map<String, String> settings) throws UsageError {
        java.util.List<String> rest = new java.util.ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String env = AI_FLAGS.get(args[i]);
            if (env == null) {
                rest.add(args[i]);
            } else {
                settings.put(env, value(args, i++));
            }
        }
        return rest.toArray(String[]::new);
    }

    static TokenOptions parseToken(String[] args) throws UsageError {
        String project = null;
        Role role = null;
        String subject = "local-user";
        Path dataDir = DataDir.DEFAULT;
        for (int i = 1; i < args.length; i++) {
            switch (args[i]) {
                case "--project":
                    project = value(args, i++);
                    if (!ProjectId.isValid(project)) {
                        throw new UsageError("--project must be 32 lowercase hex characters, got '" + project + "'");
                    }
                    break;
                case "--role":
                    String text = value(args, i++);
                    Optional<Role> parsed = Role.parse(text);
                    if (parsed.isEmpty()) {
                        throw new UsageError("--role must be Viewer, Editor or Admin, got '" + text + "'");
                    }
                    role = parsed.get();
                    break;
                case "--subject":
                    subject = value(args, i++);
                    if (subject.isBlank()) {
                        throw new UsageError("--subject must not be blank");
                    }
                    break;
                case "--data-dir":
                    dataDir = path(value(args, i++));
                    break;
                default:
                    throw new UsageError("unknown argument '" + args[i] + "' for token");
            }
        }
        if (project == null) {
            throw new UsageError("token needs --project");
        }
        if (role == null) {
            throw new UsageError("token needs --role");
        }
        return new TokenOptions(project, role, subject, dataDir);
    }

    private static String value(String[] args, int i) throws UsageError {
        if (i + 1 >= args.length || args[i + 1].startsWith("--")) {
            throw new UsageError(args[i] + " needs a value");
        }
        return args[i + 1];
    }

    private static int port(String text) throws UsageError {
        try {
            int port = Integer.parseInt(text);
            if (port < 0 || port > 65535) {
                throw new UsageError("--port must be between 0 and 65535, got " + port);
            }
            return port;
        } catch (NumberFormatException e) {
            throw new UsageError("--port must be a number, got '" + text + "'");
        }
    }

    private static Path path(String text) throws UsageError {
        try {
            return Path.of(text);
        } catch (java.nio.file.InvalidPathException e) {
            throw new UsageError("not a path: '" + text + "'");
        }
    }

    private Main() {
    }
}
