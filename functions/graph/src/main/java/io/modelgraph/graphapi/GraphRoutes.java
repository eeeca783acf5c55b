package io.modelgraph.graphapi;

import io.modelgraph.api.Reply;
import io.modelgraph.auth.Role;
import io.modelgraph.graph.store.GraphStore;
import io.modelgraph.http.Route;
import io.modelgraph.platform.Services;
import java.util.List;
import java.util.Map;

/**
 * Operations 1-12 of the graph API v1, plus node restore and custom definitions. Reads need Viewer,
 * writes Editor, definitions Admin. Handlers only read the request and shape the reply; the rules live
 * in the services.
 */
public final class GraphRoutes {

    public static List<Route> routes(Services services) {
        return routes(services, GraphStore.of(services));
    }

    /** The routes over {@code store} (a job run's store holds its write lease longer). */
    public static List<Route> routes(Services services, GraphStore store) {
        NodeService nodes = new NodeService(store);
        FetchNodesQuery fetchNodes = new FetchNodesQuery(store, new PagingToken(services.settings().pagingSecret()));
        RelationService relations = new RelationService(store);
        MixinService mixins = new MixinService(store, nodes);
        DefinitionService definitions = new DefinitionService(store);
        BulkCreateService bulk = new BulkCreateService(store, nodes);
        return List.of(
                Route.v1("GET", "/v1/{projectId}/fetchNode").query("NodeId", "AddRelations", "AddMixins").role(Role.Viewer, call -> Reply.data(nodes.fetch(
                        call.projectId(), call.request().requiredQuery("NodeId"),
                        call.request().queryBool("AddRelations", false), call.request().queryBool("AddMixins", false)))),
                Route.v1("GET", "/v1/{projectId}/fetchNodes").query(FetchNodesRequest.PARAMETERS).role(Role.Viewer, call -> Reply.data(fetchNodes.run(
                        call.projectId(), FetchNodesRequest.parse(call.request())))),
                Route.v1("POST", "/v1/{projectId}/node").body("Id", "label", "nodeType", "checkBeforeCreate", "spaceIds").role(Role.Editor, call -> Reply.data(nodes.create(
                        call.projectId(), call.request().body(), call.subject()))),
                Route.v1("PUT", "/v1/{projectId}/node").body("Id", "label", "spaceIds")
                        .refuses("nodeType", "a node's type is fixed at creation; create a node of the other type instead.")
                        .refuses("checkBeforeCreate", "it applies to POST node only.").role(Role.Editor, call -> {
                    nodes.update(call.projectId(), call.request().body(), call.subject());
                    return Reply.empty();
                }),
                Route.v1("DELETE", "/v1/{projectId}/node/{id}").role(Role.Editor, call -> {
                    nodes.delete(call.projectId(), call.request().pathParam("id"), call.subject());
                    return Reply.empty();
                }),
                Route.v1("POST", "/v1/{projectId}/node/{id}/restore").role(Role.Editor, call -> {
                    nodes.restore(call.projectId(), call.request().pathParam("id"), call.subject());
                    return Reply.empty();
                }),
                Route.v1("GET", "/v1/{projectId}/relationGroupsInfo").role(Role.Viewer, call -> Reply.data(
                        Catalog.load(store, call.projectId()).allGroups().stream().map(WireShapes::relationGroup)
                                .toList())),
                Route.v1("POST", "/v1/{projectId}/relation").body(RelationService.MEMBERS).role(Role.Editor, call -> Reply.data(Map.of("Id",
                        relations.create(call.projectId(), call.request().body(), call.subject())))),
                Route.v1("DELETE", "/v1/{projectId}/relation").body(RelationService.MEMBERS).role(Role.Editor, call -> {
                    relations.remove(call.projectId(), call.request().body());
                    return Reply.empty();
                }),
                Route.v1("GET", "/v1/{projectId}/mixinsInfo").role(Role.Viewer, call -> Reply.data(
                        Catalog.load(store, call.projectId()).allMixins().stream().map(WireShapes::mixinInfo).toList())),
                Route.v1("POST", "/v1/{projectId}/mixinValue").body("targetNodeId", "mixinId", "mixinColumns").role(Role.Editor, call -> {
                    mixins.set(call.projectId(), call.request().body(), call.subject());
                    return Reply.empty();
                }),
                Route.v1("DELETE", "/v1/{projectId}/mixinValue").body("targetNodeId", "mixinId", "mixinColumnIds").role(Role.Editor, call -> {
                    mixins.remove(call.projectId(), call.request().body(), call.subject());
                    return Reply.empty();
                }),
                Route.v1("POST", "/v1/{projectId}/bulkCreate").body("nodes", "relations", "mixins").role(Role.Editor, call -> Reply.data(bulk.create(
                        call.projectId(), call.request().body(), call.subject(), call.budget()))),
                Route.v1("POST", "/v1/{projectId}/relationGroup").body("relationGroupId", "label", "from", "to").role(Role.Admin, call -> Reply.data(Map.of(
                        "relationGroupId", definitions.createRelationGroup(call.projectId(), call.request().body(),
                                call.subject())))),
                Route.v1("POST", "/v1/{projectId}/mixin").body("Id", "label", "type", "columns").role(Role.Admin, call -> Reply.data(Map.of("Id",
                        definitions.createMixin(call.projectId(), call.request().body(), call.subject())))));
    }

    private GraphRoutes() {
    }
}
