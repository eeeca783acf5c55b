package io.modelgraph.compat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The native compatibility checkers from the npm registry ({@code buf} from {@code @bufbuild/buf},
 * {@code json-schema-diff}), installed into {@code target/npm-tools} at the versions {@code src/test/node/package.json}
 * pins, as the transform function's reference-tool tests install theirs. A missing {@code node} or {@code npm}, or
 * an install that fails, is an {@link IllegalStateException} naming what is missing: an agreement run fails, it
 * never passes without the checkers.
 */
public final class NativeCheckers {
    private final Path home;

    private NativeCheckers(Path home) {
        this.home = home;
    }

    /** Installs the checkers (once per package.json change). */
    public static NativeCheckers install() throws IOException, InterruptedException {
        Path source = Path.of("src/test/node");
        Path home = Path.of("target/npm-tools").toAbsolutePath();
        Files.createDirectories(home);
        for (Path script : List.of(source.resolve("json-schema-diff.mjs"))) {
            if (Files.exists(script)) {
                Files.copy(script, home.resolve(script.getFileName()),
                        java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
        }
        String pkg = Files.readString(source.resolve("package.json"));
        Path installed = home.resolve("package.json");
        boolean current = Files.exists(installed) && Files.readString(installed).equals(pkg)
                && Files.isDirectory(home.resolve("node_modules/json-schema-diff"));
        if (!current) {
            Files.writeString(installed, pkg);
            run(home, 300, "npm", "install", "--no-audit", "--no-fund", "--loglevel=error");
        }
        return new NativeCheckers(home);
    }

    /**
     * The {@code buf} binary: the platform package's own executable where npm installed one (the {@code bin/buf}
     * wrapper starts Node first, a second per call), else the wrapper.
     */
    public Path buf() {
        try (var platforms = Files.list(home.resolve("node_modules/@bufbuild"))) {
            return platforms.map(p -> p.resolve("bin/buf")).filter(p -> !p.startsWith(home.resolve(
                    "node_modules/@bufbuild/buf/")) && Files.isExecutable(p)).findFirst().orElse(home.resolve(
                    "node_modules/.bin/buf"));
        } catch (IOException e) {
            return home.resolve("node_modules/.bin/buf");
        }
    }

    public Path home() {
        return home;
    }

    /** A finished process: its exit status and what it wrote. */
    public record Result(int exit, String out, String err) {
    }

    /** Runs {@code command} in {@code dir}; a process that outlives {@code seconds} is an error. */
    public static Result run(Path dir, int seconds, String... command) throws IOException, InterruptedException {
        Process p;
        try {
            p = new ProcessBuilder(command).directory(dir.toFile()).start();
        } catch (IOException e) {
            throw new IllegalStateException("'" + command[0] + "' is needed for the native-checker agreement tests"
                    + " and could not be started (install Node.js 18 or later): " + e.getMessage(), e);
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
        if (command[0].equals("npm") && p.exitValue() != 0) {
            throw new IllegalStateException("npm install of the native checkers failed (exit " + p.exitValue()
                    + "): " + err.toString().strip());
        }
        return new Result(p.exitValue(), out, err.toString());
    }
}
