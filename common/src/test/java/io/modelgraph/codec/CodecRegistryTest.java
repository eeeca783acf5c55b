package io.modelgraph.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelgraph.api.TransformFailure;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.SchemaModel;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The registry over providers: listing order, the unknown-format messages, lazy creation and the 501. */
class CodecRegistryTest {
    /** A provider whose codec creation is counted (or fails, as a codec whose parser library is absent). */
    static final class Counted implements Format {
        final String key;
        final Set<Direction> directions;
        final int order;
        final boolean broken;
        final AtomicInteger created = new AtomicInteger();

        Counted(String key, Set<Direction> directions, int order, boolean broken) {
            this.key = key;
            this.directions = directions;
            this.order = order;
            this.broken = broken;
        }

        @Override
        public String key() {
            return key;
        }

        @Override
        public String title() {
            return key.toUpperCase();
        }

        @Override
        public Set<Direction> directions() {
            return directions;
        }

        @Override
        public List<FormatOption> options() {
            return key.equals("b") ? List.of(FormatOption.text("bDialect", java.util.Optional.empty(), "b's dialect"))
                    : List.of();
        }

        @Override
        public SchemaDecoder newDecoder() {
            created.incrementAndGet();
            if (broken) {
                throw new NoClassDefFoundError("org/example/Parser");
            }
            return new SchemaDecoder() {
                @Override
                public String format() {
                    return key;
                }

                @Override
                public SchemaModel decode(String text, CodecOptions options, LossinessLedger ledger) {
                    throw new UnsupportedOperationException();
                }
            };
        }

        @Override
        public SchemaEncoder newEncoder() {
            created.incrementAndGet();
            return new SchemaEncoder() {
                @Override
                public String format() {
                    return key;
                }

                @Override
                public String encode(SchemaModel model, CodecOptions options, LossinessLedger ledger) {
                    return "";
                }
            };
        }

        @Override
        public int listingOrder() {
            return order;
        }
    }

    private final Counted a = new Counted("a", Set.of(Direction.DECODE, Direction.ENCODE), 2, false);
    private final Counted b = new Counted("b", Set.of(Direction.ENCODE), 1, false);
    private final Counted c = new Counted("c", Set.of(Direction.DECODE), 3, false);
    private final Counted later = new Counted("aa", Set.of(Direction.DECODE), Integer.MAX_VALUE, false);
    private final Counted broken = new Counted("x", Set.of(Direction.DECODE), Integer.MAX_VALUE, true);
    private final CodecRegistry registry = new CodecRegistry(List.of(later, broken, c, a, b));

    @Test
    void listsInListingOrderThenByKey() {
        assertEquals(List.of("a", "c", "aa", "x"), registry.decodeFormats());
        assertEquals(List.of("b", "a"), registry.encodeFormats());
        assertEquals(List.of("bDialect"), registry.optionNames(Direction.ENCODE));
        assertEquals(List.of(), registry.optionNames(Direction.DECODE));
    }

    @Test
    void codecsAreCreatedOnFirstUseAndOnce() {
        assertEquals(0, a.created.get() + b.created.get() + c.created.get(), "building the registry creates none");
        SchemaDecoder first = registry.decoder("a", "format");
        assertSame(first, registry.decoder("a", "format"));
        assertEquals(1, a.created.get());
        registry.encoder("a", "format");
        assertEquals(2, a.created.get());
        assertEquals(0, c.created.get());
    }

    @Test
    void unknownKeysListWhatTheRegistryCarries() {
        TransformFailure unknown = assertThrows(TransformFailure.class, () -> registry.decoder("z", "sourceFormat"));
        assertEquals(400, unknown.status());
        assertEquals("sourceFormat", unknown.errors().get(0).path());
        assertEquals("Unknown schema format 'z'. Use: a, c, aa, x.", unknown.errors().get(0).message());
        TransformFailure encodeOnly = assertThrows(TransformFailure.class, () -> registry.decoder("b", "format"));
        assertEquals("Unknown schema format 'b'. Use: a, c, aa, x. 'b' is encode-only: it can be exported, not read.",
                encodeOnly.errors().get(0).message());
        TransformFailure decodeOnly = assertThrows(TransformFailure.class, () -> registry.encoder("c", "format"));
        assertEquals("Unknown schema format 'c'. Use: b, a. 'c' is decode-only: it can be read (schema/import), not"
                + " exported.", decodeOnly.errors().get(0).message());
    }

    @Test
    void aProviderWhoseCodecCannotBeCreatedIs501AndIsRetried() {
        TransformFailure missing = assertThrows(TransformFailure.class, () -> registry.decoder("x", "format"));
        assertEquals(501, missing.status());
        assertEquals("Schema format 'x' is part of the API but decoding it is not available in this release.",
                missing.errors().get(0).message());
        assertThrows(TransformFailure.class, () -> registry.decoder("x", "format"));
        assertEquals(2, broken.created.get(), "a failed creation is not remembered as a codec");
    }

    @Test
    void twoProvidersOfOneKeyAreRefusedAtBuild() {
        IllegalStateException twice = assertThrows(IllegalStateException.class, () -> new CodecRegistry(List.of(a,
                new Counted("a", Set.of(Direction.DECODE), 9, false))));
        assertTrue(twice.getMessage().contains("Two providers of format 'a'"), twice.getMessage());
    }
}
