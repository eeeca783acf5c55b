package io.modelgraph.codec.odcs;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.SchemaDecoder;
import io.modelgraph.codec.SchemaEncoder;
import io.modelgraph.codec.SchemaSyntaxException;
import io.modelgraph.codec.yaml.SafeYaml;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.SchemaModel;

/** Bitol Open Data Contract Standard v3 (YAML): contracts v3.0.0 to v3.1.0 in, v3.1.0 out. */
public final class OdcsCodec implements SchemaDecoder, SchemaEncoder {
    public static final String FORMAT = OdcsDecoding.FORMAT;

    @Override
    public String format() {
        return FORMAT;
    }

    @Override
    public SchemaModel decode(String text, CodecOptions options, LossinessLedger ledger) throws SchemaSyntaxException {
        if (text.isBlank()) {
            throw new SchemaSyntaxException("$", "The ODCS contract is empty.");
        }
        JsonNode doc = SafeYaml.read(text, "ODCS contract");
        return OdcsDecoding.decode(doc, ledger);
    }

    @Override
    public String encode(SchemaModel model, CodecOptions options, LossinessLedger ledger) {
        return SafeYaml.write(OdcsEncoding.encode(model, ledger));
    }
}
