package io.modelgraph.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelgraph.auth.Role;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The command-line contract: the token subcommand, argument errors, the serve options. */
class MainTest {

    record Run(int code, String out, String err) {
    }

    private static Run run(String... args) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), Map.of());
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /**
     * The offline commands take log4j's simple logger (stderr, errors only) unless the caller chose a logger
     * factory: the server's configuration writes to stdout, where their reports go, and starting it cost more than
     * the first decode (inside the decode's time limit).
     */
    @Test
    void offlineCommandsLogLibrariesQuietlyUnlessTheCallerChoseALogger() {
        String before = System.getProperty(Main.LOGGER_CONTEXT_FACTORY);
        try {
            System.clearProperty(Main.LOGGER_CONTEXT_FACTORY);
            Main.quietLibraryLogging();
            assertEquals("org.apache.logging.log4j.simple.SimpleLoggerContextFactory",
                    System.getProperty(Main.LOGGER_CONTEXT_FACTORY));
            assertTrue(Main.class.getClassLoader().getResource("org/apache/logging/log4j/simple/"
                    + "SimpleLoggerContextFactory.class") != null, "the factory named is on the class path");
            System.setProperty(Main.LOGGER_CONTEXT_FACTORY, "caller.Factory");
            Main.quietLibraryLogging();
            assertEquals("caller.Factory", System.getProperty(Main.LOGGER_CONTEXT_FACTORY));
        } finally {
            if (before == null) {
                System.clearProperty(Main.LOGGER_CONTEXT_FACTORY);
            } else {
                System.setProperty(Main.LOGGER_CONTEXT_FACTORY, before);
            }
        }
    }

    @Test
    void aTokenFromTheSubcommandIsAcceptedByAServerOnTheSameDataDirectory() throws Exception {
        String project = "cafecafecafecafecafecafecafecafe";
        Run r = run("token", "--project", project, "--role", "Admin", "--subject", "ci-bot",
                "--data-dir", TestStack.dataDir().toString());
        assertEquals(0, r.code(), r.err());
        assertEquals("", r.err());
        String[] lines = r.out().split("\n");
        assertEquals(1, lines.length, "the JWT alone on stdout: " + r.out());
        String token = lines[0].trim();
        assertTrue(token.matches("[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+"), token);

        TestStack.Answer a = TestStack.get("/v1/" + project + "/apiKeys", token);
        assertEquals(200, a.status(), a.body());
        assertTrue(TestStack.assertV1Envelope(a).get("success").asBoolean());

        Run viewer = run("token", "--project", project, "--role", "viewer", "--data-dir",
                TestStack.dataDir().toString());
        TestStack.assertUnauthorizedV1(TestStack.get("/v1/" + project + "/apiKeys", viewer.out().trim()));
    }

    @Test
    void aTokenFromAnotherDataDirectoryIsRefused(@org.junit.jupiter.api.io.TempDir Path other) throws Exception {
        String project = "cafecafecafecafecafecafecafecafe";
        Run r = run("token", "--project", project, "--role", "Admin", "--data-dir", other.toString());
        assertEquals(0, r.code(), r.err());
        TestStack.assertUnauthorizedV1(TestStack.get("/v1/" + project + "/apiKeys", r.out().trim()));
    }

    @Test
    void badArgumentsPrintTheUsageOnStderrAndExit2() throws Exception {
        List<String[]> bad = List.of(
                new String[] {"--port"},
                new String[] {"--port", "abc"},
                new String[] {"--port", "70000"},
                new String[] {"--bogus"},
                new String[] {"token"},
                new String[] {"token", "--project", "0123456789abcdef0123456789abcdef"},
                new String[] {"token", "--project", "NOT-HEX", "--role", "Admin"},
                new String[] {"token", "--project", "0123456789abcdef0123456789abcdef", "--role", "Owner"},
                new String[] {"token", "--project", "0123456789abcdef0123456789abcdef", "--role", "Admin", "--x"});
        for (String[] args : bad) {
            Run r = run(args);
            assertEquals(2, r.code(), String.join(" ", args));
            assertEquals("", r.out(), String.join(" ", args));
            assertTrue(r.err().contains("Usage:"), r.err());
        }
    }

    @Test
    void theOfflineCommandsRunWithoutAServerAndShowInTheUsage() throws Exception {
        Run help = run("convert", "--help");
        assertEquals(0, help.code(), help.err());
        assertTrue(help.out().startsWith("Usage: java -jar modelgraph-local.jar convert"), help.out());
        Run bad = run("compare", "--bogus");
        assertEquals(2, bad.code());
        assertEquals("", bad.out());
        Run usage = run("--help");
        assertTrue(usage.out().contains("java -jar modelgraph-local.jar audit --dictionary"), usage.out());
    }

    @Test
    void serveOptions() throws Exception {
        LocalServer.Options defaults = Main.parseServe(new String[0]);
        assertEquals(new LocalServer.Options(3000, false, Path.of(".data"), false), defaults);
        LocalServer.Options all = Main.parseServe(new String[] {"--port", "8080", "--in-memory", "--data-dir", "/tmp/x",
                "--allow-loopback-urls"});
        assertEquals(new LocalServer.Options(8080, true, Path.of("/tmp/x"), true), all);
        Main.TokenOptions t = Main.parseToken(new String[] {"token", "--project", "0123456789abcdef0123456789abcdef",
                "--role", "Editor"});
        assertEquals(Role.Editor, t.role());
        assertEquals("local-user", t.subject());
        assertEquals(Path.of(".data"), t.dataDir());
        assertThrows(Main.UsageError.class, () -> Main.parseServe(new String[] {"token"}));
    }

    @Test
    void theServerAllowsLoopbackUrlsWhenAsked() {
        assertTrue(TestStack.server().services().settings().allowLoopbackUrls());
        assertEquals(64, TestStack.server().services().settings().pagingSecret().length());
        assertEquals(TestStack.server().dataDir().pagingSecret(), TestStack.server().services().settings().pagingSecret());
    }

    @Test
    void aiFlagsBecomeTheSettingsAndWinOverTheEnvironment() throws Exception {
        Map<String, String> settings = new java.util.HashMap<>(Map.of("AI_MODEL", "from-env", "AI_API_KEY", "sk-env"));
        String[] rest = Main.aiFlags(new String[] {"--port", "0", "--ai-provider", "openai", "--ai-model", "m1",
                "--ai-endpoint", "http://127.0.0.1:9/v1", "--in-memory"}, settings);
        assertEquals(List.of("--port", "0", "--in-memory"), List.of(rest));
        io.modelgraph.platform.AiSettings ai = io.modelgraph.platform.AiSettings.from(settings);
        assertEquals(io.modelgraph.platform.AiSettings.Provider.OPENAI, ai.provider());
        assertEquals("m1", ai.model());
        assertEquals(java.util.Optional.of("sk-env"), ai.apiKey(), "the key comes from the environment only");
        Run bad = run("--in-memory", "--ai-provider", "openai", "--ai-model", "m");
        assertEquals(2, bad.code());
        assertTrue(bad.err().contains("AI_ENDPOINT"), bad.err());
    }
}
