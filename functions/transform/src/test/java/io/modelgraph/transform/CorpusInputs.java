package io.modelgraph.transform;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.json.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The corpus inputs the transform function's corpus tests share ({@code corpus.dir}; never copied here): each
 * decode format's main folder and the {@code realworld-train} cases, and which refusals of an encoder are logical
 * 422s. In the function's test-jar so that both corpus-test modules (docs/testing.md "CI") read the corpus alike.
 */
public final class CorpusInputs {
    /** One input of a format's main corpus folder: its name (path, or file[index] description) and text. */
    public record Input(String name, String text) {
    }

    /**
     * Whether an encoder may refuse this model with an {@code UnrepresentableModelException}, the logical 422 the
     * routes answer: only a model without types has no form in some formats (an OSI document needs a dataset,
     * docs/formats/osi.md). A refusal of any other model is a defect the conformance tests report.
     */
    public static boolean mayBeRefused(io.modelgraph.schema.SchemaModel model) {
        return model.types().isEmpty();
    }

    /**
     * The inputs of one format: for jsonschema the schema of every 2020-12 test-suite group, the 2020-12 remotes and
     * meta-schemas; for shex every {@code .shex} file of the shexTest suite's {@code schemas} folder; for any other
     * format every file under {@code corpus/<format>} except READMEs, licences and source lists.
     */
    public static List<Input> inputs(Path corpus, String format) throws IOException {
        Path dir = corpus.resolve(format);
        List<Input> out = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return out;
        }
        if (format.equals("jsonschema")) {
            try (Stream<Path> files = Files.walk(dir.resolve("tests/draft2020-12"))) {
                for (Path f : files.filter(p -> p.toString().endsWith(".json")).sorted().toList()) {
                    JsonNode groups = Json.parse(Files.readString(f));
                    for (int i = 0; i < groups.size(); i++) {
                        out.add(new Input(dir.relativize(f) + "[" + i + "] " + groups.get(i).path("description")
                                .asText(), groups.get(i).get("schema").toString()));
                    }
                }
            }
            for (String folder : List.of("remotes/draft2020-12", "metaschema-2020-12")) {
                try (Stream<Path> files = Files.walk(dir.resolve(folder))) {
                    for (Path f : files.filter(p -> p.toString().endsWith(".json")).sorted().toList()) {
                        out.add(new Input(dir.relativize(f).toString(), Files.readString(f)));
                    }
                }
            }
            return out;
        }
        if (format.equals("shex")) {
            // the shexTest suite's valid schemas in ShExC (negative* folders hold inputs meant to fail)
            dir = dir.resolve("schemas");
        }
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.filter(Files::isRegularFile).filter(p -> !format.equals("shex")
                    || p.toString().endsWith(".shex")).sorted().toList()) {
                String n = f.getFileName().toString();
                if (!n.endsWith(".md") && !n.startsWith("LICENSE") && !n.startsWith("SOURCES")) {
                    out.add(new Input(dir.relativize(f).toString(), Files.readString(f, StandardCharsets.UTF_8)));
                }
            }
        }
        return out;
    }

    /** One case of {@code realworld-train}: {@code <format>/<file or folder>}, its format and its text. */
    public record Case(String name, String format, String text) {
    }

    /** The cases of {@code realworld-train} (its REDCap folder is a connector's input, not a codec's). */
    public static List<Case> cases(Path root) throws IOException {
        List<Case> cases = new ArrayList<>();
        try (Stream<Path> formats = Files.list(root)) {
            for (Path dir : formats.filter(Files::isDirectory).sorted().toList()) {
                String format = dir.getFileName().toString();
                if (format.equals("redcap")) {
                    continue; // a connector input, not a codec's
                }
                try (Stream<Path> entries = Files.list(dir)) {
                    for (Path p : entries.sorted().toList()) {
                        String name = format + "/" + p.getFileName();
                        if (Files.isDirectory(p)) {
                            cases.add(new Case(name, format, bundle(p)));
                        } else {
                            cases.add(new Case(name, format, Files.readString(p)));
                        }
                    }
                }
            }
        }
        return cases;
    }

    /**
     * A folder as the documented bundle: file name (relative path) to text, in ORDER where the folder has one. Also
     * what {@code MapPairBench} (bench) sends for a folder case.
     */
    public static String bundle(Path folder) throws IOException {
        ObjectNode bundle = Json.object();
        Path order = folder.resolve("ORDER");
        if (Files.exists(order)) {
            for (String f : Files.readAllLines(order)) {
                if (!f.isBlank()) {
                    bundle.put(f.trim(), Files.readString(folder.resolve(f.trim())));
                }
            }
        } else {
            try (Stream<Path> all = Files.walk(folder)) {
                for (Path f : all.filter(Files::isRegularFile).sorted().toList()) {
                    bundle.put(folder.relativize(f).toString().replace('\\', '/'), Files.readString(f));
                }
            }
        }
        return Json.write(bundle);
    }

    private CorpusInputs() {
    }
}
