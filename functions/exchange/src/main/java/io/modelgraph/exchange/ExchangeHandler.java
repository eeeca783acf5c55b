package io.modelgraph.exchange;

import io.modelgraph.http.IdempotencyKeys;
import io.modelgraph.http.Priming;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import io.modelgraph.api.ApiProblem;
import io.modelgraph.api.Reply;
import io.modelgraph.auth.Role;
import io.modelgraph.codec.jsonld.JsonLdExportOptions;
import io.modelgraph.exchange.jsonld.JsonLdFileFormat;
import io.modelgraph.exchange.jsonschema.JsonSchemaFileFormat;
import io.modelgraph.exchange.validate.ValidateBody;
import io.modelgraph.exchange.merge.FileFormat;
import io.modelgraph.exchange.merge.MergeOptions;
import io.modelgraph.exchange.merge.MergeService;
import io.modelgraph.exchange.merge.SourceParser;
import io.modelgraph.exchange.profile.DefaultProfiles;
import io.modelgraph.exchange.profile.ImportProfile;
import io.modelgraph.exchange.profile.ProfileFormat;
import io.modelgraph.exchange.profile.ProfileParser;
import io.modelgraph.http.ApiRequest;
import io.modelgraph.http.Call;
import io.modelgraph.http.HttpApiHandler;
import io.modelgraph.http.Route;
import io.modelgraph.http.Router;
import io.modelgraph.graph.MainSpace;
import io.modelgraph.jobs.JobLauncher;
import io.modelgraph.jobs.JobRoutes;
import io.modelgraph.jobs.Jobs;
import io.modelgraph.jobs.LambdaInvokeLauncher;
import io.modelgraph.jobs.WriteRate;
import io.modelgraph.platform.Services;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Lambda handler of the schema exchange v1 route group: profiles, JSON-LD and JSON Schema export and merge,
 * validateJSON (docs/exchange.md). Thin: parameters are read here, the work is done by {@link ExchangeModule}'s parts.
 */
public final class ExchangeHandler extends HttpApiHandler {
    /**
     * Built once per container while the runtime constructs the handler (the init phase, which SnapStart
     * snapshots), so neither the first nor any warm call pays for clients or the route table.
     */
    private static final class Container {
        static final Router ROUTER = routes(ExchangeModule.of(Services.fromEnvironment().primed()),
                Services.fromEnvironment(), LambdaInvokeLauncher.fromEnvironment(System.getenv()));
        static final Priming PRIMING = Priming.register(Services.fromEnvironment(), ROUTER, primingRequests());
    }

    /**
     * SnapStart priming: both exports, validateJSON and the profile list, all reads. The exports name the priming
     * project's main space (which exists implicitly, so it loads as an empty space: the space's queries, the
     * mapping, the encoder and the envelope all run) and the built-in profiles, so each answers 200 through the
     * real export path; a made-up space would stop at the space check with a 404 before the encoder.
     */
    public static List<APIGatewayV2HTTPEvent> primingRequests() {
        String space = "spaceId=" + MainSpace.idFor(Priming.PROJECT);
        return List.of(
                Priming.request("GET", "/v1/{projectId}/exportJsonSchema", "/v1/{projectId}/exportJsonSchema",
                        space + "&configTypeId=" + DefaultProfiles.JSON_SCHEMA_ID, null),
                Priming.request("GET", "/v1/{projectId}/exportJsonLd", "/v1/{projectId}/exportJsonLd",
                        space + "&configTypeId=" + DefaultProfiles.JSON_LD_ID
                                + "&exportElements=true&exportTaxonomies=true&exportDataTypes=true&includeSpace=true",
                        null),
                Priming.request("GET", "/v1/{projectId}/validateJSON", "/v1/{projectId}/validateJSON",
                        space + "&configTypeId=" + DefaultProfiles.JSON_SCHEMA_ID + "&jsonString=%7B%7D", null),
                Priming.request("GET", "/v1/{projectId}/fetchJsonSchemaImportProfiles",
                        "/v1/{projectId}/fetchJsonSchemaImportProfiles", "", null));
    }

    /** Used by the Lambda runtime: services from environment variables. */
    public ExchangeHandler() {
        super(Container.ROUTER);
    }

    /** Used by the local gateway and tests: services pointed at the embedded or LocalStack stores. */
    public ExchangeHandler(Services services) {
        super(routes(ExchangeModule.of(services), services, Optional.empty()));
    }

    /** Used by the local gateway: merges that do not fit a request's time go to {@code launcher} as jobs. */
    public ExchangeHandler(Services services, JobLauncher launcher, WriteRate rate) {
        super(routes(ExchangeModule.of(services), services, Optional.of(launcher)).withRate(rate));
    }

    /** Tests that need the module's parts (the schema cache, shorter fetch limits) build it themselves. */
    public ExchangeHandler(ExchangeModule module, Services services) {
        super(routes(module, services, Optional.empty()));
    }

    private static final String[] MERGE_PARAMETERS = {"SpaceId", "ConfigTypeId", "SourceDtos",
        MergeService.NEW_PROPERTIES, MergeService.DIFFERENT_SOURCE, MergeService.OVERWRITE, "OnlyAddAndUpdate"};

