package io.modelgraph.codec.synapse;

import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.SchemaEncoder;
import io.modelgraph.json.Json;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.SchemaModel;

/**
 * Sage Bionetworks Synapse registered JSON Schemas (encode only). The output is one JSON document
 * {@code {"organizationName": ..., "schemas": [...]}} listing the schemas in registration order; options
 * {@code synapseOrganization}, {@code synapseSchemaName} and {@code synapseSchemaVersion} name them.
 */
public final class SynapseCodec implements SchemaEncoder {
    public static final String FORMAT = "synapse";

    @Override
    public String format() {
        return FORMAT;
    }

    @Override
    public String encode(SchemaModel model, CodecOptions options, LossinessLedger ledger) {
        SynapseNames names = SynapseNames.from(options, model.name());
        return Json.writePretty(SynapseEncoding.encode(model, names, ledger));
    }
}
