package io.modelgraph.exchange;

import io.modelgraph.exchange.fetch.SafeFetcher;
import io.modelgraph.graph.store.GraphStore;
import io.modelgraph.http.Router;
import io.modelgraph.jobs.JobHandler;
import io.modelgraph.jobs.JobLauncher;
import io.modelgraph.jobs.Jobs;
import io.modelgraph.jobs.WriteRate;
import io.modelgraph.platform.Services;
import java.util.Optional;

/**
 * Lambda handler of ExchangeJobFunction (template.yaml): the /v1 exchange routes, run for a merge whose diff
 * did not fit its request's 29 s (docs/graph.md "Time budget and jobs"). Same code as {@link ExchangeHandler};
 * its graph store holds a large write's lease past this function's 900 s timeout.
 */
public final class ExchangeJobHandler extends JobHandler {
    private static final class Container {
        static final Services SERVICES = Services.fromEnvironment().primed();
        static final Router ROUTER = router(SERVICES);
    }

    /** Used by the Lambda runtime. */
    public ExchangeJobHandler() {
        super(Container.ROUTER, Jobs.of(Container.SERVICES, JobLauncher.NONE));
    }

    /** Used by the local gateway and tests. */
    public ExchangeJobHandler(Services services, WriteRate rate) {
        super(router(services).withRate(rate), Jobs.of(services, JobLauncher.NONE));
    }

    private static Router router(Services services) {
        return ExchangeHandler.routes(ExchangeModule.of(services, new GraphModelMapping(), SafeFetcher.Limits.DEFAULT,
                GraphStore.forJobs(services, Jobs.RUN_LEASE)), services, Optional.empty());
    }
}
