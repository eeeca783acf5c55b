package io.modelgraph.transform.ai;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.api.ErrorEntry;
import io.modelgraph.api.TransformFailure;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.transform.plan.DataTypeSpec;
import io.modelgraph.transform.plan.Plan;
import io.modelgraph.transform.plan.PlanEngine;
import io.modelgraph.transform.plan.PlanJson;
import io.modelgraph.transform.plan.PlanOp;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The {@code ai} mapping kind: asks the provider for plan operations that map the source model onto the
 * target, then keeps only what the plan reader and the gate accept. Each operation is read strictly on its
 * own and then gated together with the operations kept before it; one that fails either is dropped with a
 * {@code StructuralDrop} at {@code ai.operations[i]} (i: its index in the provider's answer) and the rest go
 * on. The returned plan passes the gate as a whole, so plan/execute replays it without the provider.
 */
public final class AiPlanner {
    /** Where refusals and provider failures are reported. */
    static final String PATH = "mapping.kind";
    static final String ANSWER_PATH = "ai";

    private final ChatProvider provider;
    private final int maxPromptChars;

    public AiPlanner(ChatProvider provider, int maxPromptChars) {
        this.provider = provider;
        this.maxPromptChars = maxPromptChars;
    }

    public ChatProvider provider() {
        return provider;
    }

    public Plan plan(SchemaModel source, SchemaModel target, LossinessLedger ledger) {
        String system = systemPrompt();
        String user = userPrompt(source, target);
        int size = system.length() + user.length();
        if (size > maxPromptChars) {
            throw new TransformFailure(413, List.of(new ErrorEntry("sourceSchema", "The 'ai' mapping would send "
                    + size + " characters to the AI model provider; this server sends at most " + maxPromptChars
                    + ". Map a smaller schema, or use 'inferred' or 'explicit'.")), ledger.entries());
        }
        String answer;
        try {
            answer = provider.complete(system, user);
        } catch (ProviderFailure failure) {
            int status = failure.timeout() ? 504 : 502;
            throw new TransformFailure(status, List.of(new ErrorEntry(PATH, "The AI model provider, "
                    + provider.describe() + ", " + failure.getMessage() + "; nothing was mapped.")), ledger.entries());
        }
        JsonNode operations = PlanAnswer.operations(answer).orElseThrow(() -> new TransformFailure(502,
                List.of(new ErrorEntry(PATH, "The AI model provider's answer held no plan JSON {\"operations\":"
                        + " [...]}; nothing was mapped.")), ledger.entries()));
        return keepWhatPasses(operations, source, ledger);
    }

    /** Reads and gates the answer's operations one by one (see the class comment). */
    static Plan keepWhatPasses(JsonNode operations, SchemaModel source, LossinessLedger ledger) {
        List<PlanOp> kept = new ArrayList<>();
        for (int i = 0; i < operations.size(); i++) {
            String path = ANSWER_PATH + ".operations[" + i + "]";
            List<ErrorEntry> errors = new ArrayList<>();
            Optional<PlanOp> op = PlanJson.readOperation(operations.get(i), path, errors);
            if (op.isEmpty()) {
                ledger.drop(path, "Dropped the provider's operation: " + messages(errors));
                continue;
            }
            List<PlanOp> trial = new ArrayList<>(kept);
            trial.add(op.get());
            List<ErrorEntry> gate = PlanEngine.gate(new Plan(trial), source, "plan");
            if (!gate.isEmpty()) {
                ledger.drop(path, "Dropped the provider's operation " + op.get().op() + ": the gate refused it: "
                        + messages(gate));
                continue;
            }
            kept.add(op.get());
        }
        return new Plan(kept);
    }

    private static String messages(List<ErrorEntry> errors) {
        return errors.stream().map(ErrorEntry::message).collect(Collectors.joining(" "));
    }

    static String systemPrompt() {
        StringBuilder s = new StringBuilder();
        s.append("You map a source data model onto a target data model. Both are given as JSON: types with")
                .append(" elements (name, dataType, cardinality), and taxonomies with their term codes.\n")
                .append("Answer with a mapping plan as JSON and nothing else: {\"operations\": [ ... ]}.\n")
                .append("Each operation is an object with \"op\" and exactly the keys listed, all strings:\n");
        for (Map.Entry<String, List<String>> e : PlanJson.operationKeys().entrySet()) {
            s.append("- ").append(e.getKey()).append(": ").append(e.getValue().stream()
                    .map(k -> k.endsWith("?") ? k.substring(0, k.length() - 1) + " (optional)" : k)
                    .collect(Collectors.joining(", "))).append('\n');
        }
        s.append("Meaning: renameType/mapType give a source type the target's name (mapType merges into a type of")
                .append(" that name if one exists); renameElement/mapElement do the same for an element within")
                .append(" its type; setDataType sets an element's dataType to one of: ").append(DataTypeSpec.allowed())
                .append("; dropElement and dropType remove source parts the target has no place for; addMapsTo sets")
                .append(" the mapsTo IRI of a type or element.\n")
                .append("Operations apply in order to the source model; each names the source as the earlier")
                .append(" operations left it. Name only types and elements that exist. Propose only what the target")
                .append(" model supports; leave unmatched parts alone.\n");
        return s.toString();
    }

    static String userPrompt(SchemaModel source, SchemaModel target) {
        return "Source model:\n" + CompactModel.write(source) + "\nTarget model:\n" + CompactModel.write(target)
                + "\nThe plan JSON:";
    }
}
