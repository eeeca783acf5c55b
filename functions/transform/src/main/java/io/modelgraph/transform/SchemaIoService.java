package io.modelgraph.transform;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.api.Reply;
import io.modelgraph.api.TransformFailure;
import io.modelgraph.codec.CodecOptions;
import io.modelgraph.http.Call;
import io.modelgraph.json.Json;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.SchemaModel;
import java.util.List;
import java.util.Optional;

/** schema/import and schema/export: a schema text into the project's graph, and the graph out as a schema. */
public final class SchemaIoService {
    static final String IMPORT_EXPORT_KEYS = "Body must include 'format' and 'schema'.";

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
                conversions.options(f, Conversions.key(format.get())), ledger), format.get());
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
        CodecOptions options = conversions.options(f, key);
        conversions.checkEncodable(key, "format");
        List<String> spaces = f.strings("spaces");
        LossinessLedger ledger = new LossinessLedger();
        SchemaModel model = models.readForExport(call.projectId(), spaces, ledger);
        String text = conversions.encode(key, "format", model, options, ledger);
        ObjectNode payload = Json.object();
        payload.put("schema", text);
        return Reply.transform(payload, ledger.entries());
    }
}
