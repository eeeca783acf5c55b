package io.modelgraph.local;

import io.modelgraph.exchange.ExchangeJobHandler;
import io.modelgraph.jobs.WriteRate;
import io.modelgraph.transform.TransformJobHandler;
import io.modelgraph.exchange.ExchangeHandler;
import io.modelgraph.graphapi.GraphHandler;
import io.modelgraph.graphapi.GraphJobHandler;
import io.modelgraph.http.HttpApiHandler;
import io.modelgraph.http.Route;
import io.modelgraph.http.Router;
import io.modelgraph.integrations.IntegrationsHandler;
import io.modelgraph.integrations.IntegrationsJobHandler;
import io.modelgraph.platform.Services;
import io.modelgraph.transform.TransformHandler;
import java.util.List;

/**
 * One route group: its Lambda handler (one {@code AWS::Serverless::Function} in template.yaml, module
 * {@code functions/<name>}) and its router. Routes are never listed here: they are read from each
 * handler's {@link Router#routes()}, so a route added to a handler is served and checked at once.
 */
public record RouteGroup(String name, HttpApiHandler handler, Router router) {

    public List<Route> routes() {
        return router.routes();
    }

    /** The handler class as template.yaml names it: {@code <class>::handleRequest}. */
    public String handlerClass() {
        return handler.getClass().getName();
    }

    /** Every route group of the service, each handler built on {@code services}. */
    public static List<RouteGroup> all(Services services) {
        return all(services, WriteRate.measured(), new LocalJobs());
    }

    /**
     * Every route group, writes that do not fit a request's 29 s (judged by {@code rate}) running as jobs on
     * {@code jobs}' threads through the job functions' handlers, as on AWS.
     */
    static List<RouteGroup> all(Services services, WriteRate rate, LocalJobs jobs) {
        GraphHandler graph = new GraphHandler(services, jobs.launcher(new GraphJobHandler(services, rate)), rate);
        ExchangeHandler exchange = new ExchangeHandler(services,
                jobs.launcher(new ExchangeJobHandler(services, rate)), rate);
        TransformHandler transform = new TransformHandler(services,
                jobs.launcher(new TransformJobHandler(services, rate)), rate);
        IntegrationsHandler integrations = new IntegrationsHandler(services,
                jobs.launcher(new IntegrationsJobHandler(services, rate)), rate);
        return List.of(
                new RouteGroup("graph", graph, graph.router()),
                new RouteGroup("exchange", exchange, exchange.router()),
                new RouteGroup("transform", transform, transform.router()),
                new RouteGroup("integrations", integrations, integrations.router()));
    }
}
