package io.modelgraph.integrations;

import io.modelgraph.http.HttpApiHandler;
import io.modelgraph.http.Route;
import io.modelgraph.http.Router;
import io.modelgraph.platform.Services;
import java.util.ArrayList;
import java.util.List;

/** Lambda handler of the capture connector routes (/graph/integrations and /v1/{projectId}/integrations). */
public final class IntegrationsHandler extends HttpApiHandler {
    /**
     * Built once per container while the runtime constructs the handler (the init phase, which SnapStart
     * snapshots), so neither the first nor any warm call pays for clients or the route table.
     */
    private static final class Container {
        static final Router ROUTER = routes(Services.fromEnvironment().primed());
    }

    /** Used by the Lambda runtime: services from environment variables. */
    public IntegrationsHandler() {
        super(Container.ROUTER);
    }

    /** Used by the local gateway and tests: services pointed at the embedded or LocalStack stores. */
    public IntegrationsHandler(Services services) {
        super(routes(services));
    }

    static Router routes(Services services) {
        List<Route> routes = new ArrayList<>();

        return new Router(routes, services.authenticator());
    }
}
