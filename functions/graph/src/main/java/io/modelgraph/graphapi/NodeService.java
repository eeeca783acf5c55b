package io.modelgraph.graphapi;

import io.modelgraph.api.ApiProblem;
import io.modelgraph.graph.MainSpace;
import io.modelgraph.graph.Node;
import io.modelgraph.graph.NodeType;
import io.modelgraph.graph.store.GraphStore;
import io.modelgraph.graph.store.SpaceCheck;
import io.modelgraph.graph.store.StoreConflictException;
import io.modelgraph.http.Body;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** Create, update, soft delete, restore and fetch one node. */
final class NodeService {
    private final GraphStore store;

    NodeService(GraphStore store) {
        this.store = store;
    }

    /** A node to create, read from a create-node body (also each entry of bulkCreate's nodes). */
    record NodeDraft(String id, String label, NodeType nodeType, List<String> spaceIds, boolean checkBeforeCreate,
            boolean generatedId) {
        static final List<String> MEMBERS = List.of("Id", "label", "nodeType", "checkBeforeCreate", "spaceIds");

        static NodeDraft read(Body body) {
            return new NodeDraft(Inputs.idOrNew(body, "Id"), Inputs.label(body, "label"), Inputs.nodeType(body,
                    "nodeType"), Inputs.spaceIds(body, "spaceIds"), body.bool("checkBeforeCreate", false),
                    body.string("Id").filter(s -> !s.isEmpty()).isEmpty());
        }
    }

    Map<String, Object> create(String projectId, Body body, String subject) {
        NodeDraft draft = NodeDraft.read(body);
        store.ensureMainSpace(projectId, subject);
        List<String> spaces = SpaceCheck.resolve(store, projectId, draft.spaceIds(), body.at("spaceIds"));
        List<Map<String, Object>> checks = draft.checkBeforeCreate()
                ? labelCheck(projectId, draft.label(), spaces) : List.of();
        Instant now = store.now();
        Node node = new Node(draft.id(), draft.label(), draft.nodeType(), spaces, now, now, subject, subject, false, 1);
        try {
            store.createNode(projectId, node, draft.generatedId());
        } catch (StoreConflictException e) {
            throw e.retryable() ? ApiProblem.conflict("", e.getMessage())
                    : ApiProblem.conflict(body.at("Id"), existsMessage(draft.id(), false));
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("Id", node.id());
        if (draft.checkBeforeCreate()) {
            out.put("checkResult", checks);
        }
        return out;
    }

    /**
     * checkBeforeCreate: other live nodes of the target spaces whose label equals this one ignoring case,
     * each reported as a warning; the node is created regardless.
     */
    List<Map<String, Object>> labelCheck(String projectId, String label, List<String> spaces) {
        Map<String, Node> matches = new LinkedHashMap<>();
        for (String space : spaces) {
            for (NodeType type : NodeType.values()) {
                store.nodesWithLabel(projectId, space, type, label).forEach(n -> matches.putIfAbsent(n.id(), n));
            }
        }
        List<Map<String, Object>> out = new ArrayList<>();
        for (Node n : matches.values()) {
            Map<String, Object> check = new LinkedHashMap<>();
            check.put("result", "Label '" + label + "' is already used by " + n.nodeType() + " node '" + n.id()
                    + "' (labelled '" + n.label() + "').");
            check.put("level", "warning");
            check.put("nodeId", n.id());
            check.put("label", n.label());
            check.put("NodeType", n.nodeType().name());
            out.add(check);
        }
        return out;
    }

    void update(String projectId, Body body, String subject) {
        String id = Inputs.requiredId(body, "Id");
        String label = Inputs.label(body, "label");
        List<String> requested = Inputs.spaceIds(body, "spaceIds");
        store.ensureMainSpace(projectId, subject);
        Optional<List<String>> spaces = requested.isEmpty() ? Optional.empty()
                : Optional.of(SpaceCheck.resolve(store, projectId, requested, body.at("spaceIds")));
        if (spaces.isPresent() && spaces.get().contains(id)) {
            throw ApiProblem.badRequest(body.at("spaceIds"), "A node cannot be placed in itself.");
        }
        modify(projectId, id, body.at("Id"), subject, current -> {
            if (current.deleted()) {
                throw missing(body.at("Id"), id, projectId);
            }
            return new Node(current.id(), label, current.nodeType(), spaces.orElse(current.spaceIds()),
                    current.createdAt(), current.updatedAt(), current.createdBy(), current.updatedBy(), false,
                    current.version());
        });
    }

    void delete(String projectId, String id, String subject) {
        Inputs.checkId(id, "path.id");
        if (id.equals(MainSpace.idFor(projectId))) {
            throw ApiProblem.badRequest("path.id", "The main space of a project cannot be removed.");
        }
        modify(projectId, id, "path.id", subject, current -> {
            if (current.deleted()) {
                throw missing("path.id", id, projectId);
            }
            return withDeleted(current, true);
        });
    }

    void restore(String projectId, String id, String subject) {
        Inputs.checkId(id, "path.id");
        modify(projectId, id, "path.id", subject, current -> {
            if (!current.deleted()) {
                throw ApiProblem.badRequest("path.id", "Node '" + id + "' is not deleted; there is nothing to restore.");
            }
            // its spaces must still be there; say which one is gone instead of failing the write
            List<String> others = current.spaceIds().stream().filter(s -> !s.equals(id)).toList();
            SpaceCheck.resolve(store, projectId, others, "node.spaceIds");
            return withDeleted(current, false);
        });
    }

    Node live(String projectId, String id, String path) {
        Node n = store.node(projectId, id).orElseThrow(() -> missing(path, id, projectId));
        if (n.deleted()) {
            throw missing(path, id, projectId);
        }
        return n;
    }

    Map<String, Object> fetch(String projectId, String id, boolean addRelations, boolean addMixins) {
        Inputs.checkId(id, "query.NodeId");
        Node n = live(projectId, id, "query.NodeId");
        return new NodeDetails(store, projectId).render(List.of(n), addRelations, addMixins, Set.of()).get(0);
    }

    private void modify(String projectId, String id, String path, String subject,
            java.util.function.UnaryOperator<Node> change) {
        Optional<Node> result;
        try {
            result = store.modifyNode(projectId, id, change, subject);
        } catch (StoreConflictException e) {
            throw ApiProblem.conflict(path, e.getMessage());
        }
        if (result.isEmpty()) {
            throw missing(path, id, projectId);
        }
    }

    /**
     * The answer to a given id that is taken: a call sent again after it was applied meets it too, so it says how
     * to tell the two apart (docs/graph.md "Create").
     */
    static String existsMessage(String id, boolean deleted) {
        return "A node with Id '" + id + "' already exists" + (deleted ? " (deleted; restore it instead)."
                : "." + TAKEN_HINT);
    }

    /** What the answer to a taken node or relation id adds: a call sent again after it was applied meets it too. */
    static final String TAKEN_HINT = " If this call was sent before, it was applied: fetch the node, or send calls"
            + " that may be repeated with an Idempotency-Key to get the first answer again.";

    private static Node withDeleted(Node n, boolean deleted) {
        return new Node(n.id(), n.label(), n.nodeType(), n.spaceIds(), n.createdAt(), n.updatedAt(), n.createdBy(),
                n.updatedBy(), deleted, n.version());
    }

    static ApiProblem missing(String path, String id, String projectId) {
        return ApiProblem.notFound(path, "Node '" + id + "' does not exist in project " + projectId + ".");
    }
}
