package io.modelgraph.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.SchemaSyntaxException;
import io.modelgraph.codec.shex.ShexCodec;
import io.modelgraph.codec.shex.ShexcReader;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.Cardinality;
import io.modelgraph.schema.DataType;
import io.modelgraph.schema.ElementDef;
import io.modelgraph.schema.PrimitiveKind;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.TaxonomyDef;
import io.modelgraph.schema.Term;
import io.modelgraph.schema.TypeDef;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * ShExC parsing throughput on the shexTest corpus: this project's parser against {@code @shexjs/parser} run by Node
 * on the same files in the same run (bench/shex-bench.sh installs it into a temporary directory). Each side reuses
 * one parser, warms up, then parses every file {@code --rounds} times; the figure is schemas per second.
 * Flags: {@code --corpus=DIR} (the shex folder), {@code --shexjs=DIR} (where node_modules/@shexjs/parser is),
 * {@code --warmup=N} (default 20), {@code --rounds=N} (default 50).
 */
public final class ShexBench {
    private static final String NODE_SCRIPT = """
            const fs = require('fs');
            const ShExParser = require('@shexjs/parser');
            const [listFile, warmup, rounds] = [process.argv[2], +process.argv[3], +process.argv[4]];
            const texts = JSON.parse(fs.readFileSync(listFile, 'utf8')).map(f => fs.readFileSync(f, 'utf8'));
            const parser = ShExParser.construct('http://a.example/schemas/', {}, {});
            function round() {
              let ok = 0;
              for (const t of texts) { try { parser.parse(t); ok++; } catch (e) { } }
              return ok;
            }
            for (let i = 0; i < warmup; i++) round();
            const start = process.hrtime.bigint();
            let ok = 0;
            for (let i = 0; i < rounds; i++) ok = round();
            const seconds = Number(process.hrtime.bigint() - start) / 1e9;
            console.log(JSON.stringify({accepted: ok, files: texts.length, seconds: seconds}));
            """;
    /** Reads every file once with shex.js and lists those it refuses (our encoder's output must all be accepted). */
    private static final String NODE_CHECK = """
            const fs = require('fs');
            const ShExParser = require('@shexjs/parser');
            const files = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
            const parser = ShExParser.construct('http://a.example/schemas/', {}, {});
            const refused = [];
            for (const f of files) {
              try { parser.parse(fs.readFileSync(f, 'utf8')); } catch (e) { refused.push(f + ': ' + e.message.split('\\n')[0]); }
            }
            console.log(JSON.stringify({files: files.length, refused: refused}));
            """;

    public static void main(String[] args) throws Exception {
        Path corpus = Paths.get(flag(args, "corpus", "../shared/corpus/shex"));
        Path shexjs = Paths.get(flag(args, "shexjs", ""));
        int warmup = Integer.parseInt(flag(args, "warmup", "20"));
        int rounds = Integer.parseInt(flag(args, "rounds", "50"));
        List<Path> files;
        try (Stream<Path> s = Files.list(corpus.resolve("schemas"))) {
            files = s.filter(p -> p.toString().endsWith(".shex")).sorted().toList();
        }
        List<String> texts = new ArrayList<>();
        for (Path f : files) {
            texts.add(Files.readString(f));
        }

        ShexcReader reader = new ShexcReader();
        for (int i = 0; i < warmup; i++) {
            javaRound(reader, texts);
        }
        long start = System.nanoTime();
        int javaAccepted = 0;
        for (int i = 0; i < rounds; i++) {
            javaAccepted = javaRound(reader, texts);
        }
        double javaSeconds = (System.nanoTime() - start) / 1e9;
        double javaRate = (double) texts.size() * rounds / javaSeconds;

        JsonNode node = runNode(shexjs, files, warmup, rounds);
        double nodeRate = (double) node.get("files").asInt() * rounds / node.get("seconds").asDouble();

        System.out.printf("corpus: %d ShExC files, warm-up %d rounds, %d timed rounds each%n", texts.size(), warmup,
                rounds);
        System.out.printf("modelgraph ShexcReader (Java %s): %.0f schemas/s (accepted %d/%d)%n",
                System.getProperty("java.version"), javaRate, javaAccepted, texts.size());
        System.out.printf("@shexjs/parser (Node %s): %.0f schemas/s (accepted %d/%d)%n", node.path("node").asText(
                nodeVersion()), nodeRate, node.get("accepted").asInt(), node.get("files").asInt());
        System.out.printf("ratio (modelgraph / shexjs): %.2f%n", javaRate / nodeRate);
        checkEncoderOutputWithShexjs(shexjs, texts);
    }

