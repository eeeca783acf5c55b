package io.modelgraph.clientit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.modelgraph.auth.Role;
import io.modelgraph.local.LocalServer;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The Java client's scenario through a TypeScript client generated from openapi.yaml at build time (docs/clients.md):
 * in {@code client-it/ts}, npm installs the pinned generator and compiler into the folder's own node_modules (kept
 * between builds), openapi-typescript writes the document's types, tsc compiles the scenario against them, and
 * node runs it against the local gateway started here on embedded DynamoDB Local and S3Proxy. Without Node.js and
 * npm on the PATH the test fails and says so.
 */
class TypeScriptClientScenarioTest {
    private static final Path DIR = Path.of(System.getProperty("basedir", ".")).resolve("ts");
    private static final boolean WINDOWS = System.getProperty("os.name", "").toLowerCase().startsWith("win");
    private static final String PROJECT = java.util.HexFormat.of().formatHex(
            java.nio.ByteBuffer.allocate(16).putLong(System.nanoTime()).putLong(0x75c11eL).array());

    private record Run(int exit, String output) {
    }

    private static Run run(Map<String, String> env, String... command) throws IOException, InterruptedException {
        List<String> line = new ArrayList<>(List.of(command));
        if (WINDOWS) { // npm is a .cmd script there
            line.addAll(0, List.of("cmd", "/c"));
        }
        ProcessBuilder pb = new ProcessBuilder(line).directory(DIR.toFile()).redirectErrorStream(true);
        pb.environment().putAll(env);
        Path log = Files.createTempFile("client-ts", ".log");
        pb.redirectOutput(log.toFile());
        Process p = pb.start();
        if (!p.waitFor(10, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            fail(String.join(" ", command) + " did not end within 10 minutes: " + Files.readString(log));
        }
        String out = Files.readString(log, StandardCharsets.UTF_8);
        Files.delete(log);
        return new Run(p.exitValue(), out);
    }

    private static void step(String what, String... command) throws IOException, InterruptedException {
        Run r = run(Map.of(), command);
        assertEquals(0, r.exit(), what + " failed (" + String.join(" ", command) + " in " + DIR + "):\n" + r.output());
    }

    /** Node.js and npm, or a failure that says what to install. */
    private static void requireNode() throws InterruptedException {
        for (String tool : List.of("node", "npm")) {
            try {
                Run r = run(Map.of(), tool, "--version");
                assertEquals(0, r.exit(), tool + " --version: " + r.output());
            } catch (IOException e) {
                fail("The TypeScript client scenario needs Node.js (18 or later) and npm on the PATH; '" + tool
                        + "' was not found (" + e.getMessage() + "). Install Node.js from https://nodejs.org or your"
                        + " package manager, then run the build again.");
            }
        }
    }

    @Test
    void theJavaScenarioRunsThroughAGeneratedTypeScriptClient() throws Exception {
        requireNode();
        assertTrue(Files.isRegularFile(DIR.resolve("package-lock.json")), "no " + DIR.resolve("package-lock.json"));
        // the pinned versions of package-lock.json into ts/node_modules; quick when they are there already
        step("npm install", "npm", "install", "--prefer-offline", "--no-audit", "--no-fund");
        step("generating the TypeScript types from openapi.yaml", "npm", "run", "--silent", "generate");
        step("compiling the scenario against the generated types", "npm", "run", "--silent", "build");

        try (LocalServer server = LocalServer.start(new LocalServer.Options(0, true,
                Files.createTempDirectory("client-ts"), false), Map.of(),
                new PrintStream(PrintStream.nullOutputStream()))) {
            String token = server.issuer().mint("client-ts", PROJECT, Role.Admin);
            Run scenario = run(Map.of("MG_BASE_URL", server.baseUrl(), "MG_TOKEN", token, "MG_PROJECT", PROJECT),
                    "node", "dist/src/scenario.js");
            assertEquals(0, scenario.exit(), "the TypeScript scenario failed:\n" + scenario.output());
            assertTrue(scenario.output().contains("ok graphWritesAnExportAndATransformRoundTrip")
                    && scenario.output().contains("ok aRefusalArrivesWithTheEnvelope"), scenario.output());
        }
    }
}
