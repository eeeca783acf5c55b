package io.modelgraph.graph.store;

import io.modelgraph.store.Attr;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Attribute values that item after item repeats (the project key, the instant and subject of a write, the node type
 * and its index partition), built once and shared: a bulk write's 20,000 items would otherwise hold some 200,000
 * equal copies, live for the whole write, and every young collection meanwhile copies each live object. Each kind
 * keeps its last few values; the values are immutable, so sharing them across items and threads is safe.
 */
final class RepeatedValues {
    enum Kind { PROJECT, CREATED_AT, UPDATED_AT, CREATED_BY, UPDATED_BY, NODE_TYPE, TYPE_PARTITION, GROUP, DELETED,
        VERSION }

    private static final int KEPT = 4;

    private record Kept(Object key, AttributeValue value) {
    }

    /** Slot {@code kind * KEPT + hash of the key}: each replaced whole, so a reader sees a matching pair. */
    private static final AtomicReferenceArray<Kept> SLOTS = new AtomicReferenceArray<>(Kind.values().length * KEPT);

    static AttributeValue s(Kind kind, String text) {
        return shared(kind, text, Attr::s);
    }

    /** An instant as items store it (ISO-8601, {@link Instant#toString}): formatted once too. */
    static AttributeValue instant(Kind kind, Instant at) {
        return shared(kind, at, a -> Attr.s(a.toString()));
    }

    static AttributeValue n(Kind kind, long number) {
        return shared(kind, number, Attr::n);
    }

    static AttributeValue bool(Kind kind, boolean flag) {
        return shared(kind, flag, Attr::bool);
    }

    /** The kept value of {@code key}, or {@code make}'s, kept in its slot for the next item. */
    private static <T> AttributeValue shared(Kind kind, T key, Function<T, AttributeValue> make) {
        int slot = slot(kind, key);
        Kept kept = SLOTS.get(slot);
        if (kept != null && kept.key().equals(key)) {
            return kept.value();
        }
        AttributeValue value = make.apply(key);
        SLOTS.set(slot, new Kept(key, value));
        return value;
    }

    private static int slot(Kind kind, Object key) {
        return kind.ordinal() * KEPT + Math.floorMod(key.hashCode(), KEPT);
    }

    private RepeatedValues() {
    }
}
