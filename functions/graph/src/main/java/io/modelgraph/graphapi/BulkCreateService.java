package io.modelgraph.graphapi;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.api.ApiProblem;
import io.modelgraph.api.ApiProblems;
import io.modelgraph.graph.MainSpace;
import io.modelgraph.graph.MixinValue;
import io.modelgraph.graph.Node;
import io.modelgraph.graph.NodeType;
import io.modelgraph.graph.Relation;
import io.modelgraph.graph.RelationGroup;
import io.modelgraph.graph.store.GraphStore;
import io.modelgraph.graph.store.ProjectLease;
import io.modelgraph.graph.store.StoreConflictException;
import io.modelgraph.http.Body;
import io.modelgraph.http.KnownNames;
import io.modelgraph.jobs.WriteBudget;
import io.modelgraph.jobs.WriteKind;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * bulkCreate: nodes, relations and mixin values in one call. Every entry is validated first, against the
 * stored graph and against the other entries (relations and values may name nodes of the same call by
 * their given Id); any bad entry fails the call with every bad entry listed by array path, and nothing
 * is written. Then the store writes all items all-or-nothing (new items as plain batches, overwrites as
 * conditional transactions, everything restored on a failure part-way; docs/graph.md "Large writes").
 */
final class BulkCreateService {
    static final int MAX_PER_ARRAY = 10_000;
    static final int MAX_TOTAL = 30_000;
    /** The error lists this many bad entries, then says how many more there were. */
    static final int MAX_LISTED_PROBLEMS = 100;

    private final GraphStore store;
    private final NodeService nodes;

    BulkCreateService(GraphStore store, NodeService nodes) {
        this.store = store;
        this.nodes = nodes;
    }

    private record RelationEntry(int index, Relation relation, boolean givenId) {
    }

    /** A call without a deadline (tests): never deferred. */
    Map<String, Object> create(String projectId, Body body, String subject) {
        return create(projectId, body, subject, WriteBudget.unbounded());
    }

