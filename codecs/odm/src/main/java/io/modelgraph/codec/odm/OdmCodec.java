package io.modelgraph.codec.odm;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.SchemaDecoder;
import io.modelgraph.codec.SchemaSyntaxException;
import io.modelgraph.codec.jsonschema.JsonSchemaCodec;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.Provenance;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.TaxonomyDef;
import io.modelgraph.schema.TypeDef;
import java.util.List;

/**
 * The {@code odm} format, decode only (docs/transform.md): Markdown → JSON Schema (as odm/convert) → canonical model
 * through the JSON Schema codec. String enums become taxonomies, each schema object one type, and every part is
 * stamped with provenance {@code odm}. Practice levels travel as the element annotation {@code x-odm-practice}.
 */
public final class OdmCodec implements SchemaDecoder {
    public static final String FORMAT = "odm";

    private final OdmConverter converter = new OdmConverter();
    private final JsonSchemaCodec jsonSchema = new JsonSchemaCodec();

    @Override
    public String format() {
        return FORMAT;
    }

    @Override
    public SchemaModel decode(String text, CodecOptions options, LossinessLedger ledger)
            throws SchemaSyntaxException {
        if (text.isBlank()) {
            throw new SchemaSyntaxException("$", "The entity document is empty.");
        }
        ObjectNode schema = converter.convert(new OdmEntity(options.get("name").orElse(""), text), ledger);
        SchemaModel model = jsonSchema.decodeTree(schema, options, ledger);
        Provenance odm = Provenance.of(FORMAT);
        List<TypeDef> types = model.types().stream()
.map(t -> t.toBuilder().provenance(odm).build()).toList();
        List<TaxonomyDef> taxonomies = model.taxonomies().stream().map(x -> x.toBuilder().provenance(odm)
                .build()).toList();
        return model.toBuilder().types(types).taxonomies(taxonomies).provenance(odm).build();
    }
}
