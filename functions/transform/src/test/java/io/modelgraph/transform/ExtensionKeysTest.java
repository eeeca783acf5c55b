package io.modelgraph.transform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.Format;
import io.modelgraph.codec.SchemaDecoder;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.ElementDef;
import io.modelgraph.schema.ExtensionKey;
import io.modelgraph.schema.Relationship;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.TaxonomyDef;
import io.modelgraph.schema.TypeDef;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Every {@code <format>.<fact>} annotation a codec writes is a key its provider declares (docs/extension-keys.md),
 * and that page lists what the providers declare. The keys written are those of every model the codecs decode from
 * their samples, their own test documents and (conformance) the public corpus, and every key literal in their
 * sources.
 */
class ExtensionKeysTest {
    private static final Path ROOT = Path.of(System.getProperty("user.dir")).getParent().getParent();
    private static final Path DOC = ROOT.resolve("docs/extension-keys.md");
    /** A key literal: {@code "<format>.<fact>"}, not a prefix that code completes with {@code +}. */
    private static final Pattern LITERAL = Pattern.compile("\"([a-z]+)\\.([A-Za-z][A-Za-z0-9_.]*)\"(?!\\s*\\+)");
    private static final long LARGEST = 1_000_000;

    private final List<Format> formats = TransformHandler.codecs().formats();

    @Test
    void everyKeyDecodedFromTheCodecsOwnDocumentsIsDeclared() throws IOException {
        Map<String, Set<String>> written = new TreeMap<>();
        int decoded = 0;
        for (Format f : formats) {
            if (!f.decodes()) {
                continue;
            }
            SchemaDecoder decoder = f.newDecoder();
            if (f.sample().isPresent()) {
                decoded += decode(decoder, f.sample().get(), written) ? 1 : 0;
            }
            for (Path file : files(ROOT.resolve("codecs").resolve(module(f)).resolve("src/test/resources"))) {
                decoded += decode(decoder, Files.readString(file, StandardCharsets.UTF_8), written) ? 1 : 0;
            }
        }
        assertTrue(decoded > formats.size(), "the codecs decoded their samples and test documents: " + decoded);
        assertEquals(Map.of(), undeclared(written), "keys written but not declared by their format's provider");
    }

    @Test
    @Tag("conformance")
    void everyKeyDecodedFromTheCorpusIsDeclared() throws IOException {
        String dir = System.getProperty("corpus.dir", "");
        Assumptions.assumeTrue(!dir.isEmpty() && Files.isDirectory(Path.of(dir)),
                "corpus not found (set -Dcorpus.dir); conformance tests skipped");
        Map<String, Set<String>> written = new TreeMap<>();
        for (Format f : formats) {
            if (f.decodes()) {
                SchemaDecoder decoder = f.newDecoder();
                for (Path file : files(Path.of(dir, f.key()))) {
                    decode(decoder, Files.readString(file, StandardCharsets.UTF_8), written);
                }
            }
        }
        assertEquals(Map.of(), undeclared(written), "keys written but not declared by their format's provider");
    }

    @Test
    void everyKeyLiteralInTheCodecSourcesIsDeclared() throws IOException {
        Set<String> modules = new TreeSet<>(formats.stream().map(ExtensionKeysTest::module).toList());
        Map<String, Set<String>> written = new TreeMap<>();
        for (String module : modules) {
            for (Path file : files(ROOT.resolve("codecs").resolve(module).resolve("src/main/java"))) {
                Matcher m = LITERAL.matcher(Files.readString(file, StandardCharsets.UTF_8));
                while (m.find()) {
                    if (modules.contains(m.group(1)) && !m.group(2).endsWith(".")) {
                        written.computeIfAbsent(m.group(1), k -> new TreeSet<>()).add(m.group(0).replace("\"", ""));
                    }
                }
            }
        }
        assertEquals(Map.of(), undeclared(written), "key literals in the codecs not declared by their provider");
    }

    @Test
    void theDocsPageListsWhatTheProvidersDeclare() throws IOException {
        String expected = ExtensionKeysPage.render(formats);
        if (Boolean.getBoolean("extensionKeys.write")) {
            Files.writeString(DOC, expected, StandardCharsets.UTF_8);
        }
        assertEquals(expected, Files.readString(DOC, StandardCharsets.UTF_8),
                "docs/extension-keys.md is generated from the providers: rerun this test with"
                        + " -DextensionKeys.write=true to rewrite it");
    }

    @Test
    void everyProviderThatWritesKeysDeclaresThem() {
        for (Format f : formats) {
            for (ExtensionKey<?> k : f.extensions()) {
                assertTrue(!k.description().isBlank(), k + " says what it keeps");
            }
        }
        assertTrue(formats.stream().filter(f -> !f.extensions().isEmpty()).count() >= 10,
                "most formats keep facts the model has no field for");
    }

    /** The module that holds a format's codec: {@code osi-json} lives with {@code osi}. */
    private static String module(Format f) {
        int dash = f.key().indexOf('-');
        return dash < 0 ? f.key() : f.key().substring(0, dash);
    }

    private Map<String, Set<String>> undeclared(Map<String, Set<String>> written) {
        Map<String, Set<String>> out = new TreeMap<>();
        written.forEach((prefix, keys) -> {
            List<ExtensionKey<?>> declared = formats.stream().filter(f -> module(f).equals(prefix))
                    .flatMap(f -> f.extensions().stream()).toList();
            for (String key : keys) {
                if (declared.stream().noneMatch(k -> k.matches(key))) {
                    out.computeIfAbsent(prefix, p -> new TreeSet<>()).add(key);
                }
            }
        });
        return out;
    }

    private static boolean decode(SchemaDecoder decoder, String text, Map<String, Set<String>> written) {
        SchemaModel m;
        try {
            m = decoder.decode(text, CodecOptions.NONE, new LossinessLedger());
        } catch (Exception refused) {
            // the codecs' test documents include ones they refuse on purpose
            return false;
        }
        List<Map<String, String>> maps = new ArrayList<>();
        maps.add(m.annotations());
        for (TypeDef t : m.types()) {
            maps.add(t.annotations());
            t.elements().stream().map(ElementDef::annotations).forEach(maps::add);
        }
        m.taxonomies().stream().map(TaxonomyDef::annotations).forEach(maps::add);
        m.relationships().stream().map(Relationship::annotations).forEach(maps::add);
        for (Map<String, String> a : maps) {
            for (String key : a.keySet()) {
                int dot = key.indexOf('.');
                if (dot > 0) {
                    written.computeIfAbsent(key.substring(0, dot), k -> new TreeSet<>()).add(key);
                }
            }
        }
        return true;
    }

    private static List<Path> files(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile).filter(p -> {
                try {
                    return Files.size(p) <= LARGEST;
                } catch (IOException e) {
                    return false;
                }
            }).sorted().toList();
        }
    }
}
