package io.modelgraph.exchange.jsonschema;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.api.ApiProblem;
import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.SchemaSyntaxException;
import io.modelgraph.codec.jsonschema.DialectUpgrade;
import io.modelgraph.codec.jsonschema.JsonSchemaCodec;
import io.modelgraph.exchange.merge.DecodedFile;
import io.modelgraph.exchange.merge.FileFormat;
import io.modelgraph.exchange.profile.ImportProfile;
import io.modelgraph.exchange.profile.ProfileFormat;
import io.modelgraph.json.Json;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.SchemaModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** mergeJsonSchema's reader: the profile's keyword filter, then the jsonschema codec. */
public final class JsonSchemaFileFormat implements FileFormat {
    private static final JsonSchemaCodec CODEC = new JsonSchemaCodec();

    @Override
    public ProfileFormat profileFormat() {
        return ProfileFormat.JSON_SCHEMA;
    }

    @Override
    public DecodedFile read(String text, String source, String name, String path, ImportProfile profile) {
        JsonNode document;
        try {
            document = Json.parse(text);
        } catch (JsonProcessingException e) {
            throw ApiProblem.badRequest(path, "The file '" + source + "' is not valid JSON"
                    + io.modelgraph.json.Json.problem(e));
        }
        if (document == null || !(document.isObject() || document.isBoolean())) {
            throw ApiProblem.badRequest(path, "The file '" + source + "' is not a JSON Schema (an object or a boolean).");
        }
        // the profile maps 2020-12 keywords, so the document is upgraded first (docs/jsonschema-dialects.md)
        LossinessLedger ledger = new LossinessLedger();
        KeywordFilter.Result filtered = KeywordFilter.apply(DialectUpgrade.upgrade(document, ledger), profile);
        SchemaModel model;
        try {
            model = CODEC.decodeTree(filtered.document(), new CodecOptions(Map.of("name", name)), ledger);
        } catch (SchemaSyntaxException e) {
            throw ApiProblem.badRequest(path, "The file '" + source + "' is not a usable JSON Schema at " + e.path()
                    + ": " + e.getMessage());
        }
        List<io.modelgraph.ledger.LossEntry> losses = new ArrayList<>(filtered.losses());
        losses.addAll(ledger.entries());
        return new DecodedFile(model, filtered.unmapped(), losses);
    }
}
