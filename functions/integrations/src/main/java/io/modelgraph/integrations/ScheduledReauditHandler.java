package io.modelgraph.integrations;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import io.modelgraph.platform.Services;
import java.util.Map;

/**
 * The opt-in heartbeat (an EventBridge schedule in template.yaml; a timer in the local gateway): reaudits the
 * stored snapshot of every vendor-side project imported with {@code scheduledReaudit: true}, recording each run
 * with trigger {@code scheduled}, so the badge and history follow governed-model changes without a new upload.
 */
public final class ScheduledReauditHandler implements RequestHandler<Map<String, Object>, Map<String, Object>> {
    private static final class Container {
        static final IntegrationService SERVICE = IntegrationsHandler.service(Services.fromEnvironment().primed());
    }

    private final IntegrationService service;

    /** Used by the Lambda runtime. */
    public ScheduledReauditHandler() {
        this.service = Container.SERVICE;
    }

    public ScheduledReauditHandler(Services services) {
        this.service = IntegrationsHandler.service(services);
    }

    @Override
    public Map<String, Object> handleRequest(Map<String, Object> event, Context context) {
        return Map.of("reaudited", service.runScheduledReaudits());
    }
}
