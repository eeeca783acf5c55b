package io.modelgraph.transform;

import io.modelgraph.http.IdempotencyKeys;
import io.modelgraph.http.Priming;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import io.modelgraph.auth.Role;
import io.modelgraph.codec.CodecRegistry;
import io.modelgraph.codec.Direction;
import io.modelgraph.codec.odm.OdmConverter;
import io.modelgraph.graph.store.GraphStore;
import io.modelgraph.http.HttpApiHandler;
import io.modelgraph.http.Route;
import io.modelgraph.http.Router;
import io.modelgraph.jobs.JobLauncher;
import io.modelgraph.jobs.JobRoutes;
import io.modelgraph.jobs.Jobs;
import io.modelgraph.jobs.LambdaInvokeLauncher;
import io.modelgraph.jobs.WriteRate;
import io.modelgraph.platform.AiSettings;
import io.modelgraph.platform.Services;
import io.modelgraph.transform.ai.AiPlanner;
import io.modelgraph.transform.ai.AiProviders;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Lambda handler of the /graph/transform route group. Each route states the least role the API gives
 * it; rules that depend on the body (dry runs, the ai mapping kind) raise it inside the service with
 * {@code call.require}. docs/transform.md describes the routes.
 */
public final class TransformHandler extends HttpApiHandler {
    /**
     * Built once per container while the runtime constructs the handler (the init phase, which SnapStart
     * snapshots), so neither the first nor any warm call pays for clients or the route table.
     */
    private static final class Container {
        static final Router ROUTER = routes(Services.fromEnvironment().primed(), Optional.empty(),
                LambdaInvokeLauncher.fromEnvironment(System.getenv()));
        static final Priming PRIMING = Priming.register(Services.fromEnvironment(), ROUTER, primingRequests());
    }

    /**
     * SnapStart priming: a JSON Schema export of a project that does not exist (graph read, model assembly,
     * the jsonschema encoder), never a write. Other formats' parsers stay unloaded until a request needs them.
     */
    public static List<APIGatewayV2HTTPEvent> primingRequests() {
        return List.of(Priming.request("POST", "/graph/transform/schema/export/{projectId}",
                "/graph/transform/schema/export/{projectId}", "", "{\"format\":\"jsonschema\"}"));
    }

    /** Used by the Lambda runtime: services from environment variables. */
    public TransformHandler() {
        super(Container.ROUTER);
    }

    /** Used by the local gateway and tests: services pointed at the embedded or LocalStack stores. */
    public TransformHandler(Services services) {
        super(routes(services, Optional.empty(), Optional.empty()));
    }

    /** Used by the local gateway: writes that do not fit a request's time go to {@code launcher} as jobs. */
    public TransformHandler(Services services, JobLauncher launcher, WriteRate rate) {
        super(routes(services, Optional.empty(), Optional.of(launcher)).withRate(rate));
    }

    /**
     * The formats this function carries: the {@code Format} providers of the codec modules on its class path
     * (docs/formats.md). Public so the artifact tests (module {@code it}) take their list of formats from here.
     */
    public static CodecRegistry codecs() {
        return CodecRegistry.load();
    }

    /** A route's fixed members followed by the option members of the formats it reads or writes. */
    private static String[] members(CodecRegistry registry, Direction direction, String... fixed) {
        List<String> all = new ArrayList<>(List.of(fixed));
        registry.optionNames(direction).stream().filter(o -> !all.contains(o)).forEach(all::add);
        return all.toArray(String[]::new);
    }

    static ProjectModels projectModels(GraphStore graph) {
        return new GraphProjectModels(graph);
    }

    /** The ai kind's provider, built once per container (a Secrets Manager key is read here, at init). */
    static Optional<AiPlanner> aiPlanner(AiSettings settings) {
        return AiProviders.build(settings).map(p -> new AiPlanner(p, settings.maxPromptChars()));
    }

