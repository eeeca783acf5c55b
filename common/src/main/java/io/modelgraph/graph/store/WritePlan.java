package io.modelgraph.graph.store;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The items a large write puts, in the order of its three phases (docs/graph.md "Large writes", step 5, and "Why
 * plain batches are safe"): {@code hidden}, plain batches of items nobody else can name while the write runs;
 * {@code guarded}, conditional transactions of the locks on stored items and of new items another writer can name;
 * {@code reveal}, plain batches of the node items of new nodes, last. {@code recorded}: the keys of the new items;
 * {@code recheck}: new node items whose given id must still be absent when the caller did not hold the lease while
 * validating.
 */
record WritePlan(List<ItemChange> hidden, List<ItemChange> guarded, List<ItemChange> reveal, List<String> recorded,
        List<ItemChange> recheck) {

    /**
     * @param changes no no-ops: an item absent before is present after
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
                hidden.add(staged.get(1));
                continue;
            }
            ItemChange created = ItemChange.created(c.pk(), OpenWrites.stamped(c.after().orElseThrow(), writeId));
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
}
