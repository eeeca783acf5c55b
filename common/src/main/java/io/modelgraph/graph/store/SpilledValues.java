package io.modelgraph.graph.store;

import io.modelgraph.store.Attr;
import io.modelgraph.store.Gzip;
import io.modelgraph.store.Tables;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Mixin values too large for their node item, stored out of line (docs/storage.md "Values larger than an item").
 * A node item whose values would make it larger than {@link #INLINE_BYTES} keeps its largest values as references
 * instead: the attribute {@code v#<mixin>#<column>} then holds a map {@code {k: token, d: digest, n: parts}} in place
 * of the JSON text, and the text, gzipped, lies in {@code n} chunk items {@code B#<nodeId>#<token>#<i>}.
 * <ul>
 * <li><b>All-or-nothing.</b> The chunks are new items of the same change set, under a fresh random token nobody
 * else can name, so the large write puts them first (with the items nobody can reach yet) and undoes them like any
 * other item; the node item that refers to them lands after them. A reader that sees the reference finds its
 * chunks.</li>
 * <li><b>Superseded chunks</b> (the node item referred to them before the write and no longer does) are deleted only
 * after the write has committed, so an undo that puts the old node item back finds its chunks too. A reader
 * holding the old node item that misses a chunk reads the node item again (it refers to the new chunks by then).
 * A process that dies between the commit and that clean-up leaves the old chunks behind, unreferenced.</li>
 * <li><b>Unchanged values are not copied.</b> A value whose digest the stored item already refers to keeps that
 * reference, so a re-import of an unchanged large value writes no chunk.</li>
 * </ul>
 * Items under the threshold stay exactly as before (the common case pays nothing); 200 KB leaves every node item
 * small enough to be carried whole as a pre-image by a later large write's journal.
 */
final class SpilledValues {
    static final String PREFIX = "B#";
    /** Above this a node item moves its largest values out of line. */
    static final int INLINE_BYTES = 200_000;
    /** Gzipped bytes per chunk item: under DynamoDB's 400 KB item cap with its key. */
    static final int CHUNK_BYTES = 300_000;
    private static final String TOKEN = "k";
    private static final String DIGEST = "d";
    private static final String PARTS = "n";
    private static final String BODY = "b";
    private static final int READ_ATTEMPTS = 3;

    /** A change set with large values moved out, and the chunk keys the write makes unreferenced. */
    record Spilled(List<ItemChange> changes, List<Map<String, AttributeValue>> superseded) {
        Spilled {
            changes = List.copyOf(changes);
            superseded = List.copyOf(superseded);
        }
    }

    private SpilledValues() {
    }

    /**
     * Moves the largest values of every node item over {@link #INLINE_BYTES} out of line (new chunk items appended
     * to the changes) and lists the chunks the changes leave unreferenced, to delete once the write committed.
     */
    static Spilled spill(List<ItemChange> changes, Supplier<String> tokens) {
        List<ItemChange> out = new ArrayList<>(changes.size());
        List<ItemChange> chunks = new ArrayList<>();
        List<Map<String, AttributeValue>> superseded = new ArrayList<>();
        for (ItemChange c : changes) {
            if (!c.sk().startsWith(GraphKeys.NODE_PREFIX)) {
                out.add(c);
                continue;
            }
            Optional<Map<String, AttributeValue>> after = c.after().map(item -> spillItem(c.pk(), item,
                    c.before(), tokens, chunks));
            out.add(new ItemChange(c.pk(), c.sk(), c.before(), after));
            superseded.addAll(unreferenced(c.pk(), c.before(), after));
        }
        out.addAll(chunks);
        return new Spilled(out, superseded);
    }

    private static Map<String, AttributeValue> spillItem(String pk, Map<String, AttributeValue> item,
            Optional<Map<String, AttributeValue>> before, Supplier<String> tokens, List<ItemChange> chunks) {
        if (ItemSize.upperBound(item) <= INLINE_BYTES) {
            return item; // the usual item: nothing to count
        }
        int bytes = ItemSize.bytes(item);
        if (bytes <= INLINE_BYTES) {
            return item;
        }
        String nodeId = Attr.str(item, NodeItems.ID).orElseThrow();
        Map<String, AttributeValue> stored = new HashMap<>(); // digest -> a reference the stored item holds
        before.ifPresent(b -> refs(b).values().forEach(r -> stored.putIfAbsent(r.m().get(DIGEST).s(), r)));
        List<Map.Entry<String, AttributeValue>> inline = item.entrySet().stream()
                .filter(e -> NodeValues.isValue(e.getKey()) && e.getValue().s() != null)
                .sorted(Comparator.comparingInt((Map.Entry<String, AttributeValue> e) -> e.getValue().s().length())
                        .reversed().thenComparing(Map.Entry::getKey))
                .toList();
        Map<String, AttributeValue> spilled = new HashMap<>(item);
        for (Map.Entry<String, AttributeValue> e : inline) {
            if (bytes <= INLINE_BYTES) {
                break;
            }
            String text = e.getValue().s();
            String digest = digest(text);
            AttributeValue ref = stored.get(digest);
            if (ref == null) {
                String token = tokens.get();
                byte[] zipped = Gzip.bytes(text);
                int parts = 0;
                for (int from = 0; from < zipped.length; from += CHUNK_BYTES, parts++) {
                    byte[] part = Arrays.copyOfRange(zipped, from, Math.min(zipped.length,
                            from + CHUNK_BYTES));
                    Map<String, AttributeValue> chunk = new HashMap<>();
                    chunk.put(Tables.PK, Attr.s(pk));
                    chunk.put(Tables.SK, Attr.s(chunkSk(nodeId, token, parts)));
                    chunk.put(BODY, AttributeValue.builder().b(SdkBytes.fromByteArray(part)).build());
                    chunks.add(ItemChange.created(pk, chunk));
                }
                ref = AttributeValue.builder().m(Map.of(TOKEN, Attr.s(token), DIGEST, Attr.s(digest),
                        PARTS, Attr.n(parts))).build();
                stored.put(digest, ref);
            }
            spilled.put(e.getKey(), ref);
            bytes += ItemSize.bytes(ref) - ItemSize.bytes(e.getValue());
        }
        return spilled;
    }

    /** Chunk keys {@code before} refers to and {@code after} no longer does. */
    private static List<Map<String, AttributeValue>> unreferenced(String pk, Optional<Map<String, AttributeValue>> before,
            Optional<Map<String, AttributeValue>> after) {
        if (before.isEmpty()) {
            return List.of();
        }
        Map<String, AttributeValue> old = refs(before.get());
        if (old.isEmpty()) {
            return List.of();
        }
        Set<String> kept = new HashSet<>();
        after.ifPresent(a -> refs(a).values().forEach(r -> kept.add(r.m().get(TOKEN).s())));
        String nodeId = Attr.str(before.get(), NodeItems.ID).orElseThrow();
        List<Map<String, AttributeValue>> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (AttributeValue r : old.values()) {
            String token = r.m().get(TOKEN).s();
            if (!kept.contains(token) && seen.add(token)) {
                keys(pk, nodeId, r).forEach(out::add);
            }
        }
        return out;
    }

    /** Chunk keys the stored item refers to in the given attributes, which a value write replaces or removes. */
    static List<Map<String, AttributeValue>> replaced(String pk, Map<String, AttributeValue> stored,
            Set<String> attributes) {
        Map<String, AttributeValue> after = new HashMap<>(stored);
        after.keySet().removeAll(attributes);
        return unreferenced(pk, Optional.of(stored), Optional.of(after));
    }

    /** The out-of-line references of a node item, by attribute name. */
    static Map<String, AttributeValue> refs(Map<String, AttributeValue> item) {
        Map<String, AttributeValue> out = new LinkedHashMap<>();
        item.forEach((name, v) -> {
            if (NodeValues.isValue(name) && v.hasM()) {
                out.put(name, v);
            }
        });
        return out;
    }

    static boolean hasRefs(Map<String, AttributeValue> item) {
        for (Map.Entry<String, AttributeValue> e : item.entrySet()) {
            if (e.getValue().hasM() && NodeValues.isValue(e.getKey())) {
                return true;
            }
        }
        return false;
    }

    /**
     * The node items with every reference replaced by its text. Chunks are read with one strongly consistent
     * BatchGetItem; a node item whose chunks are gone (it was replaced and its old chunks cleaned up since it was
     * read) is read again through {@code reread} and resolved from what it holds now.
     *
     * @param reread the current node items of the given node ids (absent: the node item is gone)
     */
    static Map<String, Map<String, AttributeValue>> resolve(String pk, Map<String, Map<String, AttributeValue>> items,
            DynamoCalls calls, Function<Set<String>, Map<String, Map<String, AttributeValue>>> reread) {
        Map<String, Map<String, AttributeValue>> out = new LinkedHashMap<>(items);
        Set<String> pending = new HashSet<>();
        items.forEach((id, item) -> {
            if (hasRefs(item)) {
                pending.add(id);
            }
        });
        for (int attempt = 0; !pending.isEmpty(); attempt++) {
            if (attempt == READ_ATTEMPTS) {
                throw new IllegalStateException("The out-of-line values of node(s) " + pending + " kept changing"
                        + " while they were read");
            }
            if (attempt > 0) {
                Map<String, Map<String, AttributeValue>> current = reread.apply(pending);
                for (String id : new ArrayList<>(pending)) {
                    Map<String, AttributeValue> now = current.get(id);
                    if (now == null) {
                        out.remove(id); // removed since: nothing to show
                        pending.remove(id);
                    } else {
                        out.put(id, now);
                    }
                }
            }
            List<Map<String, AttributeValue>> keys = new ArrayList<>();
            for (String id : pending) {
                refs(out.get(id)).values().forEach(r -> keys.addAll(keys(pk, id, r)));
            }
            Map<String, byte[]> bodies = new HashMap<>();
            for (Map<String, AttributeValue> chunk : calls.batchGet(keys)) {
                bodies.put(chunk.get(Tables.SK).s(), chunk.get(BODY).b().asByteArray());
            }
            for (String id : new ArrayList<>(pending)) {
                Optional<Map<String, AttributeValue>> whole = assemble(id, out.get(id), bodies);
                if (whole.isPresent()) {
                    out.put(id, whole.get());
                    pending.remove(id);
                }
            }
        }
        return out;
    }

    /** The item with its references replaced by their texts; empty when a chunk is missing. */
    private static Optional<Map<String, AttributeValue>> assemble(String nodeId, Map<String, AttributeValue> item,
            Map<String, byte[]> bodies) {
        Map<String, AttributeValue> whole = new HashMap<>(item);
        for (Map.Entry<String, AttributeValue> e : refs(item).entrySet()) {
            Map<String, AttributeValue> ref = e.getValue().m();
            String token = ref.get(TOKEN).s();
            int parts = Integer.parseInt(ref.get(PARTS).n());
            ByteArrayOutputStream zipped = new ByteArrayOutputStream();
            for (int i = 0; i < parts; i++) {
                byte[] body = bodies.get(chunkSk(nodeId, token, i));
                if (body == null) {
                    return Optional.empty();
                }
                zipped.writeBytes(body);
            }
            whole.put(e.getKey(), Attr.s(Gzip.text(zipped.toByteArray())));
        }
        return Optional.of(whole);
    }

    private static List<Map<String, AttributeValue>> keys(String pk, String nodeId, AttributeValue ref) {
        String token = ref.m().get(TOKEN).s();
        int parts = Integer.parseInt(ref.m().get(PARTS).n());
        List<Map<String, AttributeValue>> out = new ArrayList<>(parts);
        for (int i = 0; i < parts; i++) {
            out.add(Map.of(Tables.PK, Attr.s(pk), Tables.SK, Attr.s(chunkSk(nodeId, token, i))));
        }
        return out;
    }

    static String chunkSk(String nodeId, String token, int part) {
        return PREFIX + nodeId + "#" + token + "#" + part;
    }

    private static String digest(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
