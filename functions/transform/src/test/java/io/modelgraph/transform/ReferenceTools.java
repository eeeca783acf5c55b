package io.modelgraph.transform;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.json.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The npm reference tools of the encode formats (ajv, @shexjs/parser, protobufjs, buf, jsonld.js, n3, yaml), installed
 * from the npm registry into {@code target/npm-tools} at the versions {@code src/test/node/package.json} pins, and
 * run once per target format over a folder of outputs by {@code check-outputs.mjs}. A missing {@code node} or
 * {@code npm}, or an install that fails, is an {@link IllegalStateException} naming what is missing: the
 * conformance run fails, it never passes without the tools.
 */
final class ReferenceTools {
    private final Path home;
    private final Path corpus;

    private ReferenceTools(Path home, Path corpus) {
        this.home = home;
        this.corpus = corpus;
    }

    /** Installs the tools (once per package.json change) and gives the runner. */
    static ReferenceTools install(Path corpus) throws IOException, InterruptedException {
        Path source = Path.of("src/test/node");
        Path home = Path.of("target/npm-tools");
        Files.createDirectories(home);
        Files.copy(source.resolve("check-outputs.mjs"), home.resolve("check-outputs.mjs"),
                StandardCopyOption.REPLACE_EXISTING);
        String pkg = Files.readString(source.resolve("package.json"));
        Path installed = home.resolve("package.json");
        boolean current = Files.exists(installed) && Files.readString(installed).equals(pkg)
                && Files.isDirectory(home.resolve("node_modules/ajv"));
        if (!current) {
            Files.writeString(installed, pkg);
            run(home, 300, "npm", "install", "--no-audit", "--no-fund", "--loglevel=error");
        }
        return new ReferenceTools(home, corpus);
    }

    /**
     * Checks every file of the folder with the target's tools; per file name, the tools' refusals (empty when
     * every tool accepts it) as {@code "<tool>: <message>"}.
     */
    Map<String, List<String>> check(String target, Path folder) throws IOException, InterruptedException {
        String out = run(home, 900, "node", "check-outputs.mjs", target, folder.toAbsolutePath().toString(),
                corpus.toAbsolutePath().toString());
        JsonNode verdicts = Json.parse(out);
        Map<String, List<String>> byFile = new LinkedHashMap<>();
        for (JsonNode v : verdicts) {
            List<String> problems = byFile.computeIfAbsent(v.get("file").asText(), k -> new ArrayList<>());
            if (!v.get("ok").asBoolean()) {
                problems.add(v.get("tool").asText() + ": " + v.get("message").asText());
            }
        }
        return byFile;
    }

    private static String run(Path dir, int seconds, String... command) throws IOException, InterruptedException {
        Process p;
        try {
            p = new ProcessBuilder(command).directory(dir.toFile()).redirectError(ProcessBuilder.Redirect.PIPE)
                    .start();
        } catch (IOException e) {
            throw new IllegalStateException("'" + command[0] + "' is needed for the reference-tool conformance"
                    + " checks and could not be started (install Node.js 18 or later): " + e.getMessage(), e);
        }
        // stdout and stderr drained on their own threads, so a full pipe never stalls the tool
        StringBuilder err = new StringBuilder();
        Thread errReader = new Thread(() -> {
            try {
                err.append(new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
            } catch (IOException ignored) {
                // the exit status reports the failure
            }
        });
        errReader.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IllegalStateException(String.join(" ", command) + " did not finish in " + seconds + " s");
        }
        errReader.join();
        if (p.exitValue() != 0) {
            throw new IllegalStateException(String.join(" ", command) + " failed (exit " + p.exitValue() + "): "
                    + err.toString().strip());
        }
        return out;
    }
}
