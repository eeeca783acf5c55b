package io.modelgraph.codec.protobuf;

import io.modelgraph.codec.CorpusSuite;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The protobuf corpus ({@code corpus.dir}/protobuf): its {@code .proto} files, each as a request bundle with the
 * imports it needs from the roots {@code protobuf/}, {@code protobuf/googleapis/}, {@code protobuf/editions/}.
 * Imports of well-known types the codec bundles are not sent, so the bundled copy is what resolves them.
 */
public final class ProtoCorpus {
    private static final Pattern IMPORT = Pattern.compile(
            "(?m)^\\s*import\\s+(?:public\\s+|weak\\s+|option\\s+)?\"([^\"]+)\"");
    private static final Set<String> BUNDLED = Set.of("google/protobuf/any.proto", "google/protobuf/duration.proto",
            "google/protobuf/empty.proto", "google/protobuf/field_mask.proto", "google/protobuf/source_context.proto",
            "google/protobuf/struct.proto", "google/protobuf/timestamp.proto", "google/protobuf/wrappers.proto");
    /**
     * Files whose imports resolve but name types of another package: the corpus mixes v25 and HEAD versions
     * ({@code unittest.proto} is package {@code protobuf_unittest}, its importers expect {@code proto2_unittest}),
     * so protoc refuses them too.
     */
    public static final Set<String> MISMATCHED_VERSIONS = Set.of("google/protobuf/map_unittest.proto",
            "google/protobuf/unittest.proto", "google/protobuf/unittest_optimize_for.proto",
            "google/protobuf/unittest_embed_optimize_for.proto", "google/protobuf/unittest_no_field_presence.proto");

    private final Path corpus;
    private final List<Path> roots;

    /**
     * Every {@code .proto}; those of another package version (types they use are not defined in the version the
     * corpus holds) are to be refused.
     */
    public static final CorpusSuite.Descriptor DESCRIPTOR = CorpusSuite.Descriptor.of("protobuf", ".*\\.proto$",
            MISMATCHED_VERSIONS::contains);

    public ProtoCorpus(Path corpus) {
        this.corpus = corpus;
        this.roots = List.of(corpus, corpus.resolve("googleapis"), corpus.resolve("editions"));
    }

    public List<Path> files() throws IOException {
        try (Stream<Path> walk = Files.walk(corpus)) {
            return walk.filter(p -> p.toString().endsWith(".proto")).sorted().toList();
        }
    }

    public String relative(Path file) {
        return corpus.relativize(file).toString();
    }

    /** The file under its import name, then every import it needs that is not bundled, transitively. */
    public String bundle(Path file) throws IOException {
        Map<String, String> files = new LinkedHashMap<>();
        String mainName = importName(file);
        files.put(mainName, Files.readString(file));
        Deque<String> pending = new ArrayDeque<>(List.of(mainName));
        while (!pending.isEmpty()) {
            Matcher m = IMPORT.matcher(files.get(pending.pop()));
            while (m.find()) {
                String name = m.group(1);
                if (files.containsKey(name) || BUNDLED.contains(name)) {
                    continue;
                }
                for (Path root : roots) {
                    if (Files.isRegularFile(root.resolve(name))) {
                        files.put(name, Files.readString(root.resolve(name)));
                        pending.push(name);
                        break;
                    }
                }
            }
        }
        return new ObjectMapper().writeValueAsString(files);
    }

    private String importName(Path file) {
        for (Path root : List.of(corpus.resolve("googleapis"), corpus.resolve("editions"), corpus)) {
            if (file.startsWith(root)) {
                return root.relativize(file).toString();
            }
        }
        return file.getFileName().toString();
    }
}
