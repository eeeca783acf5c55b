package io.modelgraph.graph.store;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.api.ApiProblem;
import io.modelgraph.api.ApiProblems;
import io.modelgraph.graph.DefaultMixins;
import io.modelgraph.graph.DefaultRelationGroups;
import io.modelgraph.graph.GraphChanges;
import io.modelgraph.graph.MainSpace;
import io.modelgraph.graph.MixinDef;
import io.modelgraph.graph.MixinValue;
import io.modelgraph.graph.Node;
import io.modelgraph.graph.NodeType;
import io.modelgraph.graph.Relation;
import io.modelgraph.graph.RelationGroup;
import io.modelgraph.store.Tables;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * {@link GraphStore#apply}: validates a whole change set against the stored graph (every problem listed by
 * its path, such as {@code changes.relations[4]}), then writes it whole or not at all through
 * {@link AtomicWriter}: one transaction up to 100 items, beyond that conditional transactions with the
 * written items restored on a failure. Every item is guarded by its pre-image (existing nodes by the
 * version validated against, new ones by their absence).
 */
final class ChangeApplier {
    private final GraphStore store;
    private final String projectId;
    private final String subject;
    private final java.util.Optional<ProjectLease> held;
    /** Ids the caller generated as fresh GUIDs: no stored item has a key made of one, so none is read. */
    private final Set<String> generatedIds;

    ChangeApplier(GraphStore store, String projectId, String subject, java.util.Optional<ProjectLease> held,
            Set<String> generatedIds) {
        this.held = held;
        this.generatedIds = Set.copyOf(generatedIds);
        this.store = store;
        this.projectId = projectId;
        this.subject = subject;
    }

