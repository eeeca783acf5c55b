package io.modelgraph.graphapi;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import io.modelgraph.graph.store.GraphStore;
import io.modelgraph.log.JsonLog;
import io.modelgraph.platform.Services;
import java.util.Map;

/**
 * The scheduled sweeper (an EventBridge schedule in template.yaml; a timer in the local gateway): settles every
 * large-write journal that has fallen due, so a writer killed at the function timeout is undone within minutes
 * of its lease, not at its project's next large write. The event's content is not read.
 */
public final class JournalSweepHandler implements RequestHandler<Map<String, Object>, Map<String, Object>> {
    private static final JsonLog LOG = JsonLog.of(JournalSweepHandler.class);

    private static final class Container {
        static final GraphStore STORE = GraphStore.of(Services.fromEnvironment().primed());
    }

    private final GraphStore store;

    /** Used by the Lambda runtime. */
    public JournalSweepHandler() {
        this.store = Container.STORE;
    }

    public JournalSweepHandler(Services services) {
        this.store = GraphStore.of(services);
    }

    @Override
    public Map<String, Object> handleRequest(Map<String, Object> event, Context context) {
        int settled = store.sweepPendingWrites();
        if (settled > 0) {
            LOG.info("Swept large-write journals", Map.of("projectsSettled", settled));
        }
        return Map.of("projectsSettled", settled);
    }
}