    /**
     * Validates and writes the call; when its entries do not fit the time {@code budget} has left at the
     * measured bulk rate, throws {@link io.modelgraph.jobs.WriteDeferred} before reading or writing anything.
     */
    Map<String, Object> create(String projectId, Body body, String subject, WriteBudget budget) {
        List<Body> nodeBodies = body.objects("nodes");
        List<Body> relationBodies = body.objects("relations");
        List<Body> mixinBodies = body.objects("mixins");
        limit(body, "nodes", nodeBodies.size());
        limit(body, "relations", relationBodies.size());
        limit(body, "mixins", mixinBodies.size());
        int total = nodeBodies.size() + relationBodies.size() + mixinBodies.size();
        if (total > MAX_TOTAL) {
            throw ApiProblem.badRequest("body", "A bulkCreate call takes at most " + MAX_TOTAL + " entries in all, got "
                    + total + ".");
        }
        store.ensureMainSpace(projectId, subject);
        store.settlePendingWrites(projectId); // validate against the graph as it was before any failed write
        Catalog catalog = Catalog.load(store, projectId);
        String main = MainSpace.idFor(projectId);
        List<ApiProblem> problems = new ArrayList<>();

        // 1. read every entry on its own
        Map<String, NodeService.NodeDraft> drafts = new LinkedHashMap<>();
        Map<String, Integer> draftIndex = new HashMap<>();
        Set<String> givenNodeIds = new HashSet<>();
        Map<String, String> invalidNodes = new HashMap<>();
        for (int i = 0; i < nodeBodies.size(); i++) {
            Body b = nodeBodies.get(i);
            try {
                KnownNames.requireKnownMembers(b, NodeService.NodeDraft.MEMBERS);
                NodeService.NodeDraft d = NodeService.NodeDraft.read(b);
                if (drafts.containsKey(d.id())) {
                    problems.add(ApiProblem.badRequest(b.at("Id"), "Id '" + d.id() + "' is also used by body.nodes["
                            + draftIndex.get(d.id()) + "]."));
                    continue;
                }
                drafts.put(d.id(), d);
                draftIndex.put(d.id(), i);
                if (b.string("Id").filter(s -> !s.isEmpty()).isPresent()) {
                    givenNodeIds.add(d.id());
                }
            } catch (ApiProblem p) {
                problems.add(p);
                // remembered so a reference to it says the entry is invalid, not that the node does not exist
                givenIdOf(b).ifPresent(id -> invalidNodes.putIfAbsent(id, b.path()));
            }
        }
        List<RelationEntry> relations = new ArrayList<>();
        for (int i = 0; i < relationBodies.size(); i++) {
            Body b = relationBodies.get(i);
            try {
                KnownNames.requireKnownMembers(b, List.of(RelationService.MEMBERS));
                boolean given = b.string("Id").filter(s -> !s.isEmpty()).isPresent();
                Relation r = new Relation(Inputs.idOrNew(b, "Id"), Inputs.requiredId(b, "fromNodeId"),
                        Inputs.requiredId(b, "toNodeId"), b.requiredString("relationGroupId"));
                relations.add(new RelationEntry(i, r, given));
            } catch (ApiProblem p) {
                problems.add(p);
            }
        }
        List<MixinValue> values = new ArrayList<>();
        List<Integer> valueIndex = new ArrayList<>();
        for (int i = 0; i < mixinBodies.size(); i++) {
            try {
                values.add(MixinInput.read(mixinBodies.get(i), catalog));
                valueIndex.add(i);
            } catch (ApiProblem p) {
                problems.add(p);
            }
        }

        // the bulk rate covers validation and write (docs/graph.md "Time budget and jobs"); a label check asked
        // for is one more read per node
        int units = nodeBodies.size() + relationBodies.size() + mixinBodies.size()
                + (int) drafts.values().stream().filter(NodeService.NodeDraft::checkBeforeCreate).count();
        if (problems.isEmpty()) {
            budget.admit(WriteKind.BULK_CREATE, units); // malformed entries are answered at once, whatever the size
        }
        // a call that may need more than one transaction takes the project's lease before its existence reads:
        // nobody can create a node it read as absent from then on, so the write does not read them again. Another
        // large write holding it is waited for as long as the call's time allows after its own write
        // (docs/graph.md "Large writes"), not refused after a fixed few seconds
        boolean large = total >= GraphStore.TRANSACTION_ITEMS - 1;
        try (ProjectLease held = large ? store.holdForLargeWrite(projectId, leaseWait(budget, units)) : null) {
            return validateAndWrite(projectId, subject, catalog, main, problems, drafts, draftIndex, givenNodeIds,
                    invalidNodes, relations, values, valueIndex, Optional.ofNullable(held));
        }
    }

    /** What the call may wait for the project's lease: its time left after its own write, within the store's bound. */
    private static java.time.Duration leaseWait(WriteBudget budget, int units) {
        java.time.Duration spare = budget.spareFor(WriteKind.BULK_CREATE, units);
        return spare.compareTo(GraphStore.LONGEST_LEASE_WAIT) > 0 ? GraphStore.LONGEST_LEASE_WAIT : spare;
    }

