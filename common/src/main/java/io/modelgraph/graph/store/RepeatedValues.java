package io.modelgraph.graph.store;

import io.modelgraph.store.Attr;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicReferenceArray;
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
        AttributeValue kept = kept(kind, text);
        return kept != null ? kept : keep(kind, text, Attr.s(text));
    }

    /** An instant as items store it (ISO-8601, {@link Instant#toString}): formatted once too. */
    static AttributeValue instant(Kind kind, Instant at) {
        AttributeValue kept = kept(kind, at);
        return kept != null ? kept : keep(kind, at, Attr.s(at.toString()));
    }

    static AttributeValue n(Kind kind, long number) {
        AttributeValue kept = kept(kind, number);
        return kept != null ? kept : keep(kind, number, Attr.n(number));
    }

    static AttributeValue bool(Kind kind, boolean flag) {
        AttributeValue kept = kept(kind, flag);
        return kept != null ? kept : keep(kind, flag, Attr.bool(flag));
    }

    private static AttributeValue kept(Kind kind, Object key) {
        Kept kept = SLOTS.get(slot(kind, key));
        return kept != null && kept.key().equals(key) ? kept.value() : null;
    }

    private static AttributeValue keep(Kind kind, Object key, AttributeValue value) {
        SLOTS.set(slot(kind, key), new Kept(key, value));
        return value;
    }

    private static int slot(Kind kind, Object key) {
        return kind.ordinal() * KEPT + Math.floorMod(key.hashCode(), KEPT);
    }

    private RepeatedValues() {
    }
}
