package io.modelgraph.graph.store;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The items a large write puts, in the order of its three phases (docs/graph.md "Large writes"). Every new item
 * carries the write's id ({@link OpenWrites#stamped}); every overwrite or removal is staged ({@link StagedWrites}):
 * its stored item gains a lock and its new version goes beside it. The writer holds the project's lease, so nobody
 * else creates a node meanwhile.
 * <ul>
 * <li>{@code hidden}: items nobody else can name while the write runs: staged versions (their key holds the write's
 * id), items under a node this write creates (every writer of those checks the node is live, and it becomes live
 * only in the last phase), relations with a generated id, chunks of values stored out of line (a random token).
 * Plain BatchWriteItem, first.</li>
 * <li>{@code guarded}: locks, conditional on the stored item's stamp, and new items another writer can name
 * (given-id relations on stored nodes), conditional on their absence. Conditional transactions, second.</li>
 * <li>{@code reveal}: the node items of new nodes. Plain BatchWriteItem, last.</li>
 * </ul>
 * {@code recorded}: the keys of the new items (removed if the write is given up); {@code recheck}: new node items
 * whose given id must still be absent when the caller did not hold the lease while validating.
 */
record WritePlan(List<ItemChange> hidden, List<ItemChange> guarded, List<ItemChange> reveal, List<String> recorded,
        List<ItemChange> recheck) {

    /**
     * @param newNodeIds nodes this write creates (validated absent)
     * @param generatedIds ids (of nodes or relations) this service generated as GUIDs: nobody else knows them
     */
    static WritePlan of(List<ItemChange> changes, String writeId, Set<String> newNodeIds, Set<String> generatedIds) {
        List<ItemChange> hidden = new ArrayList<>();
        List<ItemChange> guarded = new ArrayList<>();
        List<ItemChange> reveal = new ArrayList<>();
        List<String> recorded = new ArrayList<>();
        List<ItemChange> recheck = new ArrayList<>();
        for (ItemChange c : changes) {
            if (c.before().isPresent()) {
                List<ItemChange> staged = StagedWrites.stage(c, writeId);
                guarded.add(staged.get(0));
                hidden.add(stamped(staged.get(1), writeId));
                continue;
            }
            if (c.after().isEmpty()) {
                continue; // absent before and after
            }
            ItemChange created = stamped(c, writeId);
            recorded.add(c.sk());
            String[] parts = c.sk().split("#", 3); // ids never contain '#'
            String kind = parts[0] + "#";
            boolean ownerIsNew = parts.length > 1 && newNodeIds.contains(parts[1]);
            if (kind.equals(GraphKeys.NODE_PREFIX) && ownerIsNew) {
                reveal.add(created);
                if (!generatedIds.contains(parts[1])) {
                    recheck.add(created);
                }
            } else if ((kind.equals("M#") && ownerIsNew) || kind.equals(SpilledValues.PREFIX)
                    || (kind.equals(GraphKeys.RELATION_PREFIX) && (ownerIsNew
                            || (parts.length > 2 && generatedIds.contains(parts[2]))))) {
                hidden.add(created);
            } else {
                guarded.add(created); // a new item on a stored node whose key another writer can name
            }
        }
        return new WritePlan(List.copyOf(hidden), List.copyOf(guarded), List.copyOf(reveal), List.copyOf(recorded),
                List.copyOf(recheck));
    }

    private static ItemChange stamped(ItemChange c, String writeId) {
        return new ItemChange(c.pk(), c.sk(), c.before(), c.after().map(a -> OpenWrites.stamped(a, writeId)));
    }
}