    private Map<String, Object> validateAndWrite(String projectId, String subject, Catalog catalog, String main,
            List<ApiProblem> problems, Map<String, NodeService.NodeDraft> drafts, Map<String, Integer> draftIndex,
            Set<String> givenNodeIds, Map<String, String> invalidNodes, List<RelationEntry> relations,
            List<MixinValue> values, List<Integer> valueIndex, Optional<ProjectLease> held) {
        // 2. the stored nodes the entries refer to (spaces, relation ends, value targets): validation needs them now.
        // The given ids of new nodes only have to be absent; under the lease nobody can create one from now on, so
        // that read runs beside this thread's validation and item building, and the write waits for it before its
        // first item (docs/graph.md "Large writes")
        Set<String> referenced = new HashSet<>();
        drafts.values().forEach(d -> referenced.addAll(d.spaceIds()));
        relations.forEach(e -> {
            referenced.add(e.relation().fromNodeId());
            referenced.add(e.relation().toNodeId());
        });
        values.forEach(v -> referenced.add(v.nodeId()));
        referenced.removeAll(drafts.keySet()); // an entry of this call wins over a stored node of its Id
        referenced.remove(main);
        Set<String> given = new HashSet<>(givenNodeIds);
        given.remove(main);
        TakenIds taken;
        Map<String, Node> stored;
        if (held.isPresent()) {
            taken = given.isEmpty() ? TakenIds.known(Map.of()) : TakenIds.read(() -> store.nodesAmong(projectId, given));
            stored = referenced.isEmpty() ? Map.of() : store.nodes(projectId, referenced);
        } else { // a small call: one read of both
            Set<String> toRead = new HashSet<>(referenced);
            toRead.addAll(given);
            Map<String, Node> both = toRead.isEmpty() ? Map.of() : store.nodes(projectId, toRead);
            Map<String, Node> takenNodes = new HashMap<>(both);
            takenNodes.keySet().retainAll(given);
            taken = TakenIds.known(takenNodes);
            stored = both;
        }

        // 3. check entries against the store and each other; a given Id that is taken is named in its node's place
        Map<String, List<ApiProblem>> nodeProblems = new LinkedHashMap<>();
        for (NodeService.NodeDraft d : drafts.values()) {
            String at = "body.nodes[" + draftIndex.get(d.id()) + "]";
            List<ApiProblem> own = new ArrayList<>();
            if (d.id().equals(main)) {
                own.add(ApiProblem.badRequest(at + ".Id", "Id '" + d.id() + "' is the project's main space."));
            }
            for (int s = 0; s < d.spaceIds().size(); s++) {
                String space = d.spaceIds().get(s);
                Optional<NodeType> type = typeOf(space, drafts, stored);
                if (!space.equals(main) && type.orElse(null) != NodeType.Space) {
                    own.add(ApiProblem.badRequest(at + ".spaceIds[" + s + "]", type.isEmpty()
                            ? invalidNodes.containsKey(space) ? invalidEntry(space, invalidNodes)
                                    : "Space '" + space + "' does not exist in the project or this call."
                            : "Node '" + space + "' is a " + type.get() + ", not a Space."));
                } else if (space.equals(d.id())) {
                    own.add(ApiProblem.badRequest(at + ".spaceIds[" + s + "]", "A node cannot be placed in itself."));
                }
            }
            nodeProblems.put(d.id(), own);
        }
        List<ApiProblem> later = new ArrayList<>(); // the relations' and values' problems, listed after the nodes'
        Set<String> relationKeys = new HashSet<>();
        List<Relation> givenRelations = new ArrayList<>();
        for (RelationEntry e : relations) {
            Relation r = e.relation();
            String at = "body.relations[" + e.index() + "]";
            Optional<RelationGroup> group = catalog.group(r.relationGroupId());
            Optional<Node> from = endOf(r.fromNodeId(), drafts, stored, projectId);
            Optional<Node> to = endOf(r.toNodeId(), drafts, stored, projectId);
            if (group.isEmpty()) {
                later.add(ApiProblem.badRequest(at + ".relationGroupId", "Unknown relation group '"
                        + Inputs.abbreviate(r.relationGroupId()) + "'."));
            } else if (from.isEmpty()) {
                later.add(ApiProblem.badRequest(at + ".fromNodeId", missingEnd(r.fromNodeId(), stored, invalidNodes)));
            } else if (to.isEmpty()) {
                later.add(ApiProblem.badRequest(at + ".toNodeId", missingEnd(r.toNodeId(), stored, invalidNodes)));
            } else {
                Optional<String> mismatch = RelationRules.mismatch(group.get(), from.get(), to.get());
                if (mismatch.isPresent()) {
                    later.add(ApiProblem.badRequest(at, mismatch.get()));
                } else if (!relationKeys.add(r.fromNodeId() + "#" + r.id())) {
                    later.add(ApiProblem.badRequest(at + ".Id", "Relation Id '" + r.id()
                            + "' is used twice for node '" + r.fromNodeId() + "' in this call."));
                } else if (e.givenId()) {
                    givenRelations.add(r);
                }
            }
        }
        if (!givenRelations.isEmpty()) {
            Set<String> takenRelations = store.existingRelationKeys(projectId, givenRelations);
            for (RelationEntry e : relations) {
                if (e.givenId() && takenRelations.contains(e.relation().fromNodeId() + "#" + e.relation().id())) {
                    later.add(ApiProblem.conflict("body.relations[" + e.index() + "].Id", "Node '"
                            + e.relation().fromNodeId() + "' already has a relation with Id '" + e.relation().id()
                            + "'." + NodeService.TAKEN_HINT));
                }
            }
        }
        Map<String, MixinValue> merged = new LinkedHashMap<>();
        for (int i = 0; i < values.size(); i++) {
            MixinValue v = values.get(i);
            if (endOf(v.nodeId(), drafts, stored, projectId).isEmpty()) {
                later.add(ApiProblem.badRequest("body.mixins[" + valueIndex.get(i) + "].targetNodeId",
                        missingEnd(v.nodeId(), stored, invalidNodes)));
                continue;
            }
            merged.merge(v.nodeId() + "#" + v.mixinId(), v, BulkCreateService::merge);
        }
        if (!problems.isEmpty() || !later.isEmpty() || nodeProblems.values().stream().anyMatch(l -> !l.isEmpty())) {
            throw listed(inOrder(problems, nodeProblems, taken.now(), drafts, draftIndex, later));
        }

        // 4. label checks asked for, values merged over stored ones, then the writes
        List<Map<String, Object>> checkResults = new ArrayList<>();
        for (NodeService.NodeDraft d : drafts.values()) {
            if (d.checkBeforeCreate()) {
                Map<String, Object> entry = new LinkedHashMap<>();
                entry.put("Id", d.id());
                entry.put("checkResult", nodes.labelCheck(projectId, d.label(), spaces(d, main)));
                checkResults.add(entry);
            }
        }
        Instant now = store.now();
        List<Node> newNodes = new ArrayList<>();
        for (NodeService.NodeDraft d : drafts.values()) {
            newNodes.add(new Node(d.id(), d.label(), d.nodeType(), spaces(d, main), now, now, subject, subject, false,
                    1));
        }
        List<Relation> newRelations = relations.stream().map(RelationEntry::relation).toList();
        // ids this call generated: nobody else can know them, so their items need no condition (see WritePlan)
        Set<String> generated = new HashSet<>();
        drafts.keySet().stream().filter(id -> !givenNodeIds.contains(id)).forEach(generated::add);
        relations.stream().filter(e -> !e.givenId()).forEach(e -> generated.add(e.relation().id()));
        try {
            // the store merges values over stored ones and writes everything or nothing
            // a taken given Id refuses the call before the first item is written, as an invalid entry would
            store.bulkWrite(projectId, newNodes, newRelations, new ArrayList<>(merged.values()), subject, generated,
                    held, () -> {
                        Map<String, Node> found = taken.now();
                        if (!found.isEmpty()) {
                            throw listed(inOrder(List.of(), nodeProblems, found, drafts, draftIndex, List.of()));
                        }
                    });
        } catch (StoreConflictException e) {
            throw ApiProblem.conflict("body", e.getMessage());
        }

        Map<String, Object> out = new LinkedHashMap<>();
        out.put("nodeIds", new ArrayList<>(drafts.keySet()));
        out.put("relationIds", newRelations.stream().map(Relation::id).toList());
        out.put("mixinValueCount", values.size());
        if (!checkResults.isEmpty()) {
            out.put("checkResults", checkResults);
        }
        return out;
    }

