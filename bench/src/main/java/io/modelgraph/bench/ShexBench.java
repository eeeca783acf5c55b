package io.modelgraph.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelgraph.codec.SchemaSyntaxException;
import io.modelgraph.codec.shex.ShexcReader;
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
        Process p = new ProcessBuilder("node", script.toString(), list.toString(), String.valueOf(warmup),
                String.valueOf(rounds)).directory(shexjs.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.waitFor() != 0) {
            throw new IllegalStateException("node failed: " + out);
        }
        String last = out.strip().lines().reduce((a, b) -> b).orElse("{}");
        return json.readTree(last);
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
