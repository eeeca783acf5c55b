package io.modelgraph.http;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import io.modelgraph.api.EnvelopeStyle;
import io.modelgraph.api.FatalError;
import io.modelgraph.api.ApiProblem;
import io.modelgraph.jobs.WriteBudget;
import io.modelgraph.log.RequestLog;
import java.util.Map;

/**
 * Base of every route-group Lambda handler: decode the event, hand it to the group's router.
 * Subclasses build their router once (static init), so warm calls pay nothing for it.
 */
public abstract class HttpApiHandler implements RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse> {
    private final Router router;

    protected HttpApiHandler(Router router) {
        this.router = java.util.Objects.requireNonNull(router, "router");
    }

    /** The group's routes; the local gateway and the template and OpenAPI tests read them from here. */
    public Router router() {
        return router;
    }

    @Override
    public APIGatewayV2HTTPResponse handleRequest(APIGatewayV2HTTPEvent event, Context context) {
        // the function's own deadline: a write that cannot finish before it becomes a job (Router, WriteBudget)
        WriteBudget budget = context == null ? WriteBudget.unbounded()
                : WriteBudget.request(context.getRemainingTimeInMillis(), router().rate());
        return handle(router(), event, budget, RequestLog.STDOUT);
    }

    /** The whole of one invocation; SnapStart priming ({@link Priming}) runs it with a discarding log. */
    static APIGatewayV2HTTPResponse handle(Router router, APIGatewayV2HTTPEvent event, RequestLog log) {
        return handle(router, event, WriteBudget.unbounded(), log);
    }

    static APIGatewayV2HTTPResponse handle(Router router, APIGatewayV2HTTPEvent event, WriteBudget budget,
            RequestLog log) {
        long started = System.nanoTime();
        String path = event == null || event.getRawPath() == null ? "/" : event.getRawPath();
        EnvelopeStyle style = path.startsWith("/graph/") ? EnvelopeStyle.TRANSFORM : EnvelopeStyle.V1;
        ApiRequest request;
        APIGatewayV2HTTPResponse refused;
        try {
            request = ApiRequest.from(event);
            return router.dispatch(request, budget, log);
        } catch (ApiProblem problem) {
            refused = Router.renderProblem(style, problem);
        } catch (RuntimeException e) {
            refused = Router.renderFatal(style, FatalError.record(e, Map.of("path", path)));
        }
        // the event itself was unreadable (such as a bad base64 body): logged under the gateway's route key
        String requestId = event == null || event.getRequestContext() == null ? ""
                : event.getRequestContext().getRequestId();
        log.record(new RequestLog.Entry(requestId, event == null ? "" : event.getRouteKey(), "", "",
                refused.getStatusCode(), (System.nanoTime() - started) / 1e6));
        return refused;
    }
}
