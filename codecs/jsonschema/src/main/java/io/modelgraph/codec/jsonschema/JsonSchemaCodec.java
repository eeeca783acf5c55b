package io.modelgraph.codec.jsonschema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.SchemaDecoder;
import io.modelgraph.codec.SchemaEncoder;
import io.modelgraph.codec.SchemaSyntaxException;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.SchemaModel;

/**
 * The {@code jsonschema} format: JSON Schema in both directions; any dialect in, 2020-12 out. Stateless and thread-safe.
 * Option {@code name} names the model (and the root type when the document has no title).
 */
public final class JsonSchemaCodec implements SchemaDecoder, SchemaEncoder {
    public static final String FORMAT = SchemaDecoding.FORMAT;
    public static final String DIALECT = Keywords.DIALECT;

    @Override
    public String format() {
        return FORMAT;
    }

    @Override
    public SchemaModel decode(String text, CodecOptions options, LossinessLedger ledger)
            throws SchemaSyntaxException {
        JsonNode document = JsonSchemaText.parse(text);
        if (JsonSchemaBundle.isBundle(document)) {
            // several documents: merged into the first, references between them made local
            document = JsonSchemaBundle.merge(JsonSchemaBundle.documents(document), ledger);
        }
        return decodeTree(document, options, ledger);
    }

    /** Decodes an already parsed document (the ODM converter hands its JSON Schema over this way). */
    public SchemaModel decodeTree(JsonNode document, CodecOptions options, LossinessLedger ledger)
            throws SchemaSyntaxException {
        if (!document.isObject() && !document.isBoolean()) {
            throw new SchemaSyntaxException("$", "A JSON Schema document is an object or a boolean.");
        }
        try {
            // every dialect is read as its 2020-12 spelling (docs/jsonschema-dialects.md)
            return new SchemaDecoding(DialectUpgrade.upgrade(document, ledger), options, ledger).decode();
        } catch (SchemaDecoding.TooLarge e) {
            throw new SchemaSyntaxException("$", e.getMessage());
        }
    }

    @Override
    public String encode(SchemaModel model, CodecOptions options, LossinessLedger ledger) {
        return JsonSchemaText.pretty(encodeTree(model, ledger));
    }

    public ObjectNode encodeTree(SchemaModel model, LossinessLedger ledger) {
        return new SchemaEncoding(model, ledger).encode();
    }
}
