package io.modelgraph.codec.osi;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.SchemaDecoder;
import io.modelgraph.codec.SchemaEncoder;
import io.modelgraph.codec.SchemaSyntaxException;
import io.modelgraph.codec.jsonschema.JsonSchemaText;
import io.modelgraph.codec.yaml.SafeYaml;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.SchemaModel;

/**
 * Open Semantic Interchange (Apache Ossie) semantic models: {@code osi} reads and writes YAML, {@code osi-json}
 * JSON; the document is otherwise the same.
 */
public final class OsiCodec implements SchemaDecoder, SchemaEncoder {
    public static final String YAML = "osi";
    public static final String JSON = "osi-json";

    private final String format;

    private OsiCodec(String format) {
        this.format = format;
    }

    public static OsiCodec yaml() {
        return new OsiCodec(YAML);
    }

    public static OsiCodec json() {
        return new OsiCodec(JSON);
    }

    @Override
    public String format() {
        return format;
    }

    @Override
    public SchemaModel decode(String text, CodecOptions options, LossinessLedger ledger) throws SchemaSyntaxException {
        if (text.isBlank()) {
            throw new SchemaSyntaxException("$", "The OSI document is empty.");
        }
        JsonNode doc = format.equals(YAML) ? SafeYaml.read(text, "OSI document") : JsonSchemaText.parse(text);
        return OsiDocument.decode(doc, format, ledger);
    }

    @Override
    public String encode(SchemaModel model, CodecOptions options, LossinessLedger ledger) {
        JsonNode doc = OsiEncoding.encode(model, ledger);
        return format.equals(YAML) ? SafeYaml.write(doc) : JsonSchemaText.pretty(doc);
    }
}
