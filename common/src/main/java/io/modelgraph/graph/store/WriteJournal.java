package io.modelgraph.graph.store;

import io.modelgraph.log.JsonLog;
import io.modelgraph.store.Attr;
import io.modelgraph.store.Tables;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import io.modelgraph.store.BatchWriter;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * The undos of a large write, kept durably in the project's partition as {@code J#<writeId>#<part>} items: per
 * item its key, its pre-image and the stamp of what the write puts there. Two uses:
 * <ul>
 * <li>write-ahead ({@link #begin}): before the first item of a large write goes out, with a lease past any
 * Lambda timeout; {@link #finish} drops it when the write is complete or fully undone. A writer that dies
 * in between (timeout, OOM) leaves it behind, and once its lease has run out the write is undone.</li>
 * <li>debts ({@link #record}): undos still owed after {@link Restorer} gave up (DynamoDB unavailable for
 * longer than its retries); no lease, so due at once.</li>
 * </ul>
 * {@link #settle} (run before every large write and bulkCreate of the project) performs every due record,
 * still conditional on the stamp (an item another writer changed since is left alone), and drops it.
 * New items (most of a bulk write) are recorded compactly: their key plus an index into the part's few
 * distinct stamps, since their pre-image is "absent" and their stamps repeat.
 */
final class WriteJournal {
    static final String PREFIX = "J#";
    /**
     * {@code K#<writeId>#<chunk>}: written inside each guarded transaction of a large write, so it exists exactly
     * when that transaction landed. A removal's undo puts the old item back wherever the key is empty, which
     * would resurrect an item someone else deleted meanwhile if the removal never landed; so removals are only
     * undone when their chunk's mark shows they did.
     */
    static final String MARK = "K#";
    private static final String CHUNK = "chunk";
    /**
     * One partition listing every journal that exists, with when it falls due ({@code sk = <projectId>#<writeId>},
     * {@code due} epoch ms): what lets the scheduled sweeper find dead writers with one Query instead of a scan.
     * Written before a journal's first part and deleted after its last, so a journal is never unlisted.
     */
    static final String REGISTRY_PK = "S#journals";
    private static final String DUE = "due";
    /** A journal item stays well under DynamoDB's 400 KB item cap. */
    private static final int PART_BYTES = 300_000;
    private static final String UNDO = "undo";
    private static final String CREATED = "created";
    private static final String STAMPS = "stamps";
    private static final String AT = "at";
    private static final String LEASE = "lease";
    private static final JsonLog LOG = JsonLog.of(WriteJournal.class);

    private final DynamoDbClient dynamo;
    private final String table;
    private final Restorer restorer;
    private final Clock clock;
    private final WriteLease lease;
    private final ProjectVersion versions;
    private final StagedWrites staged;

    WriteJournal(DynamoDbClient dynamo, String table, Restorer restorer, Clock clock, WriteLease lease,
            ProjectVersion versions) {
        this.versions = versions;
        this.dynamo = dynamo;
        this.table = table;
        this.restorer = restorer;
        this.clock = clock;
        this.lease = lease;
        this.staged = new StagedWrites(dynamo, table);
    }

    /**
     * Records, before anything is written, what undoing all of {@code changes} takes, valid until
     * {@code leaseUntil}; returns the number of parts. Throws if it cannot (then nothing may be written).
     */
    int begin(String projectId, String writeId, List<ItemChange> changes, Map<String, Integer> chunkOf,
            Instant leaseUntil) {
        List<Map<String, AttributeValue>> parts = parts(projectId, writeId, changes, chunkOf, Optional.of(leaseUntil));
        if (!put(registryEntry(projectId, writeId, leaseUntil))) {
            throw new IllegalStateException("Could not list the journal of a large write; nothing was written");
        }
        for (Map<String, AttributeValue> part : parts) {
            if (!put(part)) {
                throw new IllegalStateException("Could not write the journal of a large write; nothing was written");
            }
        }
        return parts.size();
    }

    /**
     * Lists a write in the registry before it takes the project's lease (due {@code latestEnd}, the latest its
     * lease can end): a writer killed after taking the lease and before writing its journal leaves no journal, and
     * the sweep's clean-up of due entries without a journal then drops its lease. {@link #begin} lists it again with
     * the lease's actual end.
     */
    void list(String projectId, String writeId, Instant latestEnd) {
        if (!put(registryEntry(projectId, writeId, latestEnd))) {
            throw new IllegalStateException("Could not list a large write; nothing was written");
        }
    }

    /** Takes a write off the registry when it never wrote a journal (refused, or failed before its first item). */
    void unlistUnjournaled(String projectId, String writeId) {
        unlist(projectId, writeId);
    }

    /** Drops a write's journal: the write is complete, or fully undone. False when that failed. */
    boolean finish(String projectId, String writeId, int parts) {
        for (int i = 0; i < parts; i++) {
            Map<String, AttributeValue> key = GraphStore.key(projectId, PREFIX + writeId + "#" + i);
            if (!retried(() -> dynamo.deleteItem(b -> b.tableName(table).key(key)))) {
                return false;
            }
        }
        dropMarks(projectId, writeId);
        unlist(projectId, writeId);
        return true;
    }

    private Map<String, AttributeValue> registryEntry(String projectId, String writeId, Instant due) {
        return Map.of(Tables.PK, Attr.s(REGISTRY_PK), Tables.SK, Attr.s(projectId + "#" + writeId),
                DUE, Attr.n(due.toEpochMilli()));
    }

    private void unlist(String projectId, String writeId) {
        retried(() -> dynamo.deleteItem(b -> b.tableName(table).key(Map.of(Tables.PK, Attr.s(REGISTRY_PK),
                Tables.SK, Attr.s(projectId + "#" + writeId)))));
    }

    /**
     * The scheduled sweep: settles every project with a listed journal that has fallen due (a dead writer's
     * lease ran out, or a debt), so a dead writer is undone within minutes of its lease rather than at the
     * project's next large write. Returns the number of projects settled.
     */
    int sweep() {
        long now = clock.instant().toEpochMilli();
        java.util.Set<String> due = new java.util.TreeSet<>();
        List<Map<String, AttributeValue>> listed = new ArrayList<>();
        dynamo.queryPaginator(b -> b.tableName(table).consistentRead(true)
                .keyConditionExpression("#pk = :pk")
                .expressionAttributeNames(Map.of("#pk", Tables.PK))
                .expressionAttributeValues(Map.of(":pk", Attr.s(REGISTRY_PK))))
                .items().forEach(listed::add);
        for (Map<String, AttributeValue> entry : listed) {
            if (Long.parseLong(entry.get(DUE).n()) < now) {
                String sk = entry.get(Tables.SK).s();
                due.add(sk.substring(0, sk.indexOf('#')));
            }
        }
        for (String projectId : due) {
            try {
                settle(projectId);
            } catch (RuntimeException e) {
                LOG.warn("Could not settle a project's journal; the next sweep tries again",
                        Map.of("projectId", projectId, "error", e.getClass().getSimpleName()));
            }
        }
        return due.size();
    }

    /** The mark a guarded transaction carries: it lands with the transaction or not at all. */
    TransactWriteItem landingMark(String projectId, String writeId, int chunk) {
        Map<String, AttributeValue> item = new HashMap<>(GraphStore.key(projectId, markSk(writeId, chunk)));
        item.put(AT, Attr.s(clock.instant().toString()));
        return TransactWriteItem.builder().put(Put.builder().tableName(table).item(item).build()).build();
    }

    /**
     * The changes whose undo is safe: every one except removals of chunks without a landing mark (never
     * landed, so nothing to undo, and their undo could put back an item someone else deleted since).
     */
    List<ItemChange> landedOnly(String projectId, String writeId, List<ItemChange> changes,
            Map<String, Integer> chunkOf) {
        Map<Integer, Boolean> landed = new HashMap<>();
        List<ItemChange> out = new ArrayList<>();
        for (ItemChange c : changes) {
            Integer chunk = isRemoval(c) ? chunkOf.get(c.sk()) : null;
            if (chunk == null || landed.computeIfAbsent(chunk, i -> markExists(projectId, writeId, i))) {
                out.add(c);
            }
        }
        return out;
    }

    private boolean markExists(String projectId, String writeId, int chunk) {
        var r = dynamo.getItem(b -> b.tableName(table).consistentRead(true)
                .key(GraphStore.key(projectId, markSk(writeId, chunk))));
        return r.hasItem() && !r.item().isEmpty();
    }

    private void dropMarks(String projectId, String writeId) {
        List<WriteRequest> deletes = new ArrayList<>();
        dynamo.queryPaginator(b -> b.tableName(table).consistentRead(true)
                .keyConditionExpression("#pk = :pk AND begins_with(#sk, :k)")
                .projectionExpression("#pk, #sk")
                .expressionAttributeNames(Map.of("#pk", Tables.PK, "#sk", Tables.SK))
                .expressionAttributeValues(Map.of(":pk", Attr.s(GraphKeys.pk(projectId)), ":k",
                        Attr.s(MARK + writeId + "#"))))
                .items().forEach(i -> deletes.add(WriteRequest.builder().deleteRequest(d -> d.key(i)).build()));
        if (!deletes.isEmpty()) {
            new BatchWriter(dynamo).writeUntilFailure(table, deletes); // a mark left over only costs its bytes
        }
    }

    private static String markSk(String writeId, int chunk) {
        return MARK + writeId + "#" + chunk;
    }

    private static boolean isRemoval(ItemChange c) {
        return c.before().isPresent() && c.after().isEmpty();
    }

    /** Records the owed undos; false when even that failed (the caller logs it for a manual repair). */
    boolean record(String projectId, String writeId, List<ItemChange> owed) {
        put(registryEntry(projectId, writeId, clock.instant())); // due at once; unlisted, the next write settles it
        for (Map<String, AttributeValue> part : parts(projectId, writeId, owed, Map.of(), Optional.empty())) {
            if (!put(part)) {
                return false;
            }
        }
        return true;
    }

    private List<Map<String, AttributeValue>> parts(String projectId, String writeId, List<ItemChange> changes,
            Map<String, Integer> chunkOf, Optional<Instant> leaseUntil) {
        List<Map<String, AttributeValue>> parts = new ArrayList<>();
        PartBuilder part = new PartBuilder();
        for (ItemChange c : changes) {
            // flush before an entry that would take the part past its budget (an item's pre-image alone may be
            // ~380 KB; checking after adding let a part reach twice the budget and fail DynamoDB's 400 KB cap)
            Integer chunk = isRemoval(c) ? chunkOf.get(c.sk()) : null;
            if (!part.isEmpty() && part.bytes + part.cost(c, chunk) > PART_BYTES) {
                parts.add(part.item(projectId, writeId, parts.size(), leaseUntil));
                part = new PartBuilder();
            }
            part.add(c, chunk);
        }
        parts.add(part.item(projectId, writeId, parts.size(), leaseUntil));
        return parts;
    }

    /** One journal item: full entries for items that existed before, compact ones for new items. */
    private final class PartBuilder {
        private final List<AttributeValue> undo = new ArrayList<>();
        private final List<AttributeValue> created = new ArrayList<>();
        private final Map<Map<String, AttributeValue>, Integer> stamps = new LinkedHashMap<>();
        private int bytes;

        boolean isEmpty() {
            return undo.isEmpty() && created.isEmpty();
        }

        /** The bytes {@link #add} would add for {@code c} (at most; a repeated stamp costs less). */
        int cost(ItemChange c, Integer chunk) {
            if (c.before().isEmpty() && c.after().isPresent()) {
                return ItemSize.bytes(ItemStamp.attributesOf(c.after().get())) + ItemSize.utf8(c.sk()) + 8;
            }
            return ItemSize.bytes(encode(c, chunk)) + 1;
        }

        void add(ItemChange c) {
            add(c, null);
        }

        void add(ItemChange c, Integer chunk) {
            if (c.before().isEmpty() && c.after().isPresent()) {
                Map<String, AttributeValue> stamp = ItemStamp.attributesOf(c.after().get());
                Integer index = stamps.get(stamp);
                if (index == null) {
                    index = stamps.size();
                    stamps.put(stamp, index);
                    bytes += ItemChange.approxBytes(stamp);
                }
                created.add(Attr.s(index + "|" + c.sk()));
                bytes += ItemSize.utf8(c.sk()) + 8;
            } else {
                AttributeValue entry = encode(c, chunk);
                undo.add(entry);
                bytes += ItemSize.bytes(entry) + 1;
            }
        }

        Map<String, AttributeValue> item(String projectId, String writeId, int index, Optional<Instant> leaseUntil) {
            Map<String, AttributeValue> item = new HashMap<>();
            item.put(Tables.PK, Attr.s(GraphKeys.pk(projectId)));
            item.put(Tables.SK, Attr.s(PREFIX + writeId + "#" + index));
            item.put(AT, Attr.s(clock.instant().toString()));
            leaseUntil.ifPresent(l -> item.put(LEASE, Attr.n(l.toEpochMilli())));
            item.put(UNDO, AttributeValue.builder().l(undo).build());
            item.put(CREATED, AttributeValue.builder().l(created).build());
            item.put(STAMPS, AttributeValue.builder().l(stamps.keySet().stream()
                    .map(m -> AttributeValue.builder().m(m).build()).toList()).build());
            return item;
        }
    }

    /**
     * Performs every due record of the project: debts, and write-ahead records whose lease has run out (their
     * writer died). Records of writes still running are left alone; an undo that fails again stays recorded.
     */
    void settle(String projectId) {
        long now = clock.instant().toEpochMilli();
        java.util.Set<String> settledWrites = new java.util.HashSet<>();
        Map<String, Boolean> alive = new HashMap<>();
        Map<String, Boolean> commitOf = new HashMap<>();
        Map<String, List<ItemChange>> undone = new HashMap<>();
        versions.prune(projectId, clock.instant().minus(WriteLease.LENGTH));
        for (Map<String, AttributeValue> item : journalItems(projectId)) {
            AttributeValue until = item.get(LEASE);
            String writeId = writeIdOf(item.get(Tables.SK).s());
            if (until != null && (Long.parseLong(until.n()) >= now || alive.computeIfAbsent(writeId,
                    w -> lease.heldBy(projectId, w)))) {
                continue; // a large write still running: its writer renews its lease (ProjectLease)
            }
            String pk = item.get(Tables.PK).s();
            Map<String, Integer> chunkOf = new HashMap<>();
            // a dead writer's write is given up (so it can no longer commit) unless it committed before it died:
            // then only its journal is left to drop, and nothing is undone
            boolean committed = until != null && commitOf.computeIfAbsent(writeId,
                    w -> !versions.abort(projectId, w) && !versions.hidden(projectId).contains(w));
            if (committed) {
                staged.apply(projectId, writeId); // its writer died before moving every staged version in place
            }
            List<ItemChange> journaled = committed ? List.of() : decodeAll(pk, item, chunkOf);
            if (!committed && until != null) {
                undone.computeIfAbsent(writeId, w -> new ArrayList<>()).addAll(journaled);
            }
            // a dead writer's removals are undone only where they are known to have landed
            List<ItemChange> owed = landedOnly(projectId, writeId, journaled, chunkOf);
            Restorer.Outcome outcome = restorer.revert(owed);
            if (!owed.isEmpty()) {
                versions.bumpNow(projectId, true); // undos put back pre-images with their old update stamps
            }
            Map<String, AttributeValue> key = Map.of(Tables.PK, item.get(Tables.PK), Tables.SK, item.get(Tables.SK));
            if (outcome.complete()) {
                dynamo.deleteItem(b -> b.tableName(table).key(key));
                if (until != null) {
                    // its writer died holding the project's lease; it has run out, so drop it too
                    lease.release(projectId, writeId);
                    settledWrites.add(writeId);
                }
                LOG.info("Finished an incomplete large write", Map.of("projectId", projectId, "journal",
                        item.get(Tables.SK).s(), "reverted", outcome.reverted(), "writerDied", until != null));
            } else {
                PartBuilder rest = new PartBuilder();
                outcome.owed().forEach(rest::add);
                Map<String, AttributeValue> replaced = rest.item(projectId, "", 0, Optional.empty());
                replaced.put(Tables.SK, item.get(Tables.SK));
                put(replaced);
            }
        }
        java.util.Set<String> remaining = new java.util.HashSet<>();
        journalItems(projectId).forEach(i -> remaining.add(writeIdOf(i.get(Tables.SK).s())));
        for (String writeId : settledWrites) {
            if (!remaining.contains(writeId)) {
                dropMarks(projectId, writeId);
                if (undone.containsKey(writeId)) {
                    forgetIfUndone(projectId, writeId, undone.get(writeId));
                }
            }
        }
        // registry entries of this project whose journal is gone (settled now, never written, or a writer killed
        // after deleting its journal - the write's commit point - but before dropping its landing marks and its
        // lease): what that writer still owed is only clean-up, done here
        dynamo.queryPaginator(b -> b.tableName(table).consistentRead(true)
                .keyConditionExpression("#pk = :pk AND begins_with(#sk, :p)")
                .expressionAttributeNames(Map.of("#pk", Tables.PK, "#sk", Tables.SK))
                .expressionAttributeValues(Map.of(":pk", Attr.s(REGISTRY_PK), ":p", Attr.s(projectId + "#"))))
                .items().forEach(entry -> {
                    String writeId = entry.get(Tables.SK).s().substring(projectId.length() + 1);
                    if (!remaining.contains(writeId) && Long.parseLong(entry.get(DUE).n()) < now
                            && !alive.computeIfAbsent(writeId, w -> lease.heldBy(projectId, w))) {
                        if (!settledWrites.contains(writeId)) {
                            versions.abort(projectId, writeId); // listed open before its journal: nothing to undo
                            versions.forget(projectId, writeId, clock.instant());
                            dropMarks(projectId, writeId);
                            lease.release(projectId, writeId); // conditional on its write id: a newer holder stays
                        }
                        unlist(projectId, writeId);
                    }
                });
    }

    /**
     * Takes a given-up write off {@code aborted} once none of {@code changes}' items still carries its id or its
     * lock (one strongly consistent read of their keys): from then on nothing of it is left to hide, and the id
     * list stays short. An item left behind (an undo refused or owed) keeps the id listed, so it stays hidden.
     */
    void forgetIfUndone(String projectId, String writeId, List<ItemChange> changes) {
        if (changes.isEmpty()) {
            versions.forget(projectId, writeId, clock.instant());
            return;
        }
        AttributeValue id = Attr.s(writeId);
        boolean left = new DynamoCalls(dynamo, table).batchGetRaw(changes.stream().map(ItemChange::key).toList())
                .stream().anyMatch(i -> id.equals(i.get(OpenWrites.ATTRIBUTE)) || id.equals(i.get(StagedWrites.LOCK)));
        if (!left) {
            versions.forget(projectId, writeId, clock.instant());
        }
    }

    private List<Map<String, AttributeValue>> journalItems(String projectId) {
        List<Map<String, AttributeValue>> out = new ArrayList<>();
        dynamo.queryPaginator(b -> b.tableName(table).consistentRead(true)
                .keyConditionExpression("#pk = :pk AND begins_with(#sk, :j)")
                .expressionAttributeNames(Map.of("#pk", Tables.PK, "#sk", Tables.SK))
                .expressionAttributeValues(Map.of(":pk", Attr.s(GraphKeys.pk(projectId)), ":j", Attr.s(PREFIX))))
                .items().forEach(out::add);
        return out;
    }

    /** {@code J#<writeId>#<part>} to {@code <writeId>}. */
    private static String writeIdOf(String sk) {
        return sk.substring(PREFIX.length(), sk.lastIndexOf('#'));
    }

    private static List<ItemChange> decodeAll(String pk, Map<String, AttributeValue> item,
            Map<String, Integer> chunkOf) {
        List<ItemChange> out = new ArrayList<>();
        if (item.containsKey(UNDO)) {
            for (AttributeValue e : item.get(UNDO).l()) {
                ItemChange c = decode(pk, e);
                out.add(c);
                AttributeValue chunk = e.m().get(CHUNK);
                if (chunk != null) {
                    chunkOf.put(c.sk(), Integer.parseInt(chunk.n()));
                }
            }
        }
        if (item.containsKey(CREATED)) {
            List<AttributeValue> stamps = item.get(STAMPS).l();
            for (AttributeValue entry : item.get(CREATED).l()) {
                String text = entry.s();
                int bar = text.indexOf('|');
                Map<String, AttributeValue> stamp = stamps.get(Integer.parseInt(text.substring(0, bar))).m();
                // the undo of a new item is a delete conditional on the stamp: the stamp is all it needs
                out.add(new ItemChange(pk, text.substring(bar + 1), Optional.empty(), Optional.of(stamp)));
            }
        }
        return out;
    }

    private boolean put(Map<String, AttributeValue> item) {
        return retried(() -> dynamo.putItem(b -> b.tableName(table).item(item)));
    }

    private static boolean retried(Runnable call) {
        for (int attempt = 0; attempt < Restorer.ATTEMPTS; attempt++) {
            try {
                call.run();
                return true;
            } catch (SdkException e) {
                if (DynamoCalls.outOfTime(e)) {
                    return false;
                }
                DynamoCalls.sleep(attempt + 1);
            }
        }
        return false;
    }

    private static AttributeValue encode(ItemChange c, Integer chunk) {
        Map<String, AttributeValue> m = new HashMap<>();
        m.put("sk", Attr.s(c.sk()));
        if (chunk != null) {
            m.put(CHUNK, Attr.n(chunk)); // which guarded transaction carries it: its mark says if it landed
        }
        c.before().ifPresent(b -> m.put("before", AttributeValue.builder().m(b).build()));
        // only the stamp of what the write put there: enough to recognise it, a fraction of the size
        c.after().ifPresent(a -> m.put("after", AttributeValue.builder().m(ItemStamp.attributesOf(a)).build()));
        return AttributeValue.builder().m(m).build();
    }

    private static ItemChange decode(String pk, AttributeValue entry) {
        Map<String, AttributeValue> m = entry.m();
        return new ItemChange(pk, m.get("sk").s(), Optional.ofNullable(m.get("before")).map(AttributeValue::m),
                Optional.ofNullable(m.get("after")).map(AttributeValue::m));
    }
}
