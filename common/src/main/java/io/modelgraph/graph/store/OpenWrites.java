package io.modelgraph.graph.store;

import io.modelgraph.store.Attr;
import io.modelgraph.store.Tables;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What readers see of large writes: each whole or not at all (docs/graph.md "Large writes", "What readers see").
 * Items without {@code g}, {@code sg} or {@code of} cost nothing more; the others are judged by the writes the
 * project's version item lists. An id seen unlisted has committed for good, and is remembered for the process.
 */
final class OpenWrites {
    static final String ATTRIBUTE = "g";
    private static final int REMEMBERED = 4_096;
    /** Write ids seen committed (bounded: forgetting one only costs a version read). */
    private static final Set<String> COMMITTED = ConcurrentHashMap.newKeySet();

    /** A walk of the index keyed by these attributes, over one or more calls; {@code shown}: new versions it showed. */
    record Walk(String partitionKey, String sortKey, Set<String> shown) {
        static Walk of(String partitionKey, String sortKey) {
            return new Walk(partitionKey, sortKey, new java.util.HashSet<>());
        }

        /** A walk of the type index that sorts by {@code order}. */
        static Walk over(NodeOrder order) {
            return of(Tables.TYPE_PK, order.attribute());
        }
    }

    private final DynamoDbClient dynamo;
    private final String table;
    /**
     * The hidden write ids of a version read made before the items, by partition key (the caller reads the version
     * again after them, see GraphStore.unmixed); other partitions are judged by a version read after their items.
     */
    private final Map<String, Set<String>> listedBefore;

    OpenWrites(DynamoDbClient dynamo, String table, Map<String, Set<String>> listedBefore) {
        this.dynamo = dynamo;
        this.table = table;
        this.listedBefore = Map.copyOf(listedBefore);
    }

    /** The after-image of a new item of large write {@code writeId}: hidden until the write commits. */
    static Map<String, AttributeValue> stamped(Map<String, AttributeValue> item, String writeId) {
        Map<String, AttributeValue> out = new HashMap<>(item);
        out.put(ATTRIBUTE, Attr.s(writeId));
        return out;
    }

    /** {@code items} read by key or base-table query, as readers see them (see below, with no walk). */
    List<Map<String, AttributeValue>> visible(List<Map<String, AttributeValue>> items) {
        return visible(items, null);
    }

    /**
     * Items of an index walk ({@code walk}; null: read by key): a locked item whose write committed shows its new
     * version in its own place when that version keeps the place (then its staged copy, met after it, is not shown
     * again), and is dropped when the version stands elsewhere; so a finish moving versions in place between two
     * calls of the walk costs no node.
     */
    List<Map<String, AttributeValue>> visible(List<Map<String, AttributeValue>> items, Walk walk) {
        if ((walk == null || walk.shown().isEmpty()) && items.stream().noneMatch(i -> i.containsKey(ATTRIBUTE)
                || i.containsKey(StagedWrites.LOCK) || StagedWrites.isStaged(i))) {
            return items;
        }
        Map<String, Set<String>> listed = new HashMap<>(listedBefore);
        List<Optional<Map<String, AttributeValue>>> out = new ArrayList<>(items.size());
        Map<Integer, Map<String, AttributeValue>> superseded = new HashMap<>();
        for (Map<String, AttributeValue> item : items) {
            String g = Attr.str(item, ATTRIBUTE).orElse(null);
            String lock = Attr.str(item, StagedWrites.LOCK).orElse(null);
            if (StagedWrites.isStaged(item)) { // by key, staged versions are found through the locks
                out.add(walk != null && committed(item, g, listed) ? StagedWrites.version(item).filter(v ->
                        walk.shown().add(sk(v))) : Optional.empty());
            } else if (g != null && !committed(item, g, listed)) {
                out.add(Optional.empty());
            } else if (lock == null || !committed(item, lock, listed)) {
                out.add(Optional.of(unlocked(item)).filter(i -> walk == null || !walk.shown().contains(sk(i))));
            } else { // by key its staged version; from an index, that version where it stands (see above)
                if (walk == null || !walk.shown().contains(sk(item))) {
                    superseded.put(out.size(), item);
                }
                out.add(Optional.empty());
            }
        }
        if (!superseded.isEmpty()) {
            Map<String, Map<String, AttributeValue>> read = holders(superseded.values());
            superseded.forEach((at, item) -> out.set(at, Optional.ofNullable(read.get(sk(item))).flatMap(i ->
                    StagedWrites.isStaged(i) ? StagedWrites.version(i) : Optional.of(unlocked(i))).filter(v ->
                    walk == null || samePlace(item, v, walk) && walk.shown().add(sk(v)))));
        }
        return out.stream().flatMap(Optional::stream).toList();
    }

    private static String sk(Map<String, AttributeValue> item) {
        return item.get(Tables.SK).s();
    }

    private static boolean samePlace(Map<String, AttributeValue> a, Map<String, AttributeValue> b, Walk walk) {
        return java.util.Objects.equals(a.get(walk.partitionKey()), b.get(walk.partitionKey()))
                && java.util.Objects.equals(a.get(walk.sortKey()), b.get(walk.sortKey()));
    }

    /**
     * The items holding the versions of locked items whose write committed, by the items' sort key (one read is of one
     * project): their staged copies, or, where a copy is gone, the item read again (the move in place dropped the copy
     * in the same transaction).
     */
    private Map<String, Map<String, AttributeValue>> holders(Collection<Map<String, AttributeValue>> locked) {
        DynamoCalls raw = new DynamoCalls(dynamo, table);
        Map<String, Map<String, AttributeValue>> read = new HashMap<>();
        raw.batchGetRaw(locked.stream().map(i -> Map.of(Tables.PK, i.get(Tables.PK), Tables.SK, Attr.s(
                StagedWrites.stagedSk(i.get(StagedWrites.LOCK).s(), sk(i))))).toList())
                .forEach(copy -> read.put(copy.get(StagedWrites.OF).s(), copy));
        raw.batchGetRaw(locked.stream().filter(i -> !read.containsKey(sk(i)))
                .map(i -> Map.of(Tables.PK, i.get(Tables.PK), Tables.SK, i.get(Tables.SK))).toList())
                .forEach(again -> read.put(sk(again), again));
        return read;
    }

    private static Map<String, AttributeValue> unlocked(Map<String, AttributeValue> item) {
        if (!item.containsKey(StagedWrites.LOCK)) {
            return item;
        }
        Map<String, AttributeValue> out = new HashMap<>(item);
        out.remove(StagedWrites.LOCK);
        return out;
    }

    /** Whether large write {@code writeId} committed: not listed in the item's project as open or given up. */
    private boolean committed(Map<String, AttributeValue> item, String writeId, Map<String, Set<String>> listed) {
        AttributeValue pk = item.get(Tables.PK);
        if (writeId == null || pk == null || COMMITTED.contains(writeId)) {
            return true;
        }
        Set<String> hidden = listed.computeIfAbsent(pk.s(), p -> new ProjectVersion(dynamo, table).listed(p).hidden());
        if (hidden.contains(writeId)) {
            return false;
        }
        if (!listedBefore.containsKey(pk.s())) { // read after the item, so final; a list read before it is not
            if (COMMITTED.size() >= REMEMBERED) {
                COMMITTED.clear();
            }
            COMMITTED.add(writeId);
        }
        return true;
    }
}
