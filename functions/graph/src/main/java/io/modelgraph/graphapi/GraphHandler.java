package io.modelgraph.graphapi;

import io.modelgraph.http.IdempotencyKeys;
import io.modelgraph.http.Priming;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import io.modelgraph.graph.store.GraphStore;
import io.modelgraph.http.HttpApiHandler;
import io.modelgraph.http.Route;
import io.modelgraph.http.Router;
import io.modelgraph.jobs.JobLauncher;
import io.modelgraph.jobs.Jobs;
import io.modelgraph.jobs.LambdaInvokeLauncher;
import io.modelgraph.jobs.WriteRate;
import io.modelgraph.platform.Services;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Lambda handler of the graph API v1 route group: nodes, relations, mixins, bulk creation, API keys. */
public final class GraphHandler extends HttpApiHandler {
    /**
     * Built once per container while the runtime constructs the handler (the init phase, which SnapStart
     * snapshots), so neither the first nor any warm call pays for clients or the route table.
     */
    private static final class Container {
        static final Router ROUTER = routes(Services.fromEnvironment().primed(), Optional.empty(),
                LambdaInvokeLauncher.fromEnvironment(System.getenv()));
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
        super(routes(services, Optional.empty(), Optional.empty()));
    }

    /** Used by the local gateway: bulk calls that do not fit a request's time go to {@code launcher} as jobs. */
    public GraphHandler(Services services, JobLauncher launcher, WriteRate rate) {
        super(routes(services, Optional.empty(), Optional.of(launcher)).withRate(rate));
    }

    /**
     * The route table. {@code graph}: the store, when not the request functions' own (a job run's store holds its
     * write lease longer, see {@link GraphJobHandler}); {@code launcher}: where bulk calls too large for a
     * request's time go (without one they are refused with 413). The job route that reads them back,
     * {@code GET /v1/{projectId}/jobs/{jobId}}, is the exchange function's (one route, one function).
     */
    static Router routes(Services services, Optional<GraphStore> graph, Optional<JobLauncher> launcher) {
        List<Route> routes = new ArrayList<>();
        routes.addAll(GraphRoutes.routes(services, graph.orElseGet(() -> GraphStore.of(services))));
        routes.addAll(io.modelgraph.apikeys.ApiKeyRoutes.routes(services));
        Router router = new Router(routes, services.authenticator())
                .withIdempotency(IdempotencyKeys.of(services));
        return launcher.map(l -> router.withJobs(Jobs.of(services, l))).orElse(router);
    }
}