    /**
     * The route table. {@code graph}: the store, when not the request functions' own (a job run's store holds its
     * write lease longer, see {@link TransformJobHandler}); {@code launcher}: where writes too large for a
     * request's time go (without one they are refused with 413).
     */
    static Router routes(Services services, Optional<GraphStore> graph, Optional<JobLauncher> launcher) {
        CodecRegistry registry = codecs();
        Conversions conversions = new Conversions(registry);
        ProjectModels models = projectModels(graph.orElseGet(() -> GraphStore.of(services)));
        Jobs jobs = Jobs.of(services, launcher.orElse(JobLauncher.NONE));
        SchemaIoService io = new SchemaIoService(conversions, models);
        MappingService mapping = new MappingService(conversions, models, aiPlanner(services.settings().ai()));
        OdmService odm = new OdmService(new OdmConverter(), conversions, models);
        CompareService compare = new CompareService(conversions, models);
        List<Route> routes = new ArrayList<>();
        routes.add(Route.graph("POST", "/graph/transform/odm/convert/{projectId}").body("entities")
                .whenMissing("entities", OdmService.ENTITIES_REQUIRED, "entities").role(Role.Viewer, odm::convert));
        // Admin for a write, Viewer for a dry run: checked after the body says which
        routes.add(Route.graph("POST", "/graph/transform/odm/import/{projectId}")
                .body("markdown", "dryRun", "spaces")
                .whenMissing("request", OdmService.MARKDOWN_REQUIRED, "markdown").role(Role.Viewer, odm::importOdm));
        routes.add(Route.graph("POST", "/graph/transform/schema/import/{projectId}")
                .body(members(registry, Direction.DECODE, "format", "schema", "spaces"))
                .whenMissing("request", SchemaIoService.IMPORT_EXPORT_KEYS, "format", "schema").role(Role.Admin,
                io::importSchema));
        routes.add(Route.graph("POST", "/graph/transform/schema/export/{projectId}")
                .body(members(registry, Direction.ENCODE, "format", "spaces"))
                .whenMissing("request", SchemaIoService.IMPORT_EXPORT_KEYS, "format").role(Role.Viewer,
                io::exportSchema));
        // reads only: two schemas (or the governed model) compared for each consumer format
        routes.add(Route.graph("POST", "/graph/transform/schema/compare/{projectId}")
                .body("base", "candidate", "mode", "consumers", "undeclaredProperties")
                .whenMissing("request", CompareService.COMPARE_KEYS, "base", "candidate").role(Role.Viewer,
                compare::compare));
        // map routes: Viewer at the door; ai needs Editor, a mapImport write Admin (checked after parsing)
        routes.add(Route.graph("POST", "/graph/transform/schema/map/{projectId}")
                .body(members(registry, Direction.ENCODE, "sourceFormat", "sourceSchema", "targetFormat",
                        "targetHintFormat", "targetHintSchema", "useProjectAsTargetHint", "spaces", "mapping"))
                .whenMissing("request", MappingService.MAP_KEYS, "sourceFormat", "sourceSchema").role(Role.Viewer, mapping::map));
        routes.add(Route.graph("POST", "/graph/transform/schema/mapImport/{projectId}")
                .body("sourceFormat", "sourceSchema", "mapping", "dryRun", "spaces")
                .whenMissing("request", MappingService.MAP_KEYS, "sourceFormat", "sourceSchema").role(Role.Viewer,
                mapping::mapImport));
        routes.add(Route.graph("POST", "/graph/transform/plan/execute/{projectId}")
                .body(members(registry, Direction.ENCODE, "sourceFormat", "sourceSchema", "plan", "targetFormat"))
                .whenMissing("request", MappingService.EXECUTE_KEYS, "sourceFormat", "sourceSchema", "plan").role(Role.Viewer,
                mapping::execute));
        routes.add(JobRoutes.transform(jobs));
        Router router = new Router(routes, services.authenticator())
                .withIdempotency(IdempotencyKeys.of(services));
        return launcher.isPresent() ? router.withJobs(jobs) : router;
    }
}
