package io.modelgraph.graph.store;

import io.modelgraph.api.ApiProblem;
import io.modelgraph.graph.MainSpace;
import io.modelgraph.graph.Node;
import io.modelgraph.graph.NodeType;
import java.util.List;
import java.util.Map;

/**
 * Spaces named by a request must be live Space nodes of the project; empty means the main space. Shared by the
 * graph API and the transform routes, so an unknown space is refused the same way everywhere.
 */
public final class SpaceCheck {
    private SpaceCheck() {
    }

    public static List<String> resolve(GraphStore store, String projectId, List<String> spaceIds, String path) {
        if (spaceIds.isEmpty()) {
            return List.of(MainSpace.idFor(projectId));
        }
        String main = MainSpace.idFor(projectId);
        List<String> others = spaceIds.stream().filter(s -> !s.equals(main)).toList();
        Map<String, Node> found = others.isEmpty() ? Map.of() : store.nodes(projectId, others);
        for (int i = 0; i < spaceIds.size(); i++) {
            String id = spaceIds.get(i);
            if (id.equals(main)) {
                continue;
            }
            Node n = found.get(id);
            if (n == null || n.deleted()) {
                throw ApiProblem.badRequest(path + "[" + i + "]", "Space '" + id + "' does not exist in project "
                        + projectId + ".");
            }
            if (n.nodeType() != NodeType.Space) {
                throw ApiProblem.badRequest(path + "[" + i + "]", "Node '" + id + "' is a " + n.nodeType()
                        + ", not a Space.");
            }
        }
        return List.copyOf(spaceIds);
    }
}
