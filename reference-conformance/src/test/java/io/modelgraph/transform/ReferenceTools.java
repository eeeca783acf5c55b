package io.modelgraph.transform;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.codec.NpmTools;
import io.modelgraph.json.Json;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The npm reference tools of the encode formats (ajv, @shexjs/parser, protobufjs, buf, jsonld.js, n3, yaml), installed
 * from the npm registry into {@code target/npm-tools} at the versions {@code src/test/node/package.json} pins, and
 * run once per target format over a folder of outputs by {@code check-outputs.mjs}. A missing {@code node} or
 * {@code npm}, or an install that fails, is an {@link IllegalStateException} naming what is missing: the
 * conformance run fails, it never passes without the tools.
 */
final class ReferenceTools {
    private static final String PURPOSE = "the reference-tool conformance checks";
    private final Path home;
    private final Path corpus;
    private final List<String> unfinished = new ArrayList<>();

    private ReferenceTools(Path home, Path corpus) {
        this.home = home;
        this.corpus = corpus;
    }

    /** Installs the tools (once per package.json change) and gives the runner. */
    static ReferenceTools install(Path corpus) throws IOException, InterruptedException {
        return new ReferenceTools(NpmTools.install(PURPOSE, "ajv", "check-outputs.mjs"), corpus);
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
            if (v.path("unfinished").asBoolean()) {
                unfinished.add(target + "/" + v.get("file").asText() + " " + v.get("tool").asText() + ": "
                        + v.get("message").asText());
            }
            if (!v.get("ok").asBoolean()) {
                problems.add(v.get("tool").asText() + ": " + v.get("message").asText());
            }
        }
        return byFile;
    }

    /**
     * The checks a tool stopped before its verdict (ajv's JTD compile past its deadline), as {@code
     * "<target>/<file> <tool>: <message>"}: the output's other tools gave its verdict; these are printed, not passed.
     */
    List<String> unfinished() {
        return List.copyOf(unfinished);
    }

    private static String run(Path dir, int seconds, String... command) throws IOException, InterruptedException {
        NpmTools.Result r = NpmTools.run(dir, seconds, PURPOSE, command);
        if (r.exit() != 0) {
            throw new IllegalStateException(String.join(" ", command) + " failed (exit " + r.exit() + "): "
                    + r.err().strip());
        }
        return r.out();
    }
}
