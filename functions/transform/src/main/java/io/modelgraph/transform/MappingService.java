package io.modelgraph.transform;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.api.ErrorEntry;
import io.modelgraph.api.Reply;
import io.modelgraph.api.TransformFailure;
import io.modelgraph.auth.Role;
import io.modelgraph.codec.CodecOptions;
import io.modelgraph.http.Call;
import io.modelgraph.json.Json;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.transform.ai.AiPlanner;
import io.modelgraph.transform.map.InferredPlanner;
import io.modelgraph.transform.map.MappingGuide;
import io.modelgraph.transform.plan.Plan;
import io.modelgraph.transform.plan.PlanEngine;
import io.modelgraph.transform.plan.PlanJson;
import java.util.List;
import java.util.Optional;

/**
 * schema/map, schema/mapImport and plan/execute. The ledger is one list filled in stage order: decode,
 * plan, gate, execute, encode (the gate either passes silently or fails the call).
 */
public final class MappingService {
    static final String MAP_KEYS = "Body must include 'sourceFormat' and 'sourceSchema'.";
    static final String EXECUTE_KEYS = "Body must include 'sourceFormat', 'sourceSchema' and 'plan'.";
    static final String AI_NOT_CONFIGURED = "The 'ai' mapping kind is not configured on this server: no AI model"
            + " provider is set (AI_PROVIDER). Use 'inferred' or 'explicit'.";

    private final Conversions conversions;
    private final ProjectModels models;
    private final Optional<AiPlanner> ai;

    /** {@code ai} empty: the ai kind is declined (501) on this server. */
    public MappingService(Conversions conversions, ProjectModels models, Optional<AiPlanner> ai) {
        this.conversions = conversions;
        this.models = models;
        this.ai = ai;
    }

    private record Source(String format, String schema) {
    }

    private static Source source(Fields f, String message) {
        Optional<String> format = f.empty() ? Optional.empty() : f.nonBlank("sourceFormat");
        Optional<String> schema = f.empty() ? Optional.empty() : f.schemaText("sourceSchema");
        if (format.isEmpty() || schema.isEmpty()) {
            throw TransformFailure.of("request", message);
        }
        return new Source(format.get(), schema.get());
    }

    private static String targetFormat(Fields f) {
        return f.nonBlank("targetFormat").orElseThrow(() -> TransformFailure.of("targetFormat",
                "'targetFormat' is required: the format key of the output."));
    }

    /** The ai kind needs Editor (checked first: a Viewer learns nothing of the server's setup), then a provider. */
    private AiPlanner requireAi(Call call) {
        call.require(Role.Editor);
        return ai.orElseThrow(() -> new TransformFailure(501, List.of(new ErrorEntry("mapping.kind",
                AI_NOT_CONFIGURED)), List.of()));
    }

    // ---- schema/map ----------------------------------------------------------------------------

    public Reply map(Call call) {
        Fields f = Fields.of(call);
        Source src = source(f, MAP_KEYS);
        boolean useProject = f.bool("useProjectAsTargetHint", false);
        Optional<String> hintFormat = f.nonBlank("targetHintFormat");
        Optional<String> hintSchema = f.schemaText("targetHintSchema");
        boolean hinted = useProject || hintFormat.isPresent() || hintSchema.isPresent();
        MappingSpec spec = MappingSpec.read(f, hinted ? MappingSpec.INFERRED_DEFAULT
                : MappingSpec.PLAIN);
        Optional<AiPlanner> planner = spec.kind().equals(MappingSpec.AI) ? Optional.of(requireAi(call))
                : Optional.empty();
        String target = targetFormat(f);
        conversions.checkDecodable(src.format(), "sourceFormat");
        conversions.checkEncodable(target, "targetFormat");
        List<String> spaces = f.strings("spaces");

        LossinessLedger ledger = new LossinessLedger();
        SchemaModel source = conversions.decode(src.format(), "sourceFormat", src.schema(), CodecOptions.NONE, ledger);
        Plan plan;
        if (spec.kind().equals(MappingSpec.EXPLICIT)) {
            plan = explicitPlan(spec, source, ledger);
        } else {
            SchemaModel hint;
            if (useProject) {
                if (hintFormat.isPresent() || hintSchema.isPresent()) {
                    throw new TransformFailure(400, List.of(new ErrorEntry("useProjectAsTargetHint", "Give either an"
                            + " inline target hint or 'useProjectAsTargetHint', not both.")), ledger.entries());
                }
                hint = models.read(call.projectId(), spaces);
            } else {
                if (hintSchema.isEmpty()) {
                    throw new TransformFailure(400, List.of(new ErrorEntry("targetHintSchema", "The " + spec.kind()
                            + " mapping needs a target hint: 'targetHintFormat' and 'targetHintSchema', or"
                            + " 'useProjectAsTargetHint': true. For a plain conversion without renaming, leave"
                            + " out 'mapping'.")), ledger.entries());
                }
                if (hintFormat.isEmpty()) {
                    throw new TransformFailure(400, List.of(new ErrorEntry("targetHintFormat", "'targetHintFormat' is"
                            + " required with 'targetHintSchema'.")), ledger.entries());
                }
                // the hint only lends names and types: what its own decoding loses is not part of this call's ledger
                hint = conversions.decode(hintFormat.get(), "targetHintFormat", hintSchema.get(), CodecOptions.NONE,
                        new LossinessLedger());
            }
            plan = planner.isPresent() ? planner.get().plan(source, hint, ledger)
                    : InferredPlanner.plan(source, hint, spec.caseInsensitive(), ledger);
        }
        SchemaModel mapped = gateAndExecute(plan, source, ledger);
        String text = conversions.encode(target, "targetFormat", mapped, conversions.options(f,
                Conversions.key(target)), ledger);
        ObjectNode payload = Json.object();
        payload.put("schema", text);
        payload.set("plan", PlanJson.toJson(plan));
        return Reply.transform(payload, ledger.entries());
    }

