package io.modelgraph.graph.store;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.function.ToLongFunction;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An item's size as DynamoDB counts it against its 400 KB cap: attribute names and string values in UTF-8
 * bytes (not UTF-16 characters: CJK text is 3 bytes a character), numbers by their digits, and a few bytes of
 * overhead per list or map element. Used to refuse an oversized value before anything is written and to keep
 * journal parts under the cap.
 */
public final class ItemSize {
    /** DynamoDB's item cap. */
    public static final int DYNAMO_MAX_BYTES = 400 * 1024;
    /**
     * What one graph item may hold: below the cap by enough for a journal entry that carries the item as its
     * pre-image together with its key and stamp.
     */
    public static final int MAX_ITEM_BYTES = 380_000;

    /**
     * Refuses an item over {@link #MAX_ITEM_BYTES} before anything is written: 413 naming {@code what} (for a node,
     * its fields and all its mixin values together).
     */
    static void requireFits(Map<String, AttributeValue> item, String path, String what) {
        if (upperBound(item) <= MAX_ITEM_BYTES) {
            return; // the usual item: far below the cap without counting its bytes (bulk writes check 20,000 of them)
        }
        int bytes = bytes(item);
        if (bytes > MAX_ITEM_BYTES) {
            throw new ItemTooLargeException(path, "The stored form of " + what + " would be " + bytes + " bytes "
                    + "(UTF-8); one item holds at most " + MAX_ITEM_BYTES + " (a node's fields and all its mixin values "
                    + "together). Nothing was written. Store large texts elsewhere and link them, or remove other "
                    + "values of this node first.");
        }
    }

    public static int bytes(Map<String, AttributeValue> item) {
        return (int) size(item, ItemSize::utf8);
    }

    static int bytes(AttributeValue v) {
        return (int) size(v, ItemSize::utf8);
    }

    /**
     * At least {@link #bytes}, from string lengths alone (no character is read): a UTF-16 char is at most 3 UTF-8
     * bytes (a surrogate pair, 2 chars, is 4 bytes).
     */
    static long upperBound(Map<String, AttributeValue> item) {
        return size(item, text -> 3L * text.length());
    }

    /** DynamoDB's count with names and strings measured by {@code text}: exact in UTF-8, or a bound. */
    private static long size(Map<String, AttributeValue> item, ToLongFunction<String> text) {
        long total = 0;
        for (Map.Entry<String, AttributeValue> e : item.entrySet()) {
            total += text.applyAsLong(e.getKey()) + size(e.getValue(), text);
        }
        return total;
    }

    private static long size(AttributeValue v, ToLongFunction<String> text) {
        if (v.s() != null) {
            return text.applyAsLong(v.s());
        }
        if (v.n() != null) {
            return v.n().length() / 2 + 2;
        }
        if (v.b() != null) {
            return v.b().asByteBuffer().remaining();
        }
        if (v.hasL()) {
            long total = 3;
            for (AttributeValue e : v.l()) {
                total += 1 + size(e, text);
            }
            return total;
        }
        if (v.hasM()) {
            long total = 3;
            for (Map.Entry<String, AttributeValue> e : v.m().entrySet()) {
                total += 1 + text.applyAsLong(e.getKey()) + size(e.getValue(), text);
            }
            return total;
        }
        if (v.hasSs()) {
            return v.ss().stream().mapToLong(text).sum() + 3;
        }
        return 1; // BOOL, NULL
    }

    public static int utf8(String text) {
        int ascii = 0;
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) >= 0x80) {
                return text.getBytes(StandardCharsets.UTF_8).length;
            }
            ascii++;
        }
        return ascii;
    }

    private ItemSize() {
    }
}
