package io.modelgraph.transform;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.api.ErrorEntry;
import io.modelgraph.api.TransformFailure;
import io.modelgraph.compat.Change;
import io.modelgraph.compat.CompareOptions;
import io.modelgraph.compat.CompareReport;
import io.modelgraph.compat.Compatibility;
import io.modelgraph.compat.ConsumerVerdict;
import io.modelgraph.compat.Finding;
import io.modelgraph.compat.Mode;
import io.modelgraph.compat.UndeclaredProperties;
import io.modelgraph.http.Call;
import io.modelgraph.api.Reply;
import io.modelgraph.json.Json;
import io.modelgraph.ledger.LossEntry;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.SchemaModel;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * schema/compare: a base and a candidate (each a schema in a decode format, or the project's governed model), a
 * mode and the consumer formats; answers each consumer's verdict and findings, the changelog and what each decode
 * lost (docs/compare.md, docs/transform.md). Reads only.
 */
public final class CompareService {
    static final String COMPARE_KEYS = "Body must include 'base' and 'candidate'.";
    /** The REDCap data dictionary is a consumer too (the capture connector), though not a codec format. */
    static final String REDCAP = "redcap";
    static final String UNDECLARED = "undeclaredProperties";

    private final Conversions conversions;
    private final ProjectModels models;

    public CompareService(Conversions conversions, ProjectModels models) {
        this.conversions = conversions;
        this.models = models;
    }

    /** One side as read: its model, the format it came in (or {@code project}), what its decode lost. */
    record Side(SchemaModel model, String format, List<LossEntry> lossiness) {
    }

    public Reply compare(Call call) {
        Fields f = Fields.of(call);
        if (f.empty() || f.node("base").isEmpty() || f.node("candidate").isEmpty()) {
            throw TransformFailure.of("request", COMPARE_KEYS);
        }
        Mode mode = f.string("mode").map(m -> Mode.parse(m).orElseThrow(() -> TransformFailure.of("mode",
                "Unknown mode '" + m + "'. Use: BACKWARD, FORWARD, FULL, NONE."))).orElse(Mode.BACKWARD);
        List<String> consumers = consumers(f);
        CompareOptions options = options(f);
        Side base = side(call, f.node("base").get(), "base");
        Side candidate = side(call, f.node("candidate").get(), "candidate");
        List<String> keys = consumers.isEmpty() ? List.of(candidate.format().equals("project")
                ? candidate.model().provenance().format() : candidate.format()).stream().filter(k -> !k.isEmpty())
                .toList() : consumers;
        CompareReport report = Compatibility.compare(base.model(), candidate.model(), mode, keys, options);
        ObjectNode payload = Json.object();
        payload.put("mode", report.mode().name());
        payload.putObject("options").put(UNDECLARED, report.options().undeclaredProperties().key());
        payload.put("compatible", report.compatible());
        payload.set("verdicts", verdicts(report));
        payload.set("changelog", changelog(report));
        ObjectNode decodes = payload.putObject("decodes");
        decodes.set("base", decodeJson(base));
        decodes.set("candidate", decodeJson(candidate));
        List<LossEntry> all = new ArrayList<>();
        base.lossiness().forEach(e -> all.add(new LossEntry(e.kind(), "base:" + e.path(), e.explanation())));
        candidate.lossiness().forEach(e -> all.add(new LossEntry(e.kind(), "candidate:" + e.path(),
                e.explanation())));
        return Reply.transform(payload, all);
    }

    /**
     * How the comparison reads what the schemas leave open: {@code undeclaredProperties}, what a writer's open
     * content model may carry under names it does not declare (docs/compare.md "Open content models").
     */
    private static CompareOptions options(Fields f) {
        CompareOptions.Builder options = CompareOptions.builder();
        f.string(UNDECLARED).ifPresent(text -> options.undeclaredProperties(UndeclaredProperties.parse(text)
                .orElseThrow(() -> TransformFailure.of(UNDECLARED, "Unknown " + UNDECLARED + " '" + text
                        + "'. Use: " + String.join(", ", UndeclaredProperties.keys()) + "."))));
        return options.build();
    }

    /** The consumer keys: encode formats of this build, or {@code redcap}; each once, lower case. */
    private List<String> consumers(Fields f) {
        Set<String> out = new LinkedHashSet<>();
        List<String> given = f.strings("consumers");
        for (int i = 0; i < given.size(); i++) {
            String key = Conversions.key(given.get(i));
            if (!key.equals(REDCAP) && !conversions.registry().canEncode(key)) {
                throw TransformFailure.of("consumers[" + i + "]", "Unknown consumer format '" + given.get(i).trim()
                        + "'. Use: " + String.join(", ", consumerKeys()) + ".");
            }
            out.add(key);
        }
        return List.copyOf(out);
    }

    private List<String> consumerKeys() {
        List<String> keys = new ArrayList<>(conversions.registry().encodeFormats());
        keys.add(REDCAP);
        return keys;
    }

    private Side side(Call call, JsonNode node, String member) {
        if (!node.isObject()) {
            throw TransformFailure.of(member, "'" + member + "' must be an object ({\"format\", \"schema\"} or"
                    + " {\"source\": \"project\"}), got " + Fields.describe(node) + ".");
        }
        Optional<JsonNode> source = member(node, "source");
        if (source.isPresent()) {
            if (!source.get().isTextual() || !source.get().asText().trim().equalsIgnoreCase("project")) {
                throw TransformFailure.of(member + ".source", "'" + member + ".source' must be \"project\" (the"
                        + " project's governed model), got " + Fields.describe(source.get()) + ".");
            }
            onlyMembers(node, member, "source", "space");
            List<String> spaces = List.of();
            Optional<JsonNode> space = member(node, "space");
            if (space.isPresent()) {
                if (!space.get().isTextual() || space.get().asText().isBlank()) {
                    throw TransformFailure.of(member + ".space", "'" + member + ".space' must be a space name, got "
                            + Fields.describe(space.get()) + ".");
                }
                spaces = List.of(space.get().asText());
            }
            return new Side(models.read(call.projectId(), spaces), "project", List.of());
        }
        Optional<JsonNode> format = member(node, "format");
        Optional<JsonNode> schema = member(node, "schema");
        if (format.isEmpty() || schema.isEmpty()) {
            throw TransformFailure.of(member, "'" + member + "' must include 'format' and 'schema', or 'source':"
                    + " \"project\".");
        }
        if (!format.get().isTextual() || format.get().asText().isBlank()) {
            throw TransformFailure.of(member + ".format", "'" + member + ".format' must be a format key, got "
                    + Fields.describe(format.get()) + ".");
        }
        String text = schema.get().isTextual() ? schema.get().asText() : Json.write(schema.get());
        if (text.isBlank()) {
            throw TransformFailure.of(member + ".schema", "'" + member + ".schema' must not be empty.");
        }
        String key = Conversions.key(format.get().asText());
        onlyMembers(node, member, "format", "schema");
        LossinessLedger ledger = new LossinessLedger();
        try {
            SchemaModel model = Conversions.stamp(conversions.decode(format.get().asText(), member + ".format", text,
                    io.modelgraph.codec.CodecOptions.NONE, ledger), key);
            return new Side(model, key, ledger.entries());
        } catch (TransformFailure failure) {
            throw located(failure, member);
        }
    }

    /** Refuses a member the side does not read (a typo would otherwise be ignored). */
    private static void onlyMembers(JsonNode node, String member, String... names) {
        List<String> allowed = List.of(names);
        for (java.util.Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String name = it.next();
            if (!allowed.contains(name.toLowerCase(Locale.ROOT))) {
                throw TransformFailure.of(member + "." + name, "'" + member + "' reads " + String.join(" and ",
                        allowed.stream().map(n -> "'" + n + "'").toList()) + "; '" + name + "' is not one of them.");
            }
        }
    }

    /** A decode failure of one side, its paths placed under that side's {@code schema} member. */
    private static TransformFailure located(TransformFailure failure, String member) {
        List<ErrorEntry> errors = new ArrayList<>();
        for (ErrorEntry e : failure.errors()) {
            String path = e.path();
            String placed = path.startsWith(member + ".") ? path : path.startsWith("$") ? member + ".schema"
                    + path.substring(1) : member + ".schema: " + path;
            errors.add(new ErrorEntry(placed, e.message()));
        }
        return new TransformFailure(failure.status(), errors, failure.lossiness());
    }

    private static Optional<JsonNode> member(JsonNode node, String name) {
        for (java.util.Iterator<java.util.Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            var e = it.next();
            if (e.getKey().equalsIgnoreCase(name) && !e.getValue().isNull()) {
                return Optional.of(e.getValue());
            }
        }
        return Optional.empty();
    }

    private static ArrayNode verdicts(CompareReport report) {
        ArrayNode out = Json.array();
        for (ConsumerVerdict v : report.verdicts()) {
            ObjectNode o = out.addObject();
            o.put("consumer", v.consumer());
            o.put("compatible", v.compatible());
            ArrayNode findings = o.putArray("findings");
            for (Finding fd : v.findings()) {
                findings.addObject().put("rule", fd.rule()).put("severity", fd.severity().name())
                        .put("basePath", fd.basePath()).put("candidatePath", fd.candidatePath())
                        .put("message", fd.message());
            }
        }
        return out;
    }

    private static ArrayNode changelog(CompareReport report) {
        ArrayNode out = Json.array();
        for (Change c : report.changelog()) {
            out.addObject().put("kind", c.kind().name()).put("basePath", c.basePath())
                    .put("candidatePath", c.candidatePath()).put("detail", c.detail());
        }
        return out;
    }

    private static ObjectNode decodeJson(Side side) {
        ObjectNode o = Json.object();
        o.put("format", side.format());
        ArrayNode lossiness = o.putArray("lossiness");
        for (LossEntry e : side.lossiness()) {
            lossiness.addObject().put("kind", e.kind().name()).put("path", e.path())
                    .put("explanation", e.explanation());
        }
        return o;
    }
}
