package io.modelgraph.transform;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.CodecRegistry;
import io.modelgraph.codec.CorpusVerdicts;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.SchemaModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;

/**
 * Every corpus model of jsonld, owl and linkml (read from {@code corpus.dir}, never copied) encodes to every
 * encode format this build's registry carries, without an exception: the registry is the function's own, so
 * codecs added later are covered without touching this test.
 */
@Tag("conformance")
class SemanticCorpusEncodeEverywhereTest {
    record Source(String format, Path file, String text) {
    }

    static List<Source> sources(Path corpus) throws Exception {
        List<Source> out = new ArrayList<>();
        try (Stream<Path> all = Files.walk(corpus.resolve("jsonld"))) {
            for (Path p : all.filter(f -> f.toString().endsWith(".jsonld")).sorted().toList()) {
                out.add(new Source("jsonld", p, Files.readString(p)));
            }
        }
        try (Stream<Path> all = Files.walk(corpus.resolve("owl"))) {
            for (Path p : all.filter(f -> f.toString().matches(".*\\.(ttl|rdf|owl)$")).sorted().toList()) {
                out.add(new Source("owl", p, Files.readString(p)));
            }
        }
        try (Stream<Path> all = Files.walk(corpus.resolve("linkml"))) {
            for (Path p : all.filter(f -> f.toString().endsWith(".yaml")).sorted().toList()) {
                String text = Files.readString(p);
                if (text.lines().anyMatch(l -> l.startsWith("id:")) && text.lines().anyMatch(l -> l.startsWith(
                        "name:"))) {
                    // the folder's other schemas ride along, so local imports resolve
                    StringBuilder request = new StringBuilder(text);
                    try (Stream<Path> siblings = Files.list(p.getParent())) {
                        for (Path s : siblings.filter(f -> f.toString().endsWith(".yaml") && !f.equals(p)).sorted()
                                .toList()) {
                            String st = Files.readString(s);
                            if (st.lines().anyMatch(l -> l.startsWith("id:"))) {
                                request.append("\n---\n").append(st);
                            }
                        }
                    }
                    out.add(new Source("linkml", p, request.toString()));
                }
            }
        }
        return out;
    }

    /**
     * One named test per corpus file: its model encodes to every encode format, with a non-empty output. The
     * encodes run when the factory runs, which prints the totals.
     */
    @TestFactory
    Stream<DynamicTest> everyCorpusModelEncodesToEveryEncodeFormat() throws Exception {
        String dir = System.getProperty("corpus.dir", "");
        Path corpus = Paths.get(dir);
        Assumptions.assumeTrue(!dir.isEmpty() && Files.isDirectory(corpus.resolve("owl")),
                "corpus not found at '" + corpus + "' (set -Dcorpus.dir); conformance tests skipped");
        CodecRegistry registry = TransformHandler.codecs();
        List<String> targets = registry.encodeFormats();
        int pairs = 0;
        int ok = 0;
        List<String> failures = new ArrayList<>();
        CorpusVerdicts perFile = new CorpusVerdicts();
        for (Source s : sources(corpus)) {
            String file = corpus.relativize(s.file()).toString();
            perFile.pass(file);
            SchemaModel m = registry.decoder(s.format(), "format").decode(s.text(), CodecOptions.NONE,
                    new LossinessLedger());
            for (String target : targets) {
                pairs++;
                try {
                    String text = registry.encoder(target, "format").encode(m, CodecOptions.NONE,
                            new LossinessLedger());
                    if (text.isBlank()) {
                        failures.add(corpus.relativize(s.file()) + " -> " + target + ": empty output");
                        perFile.fail(file, "-> " + target + ": empty output");
                    } else {
                        ok++;
                    }
                } catch (io.modelgraph.codec.UnrepresentableModelException e) {
                    if (!CorpusInputs.mayBeRefused(m)) {
                        failures.add(corpus.relativize(s.file()) + " -> " + target + ": " + e.getMessage());
                        perFile.fail(file, "-> " + target + ": " + e.getMessage());
                    }
                } catch (RuntimeException e) {
                    failures.add(corpus.relativize(s.file()) + " -> " + target + ": " + e);
                    perFile.fail(file, "-> " + target + ": " + e);
                }
            }
        }
        System.out.printf("jsonld/owl/linkml corpus models encoded to %s: %d/%d without an exception%n", targets,
                ok, pairs);
        failures.forEach(System.out::println);
        int encoded = pairs;
        return Stream.concat(Stream.of(DynamicTest.dynamicTest("pairs ran", CorpusVerdicts.source("pairs ran"), () -> assertTrue(encoded > 0))),
                perFile.tests("a corpus model that does not encode to every format"));
    }
}
