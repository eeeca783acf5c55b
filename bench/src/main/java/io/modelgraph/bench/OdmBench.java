package io.modelgraph.bench;

import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.jsonschema.JsonSchemaCodec;
import io.modelgraph.codec.odm.OdmBundle;
import io.modelgraph.codec.odm.OdmConverter;
import io.modelgraph.codec.odm.OdmEntity;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.SchemaModel;
import java.util.ArrayList;
import java.util.List;

/**
 * Throughput on a generated 500-entity / 5,000-property model: odm/convert (all 500 documents in one call, as a
 * bundle) and jsonschema decode→encode of the same model as one 2020-12 document. A main class:
 * {@code java -cp "$(cat bench/target/classpath.txt):bench/target/classes" io.modelgraph.bench.OdmBench}.
 * Figures are wall-clock on one thread after warm-up.
 */
public final class OdmBench {
    static final int ENTITIES = 500;
    static final int PROPERTIES = 10;

    record Figures(double convertMillis, double entitiesPerSecond, double decodeEncodeMillis,
            double propertiesPerSecond, int schemaChars) {
        @Override
        public String toString() {
            return String.format("odm/convert %d entities (%d properties): %.1f ms per call, %.0f entities/s;"
                    + " jsonschema decode->encode (%d chars, %d types, %d properties): %.1f ms, %.0f properties/s",
                    ENTITIES, ENTITIES * PROPERTIES, convertMillis, entitiesPerSecond, schemaChars, ENTITIES,
                    ENTITIES * PROPERTIES, decodeEncodeMillis, propertiesPerSecond);
        }
    }

    public static void main(String[] args) throws Exception {
        System.out.println(run(5, 20));
    }

    static Figures run(int warmup, int rounds) throws Exception {
        List<OdmEntity> entities = entities();
        OdmConverter converter = new OdmConverter();
        for (int i = 0; i < warmup; i++) {
            converter.convertAll(entities, new LossinessLedger());
        }
        long start = System.nanoTime();
        for (int i = 0; i < rounds; i++) {
            OdmBundle bundle = converter.convertAll(entities, new LossinessLedger());
            if (bundle.converted() != ENTITIES) {
                throw new IllegalStateException("only " + bundle.converted() + " converted");
            }
        }
        double convertMillis = (System.nanoTime() - start) / 1e6 / rounds;

        JsonSchemaCodec codec = new JsonSchemaCodec();
        String schema = codec.encode(bigModel(codec), CodecOptions.NONE, new LossinessLedger());
        for (int i = 0; i < warmup; i++) {
            codec.encode(codec.decode(schema, CodecOptions.NONE, new LossinessLedger()), CodecOptions.NONE,
                    new LossinessLedger());
        }
        start = System.nanoTime();
        for (int i = 0; i < rounds; i++) {
            SchemaModel model = codec.decode(schema, CodecOptions.NONE, new LossinessLedger());
            codec.encode(model, CodecOptions.NONE, new LossinessLedger());
        }
        double roundTripMillis = (System.nanoTime() - start) / 1e6 / rounds;
        return new Figures(convertMillis, ENTITIES / (convertMillis / 1000), roundTripMillis,
                ENTITIES * PROPERTIES / (roundTripMillis / 1000), schema.length());
    }

    /** 500 entity documents; each refers to the next through another document's file, resolved in the call. */
    static List<OdmEntity> entities() {
        List<OdmEntity> out = new ArrayList<>();
        for (int e = 0; e < ENTITIES; e++) {
            String name = "Entity" + e;
            StringBuilder md = new StringBuilder();
            md.append("# MACH Alliance, Open Data Model Entity: `").append(name).append("`\n\n");
            md.append("## Entity purpose\n\nGenerated entity number ").append(e).append(".\n\n");
            md.append("## Object: ").append(name).append("\n\n| Field | Description | Practice |\n|---|---|---|\n");
            for (int p = 0; p < PROPERTIES; p++) {
                md.append("| `field_").append(p).append("` | Field ").append(p).append(" | ")
                        .append(p % 3 == 0 ? "MUST" : p % 3 == 1 ? "SHOULD" : "COULD").append(" |\n");
            }
            md.append("\n## YAML Schema Definition\n\n```yaml\n").append(name).append(":\n  type: object\n")
                    .append("  required: [field_0]\n  properties:\n");
            for (int p = 0; p < PROPERTIES; p++) {
                md.append("    field_").append(p).append(":\n");
                switch (p % 5) {
                    case 0:
                        md.append("      type: string\n      maxLength: 64\n");
                        break;
                    case 1:
                        md.append("      type: string\n      enum: [\"a\", \"b\", \"c\"]\n");
                        break;
                    case 2:
                        md.append("      type: array\n      items:\n        type: integer\n        minimum: 0\n");
                        break;
                    case 3:
                        md.append("      $ref: \"#/components/schemas/Detail").append(e).append("\"\n");
                        break;
                    default:
                        md.append("      $ref: \"../other/entity").append((e + 1) % ENTITIES).append(".yaml#/Detail")
                                .append((e + 1) % ENTITIES).append("\"\n");
                }
            }
            md.append("Detail").append(e).append(":\n  type: object\n  properties:\n    note:\n      type: string\n");
            md.append("```\n\n## Sample Object: Minimal\n\n```json\n{\"field_0\": \"x\"}\n```\n");
            out.add(new OdmEntity(name, md.toString()));
        }
        return out;
    }

    /** The same shape as one model: 500 types of 10 properties each (plus their detail types). */
    private static SchemaModel bigModel(JsonSchemaCodec codec) throws Exception {
        StringBuilder json = new StringBuilder("{\"$schema\": \"https://json-schema.org/draft/2020-12/schema\","
                + " \"$defs\": {");
        for (int e = 0; e < ENTITIES; e++) {
            if (e > 0) {
                json.append(',');
            }
            json.append("\"Entity").append(e).append("\": {\"type\": \"object\", \"required\": [\"field_0\"],"
                    + " \"properties\": {");
            for (int p = 0; p < PROPERTIES; p++) {
                if (p > 0) {
                    json.append(',');
                }
                json.append("\"field_").append(p).append("\": ");
                switch (p % 5) {
                    case 0:
                        json.append("{\"type\": \"string\", \"maxLength\": 64, \"x-odm-practice\": \"MUST\"}");
                        break;
                    case 1:
                        json.append("{\"type\": \"string\", \"enum\": [\"a\", \"b\", \"c\"]}");
                        break;
                    case 2:
                        json.append("{\"type\": \"array\", \"items\": {\"type\": \"integer\", \"minimum\": 0}}");
                        break;
                    case 3:
                        json.append("{\"$ref\": \"#/$defs/Entity").append((e + 1) % ENTITIES).append("\"}");
                        break;
                    default:
                        json.append("{\"oneOf\": [{\"type\": \"string\"}, {\"type\": \"object\","
                                + " \"additionalProperties\": {\"type\": \"string\"}}]}");
                }
            }
            json.append("}}");
        }
        json.append("}}");
        return codec.decode(json.toString(), CodecOptions.NONE, new LossinessLedger());
    }

    private OdmBench() {
    }
}
