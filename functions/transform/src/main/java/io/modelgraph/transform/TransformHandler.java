package io.modelgraph.transform;

import io.modelgraph.http.IdempotencyKeys;
import io.modelgraph.http.Priming;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import io.modelgraph.auth.Role;
import io.modelgraph.codec.CodecRegistry;
import io.modelgraph.codec.SchemaDecoder;
import io.modelgraph.codec.SchemaEncoder;
import io.modelgraph.codec.jsonld.JsonLdCodec;
import io.modelgraph.codec.avro.AvroCodec;
import io.modelgraph.codec.jsonschema.JsonSchemaCodec;
import io.modelgraph.codec.linkml.LinkMlCodec;
import io.modelgraph.codec.odm.OdmCodec;
import io.modelgraph.codec.odm.OdmConverter;
import io.modelgraph.codec.owl.OwlCodec;
import io.modelgraph.codec.protobuf.ProtobufCodec;
import io.modelgraph.codec.odcs.OdcsCodec;
import io.modelgraph.codec.osi.OsiCodec;
import io.modelgraph.codec.shex.ShexCodec;
import io.modelgraph.codec.synapse.SynapseCodec;
import io.modelgraph.codec.sql.SqlCodec;
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
 * Lambda handler of the /graph/transform route group. Each route states the least role the seed gives
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
     * The codecs this function carries; other keys of the API answer 501 through the registry. Public so the
     * artifact tests (module {@code it}) take their list of formats from here.
     */
    public static CodecRegistry codecs() {
        List<SchemaDecoder> decoders = new ArrayList<>();
        List<SchemaEncoder> encoders = new ArrayList<>();
        // one line per codec, so codecs landing in parallel merge without touching each other
        both(new JsonSchemaCodec(), decoders, encoders);
        both(new ShexCodec(), decoders, encoders);
        decoders.add(new OdmCodec());
        both(new JsonLdCodec(), decoders, encoders);
        both(new LinkMlCodec(), decoders, encoders);
        both(new OwlCodec(), decoders, encoders);
        both(new AvroCodec(), decoders, encoders);
        both(new ProtobufCodec(), decoders, encoders);
        both(new OdcsCodec(), decoders, encoders);
        both(OsiCodec.yaml(), decoders, encoders);
        both(OsiCodec.json(), decoders, encoders);
        encoders.add(new SynapseCodec());
        both(new SqlCodec(), decoders, encoders);
        return new CodecRegistry(decoders, encoders);
    }

    private static <C extends SchemaDecoder & SchemaEncoder> void both(C codec, List<SchemaDecoder> decoders,
            List<SchemaEncoder> encoders) {
        decoders.add(codec);
        encoders.add(codec);
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
        Conversions conversions = new Conversions(codecs());
        ProjectModels models = projectModels(graph.orElseGet(() -> GraphStore.of(services)));
        Jobs jobs = Jobs.of(services, launcher.orElse(JobLauncher.NONE));
        SchemaIoService io = new SchemaIoService(conversions, models);
        MappingService mapping = new MappingService(conversions, models, aiPlanner(services.settings().ai()));
        OdmService odm = new OdmService(new OdmConverter(), conversions, models);
        List<Route> routes = new ArrayList<>();
        routes.add(Route.graph("POST", "/graph/transform/odm/convert/{projectId}").body("entities")
                .whenMissing("entities", OdmService.ENTITIES_REQUIRED, "entities").role(Role.Viewer, odm::convert));
        // Admin for a write, Viewer for a dry run: checked after the body says which
        routes.add(Route.graph("POST", "/graph/transform/odm/import/{projectId}")
                .body("markdown", "dryRun", "spaces")
                .whenMissing("request", OdmService.MARKDOWN_REQUIRED, "markdown").role(Role.Viewer, odm::importOdm));
        routes.add(Route.graph("POST", "/graph/transform/schema/import/{projectId}")
                .body("format", "schema", "spaces", "vendor")
                .whenMissing("request", SchemaIoService.IMPORT_EXPORT_KEYS, "format", "schema").role(Role.Admin,
                io::importSchema));
        routes.add(Route.graph("POST", "/graph/transform/schema/export/{projectId}")
                .body("format", "spaces", "vendor", "synapseOrganization", "synapseSchemaName", "synapseSchemaVersion")
                .whenMissing("request", SchemaIoService.IMPORT_EXPORT_KEYS, "format").role(Role.Viewer,
                io::exportSchema));
        // map routes: Viewer at the door; ai needs Editor, a mapImport write Admin (checked after parsing)
        routes.add(Route.graph("POST", "/graph/transform/schema/map/{projectId}")
                .body("sourceFormat", "sourceSchema", "targetFormat", "targetHintFormat", "targetHintSchema",
                        "useProjectAsTargetHint", "spaces", "mapping", "vendor")
                .whenMissing("request", MappingService.MAP_KEYS, "sourceFormat", "sourceSchema").role(Role.Viewer, mapping::map));
        routes.add(Route.graph("POST", "/graph/transform/schema/mapImport/{projectId}")
                .body("sourceFormat", "sourceSchema", "mapping", "dryRun", "spaces")
                .whenMissing("request", MappingService.MAP_KEYS, "sourceFormat", "sourceSchema").role(Role.Viewer,
                mapping::mapImport));
        routes.add(Route.graph("POST", "/graph/transform/plan/execute/{projectId}")
                .body("sourceFormat", "sourceSchema", "plan", "targetFormat", "vendor")
                .whenMissing("request", MappingService.EXECUTE_KEYS, "sourceFormat", "sourceSchema", "plan").role(Role.Viewer,
                mapping::execute));
        routes.add(JobRoutes.transform(jobs));
        Router router = new Router(routes, services.authenticator())
                .withIdempotency(IdempotencyKeys.of(services));
        return launcher.isPresent() ? router.withJobs(jobs) : router;
    }
}
