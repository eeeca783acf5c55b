package io.modelgraph.local.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * An input file as the command line named it: {@code name} is what findings and messages show (as given, so CI
 * annotations land on the repository's path), {@code bytes} its content, read with a bound so a wrong argument
 * (a disk image, a device) fails at once instead of filling the heap.
 */
record InputFile(String name, byte[] bytes) {
    /** Well above the decoders' own limit ({@code ParserLimits.MAX_INPUT_CHARS}), which then names the size. */
    static final int MAX_BYTES = 24 * 1024 * 1024;

    static InputFile read(String name, String what) throws UsageException {
        Path path;
        try {
            path = Path.of(name);
        } catch (InvalidPathException e) {
            throw new UsageException(what + ": not a path: '" + name + "'");
        }
        if (Files.isDirectory(path)) {
            throw new UsageException(what + ": '" + name + "' is a directory, not a file");
        }
        try (InputStream in = Files.newInputStream(path)) {
            byte[] bytes = in.readNBytes(MAX_BYTES + 1);
            if (bytes.length > MAX_BYTES) {
                throw new UsageException(what + ": '" + name + "' is larger than " + MAX_BYTES + " bytes", name, 0);
            }
            return new InputFile(name, bytes);
        } catch (NoSuchFileException e) {
            throw new UsageException(what + ": no such file '" + name + "'");
        } catch (IOException e) {
            throw new UsageException(what + ": cannot read '" + name + "': " + e.getMessage());
        }
    }

    /** The content as UTF-8 text (a byte-order mark dropped); other encodings are refused, naming the file. */
    String text() throws UsageException {
        try {
            String text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(java.nio.ByteBuffer.wrap(bytes))
                    .toString();
            return text.startsWith("\uFEFF") ? text.substring(1) : text;
        } catch (CharacterCodingException e) {
            throw new UsageException(name + ": not UTF-8 text", name, 0);
        }
    }
}
