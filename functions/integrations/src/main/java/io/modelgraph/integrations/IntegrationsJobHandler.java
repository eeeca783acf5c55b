package io.modelgraph.integrations;

import io.modelgraph.graph.store.GraphStore;
import io.modelgraph.http.Router;
import io.modelgraph.jobs.JobHandler;
import io.modelgraph.jobs.JobLauncher;
import io.modelgraph.jobs.Jobs;
import io.modelgraph.jobs.WriteRate;
import io.modelgraph.platform.Services;
import java.util.Optional;

/**
 * Lambda handler of IntegrationsJobFunction (template.yaml): the integration routes, run for a capture import
 * whose change set did not fit its request's 29 s (docs/graph.md "Time budget and jobs"). Same code as
 * {@link IntegrationsHandler}; its graph store holds a large write's lease past this function's 900 s timeout.
 */
public final class IntegrationsJobHandler extends JobHandler {
    private static final class Container {
        static final Services SERVICES = Services.fromEnvironment().primed();
        static final Router ROUTER = router(SERVICES);
    }

    /** Used by the Lambda runtime. */
    public IntegrationsJobHandler() {
        super(Container.ROUTER, Jobs.of(Container.SERVICES, JobLauncher.NONE));
    }

    /** Used by the local gateway and tests. */
    public IntegrationsJobHandler(Services services, WriteRate rate) {
        super(router(services).withRate(rate), Jobs.of(services, JobLauncher.NONE));
    }

    private static Router router(Services services) {
        return IntegrationsHandler.routes(services, Optional.of(GraphStore.forJobs(services, Jobs.RUN_LEASE)),
                Optional.empty());
    }
}