    /** Parses every text once (grammar and structure rules, as a decode does); returns how many were accepted. */
    private static int javaRound(ShexcReader reader, List<String> texts) {
        int ok = 0;
        for (String t : texts) {
            try {
                reader.read(t);
                ok++;
            } catch (SchemaSyntaxException e) {
                // the five documented structure exceptions of the corpus
            }
        }
        return ok;
    }

    /**
     * The issue asks that the encoder's output parse with shex.js as well: every corpus schema read and written
     * back through the canonical model, and a model that did not come from ShEx, are handed to shex.js.
     */
    private static void checkEncoderOutputWithShexjs(Path shexjs, List<String> texts) throws Exception {
        ShexCodec codec = new ShexCodec();
        Path dir = Files.createDirectories(shexjs.resolve("encoded"));
        List<String> written = new ArrayList<>();
        int i = 0;
        for (String t : texts) {
            try {
                SchemaModel m = codec.decode(t, CodecOptions.NONE, new LossinessLedger());
                Path f = dir.resolve("corpus-" + (i++) + ".shex");
                Files.writeString(f, codec.encode(m, CodecOptions.NONE, new LossinessLedger()));
                written.add(f.toString());
            } catch (SchemaSyntaxException e) {
                // the documented structure exceptions do not decode
            }
        }
        TypeDef author = TypeDef.of("Author", List.of(ElementDef.of("full name", DataType.of(PrimitiveKind.STRING),
                Cardinality.REQUIRED)));
        TypeDef book = TypeDef.of("book record", List.of(
                ElementDef.of("title", DataType.of(PrimitiveKind.STRING), Cardinality.REQUIRED)
                        .toBuilder().mapsTo("http://purl.org/dc/terms/title").build(),
                ElementDef.of("genre", new DataType.TaxonomyRef("Genre"), Cardinality.ANY_NUMBER),
                ElementDef.of("authors", new DataType.TypeRef("Author"), Cardinality.AT_LEAST_ONE),
                ElementDef.of("published", DataType.of(PrimitiveKind.DATE), Cardinality.OPTIONAL)));
        SchemaModel other = SchemaModel.of("library", List.of(book, author), List.of(TaxonomyDef.of("Genre",
                List.of(Term.of("fiction"), Term.of("poetry")))));
        Path f = dir.resolve("non-shex-model.shex");
        Files.writeString(f, codec.encode(other, CodecOptions.NONE, new LossinessLedger()));
        written.add(f.toString());

        ObjectMapper json = new ObjectMapper();
        Path list = shexjs.resolve("encoded.json");
        json.writeValue(list.toFile(), written);
        Path script = shexjs.resolve("check.js");
        Files.writeString(script, NODE_CHECK, StandardCharsets.UTF_8);
        JsonNode result = json.readTree(node(shexjs, script.toString(), list.toString()));
        System.out.printf("encoder output read by @shexjs/parser: %d/%d accepted%n",
                result.get("files").asInt() - result.get("refused").size(), result.get("files").asInt());
        result.get("refused").forEach(r -> System.out.println("  refused: " + r.asText()));
    }

    private static String node(Path dir, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add("node");
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.waitFor() != 0) {
            throw new IllegalStateException("node failed: " + out);
        }
        return out.strip().lines().reduce((a, b) -> b).orElse("{}");
    }

    private static JsonNode runNode(Path shexjs, List<Path> files, int warmup, int rounds)
            throws IOException, InterruptedException {
        if (!Files.isDirectory(shexjs.resolve("node_modules/@shexjs/parser"))) {
            throw new IllegalStateException("@shexjs/parser not found under " + shexjs
                    + "; run bench/shex-bench.sh, which installs it into a temporary directory");
        }
        ObjectMapper json = new ObjectMapper();
        Path list = shexjs.resolve("files.json");
        json.writeValue(list.toFile(), files.stream().map(p -> p.toAbsolutePath().toString()).toList());
        Path script = shexjs.resolve("bench.js");
        Files.writeString(script, NODE_SCRIPT, StandardCharsets.UTF_8);
        return json.readTree(node(shexjs, script.toString(), list.toString(), String.valueOf(warmup),
                String.valueOf(rounds)));
    }

    private static String nodeVersion() {
        try {
            Process p = new ProcessBuilder("node", "--version").redirectErrorStream(true).start();
            String v = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            p.waitFor();
            return v;
        } catch (IOException | InterruptedException e) {
            return "?";
        }
    }

    private static String flag(String[] args, String name, String fallback) {
        for (String a : args) {
            if (a.startsWith("--" + name + "=")) {
                return a.substring(name.length() + 3);
            }
        }
        return fallback;
    }

    private ShexBench() {
    }
}
