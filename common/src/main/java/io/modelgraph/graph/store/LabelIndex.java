package io.modelgraph.graph.store;

import io.modelgraph.graph.NodeType;
import io.modelgraph.store.Attr;
import io.modelgraph.store.Tables;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.PriorityQueue;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The container's label index for {@code Expression} searches (docs/graph.md "Read caches"): per (project, space)
 * the live nodes' id, lower-cased label and three sort keys, kept in memory and checked against the project's
 * {@link ProjectVersion} on every search. DynamoDB cannot index substrings, and an n-gram index would add a
 * dozen items to every node write; this one adds nothing to writes beyond the version bump.
 *
 * <p>Kept current without re-reading the project: when the version moved, the changes are read from the
 * update-time index ({@code usk} after the last refresh, less a margin for clock skew) - new and changed nodes,
 * whose entries replace their old ones. Removals (deletes, moves out of a space) do not show there; the search
 * verifies every candidate against its node item (which it reads anyway, to return it) and drops stale entries.
 * A write whose items carry an update stamp older than the moment they landed (a large write, an undo) sets the
 * version's rebuild mark: the next search of a cached space reads the space again whole. So does a cold
 * container - unless a {@link LabelSnapshots snapshot} stored by another container at a version no large write
 * came after is there: then that, and the changes since. Bounded in bytes: at most {@link #MAX_BYTES} (an
 * estimate of the entries' heap) over all cached spaces, least recently used going first, since a count of entries
 * does not bound memory when labels are long (a 1,000-character label makes an entry about ten times larger).
 */
public final class LabelIndex {
    /** Single writes stamp {@code uAt} with their own clock just before they land: skew + latency margin. */
    static final Duration SKEW = Duration.ofSeconds(60);
    /**
     * Index queries are eventually consistent: for this long after the version moved, searches keep re-reading
     * the changes (cheap: only changed nodes come back), so a change that reached the index late is still seen.
     */
    static final Duration SETTLE = Duration.ofSeconds(10);
    /** A fifth of a 1 GB function's memory: about 300,000 entries of short labels, 70,000 of 1,000 characters. */
    static final long MAX_BYTES = 200L * 1024 * 1024;
    /** Up to this many changed nodes per partition, the sorted views are patched; beyond, sorted again on use. */
    static final int PATCH_LIMIT = 64;

    /** One live node in one (space, type) partition. */
    record Entry(String id, String lower, String lsk, String csk, String usk) {
        /**
         * The heap an entry holds, estimated: two bytes a character (labels are rarely Latin-1 only), five String
         * objects with their arrays, the record, its map node and its slots in three sorted views.
         */
        long bytes() {
            return 2L * (id.length() + lower.length() + lsk.length() + csk.length() + usk.length()) + 5 * 40 + 24
                    + 48 + 3 * 8;
        }

        String key(NodeOrder order) {
            return switch (order) {
                case LABEL -> lsk;
                case CREATED -> csk;
                case UPDATED -> usk;
            };
        }
    }

    /** A search hit before verification: where it was found and its key in the asked order. */
    public record Candidate(String key, String id, String space, NodeType type) {
    }

    /** A partition's position in the merge: its current match and where it sits in the sorted view. */
    private record Head(Candidate candidate, Entry[] view, int index) {
    }

    private static final class Partition {
        final Map<String, Entry> byId = new HashMap<>();
        final Map<NodeOrder, Entry[]> sorted = new EnumMap<>(NodeOrder.class);
        long bytes;

        Entry[] view(NodeOrder order) {
            return sorted.computeIfAbsent(order, o -> {
                Entry[] all = byId.values().toArray(new Entry[0]);
                Arrays.sort(all, Comparator.comparing((Entry e) -> e.key(o)));
                return all;
            });
        }

        /** Replaces the node's entry; sorted views are patched in place (one array copy each), not re-sorted. */
        void put(Entry e) {
            Entry old = byId.put(e.id(), e);
            bytes += e.bytes() - (old == null ? 0 : old.bytes());
            for (Map.Entry<NodeOrder, Entry[]> view : sorted.entrySet()) {
                Entry[] v = old == null ? view.getValue() : without(view.getValue(), view.getKey(), old);
                view.setValue(with(v, view.getKey(), e));
            }
        }

        void remove(String id) {
            Entry old = byId.remove(id);
            if (old != null) {
                bytes -= old.bytes();
                sorted.replaceAll((order, v) -> without(v, order, old));
            }
        }

        private static Entry[] with(Entry[] view, NodeOrder order, Entry e) {
            int at = -Arrays.binarySearch(view, e, Comparator.comparing((Entry x) -> x.key(order))) - 1;
            if (at < 0) {
                return view; // the same key is there already (cannot happen: keys end with the id)
            }
            Entry[] out = new Entry[view.length + 1];
            System.arraycopy(view, 0, out, 0, at);
            out[at] = e;
            System.arraycopy(view, at, out, at + 1, view.length - at);
            return out;
        }

        private static Entry[] without(Entry[] view, NodeOrder order, Entry e) {
            int at = Arrays.binarySearch(view, e, Comparator.comparing((Entry x) -> x.key(order)));
            if (at < 0 || !view[at].id().equals(e.id())) {
                return view;
            }
            Entry[] out = new Entry[view.length - 1];
            System.arraycopy(view, 0, out, 0, at);
            System.arraycopy(view, at + 1, out, at, view.length - at - 1);
            return out;
        }
    }

    private static final class SpaceLabels {
        final Map<NodeType, Partition> partitions = new EnumMap<>(NodeType.class);
        ProjectVersion.Stamp stamp = ProjectVersion.Stamp.NONE;
        long refreshedFrom; // epoch ms when the last (re)read started
        long versionSeenAt; // epoch ms when this container first saw the stamp's version

        int size() {
            return partitions.values().stream().mapToInt(p -> p.byId.size()).sum();
        }

        long bytes() {
            return partitions.values().stream().mapToLong(p -> p.bytes).sum();
        }
    }

    private final DynamoCalls calls;
    private final Clock clock;
    private final LabelSnapshots snapshots;
    private final LinkedHashMap<String, SpaceLabels> spaces = new LinkedHashMap<>(16, 0.75f, true);
    private long builds;
    private long snapshotLoads;

    private final long maxBytes;

    LabelIndex(DynamoCalls calls, LabelSnapshots snapshots, Clock clock) {
        this(calls, snapshots, clock, MAX_BYTES);
    }

    /** An index bounded at {@code maxBytes} (tests use a small bound). */
    LabelIndex(DynamoCalls calls, LabelSnapshots snapshots, Clock clock, long maxBytes) {
        this.calls = calls;
        this.clock = clock;
        this.snapshots = snapshots;
        this.maxBytes = maxBytes;
    }

    /** The estimated heap of the cached spaces' entries. */
    public synchronized long cachedBytes() {
        return spaces.values().stream().mapToLong(SpaceLabels::bytes).sum();
    }

    /** How many (project, space) pairs are cached. */
    public synchronized int cachedSpaces() {
        return spaces.size();
    }

    /**
     * Up to {@code limit} candidates whose lower-cased label contains {@code lowerNeedle}, in the given order
     * strictly after {@code after}, merged over the spaces and types (a node in two spaces has one key, so it
     * comes once). Brings the cached spaces to {@code stamp} first.
     */
    public synchronized List<Candidate> candidates(String projectId, ProjectVersion.Stamp stamp, List<String> spaceIds,
            List<NodeType> types, NodeOrder order, boolean descending, Optional<String> after, String lowerNeedle,
            int limit) {
        Comparator<String> keyOrder = descending ? Comparator.reverseOrder() : Comparator.naturalOrder();
        PriorityQueue<Head> heads = new PriorityQueue<>((a, b) -> keyOrder.compare(a.candidate().key(),
                b.candidate().key()));
        for (String spaceId : spaceIds) {
            SpaceLabels labels = current(projectId, spaceId, stamp);
            for (NodeType type : types) {
                Partition p = labels.partitions.get(type);
                if (p == null || p.byId.isEmpty()) {
                    continue;
                }
                Entry[] view = p.view(order);
                int start = start(view, order, descending, after);
                Head h = advance(view, order, descending, start, lowerNeedle, spaceId, type);
                if (h != null) {
                    heads.add(h);
                }
            }
        }
        List<Candidate> out = new ArrayList<>();
        String lastKey = null;
        while (!heads.isEmpty() && out.size() < limit) {
            Head h = heads.poll();
            Candidate c = h.candidate();
            if (!c.key().equals(lastKey)) {
                out.add(c);
                lastKey = c.key();
            }
            int next = descending ? h.index() - 1 : h.index() + 1;
            Head n = advance(h.view(), order, descending, next, lowerNeedle, c.space(), c.type());
            if (n != null) {
                heads.add(n);
            }
        }
        return out;
    }

    private static int start(Entry[] view, NodeOrder order, boolean descending, Optional<String> after) {
        if (after.isEmpty()) {
            return descending ? view.length - 1 : 0;
        }
        // first index whose key is > after (ascending), last whose key is < after (descending)
        int lo = 0;
        int hi = view.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (view[mid].key(order).compareTo(after.get()) <= 0) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        if (!descending) {
            return lo;
        }
        int i = lo - 1;
        while (i >= 0 && view[i].key(order).equals(after.get())) {
            i--;
        }
        return i;
    }

    /** The next matching entry of one partition's view from {@code from} on, or null. */
    private static Head advance(Entry[] view, NodeOrder order, boolean descending, int from, String needle,
            String space, NodeType type) {
        for (int i = from; i >= 0 && i < view.length; i = descending ? i - 1 : i + 1) {
            Entry e = view[i];
            if (e.lower().contains(needle)) {
                return new Head(new Candidate(e.key(order), e.id(), space, type), view, i);
            }
        }
        return null;
    }

    /** A candidate the node item contradicted (deleted, moved, relabelled): drop it until the space is re-read. */
    public synchronized void forget(String projectId, Candidate stale) {
        SpaceLabels labels = spaces.get(projectId + "#" + stale.space());
        if (labels != null) {
            Partition p = labels.partitions.get(stale.type());
            if (p != null) {
                p.remove(stale.id());
            }
        }
    }

    /** How many whole-space reads this container did (tests check that a warm search does none). */
    public synchronized long builds() {
        return builds;
    }

    /** How many spaces this container took from a stored snapshot instead of reading them whole. */
    public synchronized long snapshotLoads() {
        return snapshotLoads;
    }

    private SpaceLabels current(String projectId, String spaceId, ProjectVersion.Stamp stamp) {
        String cacheKey = projectId + "#" + spaceId;
        SpaceLabels labels = spaces.get(cacheKey);
        long now = clock.millis();
        if (labels == null || stamp.rebuildAt() > labels.stamp.version() || stamp.version() < labels.stamp.version()) {
            Optional<LabelSnapshots.Snapshot> stored = snapshots.read(projectId, spaceId, stamp);
            if (stored.isPresent()) {
                // what another container held at its version, then the changes since, as a warm container
                // follows them; always once, for changes the eventually consistent index showed it late
                labels = restore(stored.get());
                snapshotLoads++;
                int changed = refresh(projectId, spaceId, labels, stamp, now);
                if (changed > Math.max(LabelSnapshots.MIN_ENTRIES, labels.size() / 10)) {
                    snapshots.write(projectId, spaceId, snapshotOf(labels));
                }
            } else {
                labels = build(projectId, spaceId, stamp, now);
                if (labels.size() >= LabelSnapshots.MIN_ENTRIES) {
                    snapshots.write(projectId, spaceId, snapshotOf(labels));
                }
            }
            spaces.put(cacheKey, labels);
            evict();
            return labels;
        }
        if (stamp.version() != labels.stamp.version() || now - labels.versionSeenAt < SETTLE.toMillis()) {
            refresh(projectId, spaceId, labels, stamp, now);
        }
        return labels;
    }

    /** Applies the nodes changed since the last refresh (less the skew margin); returns how many came back. */
    private int refresh(String projectId, String spaceId, SpaceLabels labels, ProjectVersion.Stamp stamp, long now) {
        boolean moved = stamp.version() != labels.stamp.version();
        long from = labels.refreshedFrom - SKEW.toMillis();
        int count = 0;
        for (NodeType type : NodeType.values()) {
            List<Map<String, AttributeValue>> changed = queryPartition(projectId, spaceId, type, Optional.of(from));
            Partition p = labels.partitions.computeIfAbsent(type, t -> new Partition());
            if (changed.size() > PATCH_LIMIT) {
                p.sorted.clear(); // many changes: sorting again is cheaper than patching each
            }
            for (Map<String, AttributeValue> item : changed) {
                p.put(entry(item));
            }
            count += changed.size();
        }
        labels.refreshedFrom = now;
        if (moved) {
            labels.versionSeenAt = now;
        }
        labels.stamp = stamp;
        return count;
    }

    private static SpaceLabels restore(LabelSnapshots.Snapshot snapshot) {
        SpaceLabels labels = new SpaceLabels();
        for (NodeType type : NodeType.values()) {
            Partition p = new Partition();
            for (Entry e : snapshot.partitions().getOrDefault(type, List.of())) {
                p.put(e);
            }
            labels.partitions.put(type, p);
        }
        labels.stamp = snapshot.stamp();
        labels.refreshedFrom = snapshot.refreshedFrom();
        labels.versionSeenAt = snapshot.versionSeenAt();
        return labels;
    }

    private static LabelSnapshots.Snapshot snapshotOf(SpaceLabels labels) {
        Map<NodeType, List<Entry>> partitions = new EnumMap<>(NodeType.class);
        labels.partitions.forEach((type, p) -> partitions.put(type, List.copyOf(p.byId.values())));
        return new LabelSnapshots.Snapshot(labels.stamp, labels.refreshedFrom, labels.versionSeenAt, partitions);
    }

    private SpaceLabels build(String projectId, String spaceId, ProjectVersion.Stamp stamp, long now) {
        SpaceLabels labels = new SpaceLabels();
        for (NodeType type : NodeType.values()) {
            Partition p = new Partition();
            for (Map<String, AttributeValue> item : queryPartition(projectId, spaceId, type, Optional.empty())) {
                p.put(entry(item));
            }
            labels.partitions.put(type, p);
        }
        labels.stamp = stamp;
        labels.refreshedFrom = now;
        labels.versionSeenAt = now;
        builds++;
        return labels;
    }

    /** Drops the least recently used spaces until the rest fit; the space just used always stays. */
    private void evict() {
        long total = spaces.values().stream().mapToLong(SpaceLabels::bytes).sum();
        var it = spaces.entrySet().iterator();
        while (total > maxBytes && spaces.size() > 1 && it.hasNext()) {
            total -= it.next().getValue().bytes();
            it.remove();
        }
    }

    /** One partition whole (label index), or its nodes updated since {@code sinceMillis} (update index). */
    private List<Map<String, AttributeValue>> queryPartition(String projectId, String spaceId, NodeType type,
            Optional<Long> sinceMillis) {
        Map<String, String> names = new HashMap<>(Map.of("#p", Tables.TYPE_PK, "#id", NodeItems.ID, "#lbl",
                NodeItems.LOWER_LABEL, "#l", Tables.LABEL_SK, "#c", Tables.CREATED_SK, "#u", Tables.UPDATED_SK));
        Map<String, AttributeValue> values = new HashMap<>(Map.of(":p",
                Attr.s(GraphKeys.typePartition(projectId, spaceId, type))));
        sinceMillis.ifPresent(since -> values.put(":since", Attr.s(GraphKeys.timeKey(Math.max(0, since), ""))));
        String index = sinceMillis.isPresent() ? Tables.INDEX_TYPE_UPDATED : Tables.INDEX_TYPE_LABEL;
        String condition = sinceMillis.isPresent() ? "#p = :p AND #u >= :since" : "#p = :p";
        return calls.queryAll(b -> b.indexName(index).keyConditionExpression(condition)
                .expressionAttributeNames(names).expressionAttributeValues(values)
                .projectionExpression("#id, #lbl, #l, #c, #u"));
    }

    private static Entry entry(Map<String, AttributeValue> item) {
        return new Entry(item.get(NodeItems.ID).s(), item.get(NodeItems.LOWER_LABEL).s(),
                item.get(Tables.LABEL_SK).s(), item.get(Tables.CREATED_SK).s(), item.get(Tables.UPDATED_SK).s());
    }
}
