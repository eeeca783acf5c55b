package io.modelgraph.transform;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.api.ErrorEntry;
import io.modelgraph.api.Reply;
import io.modelgraph.api.TransformFailure;
import io.modelgraph.auth.Role;
import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.ParseDeadline;
import io.modelgraph.codec.SchemaSyntaxException;
import io.modelgraph.codec.odm.OdmBundle;
import io.modelgraph.codec.odm.OdmConverter;
import io.modelgraph.codec.odm.OdmEntity;
import io.modelgraph.http.Call;
import io.modelgraph.json.Json;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.SchemaModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** odm/convert (stateless Markdown → JSON Schema 2020-12) and odm/import (Markdown → project graph, with dry run). */
public final class OdmService {
    static final String ENTITIES_REQUIRED = "Body must include 'entities' - one or more { name, markdown } ODM entity"
            + " documents.";
    static final String MARKDOWN_REQUIRED = "Body must include 'markdown'.";

    private final OdmConverter converter;
    private final Conversions conversions;
    private final ProjectModels models;

    public OdmService(OdmConverter converter, Conversions conversions, ProjectModels models) {
        this.converter = converter;
        this.conversions = conversions;
        this.models = models;
    }

    public Reply convert(Call call) {
        Fields f = Fields.of(call);
        Optional<JsonNode> node = f.empty() ? Optional.empty() : f.node("entities");
        if (node.isEmpty() || !node.get().isArray() || node.get().isEmpty()) {
            throw TransformFailure.of(f.empty() ? "request" : "entities", ENTITIES_REQUIRED);
        }
        List<OdmEntity> entities = new ArrayList<>();
        for (int i = 0; i < node.get().size(); i++) {
            JsonNode item = node.get().get(i);
            String at = "entities[" + i + "]";
            if (!item.isObject()) {
                throw TransformFailure.of(at, "Each entity is an object { name, markdown }, got " + Fields.describe(item)
                        + ".");
            }
            io.modelgraph.http.KnownNames.requireKnownMembers(new io.modelgraph.http.Body(item, at),
                    List.of("name", "markdown"));
            JsonNode markdown = member(item, "markdown");
            JsonNode name = member(item, "name");
            if (markdown == null || !markdown.isTextual()) {
                throw TransformFailure.of(at + ".markdown", "'markdown' is required: the entity document text.");
            }
            if (name != null && !name.isTextual()) {
                throw TransformFailure.of(at + ".name", "'name' must be a string.");
            }
            entities.add(new OdmEntity(name == null ? "" : name.asText(), markdown.asText()));
        }
        // a conversion still running after the deadline writes to this ledger, so it is read only on success
        LossinessLedger ledger = new LossinessLedger();
        ObjectNode payload = Json.object();
        ParseDeadline deadline = conversions.parseDeadline();
        if (entities.size() == 1) {
            try {
                payload.set("schema", deadline.run(() -> converter.convert(entities.get(0), ledger)));
            } catch (SchemaSyntaxException e) {
                throw new TransformFailure(400, List.of(new ErrorEntry(e.path(),
                        "Could not parse the 'odm' schema: " + e.getMessage())), ledger.entries());
            } catch (ParseDeadline.Exceeded e) {
                throw tooSlow(deadline);
            }
            return Reply.transform(payload, ledger.entries());
        }
        OdmBundle bundle;
        try {
            bundle = deadline.run(() -> converter.convertAll(entities, ledger));
        } catch (ParseDeadline.Exceeded e) {
            throw tooSlow(deadline);
        }
        if (bundle.converted() == 0) {
            throw new TransformFailure(400, List.of(new ErrorEntry("entities", "None of the " + entities.size()
                    + " entity documents could be converted; see lossiness.")), ledger.entries());
        }
        payload.set("schemas", bundle.schemas());
        return Reply.transform(payload, ledger.entries());
    }

    /**
     * The entities were still being read when the deadline passed: 413 naming the limit, and no lossiness, since
     * the ledger of a conversion that is still running is not read.
     */
    private static TransformFailure tooSlow(ParseDeadline deadline) {
        return new TransformFailure(413, List.of(new ErrorEntry("entities", "Could not convert the ODM entities "
                + "within the decode time limit of " + deadline.millis() + " ms; nothing was done. Send fewer or "
                + "smaller entity documents per call.")), List.of());
    }

    private static JsonNode member(JsonNode object, String name) {
        JsonNode exact = object.get(name);
        if (exact != null) {
            return exact.isNull() ? null : exact;
        }
        var it = object.fields();
        while (it.hasNext()) {
            var e = it.next();
            if (e.getKey().equalsIgnoreCase(name)) {
                return e.getValue().isNull() ? null : e.getValue();
            }
        }
        return null;
    }

    public Reply importOdm(Call call) {
        Fields f = Fields.of(call);
        Optional<String> markdown = f.empty() ? Optional.empty() : f.nonBlank("markdown");
        if (markdown.isEmpty()) {
            throw TransformFailure.of("request", MARKDOWN_REQUIRED);
        }
        boolean dryRun = f.bool("dryRun", false);
        List<String> spaces = f.strings("spaces");
        if (!dryRun) {
            call.require(Role.Admin);
        }
        LossinessLedger ledger = new LossinessLedger();
        SchemaModel model = Conversions.stamp(conversions.decode("odm", "format", markdown.get(), CodecOptions.NONE,
                ledger), "odm");
        ObjectNode payload = Json.object();
        // the dry run plans the same write (spaces checked, changes counted) without applying it
        ProjectModels.WriteSummary changes = dryRun ? models.preview(call.projectId(), spaces, model, ledger)
                : models.write(call.projectId(), spaces, model, call.subject(), ledger, call.budget());
        if (!dryRun) {
            payload.put("projectId", call.projectId());
        }
        payload.put("dryRun", dryRun);
        ObjectNode summary = payload.putObject("summary");
        summary.put("types", model.types().size());
        summary.put("elements", model.elementCount());
        summary.put("taxonomies", model.taxonomies().size());
        payload.set("changes", MappingService.changesJson(changes));
        return Reply.transform(payload, ledger.entries());
    }
}