    /**
     * Every problem in the order of the body: the entries' own, then each node's (its Id taken, named first, then its
     * own), then the relations' and values'.
     */
    private static List<ApiProblem> inOrder(List<ApiProblem> entries, Map<String, List<ApiProblem>> nodeProblems,
            Map<String, Node> taken, Map<String, NodeService.NodeDraft> drafts, Map<String, Integer> draftIndex,
            List<ApiProblem> later) {
        List<ApiProblem> out = new ArrayList<>(entries);
        for (NodeService.NodeDraft d : drafts.values()) {
            List<ApiProblem> own = nodeProblems.getOrDefault(d.id(), List.of());
            Node stored = taken.get(d.id()); // never the main space: its Id is not read as a given one
            if (stored != null) {
                out.add(ApiProblem.conflict("body.nodes[" + draftIndex.get(d.id()) + "].Id",
                        NodeService.existsMessage(d.id(), stored.deleted())));
            }
            out.addAll(own);
        }
        out.addAll(later);
        return out;
    }

    private static List<String> spaces(NodeService.NodeDraft d, String main) {
        return d.spaceIds().isEmpty() ? List.of(main) : d.spaceIds();
    }

    private static Optional<NodeType> typeOf(String id, Map<String, NodeService.NodeDraft> drafts,
            Map<String, Node> stored) {
        NodeService.NodeDraft d = drafts.get(id);
        if (d != null) {
            return Optional.of(d.nodeType());
        }
        Node n = stored.get(id);
        return n == null || n.deleted() ? Optional.empty() : Optional.of(n.nodeType());
    }

