package io.modelgraph.transform;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.api.Reply;
import io.modelgraph.api.TransformFailure;
import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.CodecRegistry;
import io.modelgraph.http.Call;
import io.modelgraph.json.Json;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.SchemaModel;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** schema/import and schema/export: a schema text into the project's graph, and the graph out as a schema. */
public final class SchemaIoService {
    static final String IMPORT_EXPORT_KEYS = "Body must include 'format' and 'schema'.";
    /** Option keys of synapse output (docs/transform.md "Synapse options"). */
    public static final List<String> SYNAPSE_KEYS = List.of("synapseOrganization", "synapseSchemaName",
            "synapseSchemaVersion");

    private final Conversions conversions;
    private final ProjectModels models;

    public SchemaIoService(Conversions conversions, ProjectModels models) {
        this.conversions = conversions;
        this.models = models;
    }

    public Reply importSchema(Call call) {
        Fields f = Fields.of(call);
        Optional<String> format = f.empty() ? Optional.empty() : f.nonBlank("format");
        Optional<String> schema = f.empty() ? Optional.empty() : f.schemaText("schema");
        if (format.isEmpty() || schema.isEmpty()) {
            throw TransformFailure.of("request", IMPORT_EXPORT_KEYS);
        }
        List<String> spaces = f.strings("spaces");
        conversions.checkDecodable(format.get(), "format");
        LossinessLedger ledger = new LossinessLedger();
        // sql reads an optional vendor as the input's dialect (T-SQL '#' names, MySQL '#' comments)
        SchemaModel model = Conversions.stamp(conversions.decode(format.get(), "format", schema.get(),
                options(f, Conversions.key(format.get())), ledger), format.get());
        ProjectModels.WriteSummary written = models.write(call.projectId(), spaces, model, call.subject(), ledger,
                call.budget());
        ObjectNode payload = Json.object();
        payload.put("projectId", call.projectId());
        // what was read and what it changed, as odm/import and mapImport answer
        ObjectNode summary = payload.putObject("summary");
        summary.put("types", model.types().size());
        summary.put("elements", model.elementCount());
        summary.put("taxonomies", model.taxonomies().size());
        payload.set("changes", MappingService.changesJson(written));
        return Reply.transform(payload, ledger.entries());
    }

    public Reply exportSchema(Call call) {
        Fields f = Fields.of(call);
        Optional<String> format = f.empty() ? Optional.empty() : f.nonBlank("format");
        if (format.isEmpty()) {
            throw TransformFailure.of("request", IMPORT_EXPORT_KEYS);
        }
        String key = Conversions.key(format.get());
        // options are checked before codec availability, so a bad synapse key is named even in a build without it
        CodecOptions options = CodecRegistry.ENCODE_SET.contains(key) ? options(f, key) : CodecOptions.NONE;
        conversions.checkEncodable(key, "format");
        List<String> spaces = f.strings("spaces");
        LossinessLedger ledger = new LossinessLedger();
        SchemaModel model = models.readForExport(call.projectId(), spaces, ledger);
        String text = conversions.encode(key, "format", model, options, ledger);
        ObjectNode payload = Json.object();
        payload.put("schema", text);
        return Reply.transform(payload, ledger.entries());
    }

    /**
     * {@code vendor} for sql (the output dialect; on import, the input's) and the {@code synapse*} keys for synapse output become codec options;
     * for other formats they do not apply and are ignored. An unknown {@code synapse*} key is refused.
     */
    static CodecOptions options(Fields f, String format) {
        Map<String, String> values = new LinkedHashMap<>();
        if (format.equals("sql")) {
            f.nonBlank("vendor").ifPresent(v -> values.put("vendor", v.trim().toLowerCase(Locale.ROOT)));
        }
        if (format.equals("synapse")) {
            Iterator<Map.Entry<String, JsonNode>> fields = f.body().node().fields();
            while (fields.hasNext()) {
                var field = fields.next();
                String name = field.getKey();
                if (!name.toLowerCase(Locale.ROOT).startsWith("synapse")) {
                    continue;
                }
                String canonical = SYNAPSE_KEYS.stream().filter(k -> k.equalsIgnoreCase(name)).findFirst()
                        .orElseThrow(() -> TransformFailure.of(name, "Unknown synapse option '" + name + "'. Use: "
                                + String.join(", ", SYNAPSE_KEYS) + "."));
                if (!field.getValue().isTextual() || field.getValue().asText().isBlank()) {
                    throw TransformFailure.of(name, "'" + canonical + "' must be a non-empty string.");
                }
                values.put(canonical, field.getValue().asText());
            }
        }
        return new CodecOptions(values);
    }
}
