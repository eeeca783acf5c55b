package io.modelgraph.graphapi;

import io.modelgraph.api.ApiProblem;
import io.modelgraph.graph.NodeType;
import io.modelgraph.graph.store.NodeOrder;
import io.modelgraph.http.ApiRequest;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** The parameters of GET fetchNodes, validated. {@code sortAttr} empty means the default order. */
record FetchNodesRequest(Optional<NodeType> nodeType, List<String> nodeIds, Optional<String> expression,
        List<String> spaceIds, boolean addRelations, boolean addMixins, Optional<NodeOrder> sortAttr,
        boolean sortDesc, int pageSize, Optional<String> pagingToken, boolean relationsFromAllSpaces) {

    static final int MIN_PAGE = 1;
    static final int MAX_PAGE = 250;
    static final int DEFAULT_PAGE = 50;
    static final int MAX_NODE_IDS = 500;
    static final int MAX_SPACE_IDS = 25;
    static final int MAX_EXPRESSION = 200;
    /** Spelled exactly as the API spells it. */
    static final String ALL_SPACES_PARAM = "indeludeRelationsFromAllSpaces";
    /** The same parameter spelled as English spells it; callers write it so, and it is read the same way. */
    static final String ALL_SPACES_ALIAS = "includeRelationsFromAllSpaces";
    /** Every parameter fetchNodes reads; any other is refused by the router. */
    static final String[] PARAMETERS = {"NodeType", "NodeIds", "Expression", "SpaceIds", "AddRelations", "AddMixins",
        "SortAttr", "sortDesc", "pageSize", "pagingToken", ALL_SPACES_PARAM, ALL_SPACES_ALIAS};

    FetchNodesRequest {
        nodeIds = List.copyOf(nodeIds);
        spaceIds = List.copyOf(spaceIds);
    }

    static FetchNodesRequest parse(ApiRequest request) {
        Optional<NodeType> type = request.queryString("NodeType").map(FetchNodesRequest::nodeType);
        List<String> ids = distinct(request.queryList("NodeIds"), "query.NodeIds", MAX_NODE_IDS);
        Optional<String> expression = request.queryString("Expression").filter(e -> !e.isBlank());
        if (expression.isPresent() && expression.get().length() > MAX_EXPRESSION) {
            throw ApiProblem.badRequest("query.Expression", "Expression must be at most " + MAX_EXPRESSION
                    + " characters.");
        }
        if (type.isEmpty() && ids.isEmpty() && expression.isEmpty()) {
            throw ApiProblem.badRequest("query", "Supply at least one of NodeType, NodeIds or Expression; "
                    + "they may be combined and then filter together.");
        }
        List<String> spaces = distinct(request.queryList("SpaceIds"), "query.SpaceIds", MAX_SPACE_IDS);
        Optional<NodeOrder> sort = request.queryString("SortAttr").map(FetchNodesRequest::sortAttr);
        int pageSize = request.queryInt("pageSize", DEFAULT_PAGE, MIN_PAGE, MAX_PAGE);
        return new FetchNodesRequest(type, ids, expression, spaces, request.queryBool("AddRelations", false),
                request.queryBool("AddMixins", false), sort, request.queryBool("sortDesc", false), pageSize,
                request.queryString("pagingToken"), allSpaces(request));
    }

    private static boolean allSpaces(ApiRequest request) {
        if (request.query().has(ALL_SPACES_PARAM) && request.query().has(ALL_SPACES_ALIAS)) {
            throw ApiProblem.badRequest("query." + ALL_SPACES_ALIAS, "Give " + ALL_SPACES_PARAM + " (the "
                    + "specification's spelling) or " + ALL_SPACES_ALIAS + ", not both.");
        }
        return request.queryBool(ALL_SPACES_PARAM, false) || request.queryBool(ALL_SPACES_ALIAS, false);
    }

    /** NodeType is one type (the API's filter); a list is refused by the one rule for multi-valued input. */
    private static NodeType nodeType(String text) {
        if (text.contains(",")) {
            throw ApiProblem.badRequest("query.NodeType", "NodeType takes one node type, got '" + Inputs.abbreviate(text)
                    + "'; only list parameters (NodeIds, SpaceIds) take several values. Fetch each type separately.");
        }
        return Inputs.nodeType(text, "query.NodeType");
    }

    private static NodeOrder sortAttr(String text) {
        switch (text.trim().toLowerCase(Locale.ROOT)) {
            case "label":
                return NodeOrder.LABEL;
            case "creationtime":
                return NodeOrder.CREATED;
            case "updatetime":
                return NodeOrder.UPDATED;
            default:
                throw ApiProblem.badRequest("query.SortAttr", "'" + Inputs.abbreviate(text)
                        + "' is not a SortAttr; use Label, CreationTime or UpdateTime.");
        }
    }

    private static List<String> distinct(List<String> values, String path, int max) {
        LinkedHashSet<String> out = new LinkedHashSet<>();
        for (int i = 0; i < values.size(); i++) {
            out.add(Inputs.checkId(values.get(i), path + "[" + i + "]"));
        }
        if (out.size() > max) {
            throw ApiProblem.badRequest(path, "At most " + max + " identifiers are accepted, got " + out.size() + ".");
        }
        return new ArrayList<>(out);
    }

    /** Everything that shapes the result sequence, in one canonical string; a paging token is bound to it. */
    String fingerprint(String projectId) {
        return String.join("\n", "fetchNodes/v1", projectId, nodeType.map(Enum::name).orElse(""),
                String.join(",", nodeIds), expression.orElse(""), String.join(",", spaceIds),
                sortAttr.map(Enum::name).orElse(""), Boolean.toString(sortDesc), Integer.toString(pageSize),
                Boolean.toString(addRelations), Boolean.toString(addMixins), Boolean.toString(relationsFromAllSpaces));
    }
}
