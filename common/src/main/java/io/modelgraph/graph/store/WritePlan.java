package io.modelgraph.graph.store;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A large write's item changes sorted by how much protection each needs (docs/graph.md "Large writes"). The
 * writer holds the project's {@link WriteLease} throughout, and every other creator of nodes checks it, so no
 * one else creates a node while this write runs; the ids of new given-id nodes are checked absent again under
 * the lease ({@code recheck}).
 * <ul>
 * <li>{@code hidden}: new items under a node this write creates (its outgoing relations, space copies; its
 * mixin values are part of its node item), relations with a generated id, and the chunks of values stored out of
 * line ({@link SpilledValues}: keyed by a fresh random token). No other writer can touch them while the write runs: every
 * writer of such a key first checks that its node is live, the node only becomes live when its node item
 * lands (last phase), and nobody else can create that node meanwhile. Plain BatchWriteItem, first.</li>
 * <li>{@code guarded}: everything that overwrites or removes stored state, and new items other writers can
 * name (given-id relations on existing nodes; values on existing nodes overwrite their node item). Conditional transactions, second.</li>
 * <li>{@code reveal}: the node items of new nodes, with their mixin values. Under the lease nobody else creates those ids, and their
 * dependent items are already in place. Plain BatchWriteItem, last.</li>
 * </ul>
 * A write given up is removed the same way whatever its phase ({@link StagedWrites#abandon}).
 */
record WritePlan(List<ItemChange> hidden, List<ItemChange> guarded, List<ItemChange> reveal,
        List<ItemChange> recheck) {

    WritePlan {
        hidden = List.copyOf(hidden);
        guarded = List.copyOf(guarded);
        reveal = List.copyOf(reveal);
        recheck = List.copyOf(recheck);
    }

    /**
     * @param newNodeIds nodes this write creates (validated absent)
     * @param generatedIds ids (of nodes or relations) this service generated as GUIDs: nobody else knows them
     */
    static WritePlan of(List<ItemChange> changes, Set<String> newNodeIds, Set<String> generatedIds) {
        List<ItemChange> hidden = new ArrayList<>();
        List<ItemChange> guarded = new ArrayList<>();
        List<ItemChange> reveal = new ArrayList<>();
        List<ItemChange> recheck = new ArrayList<>();
        for (ItemChange c : changes) {
            if (c.isNoop()) {
                continue;
            }
            if (c.sk().startsWith(StagedWrites.PREFIX)) {
                hidden.add(c); // a staged version under a key holding the write's id: nobody else can name it
                continue;
            }
            if (c.before().isPresent() || c.after().isEmpty()) {
                guarded.add(c); // overwrites or removes stored state: conditional on its pre-image
                continue;
            }
            String[] parts = c.sk().split("#", 3); // ids never contain '#'
            String kind = parts[0] + "#";
            String owner = parts.length > 1 ? parts[1] : "";
            boolean ownerIsNew = newNodeIds.contains(owner);
            if (kind.equals(GraphKeys.NODE_PREFIX) && ownerIsNew) {
                reveal.add(c);
                if (!generatedIds.contains(owner)) {
                    recheck.add(c);
                }
            } else if (kind.equals("M#") && ownerIsNew) {
                hidden.add(c);
            } else if (kind.equals(SpilledValues.PREFIX)) {
                hidden.add(c); // a value's chunk under a random token: only the node item written later names it
            } else if (kind.equals(GraphKeys.RELATION_PREFIX) && (ownerIsNew
                    || (parts.length > 2 && generatedIds.contains(parts[2])))) {
                hidden.add(c);
            } else {
                guarded.add(c); // a new item on an existing node whose key another writer can name
            }
        }
        return new WritePlan(hidden, guarded, reveal, recheck);
    }

    int size() {
        return hidden.size() + guarded.size() + reveal.size();
    }

    List<ItemChange> all() {
        List<ItemChange> out = new ArrayList<>(size());
        out.addAll(hidden);
        out.addAll(guarded);
        out.addAll(reveal);
        return out;
    }
}
