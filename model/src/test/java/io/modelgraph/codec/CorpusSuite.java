package io.modelgraph.codec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;

/**
 * One named dynamic test per corpus file, for a codec's conformance test ({@code @TestFactory}): a corpus file that
 * stops reading (or stops being refused) fails the test named after that file, instead of one test with a list.
 * A codec describes its corpus with a {@link Descriptor}; the folder comes from {@code corpus.dir}, and the whole
 * factory is skipped (never passed) when it is absent.
 */
public final class CorpusSuite {

    /**
     * A codec's corpus: its folder under {@code corpus.dir}, which files of it belong to the codec, and which of
     * those it must refuse. Both predicates see the path relative to the folder, with {@code /} separators.
     */
    public record Descriptor(String folder, Predicate<String> belongs, Predicate<String> refused) {
        public static Descriptor of(String folder, String filesRegex, Predicate<String> refused) {
            return new Descriptor(folder, rel -> rel.matches(filesRegex), refused);
        }
    }

    /** What one file must satisfy; an assertion error or exception fails that file's test. */
    @FunctionalInterface
    public interface Check {
        void run(Path file, String relative) throws Throwable;
    }

    /** The corpus folder of {@code descriptor}, or the caller is skipped. */
    public static Path folder(Descriptor descriptor) {
        return CorpusCheck.folder(descriptor.folder());
    }

    /**
     * One test per file of the corpus, named {@code reads <path>} or {@code refuses <path>}, running {@code reads}
     * or {@code refuses} on it. The list is read when the factory runs, so a file added to the corpus is a new test.
     */
    public static Stream<DynamicTest> tests(Descriptor descriptor, Check reads, Check refuses) throws IOException {
        Path root = folder(descriptor);
        List<Path> files = CorpusCheck.files(root, ".*").stream()
                .filter(Files::isRegularFile)
                .filter(p -> descriptor.belongs().test(relative(root, p)))
                .toList();
        if (files.isEmpty()) {
            throw new AssertionError("No " + descriptor.folder() + " corpus file found under " + root);
        }
        return files.stream().map(f -> {
            String rel = relative(root, f);
            boolean refused = descriptor.refused().test(rel);
            Check check = refused ? refuses : reads;
            return DynamicTest.dynamicTest((refused ? "refuses " : "reads ") + rel, f.toUri(), () -> check.run(f, rel));
        });
    }

    private static String relative(Path root, Path file) {
        return root.relativize(file).toString().replace('\\', '/');
    }

    private CorpusSuite() {
    }
}