    void apply(GraphChanges changes) {
        if (changes.isEmpty()) {
            return;
        }
        String main = MainSpace.idFor(projectId);
        GraphStore.Definitions defs = store.definitions(projectId);
        Map<String, RelationGroup> groups = new HashMap<>();
        DefaultRelationGroups.ALL.forEach(g -> groups.put(g.id(), g));
        defs.groups().forEach(g -> groups.put(g.id(), g));
        Map<String, MixinDef> mixins = new HashMap<>();
        DefaultMixins.ALL.forEach(m -> mixins.put(m.id(), m));
        defs.mixins().forEach(m -> mixins.put(m.id(), m));

        Set<String> referenced = new HashSet<>();
        changes.nodes().forEach(n -> {
            referenced.add(n.id());
            referenced.addAll(n.spaceIds());
        });
        changes.relations().forEach(r -> {
            referenced.add(r.fromNodeId());
            referenced.add(r.toNodeId());
        });
        changes.mixinValues().forEach(v -> referenced.add(v.nodeId()));
        referenced.addAll(changes.removedNodeIds());
        referenced.removeIf(id -> !GraphKeys.isId(id) || generatedIds.contains(id));
        Map<String, Map<String, AttributeValue>> stored = store.nodeItems(projectId, referenced);
        Map<String, Node> existing = new HashMap<>();
        stored.forEach((id, item) -> existing.put(id, NodeItems.decode(item)));
        Map<String, Node> after = new HashMap<>(existing);
        List<ApiProblem> problems = new ArrayList<>();
        Instant now = store.now();

        Map<String, Node> written = new LinkedHashMap<>();
        for (int i = 0; i < changes.nodes().size(); i++) {
            GraphChanges.NodeUpsert u = changes.nodes().get(i);
            String path = "changes.nodes[" + i + "]";
            if (!GraphKeys.isId(u.id())) {
                problems.add(ApiProblem.badRequest(path + ".id", "Id must be " + GraphKeys.ID_RULE + "."));
                continue;
            }
            if (u.label() == null || u.label().isBlank()) {
                problems.add(ApiProblem.badRequest(path + ".label", "label must not be empty."));
                continue;
            }
            List<String> spaces = u.spaceIds().isEmpty() ? List.of(main) : u.spaceIds();
            if (spaces.size() > GraphStore.MAX_SPACES_PER_NODE) {
                problems.add(ApiProblem.badRequest(path + ".spaceIds", "A node may be in at most "
                        + GraphStore.MAX_SPACES_PER_NODE + " spaces."));
                continue;
            }
            Node old = existing.get(u.id());
            Node next = old == null
                    ? new Node(u.id(), u.label(), u.nodeType(), spaces, now, now, subject, subject, false, 1)
                    : new Node(u.id(), u.label(), u.nodeType(), spaces, old.createdAt(), now, old.createdBy(),
                            subject, false, old.version() + 1);
            after.put(u.id(), next);
            written.put(u.id(), next);
        }
        for (int i = 0; i < changes.nodes().size(); i++) {
            Node n = written.get(changes.nodes().get(i).id());
            if (n == null) {
                continue;
            }
            for (String space : n.spaceIds()) {
                Node s = after.get(space);
                if (!space.equals(main) && (s == null || s.deleted() || s.nodeType() != NodeType.Space)) {
                    problems.add(ApiProblem.badRequest("changes.nodes[" + i + "].spaceIds", "'" + space
                            + "' is not a live Space node."));
                }
            }
        }
        for (int i = 0; i < changes.removedNodeIds().size(); i++) {
            String id = changes.removedNodeIds().get(i);
            Node n = after.get(id);
            String path = "changes.removedNodeIds[" + i + "]";
            if (id.equals(main)) {
                problems.add(ApiProblem.badRequest(path, "The main space cannot be removed."));
            } else if (written.containsKey(id)) {
                problems.add(ApiProblem.badRequest(path, "Node '" + id + "' is both upserted and removed."));
            } else if (n == null || n.deleted()) {
                problems.add(ApiProblem.badRequest(path, "No live node '" + id + "'."));
            } else {
                Node gone = new Node(n.id(), n.label(), n.nodeType(), n.spaceIds(), n.createdAt(), now, n.createdBy(),
                        subject, true, n.version() + 1);
                after.put(id, gone);
                written.put(id, gone);
            }
        }
        Map<String, Relation> relations = new LinkedHashMap<>();
        for (int i = 0; i < changes.relations().size(); i++) {
            Relation r = changes.relations().get(i);
            String path = "changes.relations[" + i + "]";
            RelationGroup g = groups.get(r.relationGroupId());
            Node from = after.get(r.fromNodeId());
            Node to = after.get(r.toNodeId());
            if (!GraphKeys.isId(r.id())) {
                problems.add(ApiProblem.badRequest(path + ".id", "Id must be " + GraphKeys.ID_RULE + "."));
            } else if (g == null) {
                problems.add(ApiProblem.badRequest(path + ".relationGroupId", "Unknown relation group '"
                        + r.relationGroupId() + "'."));
            } else if (from == null || from.deleted()) {
                problems.add(ApiProblem.badRequest(path + ".fromNodeId", "No live node '" + r.fromNodeId() + "'."));
            } else if (to == null || to.deleted()) {
                problems.add(ApiProblem.badRequest(path + ".toNodeId", "No live node '" + r.toNodeId() + "'."));
            } else if (!g.accepts(from.nodeType(), to.nodeType())) {
                problems.add(ApiProblem.badRequest(path, "Relation group '" + g.label() + "' does not accept "
                        + from.nodeType() + " -> " + to.nodeType() + "."));
            } else {
                relations.put(GraphKeys.relationSk(r.fromNodeId(), r.id()), r);
            }
        }
        Map<String, MixinValue> values = new LinkedHashMap<>();
        for (int i = 0; i < changes.mixinValues().size(); i++) {
            MixinValue v = changes.mixinValues().get(i);
            String path = "changes.mixinValues[" + i + "]";
            MixinDef def = mixins.get(v.mixinId());
            Node n = after.get(v.nodeId());
            if (def == null) {
                problems.add(ApiProblem.badRequest(path + ".mixinId", "Unknown mixin '" + v.mixinId() + "'."));
            } else if (n == null || n.deleted()) {
                problems.add(ApiProblem.badRequest(path + ".nodeId", "No live node '" + v.nodeId() + "'."));
            } else {
                List<String> unknown = v.columns().keySet().stream().filter(c -> def.column(c).isEmpty()).toList();
                if (!unknown.isEmpty()) {
                    problems.add(ApiProblem.badRequest(path + ".columns", "Mixin '" + def.id()
                            + "' has no column(s) " + unknown + "."));
                } else {
                    values.merge(v.nodeId() + "#" + v.mixinId(), v, ChangeApplier::merge);
                }
            }
        }
        if (!problems.isEmpty()) {
            throw new ApiProblems(400, problems);
        }
        write(stored, written, relations.values(), values.values(), changes.removedRelations(), now);
    }

