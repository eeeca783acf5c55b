package io.modelgraph.store;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/** Text stored gzipped in a DynamoDB binary attribute, where the item's 400 KB counts (docs/storage.md). */
public final class Gzip {
    private Gzip() {
    }

    /** The UTF-8 bytes of {@code text}, gzipped. */
    public static byte[] bytes(String text) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream z = new GZIPOutputStream(out)) {
            z.write(text.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /** The text {@link #bytes} stored; stored bytes that are not gzip are a fault of the store. */
    public static String text(byte[] zipped) {
        try (GZIPInputStream z = new GZIPInputStream(new ByteArrayInputStream(zipped))) {
            return new String(z.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("Stored bytes are not gzip", e);
        }
    }
}
