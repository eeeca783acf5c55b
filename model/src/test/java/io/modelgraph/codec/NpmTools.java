package io.modelgraph.codec;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.TimeUnit;

/**
 * The npm tools a module's tests check outputs with (docs/testing.md): installed from the npm registry into
 * {@code target/npm-tools} at the versions the module's {@code src/test/node/package.json} pins, once per change
 * of that file, and run as processes. A missing {@code node} or {@code npm} is an {@link IllegalStateException}
 * naming what is missing: a check fails without its tool, it never passes.
 */
public final class NpmTools {
    private NpmTools() {
    }

    /** A finished process: its exit status and what it wrote. */
    public record Result(int exit, String out, String err) {
    }

    /**
     * Installs the module's tools unless {@code node_modules/<marker>} and an unchanged package.json show them
     * installed, copies the module's {@code scripts} beside them, and gives the folder.
     */
    public static Path install(String purpose, String marker, String... scripts)
            throws IOException, InterruptedException {
        Path source = Path.of("src/test/node");
        Path home = Path.of("target/npm-tools").toAbsolutePath();
        Files.createDirectories(home);
        for (String script : scripts) {
            Files.copy(source.resolve(script), home.resolve(script), StandardCopyOption.REPLACE_EXISTING);
        }
        String pkg = Files.readString(source.resolve("package.json"));
        Path installed = home.resolve("package.json");
        boolean current = Files.exists(installed) && Files.readString(installed).equals(pkg)
                && Files.isDirectory(home.resolve("node_modules").resolve(marker));
        if (!current) {
            Files.writeString(installed, pkg);
            Result r = run(home, 300, purpose, "npm", "install", "--no-audit", "--no-fund", "--loglevel=error");
            if (r.exit() != 0) {
                throw new IllegalStateException("npm install of the tools for " + purpose + " failed (exit "
                        + r.exit() + "): " + r.err().strip());
            }
        }
        return home;
    }

    /** Runs {@code command} in {@code dir}; a process that outlives {@code seconds} is an error. */
    public static Result run(Path dir, int seconds, String purpose, String... command)
            throws IOException, InterruptedException {
        Process p;
        try {
            p = new ProcessBuilder(command).directory(dir.toFile()).start();
        } catch (IOException e) {
            throw new IllegalStateException("'" + command[0] + "' is needed for " + purpose
                    + " and could not be started (install Node.js 18 or later): " + e.getMessage(), e);
        }
        // stdout and stderr drained on their own threads, so a full pipe never stalls the tool and the deadline
        // below is measured while the tool runs, not after its output has ended
        StringBuilder out = new StringBuilder();
        StringBuilder err = new StringBuilder();
        Thread outReader = drain(p.getInputStream(), out);
        Thread errReader = drain(p.getErrorStream(), err);
        if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            throw new IllegalStateException(String.join(" ", command) + " did not finish in " + seconds + " s");
        }
        outReader.join();
        errReader.join();
        return new Result(p.exitValue(), out.toString(), err.toString());
    }

    private static Thread drain(java.io.InputStream stream, StringBuilder into) {
        Thread reader = new Thread(() -> {
            try {
                String text = new String(stream.readAllBytes(), StandardCharsets.UTF_8);
                synchronized (into) {
                    into.append(text);
                }
            } catch (IOException ignored) {
                // the exit status reports the failure
            }
        });
        reader.setDaemon(true);
        reader.start();
        return reader;
    }
}