    private static MixinValue merge(MixinValue base, MixinValue more) {
        Map<String, JsonNode> columns = new LinkedHashMap<>(base.columns());
        columns.putAll(more.columns());
        return new MixinValue(base.nodeId(), base.mixinId(), columns);
    }

    /**
     * Turns the validated changes into item changes, each with its pre-image: node items (fields and mixin values)
     * and membership copies from the validation read (so a node or value changed since fails the write),
     * relations read now in one BatchGetItem but for those keyed by a generated id (absent by construction). A
     * node item's new image is its new fields with the stored values carried over and this write's values in place
     * of the stored ones of the same mixin (see {@link io.modelgraph.graph.GraphChanges}). Then all-or-nothing
     * through {@link AtomicWriter}.
     */
    private void write(Map<String, Map<String, AttributeValue>> stored, Map<String, Node> written,
            Collection<Relation> relations, Collection<MixinValue> values, List<Relation> removedRelations,
            Instant now) {
        Map<String, Optional<Map<String, AttributeValue>>> before = new HashMap<>();
        Map<String, Optional<Map<String, AttributeValue>>> after = new LinkedHashMap<>();
        for (Node next : written.values()) {
            Optional<Map<String, AttributeValue>> oldItem = Optional.ofNullable(stored.get(next.id()));
            if (oldItem.isPresent()) {
                for (Map<String, AttributeValue> item : NodeItems.encode(projectId, NodeItems.decode(oldItem.get()))) {
                    String sk = item.get(Tables.SK).s();
                    before.put(sk, Optional.of(item));
                    after.put(sk, Optional.empty()); // a space the node leaves; put back below if it stays
                }
                before.put(GraphKeys.nodeSk(next.id()), oldItem); // the node item as stored, values included
            }
            List<Map<String, AttributeValue>> items = NodeItems.encode(projectId, next);
            for (int i = 0; i < items.size(); i++) {
                String sk = items.get(i).get(Tables.SK).s();
                before.putIfAbsent(sk, Optional.empty());
                after.put(sk, Optional.of(i == 0 ? NodeValues.carried(items.get(0), oldItem) : items.get(i)));
            }
        }
        for (MixinValue v : values) {
            String sk = GraphKeys.nodeSk(v.nodeId());
            Map<String, AttributeValue> current = after.containsKey(sk) ? after.get(sk).orElseThrow()
                    : stored.get(v.nodeId());
            if (v.columns().isEmpty() && !NodeValues.has(current, v.mixinId())) {
                continue; // removing a value the node does not have: nothing to write
            }
            if (!after.containsKey(sk)) { // values on a node this write does not otherwise change
                before.put(sk, Optional.of(stored.get(v.nodeId())));
                after.put(sk, before.get(sk));
            }
            after.put(sk, Optional.of(NodeValues.replaced(after.get(sk).orElseThrow(), v)));
        }
        for (Relation r : relations) {
            String sk = GraphKeys.relationSk(r.fromNodeId(), r.id());
            if (generatedIds.contains(r.id()) || generatedIds.contains(r.fromNodeId())) {
                before.put(sk, Optional.empty()); // under a fresh GUID: absent without a read
            }
            after.put(sk, Optional.of(RelationItems.encode(projectId, r, now, subject)));
        }
        for (Relation r : removedRelations) {
            if (GraphKeys.isId(r.fromNodeId()) && GraphKeys.isId(r.id())) {
                after.put(GraphKeys.relationSk(r.fromNodeId(), r.id()), Optional.empty()); // listed last: wins
            }
        }
        Set<String> unread = new HashSet<>(after.keySet());
        unread.removeAll(before.keySet());
        Map<String, Map<String, AttributeValue>> read = store.items(projectId, unread);
        unread.forEach(sk -> before.put(sk, Optional.ofNullable(read.get(sk))));
        String pk = GraphKeys.pk(projectId);
        List<ItemChange> items = new ArrayList<>(after.size());
        after.forEach((sk, image) -> items.add(new ItemChange(pk, sk, before.get(sk), image)));
        Set<String> created = new HashSet<>(written.keySet());
        created.removeAll(stored.keySet());
        store.writeAtomically(projectId, items, created, generatedIds, held);
    }
}
