package io.modelgraph.graphapi;

import io.modelgraph.http.Priming;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import io.modelgraph.http.HttpApiHandler;
import io.modelgraph.http.Route;
import io.modelgraph.http.Router;
import io.modelgraph.platform.Services;
import java.util.ArrayList;
import java.util.List;

/** Lambda handler of the graph API v1 route group: nodes, relations, mixins, bulk creation, API keys. */
public final class GraphHandler extends HttpApiHandler {
    /**
     * Built once per container while the runtime constructs the handler (the init phase, which SnapStart
     * snapshots), so neither the first nor any warm call pays for clients or the route table.
     */
    private static final class Container {
        static final Router ROUTER = routes(Services.fromEnvironment().primed());
        static final Priming PRIMING = Priming.register(Services.fromEnvironment(), ROUTER, primingRequests());
    }

    /** SnapStart priming: the reads a first caller most likely makes (a node, the catalog), never a write. */
    public static List<APIGatewayV2HTTPEvent> primingRequests() {
        return List.of(
                Priming.request("GET", "/v1/{projectId}/fetchNode", "/v1/{projectId}/fetchNode",
                        "NodeId=00000000-0000-0000-0000-000000000000&AddRelations=true&AddMixins=true", null),
                Priming.request("GET", "/v1/{projectId}/mixinsInfo", "/v1/{projectId}/mixinsInfo", "", null),
                Priming.request("GET", "/v1/{projectId}/relationGroupsInfo", "/v1/{projectId}/relationGroupsInfo",
                        "", null));
    }

    /** Used by the Lambda runtime: services from environment variables. */
    public GraphHandler() {
        super(Container.ROUTER);
    }

    /** Used by the local gateway and tests: services pointed at the embedded or LocalStack stores. */
    public GraphHandler(Services services) {
        super(routes(services));
    }

    static Router routes(Services services) {
        List<Route> routes = new ArrayList<>();
        routes.addAll(GraphRoutes.routes(services));
        routes.addAll(io.modelgraph.apikeys.ApiKeyRoutes.routes(services));
        return new Router(routes, services.authenticator());
    }
}
