package io.modelgraph.graph.store;

import io.modelgraph.store.Attr;
import io.modelgraph.store.Tables;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What readers see of large writes, so that each is seen whole or not at all (docs/graph.md "Large writes"). Every
 * new item a large write puts carries {@code g = <writeId>}; every item it overwrites or removes keeps its stored
 * version, locked ({@code sg = <writeId>}), next to a staged version ({@link StagedWrites}). The write stays listed
 * in the project's version item ({@code open}, then {@code aborted} if it is given up) until its one conditional
 * commit. A read whose items carry neither attribute costs nothing more; otherwise the project's version item is
 * read once (strongly consistent): items of listed writes are dropped, locked items show their stored version while
 * their write is listed and their staged version once it committed. A write id seen unlisted has committed, and
 * that is final (an id is listed before its first item lands and only leaves the list by committing), so it is
 * remembered for the process and costs no further version read.
 */
final class OpenWrites {
    static final String ATTRIBUTE = "g";
    private static final int REMEMBERED = 4_096;
    /** Write ids seen committed (bounded: forgetting one only costs a version read). */
    private static final Set<String> COMMITTED = Collections.synchronizedSet(Collections.newSetFromMap(
            new LinkedHashMap<>(256, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest) {
                    return size() > REMEMBERED;
                }
            }));

    /** How the items were read: by key or base-table query, or from an index (where staged versions stand). */
    enum Read { BY_KEY, INDEX }

    private final ProjectVersion versions;
    private final DynamoDbClient dynamo;
    private final String table;

    private OpenWrites(DynamoDbClient dynamo, String table) {
        this.versions = new ProjectVersion(dynamo, table);
        this.dynamo = dynamo;
        this.table = table;
    }

    static OpenWrites of(DynamoDbClient dynamo, String table) {
        return new OpenWrites(dynamo, table);
    }

    /** The after-image of a new item of large write {@code writeId}: hidden until the write commits. */
    static Map<String, AttributeValue> stamped(Map<String, AttributeValue> item, String writeId) {
        Map<String, AttributeValue> out = new HashMap<>(item);
        out.put(ATTRIBUTE, Attr.s(writeId));
        return out;
    }

    /** {@code items} as readers see them; the same list when none is part of a large write. */
    List<Map<String, AttributeValue>> visible(List<Map<String, AttributeValue>> items, Read read) {
        if (items.stream().noneMatch(OpenWrites::touched)) {
            return items;
        }
        Map<String, Set<String>> listedByPk = new HashMap<>();
        List<Optional<Map<String, AttributeValue>>> out = new ArrayList<>(items.size());
        Map<Integer, Map<String, AttributeValue>> superseded = new LinkedHashMap<>();
        for (Map<String, AttributeValue> item : items) {
            String g = text(item, ATTRIBUTE);
            String lock = text(item, StagedWrites.LOCK);
            if (StagedWrites.isStaged(item)) {
                // by key, staged versions are found through the locks; in an index they stand at their own place
                out.add(read == Read.INDEX && committed(item, g, listedByPk) ? StagedWrites.version(item)
                        : Optional.empty());
            } else if (g != null && !committed(item, g, listedByPk)) {
                out.add(Optional.empty());
            } else if (lock == null) {
                out.add(Optional.of(item));
            } else if (!committed(item, lock, listedByPk)) {
                out.add(Optional.of(unlocked(item)));
            } else if (read == Read.INDEX) {
                out.add(Optional.empty()); // its staged version stands in the index at its own place
            } else {
                superseded.put(out.size(), item);
                out.add(Optional.empty());
            }
        }
        if (!superseded.isEmpty()) {
            Map<Integer, Optional<Map<String, AttributeValue>>> current = staged(superseded);
            current.forEach(out::set);
        }
        return out.stream().flatMap(Optional::stream).toList();
    }

    List<Map<String, AttributeValue>> visible(List<Map<String, AttributeValue>> items) {
        return visible(items, Read.BY_KEY);
    }

    Optional<Map<String, AttributeValue>> visible(Optional<Map<String, AttributeValue>> item) {
        return item.flatMap(i -> visible(List.of(i), Read.BY_KEY).stream().findFirst());
    }

    private static boolean touched(Map<String, AttributeValue> item) {
        return item.containsKey(ATTRIBUTE) || item.containsKey(StagedWrites.LOCK) || StagedWrites.isStaged(item);
    }

    /**
     * The versions of locked items whose write committed: their staged versions, or, where the staged copy is
     * gone, the item read again (it was moved in place meanwhile, in the same transaction that dropped the copy).
     */
    private Map<Integer, Optional<Map<String, AttributeValue>>> staged(Map<Integer, Map<String, AttributeValue>> locked) {
        DynamoCalls raw = new DynamoCalls(dynamo, table);
        List<Map<String, AttributeValue>> keys = new ArrayList<>();
        locked.values().forEach(i -> keys.add(Map.of(Tables.PK, i.get(Tables.PK), Tables.SK, Attr.s(
                StagedWrites.stagedSk(i.get(StagedWrites.LOCK).s(), i.get(Tables.SK).s())))));
        Map<String, Map<String, AttributeValue>> found = new HashMap<>();
        raw.batchGetRaw(keys).forEach(s -> found.put(s.get(Tables.PK).s() + "\n" + s.get(StagedWrites.OF).s(), s));
        Map<Integer, Optional<Map<String, AttributeValue>>> out = new HashMap<>();
        List<Integer> moved = new ArrayList<>();
        locked.forEach((at, item) -> {
            Map<String, AttributeValue> s = found.get(item.get(Tables.PK).s() + "\n" + item.get(Tables.SK).s());
            if (s == null) {
                moved.add(at);
            } else {
                out.put(at, StagedWrites.version(s));
            }
        });
        if (!moved.isEmpty()) {
            Map<String, Map<String, AttributeValue>> again = new HashMap<>();
            raw.batchGetRaw(moved.stream().map(at -> Map.of(Tables.PK, locked.get(at).get(Tables.PK), Tables.SK,
                    locked.get(at).get(Tables.SK))).toList())
                    .forEach(i -> again.put(i.get(Tables.PK).s() + "\n" + i.get(Tables.SK).s(), i));
            for (int at : moved) {
                Map<String, AttributeValue> item = locked.get(at);
                out.put(at, Optional.ofNullable(again.get(item.get(Tables.PK).s() + "\n" + item.get(Tables.SK).s()))
                        .map(OpenWrites::unlocked));
            }
        }
        return out;
    }

    private static Map<String, AttributeValue> unlocked(Map<String, AttributeValue> item) {
        if (!item.containsKey(StagedWrites.LOCK)) {
            return item;
        }
        Map<String, AttributeValue> out = new HashMap<>(item);
        out.remove(StagedWrites.LOCK);
        return out;
    }

    private static String text(Map<String, AttributeValue> item, String attribute) {
        AttributeValue v = item.get(attribute);
        return v == null ? null : v.s();
    }

    /** Whether large write {@code writeId} committed (not listed in the item's project as open or given up). */
    private boolean committed(Map<String, AttributeValue> item, String writeId, Map<String, Set<String>> listedByPk) {
        if (writeId == null || COMMITTED.contains(writeId)) {
            return true;
        }
        AttributeValue pk = item.get(Tables.PK);
        if (pk == null) {
            return true; // not a graph item
        }
        if (listedByPk.computeIfAbsent(pk.s(), versions::hiddenIn).contains(writeId)) {
            return false;
        }
        COMMITTED.add(writeId);
        return true;
    }
}