    /** The route table; {@code launcher}: where merges too large for a request's time go (else 413). */
    static Router routes(ExchangeModule m, Services services, Optional<JobLauncher> launcher) {
        Jobs jobs = Jobs.of(services, launcher.orElse(JobLauncher.NONE));
        List<Route> routes = new ArrayList<>();
        routes.add(Route.v1("GET", "/v1/{projectId}/fetchJsonLdImportProfiles").negotiated().role(Role.Viewer,
                call -> Reply.data(summaries(m, call, ProfileFormat.JSON_LD))));
        routes.add(Route.v1("GET", "/v1/{projectId}/fetchJsonSchemaImportProfiles").negotiated().role(Role.Viewer,
                call -> Reply.data(summaries(m, call, ProfileFormat.JSON_SCHEMA))));
        routes.add(Route.v1("POST", "/v1/{projectId}/importProfile")
                .body("Id", "label", "format", "context", "classes", "properties")
                .refuses("builtIn", "only the service's own profiles are built in; a profile you add never is.")
                .role(Role.Admin, call -> {
            ImportProfile profile = ProfileParser.parse(call.request().body().node(), "body");
            m.profiles().add(call.projectId(), profile);
            return Reply.data(profile.describe());
        }));
        routes.add(Route.v1("GET", "/v1/{projectId}/exportJsonLd").negotiated()
                .query("spaceId", "configTypeId", "exportTypes", "exportElements", "exportTaxonomies", "exportDataTypes",
                        "includeSpace", "nodeIds", "graphBased", "useDefaultType").role(Role.Viewer,
                call -> Reply.data(exportJsonLd(m, call))));
        routes.add(Route.v1("GET", "/v1/{projectId}/exportJsonSchema").negotiated()
                .query("spaceId", "configTypeId", "rootNodeId", "useAnchorForRef").role(Role.Viewer, call -> {
            ApiRequest r = call.request();
            return Reply.data(m.operations().exportJsonSchema(call.projectId(), r.queryString("spaceId"),
                    r.requiredQuery("configTypeId"), r.queryString("rootNodeId"), r.queryBool("useAnchorForRef", true)));
        }));
        routes.add(Route.v1("POST", "/v1/{projectId}/mergeJsonLd").query(MERGE_PARAMETERS).body("SourceDtos").role(Role.Admin,
                call -> Reply.data(merge(m, call, new JsonLdFileFormat()))));
        routes.add(Route.v1("POST", "/v1/{projectId}/mergeJsonSchema").query(MERGE_PARAMETERS).body("SourceDtos").role(Role.Admin,
                call -> Reply.data(merge(m, call, new JsonSchemaFileFormat()))));
        routes.add(Route.v1("GET", "/v1/{projectId}/validateJSON").negotiated()
                .query("configTypeId", "jsonString", "spaceId", "rootNodeId").role(Role.Viewer, call -> {
            ApiRequest r = call.request();
            r.queryString("jsonString"); // one value only, as for every single-valued parameter
            String json = r.query().first("jsonString").orElseThrow(() -> ApiProblem.badRequest("query.jsonString",
                    "Query parameter 'jsonString' is required."));
            return Reply.data(m.operations().validate(call.projectId(), r.requiredQuery("configTypeId"), json,
                    r.queryString("spaceId"), r.queryString("rootNodeId")));
        }));
        // the same operation with the document in the body, for documents beyond what a URL carries
        routes.add(Route.v1("POST", "/v1/{projectId}/validateJSON").negotiated()
                .query("configTypeId", "spaceId", "rootNodeId").body("jsonString", "json").role(Role.Viewer, call -> {
            ApiRequest r = call.request();
            return Reply.data(m.operations().validateDocument(call.projectId(), r.requiredQuery("configTypeId"),
                    ValidateBody.document(r.body()), r.queryString("spaceId"), r.queryString("rootNodeId")));
        }));
        routes.add(JobRoutes.v1(jobs));
        Router router = new Router(routes, services.authenticator())
                .withIdempotency(IdempotencyKeys.of(services));
        return launcher.isPresent() ? router.withJobs(jobs) : router;
    }

    private static List<Map<String, Object>> summaries(ExchangeModule m, Call call, ProfileFormat format) {
        return m.profiles().list(call.projectId(), format).stream().map(ImportProfile::summary).toList();
    }

    /** exportTypes defaults to true (the operation schema's default; docs/exchange.md says why). */
    private static String exportJsonLd(ExchangeModule m, Call call) {
        ApiRequest r = call.request();
        String spaceId = r.requiredQuery("spaceId");
        String configTypeId = r.requiredQuery("configTypeId");
        boolean includeSpace = r.queryBool("includeSpace", false);
        Optional<JsonLdExportOptions.SpaceInfo> space = includeSpace
                ? Optional.of(m.spaces().requireSpace(call.projectId(), spaceId, "query.spaceId"))
                : Optional.empty();
        JsonLdExportOptions options = new JsonLdExportOptions(r.queryBool("exportTypes", true),
                r.queryBool("exportElements", false), r.queryBool("exportTaxonomies", false),
                r.queryBool("exportDataTypes", false), r.queryBool("graphBased", true),
                r.queryBool("useDefaultType", false), space, Optional.empty());
        return m.operations().exportJsonLd(call.projectId(), spaceId, configTypeId, r.queryList("nodeIds"), options);
    }

    private static Map<String, Object> merge(ExchangeModule m, Call call, FileFormat format) {
        ApiRequest r = call.request();
        MergeOptions options = new MergeOptions(r.requiredQuery("SpaceId"), r.requiredQuery("ConfigTypeId"),
                SourceParser.parse(r, m.repoRawBaseUrl()), r.queryBool(MergeService.NEW_PROPERTIES, false),
                r.queryBool(MergeService.DIFFERENT_SOURCE, false), r.queryBool(MergeService.OVERWRITE, false),
                r.queryBool("OnlyAddAndUpdate", false));
        return m.merges().merge(call.projectId(), options, format, call.subject(), call.budget());
    }
}
