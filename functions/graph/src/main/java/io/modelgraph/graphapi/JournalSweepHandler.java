package io.modelgraph.graphapi;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import io.modelgraph.graph.store.GraphStore;
import io.modelgraph.jobs.JobLauncher;
import io.modelgraph.jobs.Jobs;
import io.modelgraph.log.JsonLog;
import io.modelgraph.platform.Services;
import java.util.Map;

/**
 * The scheduled sweeper (an EventBridge schedule in template.yaml; a timer in the local gateway): settles every
 * large-write journal that has fallen due, so a writer killed at the function timeout is undone within minutes
 * of its lease, not at its project's next large write; and stores {@code failed} on every job whose run died, so
 * the job's item says so without anyone reading it (docs/graph.md "When a run dies"). The event's content is not
 * read.
 */
public final class JournalSweepHandler implements RequestHandler<Map<String, Object>, Map<String, Object>> {
    private static final JsonLog LOG = JsonLog.of(JournalSweepHandler.class);

    private static final class Container {
        static final Services SERVICES = Services.fromEnvironment().primed();
        static final GraphStore STORE = GraphStore.of(SERVICES);
        static final Jobs JOBS = Jobs.of(SERVICES, JobLauncher.NONE);
    }

    private final GraphStore store;
    private final Jobs jobs;

    /** Used by the Lambda runtime. */
    public JournalSweepHandler() {
        this.store = Container.STORE;
        this.jobs = Container.JOBS;
    }

    public JournalSweepHandler(Services services) {
        this.store = GraphStore.of(services);
        this.jobs = Jobs.of(services, JobLauncher.NONE);
    }

    @Override
    public Map<String, Object> handleRequest(Map<String, Object> event, Context context) {
        int settled = store.sweepPendingWrites();
        if (settled > 0) {
            LOG.info("Swept large-write journals", Map.of("projectsSettled", settled));
        }
        int dead = jobs.sweepDead();
        if (dead > 0) {
            LOG.info("Marked jobs whose run died failed", Map.of("jobsFailed", dead));
        }
        return Map.of("projectsSettled", settled, "jobsFailed", dead);
    }
}
