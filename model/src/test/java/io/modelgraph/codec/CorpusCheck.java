package io.modelgraph.codec;

import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.ModelDiff;
import io.modelgraph.schema.SchemaModel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * What the codecs' conformance tests share (common's test-jar): finding a format's folder of the corpus
 * ({@code corpus.dir}, skipped when absent), listing its files, and the encode-then-decode check that every
 * difference is named by the encode ledger.
 */
public final class CorpusCheck {
    /** The corpus folder of a format; the calling test is skipped (not passed) when it is not there. */
    public static Path folder(String format) {
        String dir = System.getProperty("corpus.dir", "");
        Path folder = Paths.get(dir, format);
        Assumptions.assumeTrue(!dir.isEmpty() && Files.isDirectory(folder),
                format + " corpus not found at '" + folder + "' (set -Dcorpus.dir); conformance tests skipped");
        return folder;
    }

    /** The files below {@code root} whose path matches {@code regex}, sorted. */
    public static List<Path> files(Path root, String regex) throws IOException {
        try (Stream<Path> all = Files.walk(root)) {
            return all.filter(p -> p.toString().matches(regex)).sorted().toList();
        }
    }

    /**
     * Encodes then decodes {@code model}, the encode losses going to {@code out}; the differences that ledger does
     * not name (empty when none).
     */
    public static List<ModelDiff.Difference> silentLosses(SchemaDecoder decoder, SchemaEncoder encoder,
            SchemaModel model, LossinessLedger out) throws SchemaSyntaxException {
        SchemaModel back = decoder.decode(encoder.encode(model, CodecOptions.NONE, out), CodecOptions.NONE,
                new LossinessLedger());
        return ModelDiff.unexplained(ModelDiff.between(model, back), out.entries());
    }

    private CorpusCheck() {
    }
}
