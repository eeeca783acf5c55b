package io.modelgraph.integrations;

import io.modelgraph.codec.ParseDeadline;
import io.modelgraph.http.IdempotencyKeys;
import io.modelgraph.http.Priming;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import io.modelgraph.auth.Role;
import io.modelgraph.graph.store.GraphStore;
import io.modelgraph.http.HttpApiHandler;
import io.modelgraph.http.Route;
import io.modelgraph.http.Router;
import io.modelgraph.integrations.capture.CaptureConnector;
import io.modelgraph.jobs.JobLauncher;
import io.modelgraph.jobs.JobRoutes;
import io.modelgraph.jobs.Jobs;
import io.modelgraph.jobs.LambdaInvokeLauncher;
import io.modelgraph.jobs.WriteRate;
import io.modelgraph.platform.Services;
import io.modelgraph.store.BlobStore;
import io.modelgraph.store.HistoryStore;
import java.util.List;
import java.util.Optional;

/**
 * Lambda handler of the vendor-integration routes: the interactive surface under /graph/integrations (user JWTs)
 * and the machine surface under /v1/{projectId}/integrations (API keys). docs/integrations.md describes them.
 */
public final class IntegrationsHandler extends HttpApiHandler {
    /**
     * Built once per container while the runtime constructs the handler (the init phase, which SnapStart
     * snapshots), so neither the first nor any warm call pays for clients or the route table.
     */
    private static final class Container {
        static final Router ROUTER = routes(Services.fromEnvironment().primed(), Optional.empty(),
                LambdaInvokeLauncher.fromEnvironment(System.getenv()));
        static final Priming PRIMING = Priming.register(Services.fromEnvironment(), ROUTER, primingRequests());
    }

    /** SnapStart priming: the vendor list, a status and a badge (history reads), never a write. */
    public static List<APIGatewayV2HTTPEvent> primingRequests() {
        return List.of(
                Priming.request("GET", "/graph/integrations/vendors", "/graph/integrations/vendors", "", null),
                Priming.request("GET", "/graph/integrations/{vendor}/status/{projectId}",
                        "/graph/integrations/capture/status/{projectId}", "", null),
                Priming.request("GET", "/graph/integrations/{vendor}/badge/{projectId}",
                        "/graph/integrations/capture/badge/{projectId}", "", null));
    }

    /** Used by the Lambda runtime: services from environment variables. */
    public IntegrationsHandler() {
        super(Container.ROUTER);
    }

    /** Used by the local gateway and tests: services pointed at the embedded or LocalStack stores. */
    public IntegrationsHandler(Services services) {
        super(routes(services, Optional.empty(), Optional.empty()));
    }

    /** Used by tests: the given route table. */
    IntegrationsHandler(Router router) {
        super(router);
    }

    /** Used by the local gateway: imports that do not fit a request's time go to {@code launcher} as jobs. */
    public IntegrationsHandler(Services services, JobLauncher launcher, WriteRate rate) {
        super(routes(services, Optional.empty(), Optional.of(launcher)).withRate(rate));
    }

    /** Every registered connector; a second vendor is one more entry here. */
    static ConnectorRegistry connectors() {
        return new ConnectorRegistry(List.of(new CaptureConnector()));
    }

    static IntegrationService service(Services services) {
        return service(services, GraphStore.of(services));
    }

    static IntegrationService service(Services services, GraphStore graph) {
        return service(services, graph, ParseDeadline.configured());
    }

    /** The service whose artifacts are read within {@code parseDeadline} (tests use a small bound). */
    static IntegrationService service(Services services, GraphStore graph, ParseDeadline parseDeadline) {
        IntegrationStores stores = new IntegrationStores(new HistoryStore(services.dynamo(),
                services.stores().historyTable()), new BlobStore(services.s3Lazily(), services.stores().bucket()),
                services.dynamo(), services.stores().historyTable());
        return new IntegrationService(connectors(), new GovernedModels(graph), stores, services.clock(),
                parseDeadline);
    }

    /**
     * The route table. {@code graph}: the store, when not the request functions' own (a job run's store holds its
     * write lease longer, see {@link IntegrationsJobHandler}); {@code launcher}: where imports too large for a
     * request's time go (without one they are refused with 413).
     */
    static Router routes(Services services, Optional<GraphStore> graph, Optional<JobLauncher> launcher) {
        return routes(services, graph, launcher, ParseDeadline.configured());
    }

    /** As above, reading artifacts within {@code parseDeadline}. */
    static Router routes(Services services, Optional<GraphStore> graph, Optional<JobLauncher> launcher,
            ParseDeadline parseDeadline) {
        IntegrationService s = service(services, graph.orElseGet(() -> GraphStore.of(services)), parseDeadline);
        Jobs jobs = Jobs.of(services, launcher.orElse(JobLauncher.NONE));
        ConnectorRegistry registry = connectors();
        String base = "/graph/integrations/{vendor}/";
        List<Route> routes = List.of(
                Route.graph("GET", "/graph/integrations/vendors").anyCaller(s::vendors),
                Route.graph("POST", base + "import/{projectId}")
                        .body("artifacts", "spaces", "projectName", "scheduledReaudit")
                        .role(Role.Admin, s::importArtifacts),
                Route.graph("POST", base + "audit/{projectId}")
                        .body("artifacts", "recordHistory", "projectName", "spaces", "productionReview")
                        .role(Role.Viewer, s::audit),
                Route.graph("POST", base + "reaudit/{projectId}").body("projectName", "spaces")
                        .role(Role.Viewer, s::reaudit),
                Route.graph("GET", base + "history/{projectId}").role(Role.Viewer, s::history),
                Route.graph("GET", base + "badge/{projectId}").role(Role.Viewer, s::badge),
                Route.graph("POST", base + "generate/{projectId}").body("typeNames", "targetVersion", "extra", "spaces")
                        .role(Role.Viewer, s::generate),
                Route.graph("GET", base + "status/{projectId}").role(Role.Viewer, s::status),
                Route.v1("POST", "/v1/{projectId}/integrations/{vendor}/audit").apiKey()
                        .body("artifacts", "recordHistory", "projectName", "spaces", "productionReview")
                        .role(Role.Viewer, s::machineAudit),
                Route.v1("GET", "/v1/{projectId}/integrations/{vendor}/badge").apiKey().role(Role.Viewer,
                        s::machineBadge),
                JobRoutes.integrations(jobs, registry::get));
        Router router = new Router(routes, services.authenticator())
                .withIdempotency(IdempotencyKeys.of(services));
        return launcher.isPresent() ? router.withJobs(jobs) : router;
    }
}
