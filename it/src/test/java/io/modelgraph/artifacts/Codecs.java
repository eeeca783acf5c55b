package io.modelgraph.artifacts;

import static org.junit.jupiter.api.Assertions.fail;

import io.modelgraph.codec.CodecRegistry;
import io.modelgraph.transform.TransformHandler;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The formats the build carries, straight from the transform function's codec registry, and each decode
 * format's sample document. Convention (docs/testing.md, "Codec samples"): a codec module holds one small document
 * per format it decodes as the resource {@code samples/<format>.<ext>} in {@code src/main/resources}, found
 * next to the decoder's class. A decoder without one fails the artifact tests.
 */
final class Codecs {
    static final CodecRegistry REGISTRY = TransformHandler.codecs();

    private Codecs() {
    }

    static List<String> decodeFormats() {
        return REGISTRY.decodeFormats();
    }

    static List<String> encodeFormats() {
        return REGISTRY.encodeFormats();
    }

    /** The text of {@code samples/<format>.*} beside the format's decoder class. */
    static String sample(String format) {
        Class<?> decoder = REGISTRY.decoder(format, "format").getClass();
        Path location;
        try {
            location = Path.of(decoder.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        List<String> found = new ArrayList<>();
        try {
            if (Files.isDirectory(location)) {
                Path dir = location.resolve("samples");
                if (Files.isDirectory(dir)) {
                    try (Stream<Path> files = Files.list(dir)) {
                        for (Path p : files.filter(p -> named(p.getFileName().toString(), format)).toList()) {
                            found.add(Files.readString(p, StandardCharsets.UTF_8));
                        }
                    }
                }
            } else {
                try (ZipFile zip = new ZipFile(location.toFile())) {
                    for (ZipEntry e : zip.stream().toList()) {
                        if (e.getName().startsWith("samples/") && named(e.getName().substring(8), format)) {
                            found.add(new String(zip.getInputStream(e).readAllBytes(), StandardCharsets.UTF_8));
                        }
                    }
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + location, e);
        }
        if (found.size() != 1) {
            fail("Codec '" + format + "' (" + decoder.getName() + ") must carry exactly one sample document "
                    + "samples/" + format + ".<ext> in its module's src/main/resources; found " + found.size()
                    + " in " + location + ". See docs/testing.md, 'Codec samples'.");
        }
        return found.get(0);
    }

    private static boolean named(String fileName, String format) {
        return fileName.startsWith(format + ".") && fileName.indexOf('.', format.length() + 1) < 0;
    }
}