    private static Plan explicitPlan(MappingSpec spec, SchemaModel source, LossinessLedger ledger) {
        try {
            return MappingGuide.plan(spec.guide().orElseThrow(), "mapping.guide", source);
        } catch (TransformFailure failure) {
            throw new TransformFailure(failure.status(), failure.errors(), ledger.entries());
        }
    }

    private static SchemaModel gateAndExecute(Plan plan, SchemaModel source, LossinessLedger ledger) {
        PlanEngine.requirePasses(plan, source, "plan", ledger.entries());
        return PlanEngine.execute(plan, source, ledger, "plan");
    }

    // ---- plan/execute ------------------------------------------------------------------------

    public Reply execute(Call call) {
        Fields f = Fields.of(call);
        Source src = source(f, EXECUTE_KEYS);
        Optional<JsonNode> planNode = f.node("plan");
        if (planNode.isEmpty()) {
            throw TransformFailure.of("request", EXECUTE_KEYS);
        }
        // the API's form of the plan is a string; schema/map answers it as an object, which is accepted as-is
        if (!planNode.get().isTextual() && !planNode.get().isObject()) {
            throw TransformFailure.of("plan", "'plan' must be the plan as an object (as schema/map answers it) or "
                    + "a string holding the plan JSON, got " + Fields.describe(planNode.get()) + ".");
        }
        String target = targetFormat(f);
        conversions.checkDecodable(src.format(), "sourceFormat");
        conversions.checkEncodable(target, "targetFormat");
        Plan plan = planNode.get().isObject() ? PlanJson.read(planNode.get(), "plan")
                : PlanJson.parse(planNode.get().asText(), "plan");
        LossinessLedger ledger = new LossinessLedger();
        SchemaModel source = conversions.decode(src.format(), "sourceFormat", src.schema(), CodecOptions.NONE, ledger);
        SchemaModel mapped = gateAndExecute(plan, source, ledger);
        String text = conversions.encode(target, "targetFormat", mapped, conversions.options(f,
                Conversions.key(target)), ledger);
        ObjectNode payload = Json.object();
        payload.put("schema", text);
        return Reply.transform(payload, ledger.entries());
    }

    // ---- schema/mapImport ----------------------------------------------------------------------

    public Reply mapImport(Call call) {
        Fields f = Fields.of(call);
        Source src = source(f, MAP_KEYS);
        MappingSpec spec = MappingSpec.read(f);
        boolean dryRun = f.bool("dryRun", false);
        List<String> spaces = f.strings("spaces");
        if (!dryRun) {
            call.require(Role.Admin);
        }
        Optional<AiPlanner> planner = spec.kind().equals(MappingSpec.AI) ? Optional.of(requireAi(call))
                : Optional.empty();
        conversions.checkDecodable(src.format(), "sourceFormat");
        LossinessLedger ledger = new LossinessLedger();
        SchemaModel source = Conversions.stamp(conversions.decode(src.format(), "sourceFormat", src.schema(),
                CodecOptions.NONE, ledger), src.format());
        SchemaModel project = models.read(call.projectId(), spaces);
        Plan plan = spec.kind().equals(MappingSpec.EXPLICIT) ? explicitPlan(spec, source, ledger)
                : planner.isPresent() ? planner.get().plan(source, project, ledger)
                : InferredPlanner.plan(source, project, spec.caseInsensitive(), ledger);
        SchemaModel mapped = gateAndExecute(plan, source, ledger);
        Overlay.Result merged = Overlay.onto(project, mapped);
        ProjectModels.WriteSummary changes = dryRun ? models.preview(call.projectId(), spaces, merged.model(), ledger)
                : models.write(call.projectId(), spaces, merged.model(), call.subject(), ledger,
                call.budget());
        ObjectNode payload = Json.object();
        if (!dryRun) {
            payload.put("projectId", call.projectId());
        }
        payload.put("dryRun", dryRun);
        ObjectNode summary = payload.putObject("summary");
        summary.put("types", merged.addedTypes());
        summary.put("elements", merged.addedElements());
        summary.put("taxonomies", merged.addedTaxonomies());
        summary.put("matchedTypes", merged.matchedTypes());
        summary.put("matchedElements", merged.matchedElements());
        payload.set("changes", changesJson(changes));
        payload.set("plan", PlanJson.toJson(plan));
        return Reply.transform(payload, ledger.entries());
    }

    static ObjectNode changesJson(ProjectModels.WriteSummary s) {
        ObjectNode o = Json.object();
        o.put("nodes", s.nodes());
        o.put("relations", s.relations());
        o.put("mixinValues", s.mixinValues());
        o.put("removedNodes", s.removedNodes());
        o.put("removedRelations", s.removedRelations());
        return o;
    }
}
