package io.modelgraph.graphapi;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.api.ApiProblem;
import io.modelgraph.graph.MixinDef;
import io.modelgraph.graph.MixinValue;
import io.modelgraph.graph.store.ItemSize;
import io.modelgraph.http.Body;
import io.modelgraph.http.KnownNames;
import io.modelgraph.json.Json;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A set-mixin-value body ({@code targetNodeId}, {@code mixinId}, {@code mixinColumns: [{Id, value}]}), checked
 * against the project's mixins: unknown mixin or column ids are named. Used by mixinValue and bulkCreate.
 */
final class MixinInput {
    /**
     * DynamoDB items stop at 400 KB of UTF-8; one call's values stay below 300,000 bytes of UTF-8 JSON (CJK text
     * is 3 bytes a character). The whole merged item is checked again by the store (its stored columns count).
     */
    static final int MAX_VALUE_BYTES = 300_000;

    static MixinValue read(Body body, Catalog catalog) {
        KnownNames.requireKnownMembers(body, List.of("targetNodeId", "mixinId", "mixinColumns"));
        String nodeId = Inputs.requiredId(body, "targetNodeId");
        MixinDef def = mixin(body, catalog);
        List<Body> entries = body.objects("mixinColumns");
        if (entries.isEmpty()) {
            throw ApiProblem.badRequest(body.at("mixinColumns"), "'mixinColumns' must list at least one column "
                    + "as {\"Id\": <column id>, \"value\": <JSON value>}.");
        }
        Map<String, JsonNode> columns = new LinkedHashMap<>();
        int size = 0;
        for (Body entry : entries) {
            KnownNames.requireKnownMembers(entry, List.of("Id", "value"));
            String columnId = entry.requiredString("Id");
            if (def.column(columnId).isEmpty()) {
                throw ApiProblem.badRequest(entry.at("Id"), unknownColumn(def, columnId));
            }
            if (columns.containsKey(columnId)) {
                throw ApiProblem.badRequest(entry.at("Id"), "Column '" + columnId + "' is listed twice.");
            }
            JsonNode value = Inputs.rawMember(entry, "value").orElseThrow(() -> ApiProblem.badRequest(entry.at("value"),
                    "'value' is required (any JSON value; null is a value)."));
            MixinValueCheck.check(def, def.column(columnId).get(), value, entry.at("value"));
            size += ItemSize.utf8(Json.write(value));
            columns.put(columnId, value);
        }
        if (size > MAX_VALUE_BYTES) {
            throw ApiProblem.tooLarge(body.at("mixinColumns"), "The column values total " + size
                    + " bytes of JSON (UTF-8); the limit is " + MAX_VALUE_BYTES + ".");
        }
        MixinValueCheck.checkBounds(def, columns, body.at("mixinColumns"));
        return new MixinValue(nodeId, def.id(), columns);
    }

    static MixinDef mixin(Body body, Catalog catalog) {
        String mixinId = body.requiredString("mixinId");
        return catalog.mixin(mixinId).orElseThrow(() -> ApiProblem.badRequest(body.at("mixinId"), "Unknown mixin '"
                + Inputs.abbreviate(mixinId) + "'; GET mixinsInfo lists the project's mixins."));
    }

    static String unknownColumn(MixinDef def, String columnId) {
        return "Mixin '" + def.id() + "' has no column '" + Inputs.abbreviate(columnId) + "'; its columns are "
                + def.columns().stream().map(c -> c.id()).toList() + ".";
    }

    private MixinInput() {
    }
}
