package io.modelgraph.compat;

import io.modelgraph.codec.NpmTools;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The native compatibility checkers from the npm registry ({@code buf} from {@code @bufbuild/buf},
 * {@code json-schema-diff}), installed into {@code target/npm-tools} at the versions {@code src/test/node/package.json}
 * pins, as the transform function's reference-tool tests install theirs. A missing {@code node} or {@code npm}, or
 * an install that fails, is an {@link IllegalStateException} naming what is missing: an agreement run fails, it
 * never passes without the checkers.
 */
public final class NativeCheckers {
    private static final String PURPOSE = "the native-checker agreement tests";
    private final Path home;

    private NativeCheckers(Path home) {
        this.home = home;
    }

    /** Installs the checkers (once per package.json change). */
    public static NativeCheckers install() throws IOException, InterruptedException {
        return new NativeCheckers(NpmTools.install(PURPOSE, "json-schema-diff", "json-schema-diff.mjs"));
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

    /** Runs {@code command} in {@code dir}; a process that outlives {@code seconds} is an error. */
    public static NpmTools.Result run(Path dir, int seconds, String... command)
            throws IOException, InterruptedException {
        return NpmTools.run(dir, seconds, PURPOSE, command);
    }
}
