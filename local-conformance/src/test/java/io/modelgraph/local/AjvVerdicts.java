package io.modelgraph.local;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.codec.NpmTools;
import io.modelgraph.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * ajv's verdicts on every labelled instance of schemastore-train, per instance path ({@code tests/<case>/...}):
 * {@code true} accepted, {@code false} rejected, empty when ajv could not compile or evaluate. Two sources: the
 * corpus's anchor (ajv-formats 2.1.1, read from its {@code baseline/}) and a run of ajv with the current
 * ajv-formats (one node process over the whole set, {@code src/test/node}), so the format rules of both
 * ajv-formats lines are measured beside the service's (docs/jsonschema-dialects.md "Format: assertion or
 * annotation").
 */
record AjvVerdicts(String label, Map<String, Optional<Boolean>> verdicts, Map<String, String> errors) {
    /** The anchor's per-instance file, the one the corpus README's figures come from. */
    static final String ANCHOR_FILE = "baseline/ajv-2026-11-25.json";
    private static final String PURPOSE = "the ajv comparison of SchemaStoreConformanceTest";

    Optional<Boolean> of(String instance) {
        return verdicts.getOrDefault(instance, Optional.empty());
    }

    String error(String instance) {
        return errors.getOrDefault(instance, "");
    }

    /** Accepted among {@code valid} (or rejected among {@code invalid}) instances. */
    int agreeing(List<String> instances, boolean expected) {
        return (int) instances.stream().filter(i -> of(i).equals(Optional.of(expected))).count();
    }

    static AjvVerdicts anchor(Path corpus) throws IOException {
        JsonNode doc = Json.parse(Files.readString(corpus.resolve(ANCHOR_FILE)));
        return read("ajv 8 + ajv-formats 2.1.1 (anchor, per instance)", doc.path("cases"));
    }

    /**
     * Installs ajv with the current ajv-formats ({@code src/test/node/package.json}, into {@code target/npm-tools})
     * and starts its run over the whole set on a thread of its own; {@link Running#await} gives its verdicts. A
     * missing node or npm, or a failed install or run, fails the test naming it: the comparison is one of the
     * assertions, never skipped.
     */
    static Running startCurrent(Path corpus) throws IOException, InterruptedException {
        Path home = NpmTools.install(PURPOSE, "ajv-formats", "ajv-verdicts.mjs");
        ExecutorService thread = Executors.newSingleThreadExecutor();
        Future<NpmTools.Result> run = thread.submit(() -> NpmTools.run(home, 900, PURPOSE, "node",
                "ajv-verdicts.mjs", corpus.toAbsolutePath().toString()));
        thread.shutdown();
        return new Running(run);
    }

    record Running(Future<NpmTools.Result> run) {
        AjvVerdicts await() throws IOException, InterruptedException, ExecutionException {
            NpmTools.Result r = run.get();
            if (r.exit() != 0) {
                throw new IllegalStateException("node ajv-verdicts.mjs failed (exit " + r.exit() + "): "
                        + r.err().strip());
            }
            JsonNode doc = Json.parse(r.out());
            return read("ajv " + doc.path("ajv").asText() + " + ajv-formats " + doc.path("ajvFormats").asText()
                    + " (current)", doc.path("cases"));
        }
    }

    private static AjvVerdicts read(String label, JsonNode cases) {
        Map<String, Optional<Boolean>> verdicts = new HashMap<>();
        Map<String, String> errors = new HashMap<>();
        for (JsonNode c : cases) {
            for (String kind : List.of("valid", "invalid")) {
                c.path(kind).fields().forEachRemaining(e -> verdicts.put(e.getKey(), e.getValue().isBoolean()
                        ? Optional.of(e.getValue().asBoolean()) : Optional.empty()));
            }
            c.path("errors").fields().forEachRemaining(e -> errors.put(e.getKey(), e.getValue().isTextual()
                    ? e.getValue().asText() : e.getValue().toString()));
            c.path("err").fields().forEachRemaining(e -> errors.put(e.getKey(), e.getValue().toString()));
        }
        return new AjvVerdicts(label, Map.copyOf(verdicts), Map.copyOf(errors));
    }
}