    /** A relation or value end: a node of this call, or a live stored node (drafts win: their Id is new). */
    private static Optional<Node> endOf(String id, Map<String, NodeService.NodeDraft> drafts, Map<String, Node> stored,
            String projectId) {
        NodeService.NodeDraft d = drafts.get(id);
        if (d != null) {
            return Optional.of(new Node(d.id(), d.label(), d.nodeType(), List.of(), Instant.EPOCH, Instant.EPOCH, "",
                    "", false, 0));
        }
        if (id.equals(MainSpace.idFor(projectId))) {
            return Optional.of(new Node(id, MainSpace.LABEL, NodeType.Space, List.of(id), Instant.EPOCH, Instant.EPOCH,
                    "", "", false, 0));
        }
        Node n = stored.get(id);
        return n == null || n.deleted() ? Optional.empty() : Optional.of(n);
    }

    private static String missingEnd(String id, Map<String, Node> stored, Map<String, String> invalidNodes) {
        Node n = stored.get(id);
        if (invalidNodes.containsKey(id)) {
            return invalidEntry(id, invalidNodes);
        }
        return n != null && n.deleted() ? "Node '" + id + "' is deleted."
                : "Node '" + id + "' does not exist in the project or this call.";
    }

    private static String invalidEntry(String id, Map<String, String> invalidNodes) {
        return "Node '" + id + "' is " + invalidNodes.get(id) + " of this call, which is itself invalid (see its error).";
    }

    /** The Id an entry gives, if it gives a string one (read without failing: the entry may be malformed). */
    private static Optional<String> givenIdOf(Body b) {
        JsonNode id = b.node().get("Id");
        if (id == null) {
            id = b.node().get("id");
        }
        return id != null && id.isTextual() && !id.asText().isEmpty() ? Optional.of(id.asText()) : Optional.empty();
    }


    private static MixinValue merge(MixinValue base, MixinValue more) {
        Map<String, JsonNode> columns = new LinkedHashMap<>(base.columns());
        columns.putAll(more.columns());
        return new MixinValue(base.nodeId(), base.mixinId(), columns);
    }

    private static void limit(Body body, String name, int size) {
        if (size > MAX_PER_ARRAY) {
            throw ApiProblem.badRequest(body.at(name), "'" + name + "' takes at most " + MAX_PER_ARRAY
                    + " entries per call, got " + size + ".");
        }
    }

    private static ApiProblems listed(List<ApiProblem> problems) {
        // ids that exist already are the only thing wrong when the same call is sent again: that is a conflict
        // with the project's state, not a malformed request (docs/graph.md "Create")
        int status = problems.stream().allMatch(p -> p.status() == 409) ? 409 : 400;
        if (problems.size() <= MAX_LISTED_PROBLEMS) {
            return new ApiProblems(status, problems);
        }
        List<ApiProblem> shown = new ArrayList<>(problems.subList(0, MAX_LISTED_PROBLEMS));
        shown.add(ApiProblem.badRequest("body", "… and " + (problems.size() - MAX_LISTED_PROBLEMS)
                + " more invalid entries (the first " + MAX_LISTED_PROBLEMS + " are listed)"));
        return new ApiProblems(status, shown);
    }
}
