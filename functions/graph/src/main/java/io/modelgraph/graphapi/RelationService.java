package io.modelgraph.graphapi;

import io.modelgraph.api.ApiProblem;
import io.modelgraph.graph.Node;
import io.modelgraph.graph.Relation;
import io.modelgraph.graph.RelationGroup;
import io.modelgraph.graph.store.GraphStore;
import io.modelgraph.graph.store.StoreConflictException;
import io.modelgraph.http.Body;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Create and remove relations between live nodes, checked against the relation group's from/to types. */
final class RelationService {
    /** The members of a relation body; {@code value} is accepted and unused, as the API says (docs/graph.md). */
    static final String[] MEMBERS = {"Id", "fromNodeId", "toNodeId", "relationGroupId", "value"};

    private final GraphStore store;

    RelationService(GraphStore store) {
        this.store = store;
    }

    String create(String projectId, Body body, String subject) {
        String id = Inputs.idOrNew(body, "Id");
        String from = Inputs.requiredId(body, "fromNodeId");
        String to = Inputs.requiredId(body, "toNodeId");
        String groupId = body.requiredString("relationGroupId");
        RelationGroup group = Catalog.load(store, projectId).group(groupId).orElseThrow(() -> ApiProblem.badRequest(
                body.at("relationGroupId"), "Unknown relation group '" + Inputs.abbreviate(groupId)
                        + "'; GET relationGroupsInfo lists the project's groups."));
        Map<String, Node> nodes = store.nodes(projectId, List.of(from, to));
        Node fromNode = liveOrFail(nodes, from, body.at("fromNodeId"));
        Node toNode = liveOrFail(nodes, to, body.at("toNodeId"));
        Optional<String> mismatch = RelationRules.mismatch(group, fromNode, toNode);
        if (mismatch.isPresent()) {
            throw ApiProblem.badRequest("body", mismatch.get());
        }
        try {
            store.createRelation(projectId, new Relation(id, from, to, group.id()), subject);
        } catch (StoreConflictException e) {
            // the Id was taken (a conflict with the project's state, as a call sent again meets it), or an end
            // node was deleted after it was read: the member that names it
            throw e.member().isEmpty() ? ApiProblem.conflict(body.at("Id"), e.getMessage() + NodeService.TAKEN_HINT)
                    : ApiProblem.badRequest(body.at(e.member().get()), e.getMessage());
        }
        return id;
    }

    /** Removes with the values used to create: by Id when given, else every from→to relation of the group. */
    void remove(String projectId, Body body) {
        Optional<String> id = body.string("Id").filter(s -> !s.isEmpty());
        String from = Inputs.requiredId(body, "fromNodeId");
        String to = Inputs.requiredId(body, "toNodeId");
        String groupId = body.requiredString("relationGroupId");
        if (id.isPresent()) {
            Inputs.checkId(id.get(), body.at("Id"));
            Relation r = store.relation(projectId, from, id.get()).orElseThrow(() -> ApiProblem.notFound(body.at("Id"),
                    "Node '" + from + "' has no relation with Id '" + id.get() + "'."));
            if (!r.toNodeId().equals(to) || !r.relationGroupId().equals(groupId)) {
                throw ApiProblem.badRequest("body", "Relation '" + r.id() + "' goes to '" + r.toNodeId()
                        + "' in group '" + r.relationGroupId() + "', not to '" + to + "' in group '" + groupId
                        + "'; send the values it was created with.");
            }
            store.deleteRelation(projectId, from, r.id());
            return;
        }
        List<Relation> matching = store.outgoing(projectId, from).stream()
                .filter(r -> r.toNodeId().equals(to) && r.relationGroupId().equals(groupId)).toList();
        if (matching.isEmpty()) {
            throw ApiProblem.notFound("body", "No relation of group '" + Inputs.abbreviate(groupId) + "' from '" + from
                    + "' to '" + to + "'.");
        }
        matching.forEach(r -> store.deleteRelation(projectId, from, r.id()));
    }

    private static Node liveOrFail(Map<String, Node> nodes, String id, String path) {
        Node n = nodes.get(id);
        if (n == null) {
            throw ApiProblem.badRequest(path, "Node '" + id + "' does not exist.");
        }
        if (n.deleted()) {
            throw ApiProblem.badRequest(path, "Node '" + id + "' is deleted; restore it before relating it.");
        }
        return n;
    }
}
