package io.modelgraph.graphapi;

import io.modelgraph.graph.store.GraphStore;
import io.modelgraph.http.Router;
import io.modelgraph.jobs.JobHandler;
import io.modelgraph.jobs.JobLauncher;
import io.modelgraph.jobs.Jobs;
import io.modelgraph.jobs.WriteRate;
import io.modelgraph.platform.Services;
import java.util.Optional;

/**
 * Lambda handler of GraphJobFunction (template.yaml): the graph routes, run for a bulkCreate whose entries did
 * not fit its request's 29 s (docs/graph.md "Time budget and jobs"). Same code as {@link GraphHandler}; its
 * graph store holds a large write's lease past this function's 900 s timeout.
 */
public final class GraphJobHandler extends JobHandler {
    private static final class Container {
        static final Services SERVICES = Services.fromEnvironment().primed();
        static final Router ROUTER = router(SERVICES);
    }

    /** Used by the Lambda runtime. */
    public GraphJobHandler() {
        super(Container.ROUTER, Jobs.of(Container.SERVICES, JobLauncher.NONE));
    }

    /** Used by the local gateway and tests. */
    public GraphJobHandler(Services services, WriteRate rate) {
        super(router(services).withRate(rate), Jobs.of(services, JobLauncher.NONE));
    }

    private static Router router(Services services) {
        return GraphHandler.routes(services, Optional.of(GraphStore.forJobs(services, Jobs.RUN_LEASE)),
                Optional.empty());
    }
}
