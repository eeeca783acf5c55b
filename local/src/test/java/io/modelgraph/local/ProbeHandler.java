package io.modelgraph.local;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import io.modelgraph.api.Reply;
import io.modelgraph.auth.Role;
import io.modelgraph.http.HttpApiHandler;
import io.modelgraph.http.Route;
import io.modelgraph.http.Router;
import io.modelgraph.json.Json;
import io.modelgraph.platform.Services;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A test-only route group served beside the real ones: it records the last event the gateway built and
 * answers what the request looked like from inside a handler. Its API-key route exercises the gateway's
 * Lambda-authorizer path over HTTP even before the service's own API-key routes exist.
 */
final class ProbeHandler extends HttpApiHandler {
    static final String API_KEY_ROUTE = "/v1/{projectId}/integrations/probe/whoami";

    private volatile Router router;
    volatile APIGatewayV2HTTPEvent lastEvent;

    ProbeHandler() {
        super(new Router(List.of(), new io.modelgraph.auth.Authenticator(java.time.Clock.systemUTC())));
    }


    Router router(Services services) {
        router = new Router(List.of(
                Route.v1("POST", "/v1/{projectId}/probe/echo").openInputs().role(Role.Viewer, ProbeHandler::echo),
                Route.v1("GET", "/v1/{projectId}/probe/echo").openInputs().role(Role.Viewer, ProbeHandler::echo),
                Route.v1("GET", "/v1/{projectId}/probe/items/{id}").openInputs().role(Role.Viewer,
                        call -> Reply.data(Map.of("matched", "{id}", "id", call.request().pathParam("id")))),
                Route.v1("GET", "/v1/{projectId}/probe/items/special").openInputs().role(Role.Viewer,
                        call -> Reply.data(Map.of("matched", "special"))),
                Route.v1("GET", API_KEY_ROUTE).apiKey().openInputs().role(Role.Viewer,
                        call -> Reply.data(Map.of("subject", call.subject()))),
                Route.graph("POST", "/graph/probe/echo/{projectId}").openInputs().role(Role.Editor,
                        call -> Reply.transform(Json.object().put("projectId", call.projectId()), List.of()))),
                services.authenticator());
        return router;
    }

    private static Reply echo(io.modelgraph.http.Call call) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("subject", call.subject());
        data.put("nodeIds", call.request().queryList("nodeIds"));
        data.put("contentType", call.request().headers().get("CONTENT-TYPE").orElse(""));
        data.put("bodyLength", call.request().rawBody().length);
        return Reply.data(data);
    }

    @Override
    public Router router() {
        return router;
    }

    @Override
    public APIGatewayV2HTTPResponse handleRequest(APIGatewayV2HTTPEvent event, Context context) {
        lastEvent = event;
        return super.handleRequest(event, context);
    }
}
